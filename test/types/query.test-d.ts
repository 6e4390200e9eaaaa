/**
 * Type tests of the query surface per route (`_q`, `publicationFilter`, the deprecated
 * `hasPublishedVersion`, `filters` on one entry, delete's `locale`) and of `findWithMeta`'s
 * `meta.pagination`, typed by the query's `pagination`. Checked by `tsc -p tsconfig.json` on the
 * client `scripts/type-fixtures.ts` generates; every `@ts-expect-error` must meet an error.
 */
import { expectTypeOf } from 'expect-type';
import type {
  Article,
  CmsClient,
  CmsResponse,
  PaginationMeta,
  PUBLICATION_FILTERS,
  PublicationFilter,
  Tag,
} from './generated/kitchen/index.ts';
import type {
  OffsetPaginationMeta,
  PagePaginationMeta,
  Pagination,
  UncountedOffsetPaginationMeta,
  UncountedPagePaginationMeta,
} from './generated/kitchen/runtime/index.ts';
import type { CmsClient as JsCmsClient } from './generated/kitchen-js/index.js';

declare const cms: CmsClient;
declare const js: JsCmsClient;

// --- meta.pagination follows the query ---------------------------------------------------------
// No pagination at all: Strapi answers page-based, counted.
expectTypeOf((await cms.tags.findWithMeta()).meta.pagination).toEqualTypeOf<PagePaginationMeta>();
expectTypeOf((await js.tags.findWithMeta()).meta.pagination).toEqualTypeOf<PagePaginationMeta>();
expectTypeOf(
  (await cms.tags.findWithMeta({ sort: 'name:asc' })).meta.pagination,
).toEqualTypeOf<PagePaginationMeta>();
{
  const { meta } = await cms.tags.findWithMeta({ pagination: { page: 2, pageSize: 10 } });
  expectTypeOf(meta.pagination).toEqualTypeOf<PagePaginationMeta>();
  // No `in` test needed: the count is there.
  expectTypeOf(meta.pagination.pageCount).toEqualTypeOf<number>();
  expectTypeOf(meta.pagination.total).toEqualTypeOf<number>();
  // @ts-expect-error page-based pagination has no start
  void meta.pagination.start;
}
expectTypeOf(
  (await cms.tags.findWithMeta({ pagination: { pageSize: 5, withCount: true } })).meta.pagination,
).toEqualTypeOf<PagePaginationMeta>();
{
  const { meta } = await cms.tags.findWithMeta({ pagination: { start: 0, limit: 5 } });
  expectTypeOf(meta.pagination).toEqualTypeOf<OffsetPaginationMeta>();
  expectTypeOf(meta.pagination.total).toEqualTypeOf<number>();
  // @ts-expect-error offset pagination has no pageCount
  void meta.pagination.pageCount;
}
// `limit` alone is offset pagination too.
expectTypeOf(
  (await cms.tags.findWithMeta({ pagination: { limit: 5 } })).meta.pagination,
).toEqualTypeOf<OffsetPaginationMeta>();
{
  const { meta } = await cms.tags.findWithMeta({ pagination: { page: 1, withCount: false } });
  expectTypeOf(meta.pagination).toEqualTypeOf<UncountedPagePaginationMeta>();
  // @ts-expect-error withCount: false leaves out total
  void meta.pagination.total;
  // @ts-expect-error and pageCount
  void meta.pagination.pageCount;
}
expectTypeOf(
  (await cms.tags.findWithMeta({ pagination: { withCount: false } })).meta.pagination,
).toEqualTypeOf<UncountedPagePaginationMeta>();
expectTypeOf(
  (await cms.tags.findWithMeta({ pagination: { start: 10, withCount: false } })).meta.pagination,
).toEqualTypeOf<UncountedOffsetPaginationMeta>();
// Only known at run time: every shape it may be.
{
  const withCount: boolean = Math.random() > 0.5;
  expectTypeOf(
    (await cms.tags.findWithMeta({ pagination: { page: 1, withCount } })).meta.pagination,
  ).toEqualTypeOf<PagePaginationMeta | UncountedPagePaginationMeta>();
  const pagination: Pagination = Math.random() > 0.5 ? { page: 1 } : { start: 0 };
  expectTypeOf((await cms.tags.findWithMeta({ pagination })).meta.pagination).toEqualTypeOf<
    PagePaginationMeta | OffsetPaginationMeta | UncountedPagePaginationMeta | UncountedOffsetPaginationMeta
  >();
}
expectTypeOf<PaginationMeta<{ pagination?: { start: number } | undefined }>>().toEqualTypeOf<
  OffsetPaginationMeta | PagePaginationMeta
