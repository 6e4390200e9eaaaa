/**
 * `readQuery`: a query string read as Strapi 5 reads it. Strapi's `strapi::query` middleware
 * (@strapi/core dist/middlewares/query.js) parses the query string with qs 6.15.3 and
 * `{ strictNullHandling: true, arrayLimit: 100, depth: 20 }` (a fresh app configures nothing
 * more), qs's other options at their defaults (`parameterLimit: 1000`, `duplicates: 'combine'`,
 * `strictMerge: true`, no `allowDots`, no `comma`, utf-8). This file reads the same way, written
 * from qs's documented and observed behaviour (qs/lib/parse.js, utils.js), and is the inverse of
 * `toQueryString` (src/runtime/query/to-query-string.ts):
 * - `%5B`/`%5D` become brackets before anything else; `&` separates at most 1000 parameters;
 * - a parameter splits at its first `]=`, else its first `=`; a bare key is `null`;
 * - keys and values are percent-decoded (`+` is a space; a malformed `%` sequence leaves the
 *   whole part undecoded);
 * - `a[b][c]` nests up to 20 bracket levels (deeper text is one literal key), a key naming an
 *   `Object.prototype` member is dropped whole, text between bracket groups is ignored;
 * - `[0]` to `[99]` and `[]` make arrays (holes closed up); an index from 100 up, or an array
 *   grown past 100 items, makes an object with numeric keys instead;
 * - a key repeated gathers its values in an array; a value meeting an object becomes
 *   `[object, value]`.
 */
import { ARRAY_LIMIT, PARAMETER_LIMIT, QUERY_DEPTH_LIMIT } from '../query/limits.ts';

/** A container while the query is read. */
type Container = Record<string, unknown> | unknown[];

/**
 * The objects that stand in for arrays past `ARRAY_LIMIT` (qs's "overflow" objects), with their
 * highest index: a value added to one takes the next index.
 */
type Overflows = Map<object, number>;

/**
 * The parameters of `search` (a URL's query string, with or without its leading `?`) as Strapi
 * 5's `ctx.query` holds them: nested objects and arrays of strings, `null` for a bare key.
 */
export function readQuery(search: string): Record<string, unknown> {
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (text === '') return {};
  const overflows: Overflows = new Map();
  const flat = readPairs(text, overflows);
  let out: unknown = {};
  for (const key of Object.keys(flat)) {
    const segments = key === '' ? undefined : segmentsOf(key);
    if (segments !== undefined) out = merge(out, nest(segments, flat[key], overflows), overflows);
  }
  return compact(out) as Record<string, unknown>;
}

/** The decoded `key=value` pairs, a repeated key's values gathered (qs's first pass). */
function readPairs(text: string, overflows: Overflows): Record<string, unknown> {
  // A null-prototype object: any key is data, and integer-like keys come first as in qs.
  const flat: Record<string, unknown> = Object.create(null);
  const parts = text.replace(/%5B/gi, '[').replace(/%5D/gi, ']').split('&', PARAMETER_LIMIT);
  for (const part of parts) {
    const bracketEquals = part.indexOf(']=');
    const at = bracketEquals === -1 ? part.indexOf('=') : bracketEquals + 1;
    const key = decodePart(at === -1 ? part : part.slice(0, at));
    const value = at === -1 ? null : decodePart(part.slice(at + 1));
    flat[key] = Object.hasOwn(flat, key) ? combine(flat[key], value, overflows) : value;
  }
  return flat;
}

