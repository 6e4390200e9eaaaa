/**
 * `sort` as Strapi 5.54 on SQLite orders a REST read, in three steps:
 * 1. Validation (@strapi/utils dist/validate/validators.js `validateSort`, walking the sort as
 *    dist/traverse/query-sort.js does): a key that is no attribute (`id`, `documentId` aside, and
 *    `status` on a draft-and-publish type), a dynamic zone, a morphTo relation, a password, a
 *    private attribute, a link or non-attribute with nothing after it (`author`, `status`), each
 *    answers 400 `Invalid key <key>[ at <path>]`, details `{ key, path, source: 'query',
 *    param: 'sort' }`; each check walks the whole sort before the next one starts.
 * 2. Conversion (dist/convert-query-params.js `convertSortQueryParams`): `'title'`,
 *    `'title:desc,author.name'`, `['a:asc', 'b']`, `{ title: 'desc' }`, `[{ author: { name:
 *    'asc' } }]` become sort maps; an order other than asc/desc (any case) answers 400 `Invalid
 *    order. order can only be one of asc|desc|ASC|DESC`.
 * 3. The SQL (@strapi/database dist/query/helpers/order-by.js, query-builder.js): `ORDER BY` the
 *    columns, then `id ASC` (`ensurePaginationOrderStability`: a REST read is always paginated);
 *    SQLite puts NULL first ascending and last descending. A column of a relation, media or
 *    component is a LEFT JOIN, each mention its own ("deep sort", `wrapWithDeepSort`): each row
 *    takes the values of its first joined combination ordered by the sort columns NULLS LAST,
 *    then rows are ordered by those values (a `status` sort after the columns), then by id.
 * No sort: `id ASC`.
 */
import type { CmsField } from '../validate/fields.ts';
import { MockBadRequest } from './errors.ts';
import {
  attributeOf,
  type Column,
  columnOf,
  compareValues,
  idColumn,
  invalidKey,
  isLink,
  linkedRows,
  linkTable,
  type SqlValue,
} from './filters.ts';
import type { FilterContext, Row } from './rows.ts';

/** A converted sort: field names to `asc`/`desc` or to the sort map of a link. */
type SortMap = { [key: string]: string | SortMap };

/** The rank of a row for the virtual `status` sort: 0 draft, 1 modified, 2 published. */
export type StatusRank = (row: Row) => number;

/** A join of the sort: the link `name` of `table`, from the row of join `parent` (-1: the read's row). */
interface Join {
  readonly parent: number;
  readonly table: string;
  readonly name: string;
}

/** A sort column: a column of the row of `join`, or the virtual status; descending or not. */
interface SortColumn {
  readonly join: number;
  readonly column: Column | 'status';
  readonly descending: boolean;
}

/**
 * `rows` of `table` in the order Strapi 5.54 on SQLite returns them for `sort` (a REST query's
 * `sort` as `readQuery` reads it, or the same value in any form Strapi takes); a new array.
 * `status` ranks rows for the virtual `status` sort of a draft-and-publish type (left out,
 * `status` is refused as Strapi refuses it on a type without draft and publish). Throws
 * `MockBadRequest` for a sort Strapi refuses with 400, a plain `Error` for one it fails on.
 */
export function sortRows(
  table: string,
  rows: readonly Row[],
  sort: unknown,
  ctx: FilterContext,
  status?: StatusRank,
): Row[] {
  checkSort(table, sort, ctx, status !== undefined);
  const maps = hasSort(sort) ? convertSort(sort) : [];
  const joins: Join[] = [];
  const columns: SortColumn[] = [];
  for (const map of maps) planColumns(table, map, -1, joins, columns, ctx);
  const deep = joins.length > 0;
  // Deep sort orders by the column values first, the status rank after them.
  const ordered = deep
    ? [
        ...columns.filter((entry) => entry.column !== 'status'),
        ...columns.filter((entry) => entry.column === 'status'),
      ]
    : columns;
  const keyed = rows.map((row) => ({ row, key: keyOf(row, ordered, joins, status, ctx) }));
  keyed.sort((a, b) => {
    for (let index = 0; index < ordered.length; index += 1) {
      const order = compareNullsFirst(a.key[index] ?? null, b.key[index] ?? null);
      if (order !== 0) return ordered[index]?.descending === true ? -order : order;
    }
    return a.row.id - b.row.id;
  });
  return keyed.map((entry) => entry.row);
}

