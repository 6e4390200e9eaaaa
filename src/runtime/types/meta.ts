/**
 * `meta.pagination` of a list, typed by what the query asked for. Strapi answers page-based
 * pagination unless `pagination` has `start` or `limit`, and leaves out `pageCount` and `total`
 * when `pagination.withCount` is `false` (it then skips the count query).
 *
 * The counted shapes assume Strapi's default `api.rest.withCount: true`; a server configured
 * with `false` counts only when the query says `withCount: true`.
 */

/** `meta.pagination` of page-based pagination (`page`, `pageSize`, or no pagination at all). */
export interface PagePaginationMeta {
  /** The page returned, from 1. */
  page: number;
  /** Entries per page. */
  pageSize: number;
  /** Pages in all, at this `pageSize`. */
  pageCount: number;
  /** Entries matching the query, in all pages. */
  total: number;
}

/** `meta.pagination` of offset pagination (`start`, `limit`). */
export interface OffsetPaginationMeta {
  /** Entries skipped. */
  start: number;
  /** At most this many entries were returned. */
  limit: number;
  /** Entries matching the query, in all. */
  total: number;
}

/** `meta.pagination` of page-based pagination with `withCount: false`: no count. */
export interface UncountedPagePaginationMeta {
  /** The page returned, from 1. */
  page: number;
  /** Entries per page. */
  pageSize: number;
}

/** `meta.pagination` of offset pagination with `withCount: false`: no count. */
export interface UncountedOffsetPaginationMeta {
  /** Entries skipped. */
  start: number;
  /** At most this many entries were returned. */
  limit: number;
}

/** The type of `G[K]` without `undefined`; `never` when `G` has no key `K`. */
type Defined<G, K extends string> = K extends keyof G ? Exclude<G[K], undefined> : never;

/**
 * Offset when `start` or `limit` is set, page-based when neither can be, else either. (Key
 * lookups rather than `G extends { start?: undefined }`: an object with none of a weak type's
 * optional keys does not extend it.)
 */
type Kind<G> = G extends { start: number } | { limit: number }
  ? 'offset'
  : [Defined<G, 'start'> | Defined<G, 'limit'>] extends [never]
    ? 'page'
    : 'offset' | 'page';

/** Counted unless `withCount` is `false`; either when it may be `false` or not be there. */
type Counted<G> = [Defined<G, 'withCount'>] extends [never]
  ? true
  : [Defined<G, 'withCount'>] extends [true]
    ? true
    : G extends { withCount: false }
      ? false
      : boolean;

type MetaOf<K, C> = K extends 'offset'
  ? C extends true
    ? OffsetPaginationMeta
    : UncountedOffsetPaginationMeta
  : C extends true
    ? PagePaginationMeta
    : UncountedPagePaginationMeta;

type PaginationOf<G> = G extends object ? MetaOf<Kind<G>, Counted<G>> : PagePaginationMeta;

/**
 * `meta.pagination` of a list fetched with parameters `P`: page-based (`page`, `pageSize`,
 * `pageCount`, `total`) or offset (`start`, `limit`, `total`) as `P.pagination` asks, without
 * `pageCount` and `total` when it says `withCount: false`.
 */
export type PaginationMeta<P> = P extends { pagination?: infer G } ? PaginationOf<G> : PagePaginationMeta;

/** What `findWithMeta` resolves to: the entries, and `meta.pagination` typed by the query. */
export interface CmsListResponse<T, Pagination> {
  /** The entries of this page or slice. */
  data: T;
  /** Always present on a list. */
  meta: {
    /** Where this page or slice lies in the whole list. */
    pagination: Pagination;
  };
}