/** `+` as a space, then percent-decoding; text with a malformed escape stays as it is. */
function decodePart(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * `key` cut into its parent and bracket groups (`a[b][c]` -> `a`, `[b]`, `[c]`), or undefined
 * when qs drops the key (a part that names an `Object.prototype` member).
 */
function segmentsOf(key: string): string[] | undefined {
  const segments: string[] = [];
  const first = key.indexOf('[');
  const parent = first >= 0 ? key.slice(0, first) : key;
  if (parent !== '') {
    if (Object.hasOwn(Object.prototype, parent)) return undefined;
    segments.push(parent);
  }
  let open = first;
  let levels = 0;
  while (open >= 0 && levels < QUERY_DEPTH_LIMIT) {
    let depth = 1;
    let close = -1;
    for (let index = open + 1; index < key.length && close < 0; index += 1) {
      const char = key[index];
      if (char === '[') depth += 1;
      else if (char === ']') {
        depth -= 1;
        if (depth === 0) close = index;
      }
    }
    // An unclosed group: the rest is one literal segment.
    if (close < 0) {
      segments.push(`[${key.slice(open)}]`);
      return segments;
    }
    const segment = key.slice(open, close + 1);
    if (Object.hasOwn(Object.prototype, segment.slice(1, -1))) return undefined;
    segments.push(segment);
    levels += 1;
    open = key.indexOf('[', close + 1);
  }
  // Deeper than the depth limit: the rest is one literal segment.
  if (open >= 0) segments.push(`[${key.slice(open)}]`);
  return segments;
}

/** The value `leaf` wrapped in the objects and arrays `segments` name, innermost first. */
function nest(segments: readonly string[], leaf: unknown, overflows: Overflows): unknown {
  let value = leaf;
  for (let level = segments.length - 1; level >= 0; level -= 1) {
    const segment = segments[level] ?? '';
    if (segment === '[]') {
      if (!(isObject(value) && overflows.has(value))) value = combine([], value, overflows);
      continue;
    }
    const bracketed = segment.length > 1 && segment.startsWith('[') && segment.endsWith(']');
    const name = bracketed ? segment.slice(1, -1) : segment;
    const index = Number.parseInt(name, 10);
    const isIndex = bracketed && !Number.isNaN(index) && String(index) === name && index >= 0;
    if (isIndex && index < ARRAY_LIMIT) {
      const array: unknown[] = [];
      array[index] = value;
      value = array;
    } else {
      const object: Record<string, unknown> = {};
      if (isIndex) {
        object[index] = value;
        overflows.set(object, index);
      } else if (name !== '__proto__') object[name] = value;
      value = object;
    }
  }
  return value;
}

/** `a` and `b` in one array (arrays flattened one level), an overflow object past the limit. */
function combine(a: unknown, b: unknown, overflows: Overflows): unknown {
  if (isObject(a)) {
    const max = overflows.get(a);
    if (max !== undefined) {
      (a as Record<string, unknown>)[max + 1] = b;
      overflows.set(a, max + 1);
      return a;
    }
  }
  const result = ([] as unknown[]).concat(a, b);
  return result.length > ARRAY_LIMIT ? overflowOf(result, result.length - 1, overflows) : result;
}

/** An array as an object with its defined items by index, marked as an overflow. */
function overflowOf(items: readonly unknown[], max: number, overflows: Overflows): Record<string, unknown> {
  const object = arrayToObject(items);
  overflows.set(object, max);
  return object;
}

function arrayToObject(items: readonly unknown[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let index = 0; index < items.length; index += 1) {
    if (items[index] !== undefined) object[index] = items[index];
  }
  return object;
}

function isObject(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/** `source` merged into `target` as qs merges the values of two parameters. */
function merge(target: unknown, source: unknown, overflows: Overflows): unknown {
  if (!source) return target;
  if (!isObject(source)) return mergeValue(target, source, overflows);
  if (!isObject(target)) {
    const max = overflows.get(source);
    if (max !== undefined) {
      // The value goes first, the overflow's items move one index up.
      const shifted: Record<string, unknown> = { 0: target };
      for (const key of Object.keys(source))
        shifted[Number.parseInt(key, 10) + 1] = (source as Record<string, unknown>)[key];
      overflows.set(shifted, max + 1);
      return shifted;
    }
    const combined = [target].concat(source);
    return combined.length > ARRAY_LIMIT ? overflowOf(combined, combined.length - 1, overflows) : combined;
  }
  if (Array.isArray(target) && Array.isArray(source)) {
    // Item by item (holes skipped): objects at one index merge, other values are appended.
    const length = source.length;
    for (let index = 0; index < length; index += 1) {
      if (!Object.hasOwn(source, index)) continue;
      const item: unknown = source[index];
      if (Object.hasOwn(target, index)) {
        const existing: unknown = target[index];
        if (isObject(existing) && isObject(item)) target[index] = merge(existing, item, overflows);
        else target[target.length] = item;
      } else target[index] = item;
    }
    return target.length > ARRAY_LIMIT ? overflowOf(target, target.length - 1, overflows) : target;
  }
  const into: Record<string, unknown> = Array.isArray(target) ? arrayToObject(target) : target;
  const from = source as Record<string, unknown>;
  const sourceMax = overflows.get(from);
  for (const key of Object.keys(from)) {
    const value = from[key];
    put(into, key, Object.hasOwn(into, key) ? merge(into[key], value, overflows) : value);
    if (sourceMax !== undefined && !overflows.has(into)) overflows.set(into, sourceMax);
    const max = overflows.get(into);
    if (max !== undefined) {
      const index = Number.parseInt(key, 10);
      if (String(index) === key && index >= 0 && index > max) overflows.set(into, index);
    }
  }
  return into;
}

/** A plain value merged into `target`: appended to an array or overflow, else both in a pair. */
function mergeValue(target: unknown, value: unknown, overflows: Overflows): unknown {
  if (Array.isArray(target)) {
    const next = target.length;
    if (next >= ARRAY_LIMIT) return overflowOf(target.concat(value), next, overflows);
    target[next] = value;
    return target;
  }
  if (isObject(target)) {
    const max = overflows.get(target);
    if (max === undefined) return [target, value];
    (target as Record<string, unknown>)[max + 1] = value;
    overflows.set(target, max + 1);
    return target;
  }
  return [target, value];
}

/** Sets an own data property, `__proto__` included. */
function put(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** Every array with its holes (and undefined items) closed up, at any depth. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (item !== undefined) items.push(compact(item));
    }
    return items;
  }
  if (isObject(value)) {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) put(object, key, compact(object[key]));
  }
  return value;
}
