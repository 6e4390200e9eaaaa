/**
 * Type tests of the route methods generated from `schema.routes` (the `routes` payload: the
 * kitchen-sink schema with routes and JSON Schemas made by zod 4): each signature shape, in the
 * TypeScript output and in the JavaScript output's declarations. Checked by
 * `tsc -p tsconfig.json` (never run).
 */
import { expectTypeOf } from 'expect-type';
import {
  type Article,
  type Article2,
  type CacheOptions,
  type Category,
  type CmsClient,
  type CmsClient2,
  cmsQueries,
  type Money,
  type ProbeEcho2Body,
  type ProbeEcho2Response,
  type ProbeTreeResponse,
  type SharedSeo,
} from './generated/routes/index.ts';
import type { CmsApiKey, CmsQueryOptions } from './generated/routes/runtime/index.ts';
import { cmsQueries as cmsQueriesJs, type CmsClient as JsClient } from './generated/routes-js/index.js';

declare const cms: CmsClient;
declare const js: JsClient;

// --- a custom route of a content type: path params + body + response with x-cms-uid ---------
{
  const liked = await cms.articles.like('doc-1', { reaction: 'love' });
  expectTypeOf(liked).toEqualTypeOf<{ likes: number; article: Article }>();
  expectTypeOf(await js.articles.like('doc-1', { reaction: 'like', note: 'nice' })).toEqualTypeOf(liked);
  // @ts-expect-error the body has a required key
  await cms.articles.like('doc-1');
  // @ts-expect-error not one of the enum values
  await cms.articles.like('doc-1', { reaction: 'meh' });
  // @ts-expect-error the id parameter is a string
  await cms.articles.like(1, { reaction: 'like' });
  // @ts-expect-error the body schema has no such key
  await cms.articles.like('doc-1', { reaction: 'like', extra: true });
  // the CRUD members stay as they were
  expectTypeOf(cms.articles.findOne).toBeFunction();
}

// --- params + query + response, definitions in the response ---------------------------------
{
  const related = await cms.articles.related('doc-1', 2, { locale: 'en', limit: 5 }, { revalidate: 60 });
  expectTypeOf(related.data).toEqualTypeOf<Article[]>();
  expectTypeOf(related.categories).toEqualTypeOf<Category[]>();
  expectTypeOf(related.total).toEqualTypeOf<Money | undefined>();
  // @ts-expect-error the query has a required key (locale)
  await cms.articles.related('doc-1', 2);
  // @ts-expect-error depth is an integer in the params schema
  await cms.articles.related('doc-1', 'two', { locale: 'en' });
  // optional query keys accept undefined (exactOptionalPropertyTypes)
  await cms.articles.related('doc-1', 2, { locale: 'en', limit: undefined });
}

// --- a query without required keys is optional; no response schema keeps R ------------------
expectTypeOf(await cms.articles.popular()).toEqualTypeOf<Article[]>();
expectTypeOf(await cms.articles.popular({ tags: ['a'], since: '2026-01-01T00:00:00Z' })).toEqualTypeOf<
  Article[]
>();
expectTypeOf(await cms.articles.unlike('doc-1')).toEqualTypeOf<unknown>();
expectTypeOf(await cms.articles.unlike<{ ok: true }>('doc-1', { reaction: 'like' })).toEqualTypeOf<{
  ok: true;
}>();
// @ts-expect-error not one of the enum values
await cms.articles.unlike('doc-1', { reaction: 'meh' });

// --- a plugin without schemas: its property, path params, a caller-supplied result -----------
expectTypeOf(await cms.navigation.render('main')).toEqualTypeOf<unknown>();
interface Menu {
  items: { title: string }[];
}
expectTypeOf(await cms.navigation.render<Menu>('main', { type: 'TREE' })).toEqualTypeOf<Menu>();
expectTypeOf(await cms.navigation.renderChild<Menu>(1, 'footer')).toEqualTypeOf<Menu>();
// two controllers share the action `find`: numbered in path order
expectTypeOf(cms.navigation.find).toBeFunction();
expectTypeOf(cms.navigation.find2).toBeFunction();
// @ts-expect-error the route has a path parameter
await cms.navigation.render();
// @ts-expect-error a query is an object
await cms.navigation.render('main', 'TREE');
expectTypeOf(js.navigation.readAll).parameters.toEqualTypeOf<
  [query?: Record<string, unknown>, cacheOptions?: CacheOptions]
>();

