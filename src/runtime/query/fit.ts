/**
 * Lists longer than Strapi reads as arrays, rewritten into shorter ones that mean the same, so a
 * long `$in` still filters as written.
 *
 * Copied into the parts with to-query-string.ts, its one user: see there.
 */
import {
  ARRAY_LIMIT,
  isPlainQueryObject,
  type LogicalGroups,
  QUERY_DEPTH_LIMIT,
  type QueryRecord,
} from './limits.ts';

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
