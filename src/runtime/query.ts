/**
 * Query strings exactly as Strapi reads them back. Strapi parses the query string with
 * `qs.parse(query, { strictNullHandling: true, arrayLimit: 100, depth: 20 })` (and qs's default
 * `parameterLimit: 1000`), so `toQueryString` writes what that call turns back into the same
 * object:
 * - nesting as brackets (`filters[title][$eq]=x`), arrays with indices (`sort[0]=title:asc`);
 * - keys and values percent-encoded (`encodeURIComponent`, then `$`, `,`, `:` and `@` are left
 *   as they are: they are legal in a query and qs reads them either way);
 * - numbers, booleans and bigints as `String(value)`, a Date as its `toISOString()`;
 * - `null` as a bare key (`filters[deletedAt][$eq]`), which `strictNullHandling` reads as `null`;
 * - `undefined` means "not set": the key is left out, and an array item that is `undefined` is
 *   dropped (the next items move up, so indices stay contiguous);
 * - an empty array or object sends nothing, and neither does an object or array left empty
 *   once its `undefined` members are gone. That is the intended meaning everywhere but `$in`:
 *   Strapi's database layer (knex) turns `$notIn: []` into `1 = 1`, `$or: []`, `$and: []` and
 *   `$not: {}` into no condition (Strapi itself already strips empty objects from filters),
 *   and `sort: []`, `populate: []` into no sorting or populating. `fields: []` is the one that
 *   differs: Strapi given an empty list (through the Document Service, say) selects only `id`
 *   and `documentId`, but left out of a query string it returns every field. Use
 *   `fields: ['documentId']` for ids only.
 *
 * Inputs qs would read back as something else throw a `TypeError` before anything is sent, with
 * the path of the offending value (`filters.title.$in`) and how to fix it:
 * - `$in` with no values: left out, it would match every entry instead of none;
 * - an object key that is empty, contains `[` or `]`, is all digits below the top level (qs
 *   reads `a[0]` as an array index) or names an `Object.prototype` member (qs drops it);
 * - nesting deeper than `QUERY_DEPTH_LIMIT` bracket levels;
 * - an array longer than `ARRAY_LIMIT` that `fitArrayLimit` cannot split;
 * - more than `PARAMETER_LIMIT` parameters, or a query longer than `MAX_QUERY_LENGTH`;
 * - functions, symbols, invalid Dates and objects that are not plain (Map, Set, class instances).
 *
 * `filters` is sent as `fitArrayLimit` rewrites it, so that no array is longer than `ARRAY_LIMIT`
 * while the filter keeps its meaning (see there). That rewrite is a copy, so it is made only when
 * it can matter: `params` is written as given, checked while it is written, and written again from
 * the copy when it holds a longer list or fails a check (errors name paths in the copy).
 *
 * This file is the writer and its checks: they find every problem (`QueryProblem`) and leave its
 * wording to query-string.ts (`toQueryString`), which also fits long lists. The client writes its
 * queries with `queryText` and loads query-string.ts (in failures.ts) only for a query that has
 * a list to fit or a problem to explain.
 */
import {
  ARRAY_LIMIT,
  isPlainQueryObject,
  MAX_QUERY_LENGTH,
  PARAMETER_LIMIT,
  QUERY_DEPTH_LIMIT,
  type QueryPath,
  type QueryRecord,
} from './query-limits.ts';

/**
 * What the writer finds that Strapi would not read back as given, at a path: an object key that
 * is empty, holds `[` or `]`, is all digits below the top level or names an `Object.prototype`
 * member; nesting too deep; `$in` with no values; a list longer than `ARRAY_LIMIT`; an invalid
 * Date, a value a query string cannot carry, text with a lone surrogate.
 * @internal
 */
export type QueryProblem =
  | 'emptyKey'
  | 'bracketKey'
  | 'digitKey'
  | 'prototypeKey'
  | 'depth'
  | 'emptyIn'
  | 'arrayLimit'
  | 'invalidDate'
  | 'value'
  | 'surrogate';

/**
 * The error to throw for a problem at `path` (whose last key is the offending one); `detail` is
 * the item count of a long list, or the value that cannot be carried.
 * @internal
 */
export type QueryExplainer = (problem: QueryProblem, path: QueryPath, detail?: unknown) => Error;

/** Called for each leaf value written in a list, with the characters it added to the query. @internal */
export type QueryListCounter = (path: QueryPath, chars: number) => void;

/** One pass over a params object: the query string so far, and where the writer is. */
export interface QueryWriter {
  /** The query string written so far. */
  out: string;
  /** Parameters written so far. */
  count: number;
  /** Keys and array positions down to the value being written, for error messages. */
  path: (string | number)[];
  /** Writing `fitArrayLimit`'s output: a long array is reported, not a reason to fit first. */
  fitted: boolean;
  /** Makes the error thrown at a problem. */
  explain: QueryExplainer;
  /** Gathers the values of each list, only to explain an exceeded limit. */
  lists: QueryListCounter | undefined;
}

/** Without an explainer: the problem's name, for a caller that only needs to know there is one. */
const unexplained: QueryExplainer = (problem) => new TypeError(problem);

/**
 * The query string for `params` when it can be sent as written: `undefined` when it holds a list
 * longer than `ARRAY_LIMIT`, passes a limit or has a problem, which `toQueryString` (query-string.ts)
 * then fits or explains.
 */