// --- an API without a content type ------------------------------------------------------------
expectTypeOf(await cms.probe.echo({ text: 'hi' })).toEqualTypeOf<{ text: string }>();
// @ts-expect-error the query has a required key
await cms.probe.echo();
// the same action on a second route: numbered
expectTypeOf(cms.probe.echo2).parameters.toEqualTypeOf<[body: ProbeEcho2Body, cacheOptions?: CacheOptions]>();
expectTypeOf(
  await cms.probe.echo2({ label: 'a', children: [{ label: 'b' }] }),
).toEqualTypeOf<ProbeEcho2Response>();
expectTypeOf(await cms.probe.tree()).toEqualTypeOf<ProbeTreeResponse>();
expectTypeOf(await cms.probe.summary()).toEqualTypeOf<{ article: Article2; client: CmsClient2 }>();
expectTypeOf(await cms.failure.fail(500)).toEqualTypeOf<unknown>();

// --- params and query as their keys, the required query keys apart ---------------------------
expectTypeOf(await cms.probe.keyed('main', { mode: 'flat' })).toEqualTypeOf<{ slug: string }>();
expectTypeOf(cms.probe.keyed).parameter(0).toEqualTypeOf<string>();
// @ts-expect-error mode is a required query key
await cms.probe.keyed('main', { depth: 1 });
// @ts-expect-error not one of the modes
await cms.probe.keyed('main', { mode: 'deep' });

// --- a body and query keys: the query after the body -------------------------------------------
expectTypeOf(await cms.probe.order({ sku: 'a', qty: 1 }, { preview: 'on' })).toEqualTypeOf<{ id: number }>();
expectTypeOf(await cms.probe.order({ sku: 'a', qty: 1 })).toEqualTypeOf<{ id: number }>();
// @ts-expect-error the body has required keys
await cms.probe.order(undefined, { preview: 'on' });
// a required query after an optional body: the body takes undefined
expectTypeOf(cms.probe.flags).parameters.toEqualTypeOf<
  [body: { on?: boolean | undefined } | undefined, query: { token: string }, cacheOptions?: CacheOptions]
>();
await cms.probe.flags(undefined, { token: 't' });
// @ts-expect-error the query has a required key
await cms.probe.flags({ on: true });

// --- recursion: a definition and a route schema that refer to themselves ----------------------
{
  const tree: Category = { name: 'a', children: [{ name: 'b', children: [] }] };
  expectTypeOf(tree.children[0]!.children).toEqualTypeOf<Category[]>();
  // @ts-expect-error children are categories
  const bad: Category = { name: 'a', children: [{ name: 1, children: [] }] };
  void bad;
  const body: ProbeEcho2Body = { label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }] };
  void body;
  // @ts-expect-error the nested label is a string
  const wrong: ProbeEcho2Body = { label: 'a', children: [{ label: 2 }] };
  void wrong;
  // a definition that names a generated type takes the next free name
  expectTypeOf<Article2>().toEqualTypeOf<{ title: string; price: Money | null }>();
  expectTypeOf<Money['currency']>().toEqualTypeOf<'EUR' | 'USD'>();
}

// --- every construct of a body ---------------------------------------------------------------
{
  const saved = await cms.probe.settings({
    mode: 'auto',
    'x-flag': null,
    limits: { a: 1, b: 2 },
    sizes: { s: 1, m: 2 },
    pair: ['a', 1],
    shape: { kind: 'circle', r: 1 },
    both: { a: 'x', b: 1 },
    extra: { id: 1, anything: 'goes' },
    anything: { any: 'value' },
    seo: undefined,
  });
  expectTypeOf(saved).toEqualTypeOf<{ ok: true; saved: ('mode' | 'limits')[] }>();
  type Body = Parameters<CmsClient['probe']['settings']>[0];
  expectTypeOf<Body['mode']>().toEqualTypeOf<'auto' | 1>();
  expectTypeOf<Body['pair']>().toEqualTypeOf<[string, number]>();
  expectTypeOf<Body['sizes']>().toEqualTypeOf<Record<'s' | 'm', number>>();
  expectTypeOf<Body['limits']>().toEqualTypeOf<{ [key: string]: number }>();
  expectTypeOf<Body['seo']>().toEqualTypeOf<SharedSeo | undefined>();
  expectTypeOf<Body['x-flag']>().toEqualTypeOf<boolean | null>();
  expectTypeOf<Body['both']>().toMatchTypeOf<{ a: string; b: number }>();
  const shape: Body['shape'] = { kind: 'square', side: 2 };
  void shape;
  // @ts-expect-error a square has no radius
  const circle: Body['shape'] = { kind: 'square', r: 2 };
  void circle;
  // @ts-expect-error the tuple is [string, number]
  const pair: Body['pair'] = [1, 'a'];
  void pair;
  // @ts-expect-error sizes has only the keys s and m
  const sizes: Body['sizes'] = { s: 1, m: 2, l: 3 };
  void sizes;
  // @ts-expect-error a literal true
  const ok: Awaited<ReturnType<CmsClient['probe']['settings']>>['ok'] = false;
  void ok;
}

