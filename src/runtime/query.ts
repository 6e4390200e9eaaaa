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
 */
import { fitArrayLimit } from './query-fit.ts';
import {
  ARRAY_LIMIT,
  describeQueryValue,
  emptyInError,
  formatQueryPath,
  isPlainQueryObject,
  MAX_QUERY_LENGTH,
  PARAMETER_LIMIT,
  QUERY_DEPTH_LIMIT,
  type QueryLists,
  type QueryPath,
  type QueryRecord,
  queryArrayLimitError,
  queryDepthError,
  queryLengthError,
  queryLengthFix,
  queryParameterCountError,
  queryParameterError,
} from './query-limits.ts';

/** One pass over a params object: the query string so far, and where the writer is. */
interface QueryWriter {
  /** The query string written so far. */
  out: string;
  /** Parameters written so far. */
  count: number;
  /** Keys and array positions down to the value being written, for error messages. */
  path: (string | number)[];
  /** Writing `fitArrayLimit`'s output: a long array is reported, not a reason to fit first. */
  fitted: boolean;
  /** Per list, its values and their characters: only gathered to explain an exceeded limit. */
  lists: QueryLists | undefined;
}

/**
 * The query string for `params` (without the leading `?`; `''` when there is nothing to send).
 * Throws a `TypeError` naming the offending path for anything Strapi would not read back as given.
 */
export function toQueryString(params: object | undefined): string {
  if (params === undefined || params === null) return '';
  if (!isPlainQueryObject(params)) {
    throw new TypeError(`Query parameters must be a plain object, not ${describeQueryValue(params)}.`);
  }
  let writer: QueryWriter;
  try {
    // Without a list longer than ARRAY_LIMIT, `fitArrayLimit` would only copy: write `params` as given.
    writer = writeQuery(params, false);
  } catch {
    // A long list, or an error: the fitted copy is what is sent, and what errors name paths in.
    writer = writeQuery(fitArrayLimit(params) as QueryRecord, true);
  }
  const { out: query, count } = writer;
  if (query.length > MAX_QUERY_LENGTH || count > PARAMETER_LIMIT) {
    // Only now: which list to batch, from a second pass that counts the values of each list.
    const lists: QueryLists = new Map();
    writeQuery(fitArrayLimit(params) as QueryRecord, true, lists);
    if (query.length > MAX_QUERY_LENGTH) {
      throw queryLengthError(query.length, MAX_QUERY_LENGTH, queryLengthFix(lists, count, query.length));
    }
    throw queryParameterCountError(lists, count);
  }
  return query;
}

function writeQuery(params: QueryRecord, fitted: boolean, lists?: QueryLists): QueryWriter {
  const writer: QueryWriter = { out: '', count: 0, path: [], fitted, lists };
  writeQueryObject(writer, '', params);
  return writer;
}

function writeQueryObject(writer: QueryWriter, prefix: string, object: QueryRecord): void {
  const path = writer.path;
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value === undefined) continue;
    path.push(key);
    const encoded = encodeQueryKey(key, path);
    const count = writer.count;
    writeQueryValue(writer, prefix === '' ? encoded : `${prefix}[${encoded}]`, value);
    if (writer.count === count && key === '$in') throw emptyInError(path);
    path.pop();
  }
}

function writeQueryValue(writer: QueryWriter, key: string, value: unknown): void {
  const path = writer.path;
  if (path.length - 1 > QUERY_DEPTH_LIMIT) throw queryDepthError(path);
  if (Array.isArray(value)) writeQueryArray(writer, key, value);
  else if (isPlainQueryObject(value)) writeQueryObject(writer, key, value);
  else {
    const part = value === null ? key : `${key}=${queryValueText(value, path)}`;
    writer.out = writer.count++ === 0 ? part : `${writer.out}&${part}`;
  }
}

/** `[0]` to `[99]`, made once: writing a number as text is slow. */
const QUERY_INDICES = Array.from({ length: ARRAY_LIMIT }, (_, index) => `[${index}]`);

