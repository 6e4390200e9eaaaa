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
 * Before writing, `fitArrayLimit` rewrites `filters` so that no array is longer than
 * `ARRAY_LIMIT` while the filter keeps its meaning (see there).
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

/** Values of the arrays that share one path (indices and `$or`/`$and` levels left out). */
interface QueryListUsage {
  label: string;
  count: number;
  chars: number;
}

interface QueryWriter {
  parts: string[];
  lists: Map<string, QueryListUsage>;
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
  const writer: QueryWriter = { parts: [], lists: new Map() };
  writeQueryObject(writer, '', [], fitArrayLimit(params) as QueryRecord);
  const query = writer.parts.join('&');
  if (query.length > MAX_QUERY_LENGTH) {
    throw queryLengthError(query.length, MAX_QUERY_LENGTH, queryLengthFix(writer, query.length));
  }
  assertQueryParameterCount(writer);
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
  const fitted: QueryRecord = {};
  for (const [key, value] of Object.entries(object)) {
    if (value !== undefined) {
      setQueryEntry(fitted, key, fitQueryValue(value, inFilters || key === 'filters', depth + 1));
    }
  }
  return inFilters ? nestLongQueryGroups(splitLongQueryLists(nestLongQueryGroups(fitted))) : fitted;
}

/** A filter object with its fields' long `$in` / `$notIn` lists moved into `$or` / `$and` chunks. */
function splitLongQueryLists(node: QueryRecord): QueryRecord {
  const rest: QueryRecord = {};
  const added: QueryRecord[] = [];
  for (const [field, condition] of Object.entries(node)) {
    const split =
      field.startsWith('$') || !isPlainQueryObject(condition)
        ? undefined
        : splitQueryCondition(field, condition);
    if (split === undefined) {
      setQueryEntry(rest, field, condition);
      continue;
    }
    if (split.kept !== undefined) setQueryEntry(rest, field, split.kept);
    added.push(...split.conjuncts);
  }
  return added.length === 0 ? node : joinQueryConjuncts(rest, added);
}

/** The conditions replacing one field's long `$in` / `$notIn`, and what is left of its condition. */
function splitQueryCondition(
  field: string,
  condition: QueryRecord,
): { kept: QueryRecord | undefined; conjuncts: QueryRecord[] } | undefined {
  const kept: QueryRecord = {};
  const conjuncts: QueryRecord[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    if ((operator !== '$in' && operator !== '$notIn') || !isLongQueryList(operand)) {
      setQueryEntry(kept, operator, operand);
      continue;
    }
    const chunks = chunkArray(operand, ARRAY_LIMIT).map((values) => ({ [field]: { [operator]: values } }));
    if (operator === '$in') conjuncts.push({ $or: nestLongQueryGroup('$or', chunks) });
    else conjuncts.push(...chunks);
  }
  if (conjuncts.length === 0) return undefined;
  return { kept: Object.keys(kept).length > 0 ? kept : undefined, conjuncts };
}

/** `rest` (the untouched keys of a filter object) ANDed with the conditions that replace lists. */
function joinQueryConjuncts(rest: QueryRecord, added: readonly QueryRecord[]): QueryRecord {
  const keys = Object.keys(rest);
  const [only] = added;
  if (keys.length === 0 && added.length === 1 && only !== undefined) return only;
  const restAnd = (rest as LogicalGroups).$and;
  const kept = keys.length === 0 ? [] : keys.length === 1 && Array.isArray(restAnd) ? restAnd : [rest];
  return { $and: [...kept, ...added] };
}