// --- covered routes make no methods ------------------------------------------------------------
// users-permissions' routes other than the users and auth ones are on their plugin's property
expectTypeOf(cms.usersPermissions.find).toBeFunction();
expectTypeOf(cms.usersPermissions.getPermissions).toBeFunction();
// @ts-expect-error GET /users is client.users.find
void cms.usersPermissions.user;
// @ts-expect-error only the upload route the client has no method for
void cms.uploadPlugin.find;
expectTypeOf(cms.uploadPlugin.findPage).toBeFunction();
// @ts-expect-error i18n's locales are client.i18n.locales
void cms.i18nPlugin;

// --- TanStack Query options of typed custom routes keep their result type ----------------------
{
  const queries = cmsQueries(cms);
  expectTypeOf(queries.articles.related('doc-1', 2, { locale: 'en' })).toEqualTypeOf<
    CmsQueryOptions<Awaited<ReturnType<CmsClient['articles']['related']>>>
  >();
  expectTypeOf(queries.articles.popular()).toEqualTypeOf<CmsQueryOptions<Article[]>>();
  // without a response schema, the caller names it
  expectTypeOf(queries.articles.unlike<{ ok: true }>('doc-1')).toEqualTypeOf<CmsQueryOptions<{ ok: true }>>();
  // @ts-expect-error the query has a required key
  queries.articles.related('doc-1', 2);
  // plugin and API properties: their key, and each route typed as the client types it
  expectTypeOf(queries.navigation.key).toEqualTypeOf<CmsApiKey>();
  expectTypeOf(queries.navigation.render<Menu>('main')).toEqualTypeOf<CmsQueryOptions<Menu>>();
  expectTypeOf(queries.probe.echo({ text: 'hi' })).toEqualTypeOf<CmsQueryOptions<{ text: string }>>();
  expectTypeOf(queries.probe.keyed('main', { mode: 'flat' })).toEqualTypeOf<
    CmsQueryOptions<{ slug: string }>
  >();
  // @ts-expect-error the query has a required key
  queries.probe.echo();
  // @ts-expect-error the route has a path parameter
  queries.navigation.render();
  // @ts-expect-error only the client's plugin and API properties
  void queries.shop;
  expectTypeOf(cmsQueriesJs(js).navigation.key).toEqualTypeOf<CmsApiKey>();
}

// --- keys apps and plugins added to core routes (addQueryParams, addInputParams) -----------
{
  const listed = await cms.articles.find({ audience: 'web', fields: ['title'] });
  expectTypeOf(listed[0]!).toEqualTypeOf<{ title: string; id: number; documentId: string }>();
  expectTypeOf(await cms.articles.find({ audience: 'app' })).toEqualTypeOf<Article[]>();
  expectTypeOf(await js.articles.find({ audience: 'app' })).toEqualTypeOf(await cms.articles.find());
  const one = await cms.articles.findOne('doc-1', { audience: 'web', populate: { author: true } });
  expectTypeOf(one!.author).not.toBeAny();
  // @ts-expect-error not one of the enum values
  await cms.articles.find({ audience: 'tv' });
  // @ts-expect-error added to find and findOne only
  await cms.articles.delete('doc-1', { audience: 'web' });
  // @ts-expect-error added to the articles routes only
  await cms.tags.find({ audience: 'web' });
  const created = await cms.articles.create({ title: 'Hello', editorNote: 'first draft' });
  expectTypeOf(created).toEqualTypeOf<Article>();
  await cms.articles.update('doc-1', { editorNote: 'reviewed' });
  // @ts-expect-error editorNote is a string
  await cms.articles.update('doc-1', { editorNote: 3 });
  // @ts-expect-error added to the articles routes only
  await cms.tags.create({ name: 'x', editorNote: 'no' });
  const q = cmsQueries(cms);
  expectTypeOf(q.articles.find({ audience: 'web' }).queryFn).returns.resolves.toEqualTypeOf<Article[]>();
  // @ts-expect-error not one of the enum values
  q.articles.find({ audience: 'tv' });
  expectTypeOf(cmsQueriesJs(js).articles.find({ audience: 'app' }).queryKey).toEqualTypeOf(
    q.articles.find({ audience: 'app' }).queryKey,
  );
}
