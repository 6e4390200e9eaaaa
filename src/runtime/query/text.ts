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
 * Inputs qs would read back as something else are not written:
 * - `$in` with no values: left out, it would match every entry instead of none;
 * - an object key that is empty, contains `[` or `]`, is all digits below the top level (qs
 *   reads `a[0]` as an array index) or names an `Object.prototype` member (qs drops it);
 * - nesting deeper than `QUERY_DEPTH_LIMIT` bracket levels;
 * - an array longer than `ARRAY_LIMIT` (which `fitArrayLimit` may split);
 * - more than `PARAMETER_LIMIT` parameters, or a query longer than `MAX_QUERY_LENGTH`;
 * - functions, symbols, invalid Dates and objects that are not plain (Map, Set, class instances).
 *
 * This file is what every request runs: the encoding of keys and values, and `queryText`, which
 * writes a query that has none of those problems and gives up at the first one. Giving up costs
 * nothing to explain: writer.ts writes the query again with the path of each value, and
 * to-query-string.ts (`toQueryString`, loaded with failures.ts) fits long lists there or throws the
 * `TypeError` that names the path and the fix.
 */
import {
  ARRAY_LIMIT,
  isPlainQueryObject,
  MAX_QUERY_LENGTH,
  PARAMETER_LIMIT,
  QUERY_DEPTH_LIMIT,
  type QueryRecord,
} from './limits.ts';

/** The query string and its parameter count, as `queryText` writes them. */
interface QueryDraft {
  out: string;
  count: number;
}

/**
 * The query string for `params` when it can be sent as written: `undefined` when it holds a list
 * longer than `ARRAY_LIMIT`, passes a limit or has a problem, which `toQueryString` (to-query-string.ts)
 * then fits or explains.
 */
export function queryText(params: object | undefined): string | undefined {
  if (params === undefined || params === null) return '';
  const draft: QueryDraft = { out: '', count: 0 };
  return isPlainQueryObject(params) &&
    draftObject(draft, '', params, 0) &&
    draft.out.length <= MAX_QUERY_LENGTH &&
    draft.count <= PARAMETER_LIMIT
    ? draft.out
    : undefined;
}

/** `levels`: the keys and array positions above `object`'s keys. */
function draftObject(draft: QueryDraft, prefix: string, object: QueryRecord, levels: number): boolean {
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value === undefined) continue;
    const encoded = queryKeyText(key, levels > 0);
    const count = draft.count;
    if (
      encoded === undefined ||
      !draftValue(draft, prefix === '' ? encoded : `${prefix}[${encoded}]`, value, levels + 1) ||
      (draft.count === count && key === '$in')
    )
      return false;
  }
  return true;
}

/** `levels`: the keys and array positions down to `value`, its own included. */
function draftValue(draft: QueryDraft, key: string, value: unknown, levels: number): boolean {
  if (levels - 1 > QUERY_DEPTH_LIMIT) return false;
  if (Array.isArray(value)) {
    if (value.length > ARRAY_LIMIT) return false;
    let index = 0;
    for (const item of value) {
      const count = draft.count;
      if (item !== undefined && !draftValue(draft, key + QUERY_INDICES[index], item, levels + 1))
        return false;
      if (draft.count !== count) index += 1;
    }
    return true;
  }
  if (isPlainQueryObject(value)) return draftObject(draft, key, value, levels);
  let part = key;
  if (value !== null) {
    const text = queryValueText(value);
    if (text === undefined) return false;
    part = `${key}=${text}`;
  }
  draft.out = draft.count++ === 0 ? part : `${draft.out}&${part}`;
  return true;
}

/** `[0]` to `[99]`, made once: writing a number as text is slow. */
export const QUERY_INDICES: readonly string[] = Array.from(
  { length: ARRAY_LIMIT },
  (_, index) => `[${index}]`,
);

/**
 * A leaf value as written (encoded text), or `undefined` when a query string cannot carry it:
 * an invalid Date, text with a lone surrogate, anything but a string, number, boolean, bigint or Date.
 * @internal
 */
export function queryValueText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return encodeQueryText(value);
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'number':
      // Only the exponent form of a number this large (`1e+21`) has a character to encode.
      return Math.abs(value) < 1e21 ? String(value) : encodeQueryText(String(value));
  }
  if (value instanceof Date && !Number.isNaN(value.getTime())) return encodeQueryText(value.toISOString());
  return undefined;
}

/** Keys that passed the checks and need no encoding (bounded: cleared at 1000 keys). */
const PLAIN_QUERY_KEYS = new Set<string>();

/**
 * `key` as written, or `undefined` when qs would not read it back as this key: empty, with `[`
 * or `]`, all digits below the top level (`nested`), or an `Object.prototype` member's name.
 * @internal
 */
export function queryKeyText(key: string, nested: boolean): string | undefined {
  if (PLAIN_QUERY_KEYS.has(key)) return key;
  if (
    key === '' ||
    /[[\]]/.test(key) ||
    (nested && /^\d+$/.test(key)) ||
    Object.hasOwn(Object.prototype, key)
  )
    return undefined;
  const encoded = encodeQueryText(key);
  // An all-digit key passes only at the top level, so it is checked each time.
  if (encoded === key && !/^\d+$/.test(key)) {
    if (PLAIN_QUERY_KEYS.size >= 1000) PLAIN_QUERY_KEYS.clear();
    PLAIN_QUERY_KEYS.add(key);
  }
  return encoded;
}

/** `encodeURIComponent`, leaving `$ , : @` readable; `undefined` for text with a lone surrogate. */
function encodeQueryText(text: string): string | undefined {
  if (!/[^\w.!~*'()$,:@-]/.test(text)) return text;
  try {
    return encodeURIComponent(text).replace(/%(?:24|2C|3A|40)/g, decodeURIComponent);
  } catch {
    // encodeURIComponent throws only a URIError, for a lone surrogate.
    return undefined;
  }
}