/** The filter object with its `$or` / `$and` lists nested into chunks of at most `ARRAY_LIMIT`. */
function nestLongQueryGroups(node: QueryRecord): QueryRecord {
  const { $or, $and } = node as LogicalGroups;
  if (!isLongQueryList($or) && !isLongQueryList($and)) return node;
  const nested: QueryRecord = {};
  for (const [key, value] of Object.entries(node)) {
    const group = (key === '$or' || key === '$and') && Array.isArray(value);
    setQueryEntry(nested, key, group ? nestLongQueryGroup(key, value) : value);
  }
  return nested;
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

/** Sets `key` as an own enumerable property, even `__proto__`. */
function setQueryEntry(target: QueryRecord, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function writeQueryObject(
  writer: QueryWriter,
  prefix: string,
  path: readonly string[],
  object: QueryRecord,
): void {
  for (const key of Object.keys(object)) {
    const keyPath = [...path, key];
    assertQueryKey(key, keyPath);
    const encoded = encodeQueryText(key, keyPath);
    writeQueryValue(writer, prefix === '' ? encoded : `${prefix}[${encoded}]`, keyPath, object[key]);
  }
}

function writeQueryValue(writer: QueryWriter, key: string, path: readonly string[], value: unknown): void {
  if (value === undefined) return;
  if (path.length - 1 > QUERY_DEPTH_LIMIT) throw queryDepthError(path);
  const before = writer.parts.length;
  if (Array.isArray(value)) writeQueryArray(writer, key, path, value);
  else if (isPlainQueryObject(value)) writeQueryObject(writer, key, path, value);
  else if (value === null) writer.parts.push(key);
  else writer.parts.push(`${key}=${encodeQueryText(queryScalarText(value, path), path)}`);
  if (writer.parts.length === before && path.at(-1) === '$in') throw emptyInError(path);
}

function writeQueryArray(
  writer: QueryWriter,
  key: string,
  path: readonly string[],
  items: readonly unknown[],
): void {
  let index = 0;
  for (let position = 0; position < items.length; position += 1) {
    const item = items[position];
    const before = writer.parts.length;
    writeQueryValue(writer, `${key}[${index}]`, [...path, String(position)], item);
    if (writer.parts.length === before) continue;
    index += 1;
    if (!Array.isArray(item) && !isPlainQueryObject(item)) {
      recordQueryListItem(writer, path, writer.parts[before] ?? '');
    }
  }
  if (index > ARRAY_LIMIT) throw queryArrayLimitError(path, index);
}

function recordQueryListItem(writer: QueryWriter, path: readonly string[], part: string): void {
  const label = path.filter((segment) => !/^\d+$/.test(segment) && segment !== '$or' && segment !== '$and');
  const name = label.join('.');
  const usage = writer.lists.get(name) ?? { label: name, count: 0, chars: 0 };
  usage.count += 1;
  usage.chars += part.length + 1;
  writer.lists.set(name, usage);
}

function queryScalarText(value: unknown, path: readonly string[]): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw new TypeError(`Query parameter ${formatQueryPath(path)} is an invalid Date; pass a valid one.`);
    }
    return value.toISOString();
  }
  throw new TypeError(
    `Query parameter ${formatQueryPath(path)} is ${describeQueryValue(value)}, which a query string cannot carry. ` +
      'Pass a string, number, boolean, bigint, Date, null, array or plain object (undefined leaves it out).',
  );
}

function assertQueryKey(key: string, path: readonly string[]): void {
  const where = `Query parameter ${formatQueryPath(path)}`;
  if (key === '') {
    throw new TypeError(
      `${formatQueryPath(path.slice(0, -1))} has an empty key, which Strapi's query parser (qs) drops or reads as an array push. Remove it.`,
    );
  }
  if (key.includes('[') || key.includes(']')) {
    throw new TypeError(
      `${where}: the key ${JSON.stringify(key)} contains "[" or "]", which Strapi's query parser (qs) reads as nesting. ` +
        'Nest an object instead of writing brackets in the key, or rename the key.',
    );
  }
  if (path.length > 1 && /^\d+$/.test(key)) {
    throw new TypeError(
      `${where}: the key ${JSON.stringify(key)} is all digits, and Strapi's query parser (qs) reads ` +
        `[${key}] as an array index, not an object key. Use an array, or a key with a non-digit character.`,
    );
  }
  if (Object.hasOwn(Object.prototype, key)) {
    throw new TypeError(
      `${where}: the key ${JSON.stringify(key)} names an Object.prototype member, and Strapi's query parser (qs) ` +
        'silently drops such keys. Rename the key.',
    );
  }
}

