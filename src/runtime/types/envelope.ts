/** The `{ data, meta }` envelope of Strapi's REST responses and its pagination. */

/**
 * `meta.pagination` of a list: page-based, or offset-based when the query used `start` or
 * `limit`. A query with `withCount: false` gets no `pageCount` and `total`: `findWithMeta`
 * types its `meta` by the query (`PaginationMeta`), this type stays as it was.
 */
export type CmsPagination =
  | {
      /** The page returned, from 1. */
      page: number;
      /** Entries per page. */
      pageSize: number;
      /** Pages in all, at this `pageSize`. */
      pageCount: number;
      /** Entries matching the query, in all pages. */
      total: number;
    }
  | {
      /** Entries skipped. */
      start: number;
      /** At most this many entries were returned. */
      limit: number;
      /** Entries matching the query, in all. */
      total: number;
    };

/** The `{ data, meta }` envelope of Strapi's REST responses. */
export interface CmsResponse<T> {
  /** The entry, or the list of entries. */
  data: T;
  /** `pagination` for a list; empty for one entry. */
  meta?: {
    /** Where this list sits in the whole result: the page, or the offset, and the totals. */
    pagination?: CmsPagination;
  };
}