/**
 * Throws the `MockBadRequest` Strapi 5.54 answers for `sort` on `table` (step 1 and 2 above);
 * `draftAndPublish` lets the virtual `status` key through.
 */
export function checkSort(table: string, sort: unknown, ctx: FilterContext, draftAndPublish = false): void {
  // validateQuery checks a sort only when it is truthy (dist/validate/index.js).
  if (!sort) return;
  const passes: SortCheck[] = [
    (key, field, path) => {
      if (key === 'id' || key === 'documentId' || (key === 'status' && draftAndPublish)) return;
      if (field === undefined) throw invalidKey(key, path, 'sort');
    },
    (key, field, path) => {
      if (field?.kind === 'dynamiczone') throw invalidKey(key, path, 'sort');
    },
    (key, field, path) => {
      if (field?.kind === 'relation' && field.relation.startsWith('morphTo'))
        throw invalidKey(key, path, 'sort');
    },
    (key, field, path) => {
      if (field?.kind === 'password') throw invalidKey(key, path, 'sort');
    },
    (key, field, path) => {
      if (field?.private === true) throw invalidKey(key, path, 'sort');
    },
    (key, field, path, value) => {
      if (key === 'id' || key === 'documentId') return;
      if ((field === undefined || isLink(field) || field.kind === 'dynamiczone') && isEmptyValue(value))
        throw invalidKey(key, path, 'sort');
    },
  ];
  for (const pass of passes) walkSort(table, sort, null, pass, ctx);
  if (hasSort(sort)) convertSort(sort);
}

/** What a validation pass is told about each key: its field, path and the value under it. */
type SortCheck = (key: string, field: CmsField | undefined, path: string | null, value: unknown) => void;

/** One validation pass, as dist/traverse/query-sort.js walks a sort. */
function walkSort(
  table: string,
  sort: unknown,
  path: string | null,
  check: SortCheck,
  ctx: FilterContext,
): void {
  if (Array.isArray(sort) && !hasSort(sort)) return;
  if (typeof sort === 'string' && sort.split(',').length > 1) {
    for (const part of sort.split(',')) walkSort(table, part.trim(), path, check, ctx);
    return;
  }
  if (Array.isArray(sort) && (sort.every((item) => typeof item === 'string') || sort.every(isObjectLike))) {
    for (const item of sort) walkSort(table, item, path, check, ctx);
    return;
  }
  let entries: [string, unknown][];
  if (typeof sort === 'string') {
    const [first, ...rest] = tokensOf(sort.trim());
    entries = first === undefined || first === '' ? [] : [[first, recompose(rest)]];
  } else if (isObjectLike(sort)) entries = Object.entries(sort);
  else return;
  for (const [key, value] of entries) {
    const field = attributeOf(table, key, ctx);
    const keyPath = field === undefined ? path : path === null ? key : `${path}.${key}`;
    check(key, field, keyPath, value);
    if (field === undefined || !isLink(field)) continue;
    if (field.kind === 'relation' && field.relation.toLowerCase().startsWith('morph')) continue;
    if (field.kind === 'relation' && field.target === undefined && field.private === true) continue;
    walkSort(linkTable(table, key, field, ctx), value, keyPath, check, ctx);
  }
}

/** lodash `isObject`: an object or array (functions do not come in a query). */
function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** lodash `isEmpty` for what a sort holds. */
function isEmptyValue(value: unknown): boolean {
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0;
  if (isObjectLike(value)) return Object.keys(value).length === 0;
  return true;
}

/** A sort string's tokens: split at `.` then `:`. */
function tokensOf(text: string): string[] {
  return text.split('.').flatMap((part) => part.split(':'));
}