>();
// The entries keep their own typing, and a counted answer is still a CmsResponse.
{
  const page = await cms.tags.findWithMeta({ fields: ['name'], pagination: { page: 1 } });
  expectTypeOf(page.data).toEqualTypeOf<Pick<Tag, 'id' | 'documentId' | 'name'>[]>();
  expectTypeOf(page).toMatchTypeOf<CmsResponse<unknown[]>>();
}

// --- _q, publicationFilter, hasPublishedVersion --------------------------------------------------
expectTypeOf<PublicationFilter>().toEqualTypeOf<
  | 'never-published'
  | 'has-published-version'
  | 'modified'
  | 'unmodified'
  | 'never-published-document'
  | 'has-published-version-document'
  | 'published-without-draft'
  | 'published-with-draft'
>();
// The list of them has every one, and only them.
expectTypeOf<(typeof PUBLICATION_FILTERS)[number]>().toEqualTypeOf<PublicationFilter>();
await cms.articles.find({ _q: 'launch', filters: { category: 'news' } });
await cms.articles.findWithMeta({ _q: 'launch', pagination: { page: 1 } });
await cms.articles.find({ publicationFilter: 'modified', status: 'draft' });
await js.articles.find({ publicationFilter: 'never-published-document' });
// @ts-expect-error publicationFilter is one of Strapi's values
await cms.articles.find({ publicationFilter: 'draft' });
// @ts-expect-error _q is text
await cms.articles.find({ _q: 3 });
// The deprecated boolean is still typed.
await cms.articles.find({ hasPublishedVersion: false, status: 'draft' });
// @ts-expect-error hasPublishedVersion is a boolean
await cms.articles.find({ hasPublishedVersion: 'yes' });

// --- per route ----------------------------------------------------------------------------------
// findOne: filters (null when the entry does not match) and the publication parameters.
expectTypeOf(
  await cms.articles.findOne('doc', { filters: { featured: true }, publicationFilter: 'modified' }),
).toEqualTypeOf<Article | null>();
// @ts-expect-error findOne's route declares no _q
await cms.articles.findOne('doc', { _q: 'launch' });
// @ts-expect-error nor pagination
await cms.articles.findOne('doc', { pagination: { page: 1 } });
// @ts-expect-error nor sort
await cms.articles.findOne('doc', { sort: 'title' });
// A single type's find: filters, no _q.
await cms.siteSetting.find({ filters: { siteName: { $eq: 'Site' } }, locale: 'en' });
// @ts-expect-error a single type's route declares no _q
await cms.siteSetting.find({ _q: 'site' });
// @ts-expect-error a top-level page is a 400 from Strapi: pagination goes in `pagination`
await cms.articles.find({ page: 2 });
// @ts-expect-error and a top-level start is ignored
await cms.articles.find({ start: 10 });
// delete: a locale, or '*' for every one.
await cms.articles.delete('doc', { locale: 'fr' });
await cms.articles.delete('doc', { locale: '*' });
// @ts-expect-error delete takes no status (a draft-only delete is a 500 on Strapi)
await cms.articles.delete('doc', { status: 'draft' });
// @ts-expect-error nor _q
await cms.articles.delete('doc', { _q: 'x' });
// create and update: no _q nor publicationFilter.
// @ts-expect-error
await cms.tags.create({ name: 'x' }, { _q: 'x' });
// @ts-expect-error
await cms.articles.update('doc', { title: 'x' }, { publicationFilter: 'modified' });
