/**
 * Fidelity of the generated types on SQLite, PostgreSQL and MariaDB: one Strapi boot per
 * database, entries that give every attribute of every content type and component of the
 * kitchen-sink app a value (drafts, a second locale, uploaded files, every relation
 * cardinality, bare JSON values), read back through the generated client with deep `populate`.
 * Each response is walked against the type the TypeScript compiler resolves for that exact call
 * (the calls live in a .ts file in the generated project), so every field is checked, not a
 * sample. The values the databases return differently are pinned per database.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type ts from 'typescript';
import { createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { type DatabaseKind, type DatabaseServer, databaseSkip, startDatabase } from '../harness/db.ts';
import { generateClient } from '../helpers/generated-client.ts';
import { png } from '../helpers/png.ts';
import { type CallResults, callResultTypes } from '../helpers/resolve-types.ts';

// The generated client is imported as plain JS; the calls file is what gets type-checked.
// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

/** The calls whose results are checked, as TypeScript over the generated `CmsClient`. */
const CALLS = `import type { CmsClient } from './src/cms/index.js';

const article = {
  cover: true,
  gallery: true,
  attachment: true,
  author: { populate: { avatar: true, profile: true } },
  tags: true,
  related: true,
  parent: true,
  featuredTag: true,
  seo: { populate: { metaImage: true, canonical: true } },
  links: true,
  sections: { on: { 'sections.hero': { populate: { image: true, cta: true } }, 'sections.text-block': true } },
  localizations: true,
} as const;

export const calls = {
  articles: (client: CmsClient) => client.articles.find({ populate: article }),
  articlesStar: (client: CmsClient) => client.articles.find({ populate: '*' }),
  articlesWithMeta: (client: CmsClient) =>
    client.articles.findWithMeta({ populate: article, pagination: { page: 1, pageSize: 3 } }),
  articleDrafts: (client: CmsClient) =>
    client.articles.find({ populate: article, status: 'draft', filters: { title: { $notNull: true } } }),
  articlesFr: (client: CmsClient) => client.articles.find({ populate: article, locale: 'fr' }),
  authors: (client: CmsClient) =>
    client.authors.find({
      populate: { avatar: true, profile: { populate: { author: true } }, articles: { populate: '*' } },
    }),
  profiles: (client: CmsClient) => client.profiles.find({ populate: { author: { populate: { avatar: true } } } }),
  tags: (client: CmsClient) => client.tags.find({ populate: { articles: true } }),
  siteSetting: (client: CmsClient) =>
    client.siteSetting.find({
      populate: { logo: true, socialLinks: true, defaultSeo: { populate: { metaImage: true, canonical: true } } },
    }),
  uploads: (client: CmsClient) => client.upload.find(),
  locales: (client: CmsClient) => client.i18n.locales(),
  byStamp: (client: CmsClient) =>
    client.articles.find({ filters: { stamp: { $eq: '2025-01-02T08:30:00.000Z' } }, fields: ['code'] }),
  byStampDate: (client: CmsClient) =>
    client.articles.find({ filters: { stamp: { $eq: new Date('2025-01-02T08:30:00.000Z') } }, fields: ['code'] }),
  byTime: (client: CmsClient) => client.articles.find({ filters: { publishTime: { $eq: '01:15:00' } }, fields: ['code'] }),
  draftMissingRequired: (client: CmsClient) =>
    client.articles.find({ status: 'draft', filters: { code: { $eq: 'DRF-000' } } }),
};
`;

/**
 * Calls whose results must give every field a value in some entry: `hidden` fields (private,
 * password) must be absent, `empty` ones null in every entry.
 */
const COVERED: Record<string, { hidden?: string[]; empty?: string[] }> = {
  articles: { hidden: ['accessCode', 'internalNote'] },
  articleDrafts: { hidden: ['accessCode', 'internalNote'], empty: ['publishedAt'] },
  authors: {},
  profiles: {},
  siteSetting: {},
};

const BIG = '9007199254740993';
const STAMP = '2025-01-02T08:30:00.000Z';