export function queryText(params: object | undefined): string | undefined {
  if (params === undefined || params === null) return '';
  if (!isPlainQueryObject(params)) return undefined;
  try {
    const { out, count } = writeQuery(params, false);
    return out.length > MAX_QUERY_LENGTH || count > PARAMETER_LIMIT ? undefined : out;
  } catch {
    return undefined;
  }
}

/** Writes `params`, throwing `explain`'s error at the first problem. @internal */
export function writeQuery(
  params: QueryRecord,
  fitted: boolean,
  explain: QueryExplainer = unexplained,
  lists?: QueryListCounter,
): QueryWriter {
  const writer: QueryWriter = { out: '', count: 0, path: [], fitted, explain, lists };
  writeQueryObject(writer, '', params);
  return writer;
}

function writeQueryObject(writer: QueryWriter, prefix: string, object: QueryRecord): void {
  const path = writer.path;
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value === undefined) continue;
    path.push(key);
    const encoded = encodeQueryKey(writer, key);
    const count = writer.count;
    writeQueryValue(writer, prefix === '' ? encoded : `${prefix}[${encoded}]`, value);
    if (writer.count === count && key === '$in') throw writer.explain('emptyIn', path);
    path.pop();
  }
}

function writeQueryValue(writer: QueryWriter, key: string, value: unknown): void {
  const path = writer.path;
  if (path.length - 1 > QUERY_DEPTH_LIMIT) throw writer.explain('depth', path);
  if (Array.isArray(value)) writeQueryArray(writer, key, value);
  else if (isPlainQueryObject(value)) writeQueryObject(writer, key, value);
  else {
    const part = value === null ? key : `${key}=${queryValueText(writer, value)}`;
    writer.out = writer.count++ === 0 ? part : `${writer.out}&${part}`;
  }
}

/** `[0]` to `[99]`, made once: writing a number as text is slow. */
const QUERY_INDICES = Array.from({ length: ARRAY_LIMIT }, (_, index) => `[${index}]`);

function writeQueryArray(writer: QueryWriter, key: string, items: readonly unknown[]): void {
  const { path, lists } = writer;
  // A list this long may be one that fitArrayLimit splits: toQueryString writes the fitted copy.
  if (!writer.fitted && items.length > ARRAY_LIMIT) throw writer.explain('arrayLimit', path, items.length);
  let index = 0;
  let position = 0;
  for (const item of items) {
    if (item === undefined) continue;
    const { count, out } = writer;
    // Error paths name the position in the fitted copy, which has no undefined items; `index`
    // counts the items written (an empty object or array writes nothing).
    path.push(position++);
    writeQueryValue(writer, key + (QUERY_INDICES[index] ?? `[${index}]`), item);
    path.pop();
    if (writer.count === count) continue;
    index += 1;
    // One value of this list: its `key=value` and the `&` before or after it.
    if (lists !== undefined && !Array.isArray(item) && !isPlainQueryObject(item))
      lists(path, writer.out.length - out.length + (count === 0 ? 1 : 0));
  }
  if (index > ARRAY_LIMIT) throw writer.explain('arrayLimit', path, index);
}

/** A leaf value as written: encoded text. */
function queryValueText(writer: QueryWriter, value: unknown): string {
  switch (typeof value) {
    case 'string':
      return encodeQueryText(writer, value);
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'number':
      // Only the exponent form of a number this large (`1e+21`) has a character to encode.
      return Math.abs(value) < 1e21 ? String(value) : encodeQueryText(writer, String(value));
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw writer.explain('invalidDate', writer.path);
    return encodeQueryText(writer, value.toISOString());
  }
  throw writer.explain('value', writer.path, value);
}

/** Keys that passed the checks and need no encoding (bounded: cleared at 1000 keys). */
const PLAIN_QUERY_KEYS = new Set<string>();

/** `key` as written, once checked that qs reads it back as this key. */
function encodeQueryKey(writer: QueryWriter, key: string): string {
  if (PLAIN_QUERY_KEYS.has(key)) return key;
  const path = writer.path;
  const problem: QueryProblem | undefined =
    key === ''
      ? 'emptyKey'
      : /[[\]]/.test(key)
        ? 'bracketKey'
        : path.length > 1 && /^\d+$/.test(key)
          ? 'digitKey'
          : Object.hasOwn(Object.prototype, key)
            ? 'prototypeKey'
            : undefined;
  if (problem !== undefined) throw writer.explain(problem, path);
  const encoded = encodeQueryText(writer, key);
  // An all-digit key passes only at the top level, so it is checked each time.
  if (encoded === key && !/^\d+$/.test(key)) {
    if (PLAIN_QUERY_KEYS.size >= 1000) PLAIN_QUERY_KEYS.clear();
    PLAIN_QUERY_KEYS.add(key);
  }
  return encoded;
}

/** `encodeURIComponent`, leaving `$ , : @` readable; a lone surrogate is a problem. */
function encodeQueryText(writer: QueryWriter, text: string): string {
  if (!/[^\w.!~*'()$,:@-]/.test(text)) return text;
  try {
    return encodeURIComponent(text).replace(/%(?:24|2C|3A|40)/g, decodeURIComponent);
  } catch (error) {
    if (!(error instanceof URIError)) throw error;
    throw writer.explain('surrogate', writer.path);
  }
}