/** `encodeURIComponent`, leaving `$ , : @` readable; a lone surrogate becomes a `TypeError`. */
function encodeQueryText(text: string, path: readonly string[]): string {
  try {
    return encodeURIComponent(text).replace(/%(?:24|2C|3A|40)/g, decodeURIComponent);
  } catch (error) {
    if (!(error instanceof URIError)) throw error;
    throw new TypeError(
      `Query parameter ${formatQueryPath(path)} contains a lone UTF-16 surrogate, which cannot be encoded as UTF-8. Fix the text.`,
    );
  }
}

function assertQueryParameterCount(writer: QueryWriter): void {
  const total = writer.parts.length;
  if (total <= PARAMETER_LIMIT) return;
  const list = largestQueryList(writer, 'count');
  const room = list === undefined ? 0 : PARAMETER_LIMIT - (total - list.count);
  const fix =
    list !== undefined && room > 0
      ? `${list.count} of them are values of ${list.label}: send them in batches of at most ${room} per request`
      : 'request fewer fields, populated relations or filter values at once';
  throw new TypeError(
    `The query has ${total} parameters, more than the ${PARAMETER_LIMIT} Strapi's query parser reads (qs parameterLimit); ` +
      `Strapi would silently ignore the rest, losing filters or fields. Fix: ${fix}.`,
  );
}

function queryLengthFix(writer: QueryWriter, length: number): string {
  const list = largestQueryList(writer, 'chars');
  const perValue = list === undefined ? 0 : list.chars / list.count;
  const byLength = list === undefined ? 0 : Math.floor((MAX_QUERY_LENGTH - (length - list.chars)) / perValue);
  const byCount = list === undefined ? 0 : PARAMETER_LIMIT - (writer.parts.length - list.count);
  const room = Math.min(byLength, byCount);
  if (list === undefined || list.count < 2 || room < 1) {
    return 'shorten the longest values, or send fewer parameters at once';
  }
  return (
    `the ${list.count} values of ${list.label} take ${list.chars} characters: split them into batches of at most ` +
    `${room} per request, or filter on a field with fewer values`
  );
}

function largestQueryList(writer: QueryWriter, by: 'count' | 'chars'): QueryListUsage | undefined {
  let largest: QueryListUsage | undefined;
  for (const usage of writer.lists.values()) {
    if (largest === undefined || usage[by] > largest[by]) largest = usage;
  }
  return largest;
}

function queryLengthError(length: number, limit: number, fix: string): TypeError {
  return new TypeError(
    `The query string is ${length} characters long, over the limit of ${limit} (MAX_QUERY_LENGTH): Node's HTTP ` +
      "server, which runs Strapi, refuses a request line and headers over 16 KB without Strapi's JSON error. " +
      `Fix: ${fix}.`,
  );
}

function queryDepthError(path: readonly string[]): TypeError {
  return new TypeError(
    `Query parameter ${formatQueryPath(path)} is nested ${path.length - 1} levels deep, more than the ` +
      `${QUERY_DEPTH_LIMIT} Strapi's query parser reads (qs depth); it would read the deeper levels as one literal key. ` +
      `Flatten the query (fewer nested relations or $and/$or levels). Array indices count as levels, and so do ` +
      `the $or/$and levels added to split arrays longer than ${ARRAY_LIMIT}; a cyclic object also ends here.`,
  );
}

function emptyInError(path: readonly string[]): TypeError {
  return new TypeError(
    `Query parameter ${formatQueryPath(path)} is $in with no values. An empty array vanishes from a query ` +
      'string, so Strapi would get no $in condition and match EVERY entry instead of none. Skip the request ' +
      '(its answer is empty), or leave the condition out if you meant "no restriction".',
  );
}

function queryArrayLimitError(path: readonly string[], count: number): TypeError {
  return new TypeError(
    `Query parameter ${formatQueryPath(path)} has ${count} items, more than the ${ARRAY_LIMIT} Strapi's query ` +
      `parser reads as an array (qs arrayLimit); it would read an object with numeric keys. Only $in and $notIn ` +
      `on a field inside filters, and $or/$and lists, are split automatically. Send at most ${ARRAY_LIMIT} ` +
      'items here, or split the request.',
  );
}

function formatQueryPath(path: readonly string[]): string {
  return path.length === 0 ? '(top level)' : path.join('.');
}

function describeQueryValue(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
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