/** The tokens after a key, joined back (`name:desc`), undefined when there are none. */
function recompose(parts: readonly string[]): string | undefined {
  if (parts.length === 0) return undefined;
  let text = '';
  for (const part of parts) {
    if (part === '') continue;
    if (text === '') text = part;
    else text = isOrder(part) ? `${text}:${part}` : `${text}.${part}`;
  }
  return text;
}

function isOrder(text: string): boolean {
  const lower = text.toLowerCase();
  return lower === 'asc' || lower === 'desc';
}

/** dist/sort-query.js `hasSort`: whether the sort names at least one field with an order. */
function hasSort(sort: unknown): boolean {
  if (typeof sort === 'string') return meaningfulSegments(sort).length > 0;
  if (Array.isArray(sort))
    return sort.some((item) =>
      typeof item === 'string'
        ? meaningfulSegments(item).length > 0
        : isPlainObject(item) && hasSortObject(item),
    );
  return isPlainObject(sort) && hasSortObject(sort);
}

function hasSortObject(sort: Record<string, unknown>): boolean {
  return Object.keys(sort).some((key) => {
    const order = sort[key];
    if (typeof order === 'string') return order.length > 0;
    return isPlainObject(order) && hasSortObject(order);
  });
}

/** The segments of a sort string with a field (`''`, `,` and `:asc` dropped), trimmed. */
function meaningfulSegments(sort: string): string[] {
  return sort
    .split(',')
    .map((segment) => segment.trim())
    .filter((segment) => segment.length > 0 && (segment.split(':')[0] ?? '').trim().length > 0);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype;
}

/** dist/convert-query-params.js `convertSortQueryParams`, empty maps dropped (`normalizeOrderBy`). */
function convertSort(sort: unknown): SortMap[] {
  let maps: SortMap[];
  if (typeof sort === 'string') maps = meaningfulSegments(sort).map(convertSegment);
  else if (Array.isArray(sort) && sort.every((item) => typeof item === 'string'))
    maps = sort.flatMap((item: string) => meaningfulSegments(item).map(convertSegment));
  else if (Array.isArray(sort)) maps = sort.map(convertNested);
  else if (isPlainObject(sort)) maps = [convertNested(sort)];
  else
    throw new MockBadRequest(
      'Invalid sort parameter. Expected a string, an array of strings, a sort object or an array of sort objects',
    );
  return maps.filter((map) => !isEmptyMap(map));
}

