/**
 * What Strapi's query parser reads back, as limits (`qs.parse` with `arrayLimit: 100`,
 * `depth: 20` and its default `parameterLimit: 1000`; Node's 16 KiB request head), and the
 * errors that explain a query outside them: which path, which list to batch, how to fix it.
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

export type QueryRecord = Record<string, unknown>;
/** A filter object's logical lists, read without index-signature access. */
export type LogicalGroups = { $or?: unknown; $and?: unknown };

/** The values written of the arrays that share one path, and their characters. */
export interface QueryListUsage {
  count: number;
  chars: number;
}

/** Per path of arrays (indices and `$or`/`$and` levels left out), the values written there. */
export type QueryLists = Map<string, QueryListUsage>;

/** Keys and array positions from the top level down to a value. */
export type QueryPath = readonly (string | number)[];

/**
 * Throws the `TypeError` `toQueryString` throws for a query string longer than `limit`
 * (`MAX_QUERY_LENGTH` by default), for callers that check a URL they assembled themselves.
 */
export function assertQueryLength(query: string, limit: number = MAX_QUERY_LENGTH): void {
  if (query.length > limit) {
    throw queryLengthError(
      query.length,
      limit,
      'split the values of the longest list into batches sent in separate requests, or filter on a field with fewer values',
    );
  }
}

/** The list with the most values (`count`) or characters (`chars`). */
function largestQueryList(lists: QueryLists, by: 'count' | 'chars'): [string, QueryListUsage] | undefined {
  let largest: [string, QueryListUsage] | undefined;
  for (const entry of lists) {
    if (largest === undefined || entry[1][by] > largest[1][by]) largest = entry;
  }
  return largest;
}

export function queryParameterCountError(lists: QueryLists, total: number): TypeError {
  const [label, list] = largestQueryList(lists, 'count') ?? [];
  const room = list === undefined ? 0 : PARAMETER_LIMIT - (total - list.count);
  const fix =
    list !== undefined && room > 0
      ? `${list.count} of them are values of ${label}: send them in batches of at most ${room} per request`
      : 'request fewer fields, populated relations or filter values at once';
  return new TypeError(
    `The query has ${total} parameters, more than the ${PARAMETER_LIMIT} Strapi's query parser reads (qs parameterLimit); ` +
      `Strapi would silently ignore the rest, losing filters or fields. Fix: ${fix}.`,
  );
}

export function queryLengthFix(lists: QueryLists, count: number, length: number): string {
  const [label, list] = largestQueryList(lists, 'chars') ?? [];
  if (list !== undefined && list.count > 1) {
    const room = Math.min(
      Math.floor((MAX_QUERY_LENGTH - (length - list.chars)) / (list.chars / list.count)),
      PARAMETER_LIMIT - (count - list.count),
    );
    if (room >= 1) {
      return (
        `the ${list.count} values of ${label} take ${list.chars} characters: split them into batches of at most ` +
        `${room} per request, or filter on a field with fewer values`
      );
    }
  }
  return 'shorten the longest values, or send fewer parameters at once';
}

export function queryLengthError(length: number, limit: number, fix: string): TypeError {
  return new TypeError(
    `The query string is ${length} characters long, over the limit of ${limit} (MAX_QUERY_LENGTH): Node's HTTP ` +
      "server, which runs Strapi, refuses a request line and headers over 16 KB without Strapi's JSON error. " +
      `Fix: ${fix}.`,
  );
}

export function queryDepthError(path: QueryPath): TypeError {
  return queryParameterError(
    path,
    ` is nested ${path.length - 1} levels deep, more than the ` +
      `${QUERY_DEPTH_LIMIT} Strapi's query parser reads (qs depth); it would read the deeper levels as one literal key. ` +
      `Flatten the query (fewer nested relations or $and/$or levels). Array indices count as levels, and so do ` +
      `the $or/$and levels added to split arrays longer than ${ARRAY_LIMIT}; a cyclic object also ends here.`,
  );
}

export function emptyInError(path: QueryPath): TypeError {
  return queryParameterError(
    path,
    ' is $in with no values. An empty array vanishes from a query ' +
      'string, so Strapi would get no $in condition and match EVERY entry instead of none. Skip the request ' +
      '(its answer is empty), or leave the condition out if you meant "no restriction".',
  );
}

export function queryArrayLimitError(path: QueryPath, count: number): TypeError {
  return queryParameterError(
    path,
    ` has ${count} items, more than the ${ARRAY_LIMIT} Strapi's query ` +
      `parser reads as an array (qs arrayLimit); it would read an object with numeric keys. Only $in and $notIn ` +
      `on a field inside filters, and $or/$and lists, are split automatically. Send at most ${ARRAY_LIMIT} ` +
      'items here, or split the request.',
  );
}

/** `Query parameter <path><text>`, as a `TypeError`. */
export function queryParameterError(path: QueryPath, text: string): TypeError {
  return new TypeError(`Query parameter ${formatQueryPath(path)}${text}`);
}

export function formatQueryPath(path: QueryPath): string {
  return path.length === 0 ? '(top level)' : path.join('.');
}

export function describeQueryValue(value: unknown): string {
  if (typeof value === 'function' || typeof value === 'symbol') return `a ${typeof value}`;
  if (Array.isArray(value)) return 'an array';
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object that is not plain';
}

/** An object literal, `Object.create(null)` or an object from another realm; not an array, Date, Map or class instance. */
export function isPlainQueryObject(value: unknown): value is QueryRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
