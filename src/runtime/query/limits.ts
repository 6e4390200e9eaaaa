/**
 * What Strapi's query parser reads back, as limits (`qs.parse` with `arrayLimit: 100`,
 * `depth: 20` and its default `parameterLimit: 1000`; Node's 16 KiB request head). The errors
 * that explain a query outside them are in to-query-string.ts.
 */

/**
 * Longest array Strapi's qs parser (`arrayLimit: 100`) reads as an array; a longer one becomes
 * an object with numeric keys.
 */
export const ARRAY_LIMIT = 100;

/**
 * Bracket levels below a top-level key that Strapi's qs parser (`depth: 20`) reads: deeper
 * levels are kept as one literal key such as `"[a][b]"`. Array indices count as levels.
 */
export const QUERY_DEPTH_LIMIT = 20;

/** Parameters Strapi's qs parser reads (its default `parameterLimit`); it silently drops the rest. */
export const PARAMETER_LIMIT = 1000;

/**
 * Longest query string `toQueryString` returns, in characters (the output is ASCII, so also in
 * bytes). Node's HTTP server, which Strapi runs on, refuses a request whose request line and
 * headers together pass 16 KiB (16384 bytes, `--max-http-header-size`), with a bare 431 or a
 * closed connection and never Strapi's JSON error. 14000 leaves about 2.3 KB for the rest of
 * the request: `GET /api/<path>?`, ` HTTP/1.1` and the headers (Host, a Bearer token of a few
 * hundred bytes, Accept, Content-Type, User-Agent, cookies). A proxy in front of Strapi may allow
 * less: nginx's default `large_client_header_buffers` takes request lines up to 8 KB.
 */
export const MAX_QUERY_LENGTH = 14_000;

/** A plain object of query parameters, or one nested in them. @internal */
export type QueryRecord = Record<string, unknown>;
/** A filter object's logical lists, read without index-signature access. @internal */
export type LogicalGroups = {
  /** Conditions of which one must hold. */
  $or?: unknown;
  /** Conditions that must all hold. */
  $and?: unknown;
};

/** Keys and array positions from the top level down to a value. */
export type QueryPath = readonly (string | number)[];

/** An object literal, `Object.create(null)` or an object from another realm; not an array, Date, Map or class instance. */
export function isPlainQueryObject(value: unknown): value is QueryRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