/** One `field[:order]` segment as a sort map (`author.name:desc` -> `{ author: { name: 'desc' } }`). */
function convertSegment(segment: string): SortMap {
  const [rawField = '', rawOrder = 'asc'] = segment.trim().split(':');
  const field = rawField.trim();
  if (field.length === 0) throw new MockBadRequest('Field cannot be empty');
  const order = rawOrder.trim();
  checkOrder(order);
  const map: SortMap = {};
  const path = field.split('.');
  let current = map;
  for (let index = 0; index < path.length; index += 1) {
    const key = path[index] ?? '';
    if (key === 'prototype' || (key in current && !Object.hasOwn(current, key)))
      throw new MockBadRequest('Invalid sort query');
    const next: SortMap | string = index === path.length - 1 ? order : {};
    Object.defineProperty(current, key, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (typeof next !== 'string') current = next;
  }
  return map;
}

/** A sort object: orders checked, empty orders and empty nested maps dropped. */
function convertNested(sort: unknown): SortMap {
  const map: SortMap = {};
  if (!isObjectLike(sort)) return map;
  for (const key of Object.keys(sort)) {
    const order = sort[key];
    if (isPlainObject(order)) {
      const nested = convertNested(order);
      if (!isEmptyMap(nested)) map[key] = nested;
    } else if (typeof order === 'string') {
      const trimmed = order.trim();
      if (trimmed.length > 0) {
        checkOrder(trimmed);
        map[key] = trimmed;
      }
    } else throw new MockBadRequest(`Invalid sort type expected object or string got ${typeof order}`);
  }
  return map;
}

function checkOrder(order: string): void {
  if (!isOrder(order)) throw new MockBadRequest('Invalid order. order can only be one of asc|desc|ASC|DESC');
}

function isEmptyMap(map: SortMap): boolean {
  return Object.keys(map).every((key) => {
    const value = map[key];
    return typeof value === 'string' ? value.trim().length === 0 : value === undefined || isEmptyMap(value);
  });
}

/** The columns of a sort map (order-by.js `processOrderBy`), each link mention a new join. */
function planColumns(
  table: string,
  map: SortMap,
  join: number,
  joins: Join[],
  columns: SortColumn[],
  ctx: FilterContext,
): void {
  for (const key of Object.keys(map)) {
    const value = map[key];
    if (value === undefined) continue;
    if (key === 'status') {
      columns.push({
        join,
        column: 'status',
        descending: typeof value === 'string' && value.toLowerCase() === 'desc',
      });
      continue;
    }
    const field = key === 'id' || key === 'documentId' ? undefined : attributeOf(table, key, ctx);
    if (field !== undefined && isLink(field)) {
      if (typeof value === 'string') throw new Error(`Invalid orderBy syntax for ${key}`);
      joins.push({ parent: join, table, name: key });
      planColumns(linkTable(table, key, field, ctx), value, joins.length - 1, joins, columns, ctx);
      continue;
    }
    if (typeof value !== 'string') throw new Error(`Invalid order direction for ${key}`);
    let column: Column;
    if (key === 'id') column = idColumn();
    else if (key === 'documentId') column = columnOf('documentId', 'string');
    else if (field === undefined) throw new Error(`Attribute ${key} not found on model ${table}`);
    else if (field.kind === 'dynamiczone') throw new Error(`You cannot order on ${field.kind} types`);
    else column = columnOf(key, field.kind);
    columns.push({ join, column, descending: value.toLowerCase() === 'desc' });
  }
}

/**
 * The values a row is ordered by: its own columns, or with joins the values of its first joined
 * combination (each join's linked rows, or the all-NULL row), ordered by the columns NULLS LAST.
 */
function keyOf(
  row: Row,
  columns: readonly SortColumn[],
  joins: readonly Join[],
  status: StatusRank | undefined,
  ctx: FilterContext,
): SqlValue[] {
  const valuesOf = (assigned: readonly (Row | null)[]): SqlValue[] =>
    columns.map((entry) => {
      if (entry.column === 'status') return status === undefined ? null : status(row);
      return entry.column.read(entry.join === -1 ? row : (assigned[entry.join] ?? null));
    });
  if (joins.length === 0) return valuesOf([]);
  let best: SqlValue[] | undefined;
  const assigned: (Row | null)[] = [];
  const visit = (index: number): void => {
    if (index === joins.length) {
      const values = valuesOf(assigned);
      if (best === undefined || compareCombinations(values, best, columns) < 0) best = values;
      return;
    }
    const join = joins[index];
    if (join === undefined) return;
    const from = join.parent === -1 ? row : (assigned[join.parent] ?? null);
    const linked = linkedRows(join.table, from, join.name, ctx);
    for (const candidate of linked.length === 0 ? [null] : linked) {
      assigned[index] = candidate;
      visit(index + 1);
    }
  };
  visit(0);
  return best ?? valuesOf([]);
}

/** The order of the combinations of one row: each column by its direction, NULLS LAST. */
function compareCombinations(
  a: readonly SqlValue[],
  b: readonly SqlValue[],
  columns: readonly SortColumn[],
): number {
  for (let index = 0; index < columns.length; index += 1) {
    const x = a[index] ?? null;
    const y = b[index] ?? null;
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
      continue;
    }
    const order = compareValues(x, y);
    if (order !== 0) return columns[index]?.descending === true ? -order : order;
  }
  return 0;
}

/** SQLite's order of two stored values: NULL first, then numbers, then text. */
function compareNullsFirst(a: SqlValue, b: SqlValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return compareValues(a, b);
}
