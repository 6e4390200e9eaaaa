/**
 * Type tests of the generated mocks (issue 45): a factory's entry is typed as the client's read
 * with the same parameters (populated relations, media, components and zones present and typed,
 * the others absent; `fields` narrowing; drafts under `status: 'draft'`), overrides take the
 * entry's own field types, and `createMockStrapi` plugs into the client as its `fetch` and into
 * MSW's `http`. Checked for the `--format ts` output and for the default `js` + `.d.ts` one.
 */
import { expectTypeOf } from 'expect-type';
import type { Article, CmsClient, QueryResult } from './generated/kitchen/index.ts';
import { CmsClient as Client } from './generated/kitchen/index.ts';
import { createMockStrapi, createMocks } from './generated/kitchen/mocks.ts';
import { createMockStrapi as jsMockStrapi, createMocks as jsMocks } from './generated/kitchen-js/mocks.js';

declare const cms: CmsClient;

for (const mocks of [createMocks({ seed: 1 }), jsMocks({ seed: 1 })]) {
  // The entry without parameters is what findOne without parameters returns: the entry interface.
  const plain = mocks.articles.entry();
  expectTypeOf(plain).toEqualTypeOf<Article>();
  // @ts-expect-error a relation is absent unless populated
  plain.author;

  // Populated: the same type the client's read with the same parameters resolves to.
  const populated = mocks.articles.entry({ populate: { author: { fields: ['name'] }, seo: true } });
  const read = () => cms.articles.findOne('x', { populate: { author: { fields: ['name'] }, seo: true } });
  expectTypeOf(populated).toEqualTypeOf<NonNullable<Awaited<ReturnType<typeof read>>>>();
  expectTypeOf(populated.author).toEqualTypeOf<{ id: number; documentId: string; name: string } | null>();

  // `fields` narrows; a draft has the draft interface's nulls.
  const picked = mocks.tags.list(2, { fields: ['name'] });
  expectTypeOf(picked).toEqualTypeOf<{ id: number; documentId: string; name: string }[]>();
  const draft = mocks.articles.entry({ status: 'draft' });
  expectTypeOf(draft.publishedAt).toEqualTypeOf<null>();

  // Overrides take the entry's own field types.
  mocks.articles.entry({}, { title: 'Fixed' });
  // @ts-expect-error a title is a string
  mocks.articles.entry({}, { title: 1 });
  // @ts-expect-error a misspelled populate key is refused, as in the client
  mocks.articles.entry({ populate: { authr: true } });

  // Components by uid; single types have no list.
  expectTypeOf(mocks['shared.seo'].entry().metaTitle).toEqualTypeOf<string>();
  mocks.siteSetting.entry();
  // @ts-expect-error a single type has one entry
  mocks.siteSetting.list(2);
}

for (const make of [createMockStrapi, jsMockStrapi]) {
  const mock = make({
    seed: 2,
    entries: { tags: [{ name: 'given' }] },
    users: [{ username: 'a', email: 'a@b.c', password: 'x' }],
  });
  const client = new Client({ baseURL: mock.url, fetch: mock.fetch });
  const tags = () => client.tags.find();
  expectTypeOf<Awaited<ReturnType<typeof tags>>[number]['name']>().toEqualTypeOf<string>();
  // MSW's `http` (its `all` taking a path and a resolver of `{ request }`) gives handlers back.
  const http = {
    all: (path: string, resolver: (info: { request: Request }) => Promise<Response> | Response) => ({
      path,
      resolver,
    }),
  };
  expectTypeOf(mock.handlers({ http })).toEqualTypeOf<
    { path: string; resolver: (info: { request: Request }) => Promise<Response> | Response }[]
  >();
  // @ts-expect-error entries are keyed by client property, each a partial entry
  make({ entries: { tags: [{ name: 1 }] } });
  // @ts-expect-error no such content type
  make({ entries: { tagz: [] } });
}

export type { QueryResult };
