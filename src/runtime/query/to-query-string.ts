/**
 * `toQueryString`: the query writer (writer.ts) with long lists fitted (fit.ts) and every
 * problem it finds worded as the `TypeError` that names the path and the fix.
 *
 * The core exports `toQueryString` from here, and the client's own requests use it only for a
 * query `queryText` could not write as given: that path reaches it through failures.ts, whose
 * part gets its own copy of this file and fit.ts (COPIED_INTO_PARTS in
 * scripts/runtime-build.ts). A bundle of a client whose code never calls `toQueryString` leaves
 * the core's copy out, and loads this code only with the first query that has a list to fit or
 * a problem to explain.
 */

import { fitArrayLimit } from './fit.ts';
import {
  ARRAY_LIMIT,
  isPlainQueryObject,
  MAX_QUERY_LENGTH,
  PARAMETER_LIMIT,
  QUERY_DEPTH_LIMIT,
  type QueryPath,
  type QueryRecord,
} from './limits.ts';
import { type QueryProblem, writeQuery } from './writer.ts';

/** The values written of the arrays that share one path, and their characters. */
interface QueryListUsage {
  count: number;
  chars: number;
}

/** Per path of arrays (indices and `$or`/`$and` levels left out), the values written there. */
type QueryLists = Map<string, QueryListUsage>;

/**
 * The query string for `params` (without the leading `?`; `''` when there is nothing to send).
 * Throws a `TypeError` naming the offending path for anything Strapi would not read back as given.
 */
export function toQueryString(params: object | undefined): string {
  if (params === undefined || params === null) return '';
  if (!isPlainQueryObject(params)) {
    throw new TypeError(`Query parameters must be a plain object, not ${describeQueryValue(params)}.`);
  }
  let writer: { out: string; count: number };
  try {
    // Without a list longer than ARRAY_LIMIT, `fitArrayLimit` would only copy: write `params` as given.
    writer = writeQuery(params, false);
  } catch {
    // A long list, or a problem: the fitted copy is what is sent, and what errors name paths in.
    writer = writeQuery(fitArrayLimit(params) as QueryRecord, true, explainQueryProblem);
  }
  const { out: query, count } = writer;
  if (query.length > MAX_QUERY_LENGTH || count > PARAMETER_LIMIT) {
    // Only now: which list to batch, from a second pass that counts the values of each list.
    const lists: QueryLists = new Map();
    writeQuery(fitArrayLimit(params) as QueryRecord, true, explainQueryProblem, (path, chars) => {
      const label = path.filter((segment) => !/^(?:\d+|\$or|\$and)$/.test(String(segment))).join('.');
      const usage = lists.get(label) ?? { count: 0, chars: 0 };
      usage.count += 1;
      usage.chars += chars;
      lists.set(label, usage);
    });
    if (query.length > MAX_QUERY_LENGTH) {
      throw queryLengthError(query.length, MAX_QUERY_LENGTH, queryLengthFix(lists, count, query.length));
    }
    throw queryParameterCountError(lists, count);
  }
  return query;
}

/** A problem the writer found, as the `TypeError` that explains it. */
function explainQueryProblem(problem: QueryProblem, path: QueryPath, detail?: unknown): TypeError {
  const key = String(path[path.length - 1]);
  const quoted = JSON.stringify(key);
  switch (problem) {
    case 'emptyKey':
      return new TypeError(
        `${formatQueryPath(path.slice(0, -1))} has an empty key, which Strapi's query parser (qs) drops or reads as an array push. Remove it.`,
      );
    case 'bracketKey':
      return queryParameterError(
        path,
        `: the key ${quoted} contains "[" or "]", which Strapi's query parser (qs) reads as nesting. ` +
          'Nest an object instead of writing brackets in the key, or rename the key.',
      );
    case 'digitKey':
      return queryParameterError(
        path,
        `: the key ${quoted} is all digits, and Strapi's query parser (qs) reads ` +
          `[${key}] as an array index, not an object key. Use an array, or a key with a non-digit character.`,
      );
    case 'prototypeKey':
      return queryParameterError(
        path,
        `: the key ${quoted} names an Object.prototype member, and Strapi's query parser (qs) ` +
          'silently drops such keys. Rename the key.',
      );
    case 'depth':
      return queryDepthError(path);
    case 'emptyIn':
      return emptyInError(path);
    case 'arrayLimit':
      return queryArrayLimitError(path, detail as number);
    case 'invalidDate':
      return queryParameterError(path, ' is an invalid Date; pass a valid one.');
    case 'value':
      return queryParameterError(
        path,
        ` is ${describeQueryValue(detail)}, which a query string cannot carry. ` +
          'Pass a string, number, boolean, bigint, Date, null, array or plain object (undefined leaves it out).',
      );
    case 'surrogate':
      return queryParameterError(
        path,
        ' contains a lone UTF-16 surrogate, which cannot be encoded as UTF-8. Fix the text.',
      );
  }
}

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

function queryParameterCountError(lists: QueryLists, total: number): TypeError {
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

function queryLengthFix(lists: QueryLists, count: number, length: number): string {
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

function queryLengthError(length: number, limit: number, fix: string): TypeError {
  return new TypeError(
    `The query string is ${length} characters long, over the limit of ${limit} (MAX_QUERY_LENGTH): Node's HTTP ` +
      "server, which runs Strapi, refuses a request line and headers over 16 KB without Strapi's JSON error. " +
      `Fix: ${fix}.`,
  );
}

function queryDepthError(path: QueryPath): TypeError {
  return queryParameterError(
    path,
    ` is nested ${path.length - 1} levels deep, more than the ` +
      `${QUERY_DEPTH_LIMIT} Strapi's query parser reads (qs depth); it would read the deeper levels as one literal key. ` +
      `Flatten the query (fewer nested relations or $and/$or levels). Array indices count as levels, and so do ` +
      `the $or/$and levels added to split arrays longer than ${ARRAY_LIMIT}; a cyclic object also ends here.`,
  );
}

function emptyInError(path: QueryPath): TypeError {
  return queryParameterError(
    path,
    ' is $in with no values. An empty array vanishes from a query ' +
      'string, so Strapi would get no $in condition and match EVERY entry instead of none. Skip the request ' +
      '(its answer is empty), or leave the condition out if you meant "no restriction".',
  );
}

function queryArrayLimitError(path: QueryPath, count: number): TypeError {
  return queryParameterError(
    path,
    ` has ${count} items, more than the ${ARRAY_LIMIT} Strapi's query ` +
      `parser reads as an array (qs arrayLimit); it would read an object with numeric keys. Only $in and $notIn ` +
      `on a field inside filters, and $or/$and lists, are split automatically. Send at most ${ARRAY_LIMIT} ` +
      'items here, or split the request.',
  );
}

/** `Query parameter <path><text>`, as a `TypeError`. */
function queryParameterError(path: QueryPath, text: string): TypeError {
  return new TypeError(`Query parameter ${formatQueryPath(path)}${text}`);
}

function formatQueryPath(path: QueryPath): string {
  return path.length === 0 ? '(top level)' : path.join('.');
}

function describeQueryValue(value: unknown): string {
  if (typeof value === 'function' || typeof value === 'symbol') return `a ${typeof value}`;
  if (Array.isArray(value)) return 'an array';
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object that is not plain';
}