/** What each database returns for the types they disagree on (the article with every field). */
const RETURNED: Record<DatabaseKind | 'sqlite', Record<string, unknown>> = {
  // better-sqlite3 reads integers as JS numbers: above 2^53 the last digits are lost.
  sqlite: {
    bigViews: '9007199254740992',
    price: 1234.57,
    rating: 4.25,
    publishTime: '01:15:00.000',
    stamp: String(Date.parse(STAMP)),
  },
  postgres: {
    bigViews: BIG,
    price: 1234.57,
    rating: 4.25,
    publishTime: '01:15:00',
    stamp: String(Date.parse(STAMP)),
  },
  mysql: {
    bigViews: BIG,
    price: 1234.57,
    rating: 4.25,
    publishTime: '01:15:00.000',
    stamp: String(Date.parse(STAMP)),
  },
};

/** Marks a bare JSON value a database refuses (Strapi answers 500; the entry is not stored). */
const REFUSED = 'refused';

/** Bare values a `json` attribute holds as its whole value, and what each database returns. */
const BARE_JSON: [string, unknown, Partial<Record<DatabaseKind | 'sqlite', unknown>>][] = [
  ['true', true, { sqlite: 1, mysql: 1 }],
  ['false', false, { sqlite: 0, mysql: 0 }],
  ['number', 42.5, {}],
  ['array', [1, 'two', null, { three: [3] }], {}],
  ['string', 'bare', { postgres: REFUSED, mysql: REFUSED }],
];

const PNG = png(8, 8);

function blocks(image: Any): unknown[] {
  const text = (value: string, marks: object = {}) => ({ type: 'text', text: value, ...marks });
  return [
    {
      type: 'paragraph',
      children: [
        text('Bold', { bold: true, italic: true }),
        { type: 'link', url: 'https://example.test/', children: [text('link', { underline: true })] },
        text('code', { code: true, strikethrough: true }),
      ],
    },
    { type: 'heading', level: 2, children: [text('Heading')] },
    { type: 'quote', children: [text('Quoted')] },
    { type: 'code', language: 'ts', children: [text('const a = 1;')] },
    { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('One')] }] },
    {
      type: 'image',
      image: Object.fromEntries(
        [
          'name',
          'alternativeText',
          'url',
          'caption',
          'width',
          'height',
          'formats',
          'hash',
          'ext',
          'mime',
          'size',
          'previewUrl',
          'provider',
          'createdAt',
          'updatedAt',
        ].map((key) => [key, image[key]]),
      ),
      children: [text('')],
    },
  ];
}

/** Seeds the entries; returns the article with every field. */
async function seed(cms: Any, kind: DatabaseKind | 'sqlite'): Promise<Any> {
  const form = (name: string, type: string, body: BlobPart) => {
    const data = new FormData();
    data.append('files', new Blob([body], { type }), name);
    return data;
  };
  const [image] = await cms.upload.upload(form('cover.png', 'image/png', PNG));
  const [file] = await cms.upload.upload(form('notes.txt', 'text/plain', 'notes\n'));
  const tags = [await cms.tags.create({ name: 'one' }), await cms.tags.create({ name: 'two' })];
  const profile = await cms.profiles.create({ headline: 'Writes things' });
  const author = await cms.authors.create({
    name: 'Ada',
    email: 'ada@example.test',
    bio: 'Bio',
    avatar: image.id,
    profile: profile.documentId,
  });
  const seo = {
    metaTitle: 'SEO title',
    metaDescription: 'SEO description',
    metaImage: image.id,
    canonical: { label: 'Canonical', url: 'https://example.test/a', newTab: true },
  };
  const full = (title: string, code: string) => ({
    title,
    slug: code.toLowerCase(),
    summary: 'Summary',
    body: '# Markdown\n\nBody',
    content: blocks(image),
    contactEmail: 'contact@example.test',
    accessCode: 'secret-code',
    category: 'review',
    views: 12,
    bigViews: BIG,
    rating: 4.25,
    price: 1234.57,
    featured: true,
    publishDate: '2025-01-02',
    publishTime: '01:15:00',
    scheduledAt: STAMP,
    stamp: STAMP,
    metadata: { nested: { list: [1, 'two', true, null] } },
    code,
    color: '#ff8800',
    internalNote: 'private note',
    cover: image.id,
    gallery: [image.id, image.id],
    attachment: file.id,
    author: author.documentId,
    tags: tags.map((tag) => tag.documentId),
    featuredTag: tags[0].documentId,
    seo,
    links: [
      { label: 'Home', url: 'https://example.test/', newTab: false },
      { url: 'https://example.test/b' },
    ],
    sections: [
      {
        __component: 'sections.hero',
        heading: 'Hero',
        image: image.id,
        cta: { label: 'Go', url: 'https://example.test/go', newTab: true },
      },
      { __component: 'sections.text-block', body: 'Text', align: 'center' },
    ],
  });
  const article = await cms.articles.create(full('Every field', 'ALL-001'));
  await cms.articles.create({
    title: 'Child',
    category: 'news',
    parent: article.documentId,
    code: 'KID-001',
  });
  await cms.articles.update(
    article.documentId,
    { ...full('Tous les champs', 'ALL-001'), slug: 'all-fr' },
    { locale: 'fr' },
  );
  await cms.articles.create(full('A draft', 'DRF-001'), { status: 'draft' });
  // Strapi checks required fields on publish only: this draft has no title (see the test below).
  await cms.articles.create({ code: 'DRF-000' }, { status: 'draft' });
  for (const [name, value, returned] of BARE_JSON) {
    const create = cms.articles.create({ title: `JSON ${name}`, category: 'news', metadata: value });
    if (returned[kind] === REFUSED) await assert.rejects(create, (error: Any) => error.status === 500);
    else await create;
  }
  await cms.siteSetting.update({
    siteName: 'Site',
    description: 'Description',
    logo: image.id,
    socialLinks: [{ label: 'Social', url: 'https://example.test/s', newTab: true }],
    defaultSeo: seo,
  });
  return article;
}

