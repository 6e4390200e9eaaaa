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

type QueryRecord = Record<string, unknown>;
/** A filter object's logical lists, read without index-signature access. */
type LogicalGroups = { $or?: unknown; $and?: unknown };

/** The values written of the arrays that share one path, and their characters. */
interface QueryListUsage {
  count: number;
  chars: number;
}

/** Per path of arrays (indices and `$or`/`$and` levels left out), the values written there. */
type QueryLists = Map<string, QueryListUsage>;

/** Keys and array positions from the top level down to a value. */
type QueryPath = readonly (string | number)[];

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

/**
 * `params` with every array longer than `ARRAY_LIMIT` inside `filters` (the top-level one and
 * those of `populate` entries) rewritten into lists of at most `ARRAY_LIMIT` that mean the same:
 * - `{ field: { $in: [150 values] } }` becomes `{ $or: [{ field: { $in: first100 } },
 *   { field: { $in: next50 } }] }`;
 * - `{ field: { $notIn: [150 values] } }` becomes `{ $and: [{ field: { $notIn: first100 } },
 *   { field: { $notIn: next50 } }] }`;
 * - when the object holding `field` has other keys, they and the new conditions are joined in
 *   one `$and` (`{ $and: [{ ...otherKeys }, { $or: chunks }] }`; an object that only holds `$and`
 *   has its list extended instead). A Strapi relation filter may not mix operators with fields,
 *   and each key of a filter object is already ANDed, so the meaning is unchanged;
 * - `$or` / `$and` lists longer than `ARRAY_LIMIT` become `[{ $or: first100 }, { $or: next100 },
 *   ...]`, again and again until the list fits, so any length works.
 * Other long arrays (`fields`, `sort`, `$between`, a `$in` outside a field) are left for
 * `toQueryString` to reject. `undefined` members are dropped. `params` is not modified.
 *
 * Each split adds bracket levels (`$or` and an index, two more inside a `$and`, two per round of
 * nesting), which count against `QUERY_DEPTH_LIMIT`.
 *
 * The conditions for one field stay in the filter object that held it, so they apply to the same
 * joined relation row. Strapi joins a relation once per occurrence of its key, so an operator
 * written directly on a to-many relation (`{ tags: { $in: ids } }`) is joined once per chunk:
 * still the same rows for `$in` (slower), but not for `$notIn`. Write
 * `{ tags: { documentId: { $notIn: ids } } }` (or `id`) instead.
 */
export function fitArrayLimit(params: object): object {
  return isPlainQueryObject(params) ? fitQueryObject(params, false, 0) : params;
}

function fitQueryValue(value: unknown, inFilters: boolean, depth: number): unknown {
  if (depth > QUERY_DEPTH_LIMIT + 1) return value; // too deep or cyclic: toQueryString reports it
  if (Array.isArray(value)) {
    return value
      .filter((item) => item !== undefined)
      .map((item) => fitQueryValue(item, inFilters, depth + 1));
  }
  return isPlainQueryObject(value) ? fitQueryObject(value, inFilters, depth) : value;
}

function fitQueryObject(object: QueryRecord, inFilters: boolean, depth: number): QueryRecord {
  // Object.fromEntries sets own properties, even `__proto__`.
  const fitted = Object.fromEntries(
    Object.entries(object).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, fitQueryValue(value, inFilters || key === 'filters', depth + 1)]],
    ),
  );
  return inFilters ? nestLongQueryGroups(splitLongQueryLists(nestLongQueryGroups(fitted))) : fitted;
}

/**
 * A filter object with its fields' long `$in` / `$notIn` lists moved into `$or` / `$and` chunks,
 * ANDed with the untouched rest of the object.
 */
function splitLongQueryLists(node: QueryRecord): QueryRecord {
  const rest: [string, unknown][] = [];
  const added: QueryRecord[] = [];
  for (const [field, condition] of Object.entries(node)) {
    const kept: [string, unknown][] = [];
    const before = added.length;
    if (!field.startsWith('$') && isPlainQueryObject(condition)) {
      for (const [operator, operand] of Object.entries(condition)) {
        if ((operator !== '$in' && operator !== '$notIn') || !isLongQueryList(operand)) {
          kept.push([operator, operand]);
          continue;
        }
        const chunks = chunkArray(operand, ARRAY_LIMIT).map((values) => ({
          [field]: { [operator]: values },
        }));
        if (operator === '$in') added.push({ $or: nestLongQueryGroup('$or', chunks) });
        else added.push(...chunks);
      }
    }
    if (added.length === before) rest.push([field, condition]);
    else if (kept.length > 0) rest.push([field, Object.fromEntries(kept)]);
  }
  const [only] = added;
  if (only === undefined) return node;
  if (rest.length === 0 && added.length === 1) return only;
  const [first] = rest;
  const kept =
    rest.length === 1 && first?.[0] === '$and' && Array.isArray(first[1])
      ? first[1]
      : rest.length === 0
        ? []
        : [Object.fromEntries(rest)];
  return { $and: [...kept, ...added] };
}

/** The filter object with its `$or` / `$and` lists nested into chunks of at most `ARRAY_LIMIT`. */
function nestLongQueryGroups(node: QueryRecord): QueryRecord {
  const { $or, $and } = node as LogicalGroups;
  if (!isLongQueryList($or) && !isLongQueryList($and)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      (key === '$or' || key === '$and') && Array.isArray(value) ? nestLongQueryGroup(key, value) : value,
    ]),
  );
}

function nestLongQueryGroup(operator: '$or' | '$and', items: readonly unknown[]): unknown[] {
  if (items.length <= ARRAY_LIMIT) return [...items];
  return nestLongQueryGroup(
    operator,
    chunkArray(items, ARRAY_LIMIT).map((part) => ({ [operator]: part })),
  );
}

function isLongQueryList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value) && value.length > ARRAY_LIMIT;
}

/** `items` cut into consecutive runs of `size` (the last one shorter). */
function chunkArray<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
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

/** An object literal, `Object.create(null)` or an object from another realm; not an array, Date, Map or class instance. */
function isPlainQueryObject(value: unknown): value is QueryRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