function writeQueryArray(writer: QueryWriter, key: string, items: readonly unknown[]): void {
  const { path, lists } = writer;
  // A list this long may be one that fitArrayLimit splits: toQueryString writes the fitted copy.
  if (!writer.fitted && items.length > ARRAY_LIMIT) throw queryArrayLimitError(path, items.length);
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
    if (lists !== undefined && !Array.isArray(item) && !isPlainQueryObject(item)) {
      // One value of this list: its `key=value` and the `&` before or after it.
      const label = path.filter((segment) => !/^(?:\d+|\$or|\$and)$/.test(String(segment))).join('.');
      const usage = lists.get(label) ?? { count: 0, chars: 0 };
      usage.count += 1;
      usage.chars += writer.out.length - out.length + (count === 0 ? 1 : 0);
      lists.set(label, usage);
    }
  }
  if (index > ARRAY_LIMIT) throw queryArrayLimitError(path, index);
}

/** A leaf value as written: encoded text. */
function queryValueText(value: unknown, path: QueryPath): string {
  switch (typeof value) {
    case 'string':
      return encodeQueryText(value, path);
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'number':
      // Only the exponent form of a number this large (`1e+21`) has a character to encode.
      return Math.abs(value) < 1e21 ? String(value) : encodeQueryText(String(value), path);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime()))
      throw queryParameterError(path, ' is an invalid Date; pass a valid one.');
    return encodeQueryText(value.toISOString(), path);
  }
  throw queryParameterError(
    path,
    ` is ${describeQueryValue(value)}, which a query string cannot carry. ` +
      'Pass a string, number, boolean, bigint, Date, null, array or plain object (undefined leaves it out).',
  );
}

/** Keys that passed `assertQueryKey` and need no encoding (bounded: cleared at 1000 keys). */
const PLAIN_QUERY_KEYS = new Set<string>();

/** `key` as written, once checked that qs reads it back as this key. */
function encodeQueryKey(key: string, path: QueryPath): string {
  if (PLAIN_QUERY_KEYS.has(key)) return key;
  assertQueryKey(key, path);
  const encoded = encodeQueryText(key, path);
  // An all-digit key passes only at the top level, so it is checked each time.
  if (encoded === key && !/^\d+$/.test(key)) {
    if (PLAIN_QUERY_KEYS.size >= 1000) PLAIN_QUERY_KEYS.clear();
    PLAIN_QUERY_KEYS.add(key);
  }
  return encoded;
}

function assertQueryKey(key: string, path: QueryPath): void {
  if (key === '') {
    throw new TypeError(
      `${formatQueryPath(path.slice(0, -1))} has an empty key, which Strapi's query parser (qs) drops or reads as an array push. Remove it.`,
    );
  }
  const quoted = JSON.stringify(key);
  if (/[[\]]/.test(key)) {
    throw queryParameterError(
      path,
      `: the key ${quoted} contains "[" or "]", which Strapi's query parser (qs) reads as nesting. ` +
        'Nest an object instead of writing brackets in the key, or rename the key.',
    );
  }
  if (path.length > 1 && /^\d+$/.test(key)) {
    throw queryParameterError(
      path,
      `: the key ${quoted} is all digits, and Strapi's query parser (qs) reads ` +
        `[${key}] as an array index, not an object key. Use an array, or a key with a non-digit character.`,
    );
  }
  if (Object.hasOwn(Object.prototype, key)) {
    throw queryParameterError(
      path,
      `: the key ${quoted} names an Object.prototype member, and Strapi's query parser (qs) ` +
        'silently drops such keys. Rename the key.',
    );
  }
}

/** `encodeURIComponent`, leaving `$ , : @` readable; a lone surrogate becomes a `TypeError`. */
function encodeQueryText(text: string, path: QueryPath): string {
  if (!/[^\w.!~*'()$,:@-]/.test(text)) return text;
  try {
    return encodeURIComponent(text).replace(/%(?:24|2C|3A|40)/g, decodeURIComponent);
  } catch (error) {
    if (!(error instanceof URIError)) throw error;
    throw queryParameterError(
      path,
      ' contains a lone UTF-16 surrogate, which cannot be encoded as UTF-8. Fix the text.',
    );
  }
}