/** Component and dynamic-zone attributes (of content types and components): coverage looks inside them. */
const COMPONENT_KEYS = new Set(['seo', 'canonical', 'links', 'sections', 'cta', 'defaultSeo', 'socialLinks']);

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * Fields (`seo.canonical.url`) that are null, absent or an empty array in every entry: fields no
 * entry covered. Inside components and zones, the items of all entries count together.
 */
function uncovered(entries: Record<string, unknown>[], prefix = ''): string[] {
  const keys = new Set(entries.flatMap((entry) => Object.keys(entry)));
  return [...keys].flatMap((key) => {
    const values = entries.map((entry) => entry[key]);
    if (values.every(isEmpty)) return [`${prefix}${key}`];
    if (!COMPONENT_KEYS.has(key)) return [];
    const items = values.flat().filter((value): value is Record<string, unknown> => !isEmpty(value));
    return uncovered(items, `${prefix}${key}.`);
  });
}

function format(mismatches: { path: string; message: string }[]): string {
  return mismatches.map((mismatch) => `${mismatch.path}: ${mismatch.message}`).join('\n');
}

for (const kind of ['sqlite', 'postgres', 'mysql'] as const) {
  const skip = databaseSkip(kind === 'sqlite' ? [] : [kind]);
  describe(`fidelity of the generated types on ${kind}`, { skip, timeout: 300_000 }, () => {
    let database: DatabaseServer | undefined;
    let strapi: RunningStrapi | undefined;
    let cms: Any;
    let article: Any;
    let types: CallResults;
    const results = new Map<string, unknown>();

    before(async () => {
      if (kind !== 'sqlite') database = await startDatabase(kind);
      strapi = await startStrapi(createApp(`fidelity-${kind}`), { env: database?.env ?? {} });
      const { project, generated } = await generateClient(
        strapi,
        `fidelity-${kind}`,
        strapi.seed.tokens.readOnly,
      );
      cms = new (generated as Any).CmsClient({ baseURL: strapi.url, token: strapi.seed.tokens.fullAccess });
      try {
        article = await seed(cms, kind);
      } catch (error) {
        throw new Error(`seeding failed; Strapi's output ends:\n${strapi.output().slice(-3000)}`, {
          cause: error,
        });
      }
      const file = join(project, 'calls.ts');
      writeFileSync(file, CALLS);
      types = callResultTypes(file);
      const { calls } = (await import(pathToFileURL(file).href)) as {
        calls: Record<string, (c: Any) => unknown>;
      };
      for (const [name, call] of Object.entries(calls)) results.set(name, await call(cms));
    });

    after(async () => {
      await strapi?.stop();
      await database?.stop();
    });

    it('the calls type-check against the generated client', () => {
      assert.deepEqual(types.diagnostics, []);
      assert.deepEqual([...types.results.keys()].sort(), [...results.keys()].sort());
    });

    it('every response fits the type of its call, field by field', () => {
      const failures: string[] = [];
      for (const [name, type] of types.results) {
        if (name === 'draftMissingRequired') continue;
        const value = results.get(name);
        assert.ok(Array.isArray(value) ? value.length > 0 : value, `${name} returned nothing to check`);
        const mismatches = types.walker.check(type, value);
        if (mismatches.length > 0) failures.push(`${name}:\n${format(mismatches)}`);
      }
      assert.deepEqual(failures, []);
    });

    it('the check is not vacuous: a real response with a wrong value, a missing and an extra field fails at each', () => {
      const type = types.results.get('articles') as ts.Type;
      const entries = structuredClone(results.get('articles')) as Any[];
      const index = entries.findIndex((entry) => entry.code === 'ALL-001');
      entries[index].stamp = Date.parse(STAMP);
      delete entries[index].documentId;
      entries[index].seo.canonical.extra = true;
      entries[index].sections[0].heading = null;
      assert.deepEqual(
        types.walker
          .check(type, entries)
          .map((mismatch) => mismatch.path)
          .sort(),
        [
          `$[${index}].documentId`,
          `$[${index}].sections[0].heading`,
          `$[${index}].seo.canonical.extra`,
          `$[${index}].stamp`,
        ],
      );
    });

    it('every field is covered: each has a value in some entry of each response', () => {
      for (const [name, { hidden = [], empty = [] }] of Object.entries(COVERED)) {
        const value = results.get(name);
        const entries = (Array.isArray(value) ? value : [value]) as Record<string, unknown>[];
        assert.deepEqual(uncovered(entries), empty, `${name}: fields no entry gave a value`);
        for (const key of hidden)
          assert.ok(
            entries.every((entry) => !(key in entry)),
            `${name}.${key} is returned`,
          );
      }
      const drafts = results.get('articleDrafts') as Any[];
      assert.ok(drafts.some((entry) => entry.publishedAt === null && entry.title === 'A draft'));
      const french = results.get('articlesFr') as Any[];
      assert.deepEqual(
        french.map((entry) => [entry.locale, entry.title]),
        [['fr', 'Tous les champs']],
      );
      const media = (results.get('articles') as Any[]).find((entry) => entry.code === 'ALL-001');
      assert.equal(media.attachment.mime, 'text/plain');
      assert.equal(media.cover.mime, 'image/png');
    });

    it('a draft without a required field fits the draft type, or fails only at that field while drafts are typed as published', () => {
      const type = types.results.get('draftMissingRequired') as ts.Type;
      const value = results.get('draftMissingRequired') as Any[];
      assert.equal(value.length, 1);
      assert.equal(value[0].title, null);
      // Once `status: 'draft'` results make required fields nullable this expects no mismatch;
      // until then, exactly the missing required field.
      const [element] = types.checker.getTypeArguments(type as ts.TypeReference);
      const title = element && types.checker.getPropertyOfType(element, 'title');
      assert.ok(title, 'the draft result type has no title');
      const titleType = types.checker.getTypeOfSymbol(title);
      const nullable = types.walker.check(titleType, null).length === 0;
      assert.deepEqual(
        types.walker.check(type, value).map((mismatch) => mismatch.path),
        nullable ? [] : ['$[0].title'],
      );
    });

    it(`returns what ${kind} returns for biginteger, decimal, float, time and timestamp`, () => {
      const entry = (results.get('articles') as Any[]).find((item) => item.code === 'ALL-001');
      const picked = Object.fromEntries(Object.keys(RETURNED[kind]).map((key) => [key, entry[key]]));
      assert.deepEqual(picked, RETURNED[kind]);
      assert.equal(entry.scheduledAt, STAMP);
      assert.equal(entry.publishDate, '2025-01-02');
      assert.equal(article.documentId, entry.documentId);
    });

    it('filters on timestamp (ISO 8601 string or Date) and time find the entry, as the filter docs say', () => {
      for (const name of ['byStamp', 'byStampDate', 'byTime'])
        assert.deepEqual(
          (results.get(name) as Any[]).map((entry) => entry.code),
          ['ALL-001'],
          name,
        );
    });

    it(`returns what ${kind} returns for bare JSON values`, () => {
      const entries = results.get('articles') as Any[];
      const stored = (name: string) => {
        const entry = entries.find((item) => item.title === `JSON ${name}`);
        return entry ? entry.metadata : REFUSED;
      };
      assert.deepEqual(
        Object.fromEntries(BARE_JSON.map(([name]) => [name, stored(name)])),
        Object.fromEntries(
          BARE_JSON.map(([name, value, returned]) => [name, kind in returned ? returned[kind] : value]),
        ),
      );
    });
  });
}
