/**
 * Types the generated `types` file also declares. In the generated client this module's import
 * is replaced by an import from `./types.js`, so the output has one definition of each; here
 * it stands in for it with the same shape.
 */
export interface CmsResponse<T> {
  /** The entry, or the list of entries. */
  data: T;
  /** `pagination` for a list; empty for one entry. */
  meta?: {
    pagination?:
      | { page: number; pageSize: number; pageCount: number; total: number }
      | { start: number; limit: number; total: number };
  };
}
