/**
 * The query writer of `toQueryString`: writes a query as text.ts does, keeping the path of
 * each value, so that a problem is reported where it is (`QueryProblem`, worded in
 * to-query-string.ts) and the values of each list can be counted to explain a passed limit.
 *
 * Copied into the parts with to-query-string.ts, its one user: see there.
 */

import {
  ARRAY_LIMIT,
  isPlainQueryObject,
  QUERY_DEPTH_LIMIT,
  type QueryPath,
  type QueryRecord,
} from './limits.ts';
import { QUERY_INDICES, queryKeyText, queryValueText } from './text.ts';

/**
 * What the writer finds that Strapi would not read back as given, at a path: an object key that
 * is empty, holds `[` or `]`, is all digits below the top level or names an `Object.prototype`
 * member; nesting too deep; `$in` with no values; a list longer than `ARRAY_LIMIT`; an invalid
 * Date, a value a query string cannot carry, text with a lone surrogate.
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
 */
export type QueryExplainer = (problem: QueryProblem, path: QueryPath, detail?: unknown) => Error;

/** Called for each leaf value written in a list, with the characters it added to the query. */
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

/** Writes `params`, throwing `explain`'s error at the first problem. */
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
    const encoded = queryKeyText(key, path.length > 1);
    if (encoded === undefined) throw writer.explain(keyProblem(key, path), path);
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
    let part = key;
    if (value !== null) {
      const text = queryValueText(value);
      if (text === undefined) throw writer.explain(valueProblem(value), path, value);
      part = `${key}=${text}`;
    }
    writer.out = writer.count++ === 0 ? part : `${writer.out}&${part}`;
  }
}

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

/** Why text.ts would not write `key` at `path`, checked in the order the problems are reported. */
function keyProblem(key: string, path: QueryPath): QueryProblem {
  if (key === '') return 'emptyKey';
  if (/[[\]]/.test(key)) return 'bracketKey';
  if (path.length > 1 && /^\d+$/.test(key)) return 'digitKey';
  return Object.hasOwn(Object.prototype, key) ? 'prototypeKey' : 'surrogate';
}

/** Why text.ts would not write a leaf value. */
function valueProblem(value: unknown): QueryProblem {
  if (value instanceof Date) return 'invalidDate';
  return typeof value === 'string' ? 'surrogate' : 'value';
}
