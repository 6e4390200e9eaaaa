/**
 * `filters` as Strapi 5.54 on SQLite applies them to a REST read, in three steps:
 * 1. Validation (@strapi/utils dist/validate/validators.js `validateFilters`, walking the filters
 *    as dist/traverse/query-filters.js does): a key that is neither an attribute, `id`,
 *    `documentId` nor an operator, then a dynamic zone, a morphTo relation, a password, a
 *    private attribute, each answers 400 `Invalid key <key>[ at <path>]` with details
 *    `{ key, path, source: 'query', param: 'filters' }` (dist/validate/utils.js `throwInvalidKey`,
 *    dist/validate/index.js). Each check walks all the filters before the next one starts.
 * 2. Conversion (dist/convert-query-params.js `convertFiltersQueryParams` and the sanitizer's
 *    dist/sanitize/sanitizers.js): filters that are not an object or array answer 400 `The
 *    filters parameter must be an object or an array`; empty objects and arrays are dropped;
 *    `$null`/`$notNull` operands become booleans.
 * 3. The SQL (@strapi/database dist/query/helpers/where.js, joins in join.js): values cast per
 *    attribute (fields/*.js `toDB`) for the operators that cast, then SQLite's rules, written out
 *    in `compileOperator`. A relation, media or component is a LEFT JOIN and the read is
 *    DISTINCT: a row matches when some combination of linked rows (or the all-NULL row of an empty
 *    link) makes the WHERE true, each mention of a link being a join of its own.
 * A filter Strapi can only answer with a 500 (a cast that fails, `$eq` at the root, `$and` that
 * is not an array...) throws a plain `Error`.
 */
import type { CmsField } from '../validate/fields.ts';
import { MockBadRequest } from './errors.ts';
import type { FilterContext, Row } from './rows.ts';

/** The upload plugin's files: the table media fields link to. */
const FILES = 'plugin::upload.file';

/** @strapi/utils dist/operators.js: the operators a filter key may be (case-sensitive). */
const OPERATORS = [
  '$and',
  '$or',
  '$not',
  '$in',
  '$notIn',
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$null',
  '$notNull',
  '$between',
  '$startsWith',
  '$endsWith',
  '$startsWithi',
  '$endsWithi',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$jsonSupersetOf',
];
/** The operators whose operand Strapi casts to the attribute's type (`CAST_OPERATORS`). */
const CAST_OPERATORS = ['$not', '$in', '$notIn', '$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$between'];

/**
 * The upload plugin's file model (@strapi/upload dist/server/content-types/file.js), for media
 * filters and sorts when the context knows no table for it. `related` is a morphToMany relation.
 */
const FILE_FIELDS: Readonly<Record<string, CmsField>> = {
  name: { kind: 'string' },
  alternativeText: { kind: 'text' },
  caption: { kind: 'text' },
  focalPoint: { kind: 'json' },
  width: { kind: 'integer' },
  height: { kind: 'integer' },
  formats: { kind: 'json' },
  hash: { kind: 'string' },
  ext: { kind: 'string' },
  mime: { kind: 'string' },
  size: { kind: 'decimal' },
  url: { kind: 'text' },
  previewUrl: { kind: 'text' },
  provider: { kind: 'string' },
  provider_metadata: { kind: 'json' },
  related: { kind: 'relation', relation: 'morphToMany' },
  folder: { kind: 'relation', relation: 'manyToOne', target: 'plugin::upload.folder', private: true },
  folderPath: { kind: 'string', private: true },
};

/** Three-valued SQL truth (`null` is UNKNOWN); `undefined` is "no condition" (an empty group). */
type Truth = boolean | null | undefined;

/**
 * A compiled condition on a row of its table: `null` stands for the all-NULL row a LEFT JOIN
 * yields for an empty link. `negated` asks for the value of NOT(condition), pushed down to the
 * leaves so that each join's EXISTS stays where its link is mentioned.
 */
type Condition = (row: Row | null, negated: boolean) => Truth;

/**
 * A value as SQLite holds or binds it: NULL, a number (INTEGER or REAL; a bigint for an INTEGER
 * past 2^53), or TEXT.
 */
export type SqlValue = number | bigint | string | null;

/** A column's type affinity in SQLite (knex's column types for Strapi's attribute types). */
export type Affinity = 'text' | 'integer' | 'real' | 'numeric';

/** A column: how its values are stored and how an operand is cast for it. @internal */
export interface Column {
  /** The attribute type (`increments` for `id`). */
  readonly kind: string;
  /** The type affinity of its SQL column, which decides how SQLite compares and converts. */
  readonly affinity: Affinity;
  /** The stored value of the row's column (NULL for the all-NULL row). */
  readonly read: (row: Row | null) => SqlValue;
}

// ---------------------------------------------------------------------------------------------
// Attributes

/** Whether `key` is one of Strapi's filter operators. */
export function isOperator(key: string): boolean {
  return OPERATORS.includes(key);
}

/** A table holds components (`shared.seo`), not documents of a content type. */
function isComponentTable(table: string): boolean {
  return !table.includes('::') && table.includes('.');
}

/** A row that links to nothing: the all-NULL row of a LEFT JOIN, used to learn link tables. */
function placeholderRow(): Row {
  return { id: 0, documentId: '', locale: null, publishedAt: null, createdAt: '', updatedAt: '' };
}

/**
 * The attribute `name` of `table` as Strapi's model has it: the context's field, else the
 * attributes Strapi adds to every content type (@strapi/core dist/domain/content-type/index.js:
 * `createdAt`, `updatedAt`, `publishedAt` datetimes, private `createdBy`/`updatedBy`;
 * @strapi/i18n dist/server/register.js: `locale` and `localizations`, private unless the type is
 * localized, which the context shows by linking `localizations`), else the upload file model's.
 * `id` and `documentId` are not attributes (Strapi lets them through by name).
 * @internal
 */
export function attributeOf(table: string, name: string, ctx: FilterContext): CmsField | undefined {
  const field = ctx.field(table, name);
  if (field !== undefined) return field;
  if (table === FILES && Object.hasOwn(FILE_FIELDS, name)) return FILE_FIELDS[name];
  if (isComponentTable(table)) return undefined;
  switch (name) {
    case 'createdAt':
    case 'updatedAt':
    case 'publishedAt':
      return { kind: 'datetime' };
    case 'createdBy':
    case 'updatedBy':
      // Private unless `options.populateCreatorFields`; the admin user's model is not known here.
      return { kind: 'relation', relation: 'oneToOne', private: true };
    case 'locale':
      return localized(table, ctx) ? { kind: 'string' } : { kind: 'string', private: true };
    case 'localizations':
      return localized(table, ctx)
        ? { kind: 'relation', relation: 'oneToMany' }
        : { kind: 'relation', relation: 'oneToMany', private: true };
  }
  return undefined;
}

function localized(table: string, ctx: FilterContext): boolean {
  return ctx.linked(table, placeholderRow(), 'localizations') !== undefined;
}

/**
 * The table a link attribute leads to: a component's uid, the files for media, a relation's
 * target table as the context names it. @internal
 */
export function linkTable(table: string, name: string, field: CmsField, ctx: FilterContext): string {
  if (field.kind === 'component') return field.component;
  if (field.kind === 'media') return FILES;
  return (
    ctx.linked(table, placeholderRow(), name)?.table ??
    (field.kind === 'relation' ? (field.target ?? '') : '')
  );
}

/** The rows `row` links to through `name` (none for the all-NULL row). @internal */
export function linkedRows(table: string, row: Row | null, name: string, ctx: FilterContext): Row[] {
  return row === null ? [] : (ctx.linked(table, row, name)?.rows ?? []);
}

/** Whether a field is a link: a relation, media or a component (dynamic zones aside). @internal */
export function isLink(field: CmsField): boolean {
  return field.kind === 'relation' || field.kind === 'media' || field.kind === 'component';
}

/** Strapi's 400 for a key it refuses (@strapi/utils dist/validate/utils.js `throwInvalidKey`). @internal */
export function invalidKey(key: string, path: string | null, param: string): MockBadRequest {
  const message = path !== null && path !== key ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`;
  return new MockBadRequest(message, { key, path, source: 'query', param });
}

// ---------------------------------------------------------------------------------------------
// Validation

/** What a validation pass is told about each key it meets. */
type KeyCheck = (key: string, field: CmsField | undefined, path: string | null) => void;

/**
 * Throws the `MockBadRequest` Strapi 5.54 answers for `filters` on `table`, if any (step 1 and
 * the shape check of step 2 above); `undefined`/`null` filters are no filters.
 */
export function checkFilters(table: string, filters: unknown, ctx: FilterContext): void {
  if (filters === undefined || filters === null) return;
  const passes: KeyCheck[] = [
    (key, field, path) => {
      if (key !== 'id' && key !== 'documentId' && field === undefined && !isOperator(key))
        throw invalidKey(key, path, 'filters');
    },
    (key, field, path) => {
      if (field?.kind === 'dynamiczone') throw invalidKey(key, path, 'filters');
    },
    (key, field, path) => {
      if (field?.kind === 'relation' && field.relation.startsWith('morphTo'))
        throw invalidKey(key, path, 'filters');
    },
    (key, field, path) => {
      if (field?.kind === 'password') throw invalidKey(key, path, 'filters');
    },
    (key, field, path) => {
      if (field?.private === true) throw invalidKey(key, path, 'filters');
    },
  ];
  for (const pass of passes) walkFilters(table, filters, null, pass, ctx);
  // dist/convert-query-params.js `convertFiltersQueryParams` (lodash isObject).
  if (typeof filters !== 'object' && typeof filters !== 'function')
    throw new MockBadRequest('The filters parameter must be an object or an array');
}

/** One validation pass, in the order dist/traverse/query-filters.js visits the keys. */
function walkFilters(
  table: string,
  value: unknown,
  path: string | null,
  check: KeyCheck,
  ctx: FilterContext,
): void {
  if (Array.isArray(value)) {
    for (const item of value) walkFilters(table, item, path, check, ctx);
    return;
  }
  if (!isRecord(value)) return;
  for (const key of Object.keys(value)) {
    const field = attributeOf(table, key, ctx);
    const keyPath = field === undefined ? path : path === null ? key : `${path}.${key}`;
    check(key, field, keyPath);
    const inner = value[key];
    if (inner === undefined || inner === null) continue;
    if (field === undefined) {
      // An operator's operand that is an object but no filter is left as it is ($not aside).
      if (isOperator(key) && key !== '$not' && isRecord(inner) && !isFilterLike(table, inner, ctx)) continue;
      walkFilters(table, inner, keyPath, check, ctx);
    } else if (field.kind === 'relation') {
      if (
        field.relation.toLowerCase().startsWith('morph') ||
        (field.target === undefined && field.private === true)
      )
        continue;
      walkFilters(linkTable(table, key, field, ctx), inner, keyPath, check, ctx);
    } else if (field.kind === 'component' || field.kind === 'media') {
      walkFilters(linkTable(table, key, field, ctx), inner, keyPath, check, ctx);
    } else if (field.kind !== 'dynamiczone' && isRecord(inner)) {
      // A scalar's operator map is walked with the same table.
      walkFilters(table, inner, keyPath, check, ctx);
    }
  }
}

function isFilterLike(table: string, value: Record<string, unknown>, ctx: FilterContext): boolean {
  return Object.keys(value).some((key) => isOperator(key) || attributeOf(table, key, ctx) !== undefined);
}

/** lodash `isPlainObject`: an object literal (or one with no prototype), as a query holds. */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype;
}

/** An empty object or array, which Strapi's sanitizer drops. */
function isEmpty(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : isRecord(value) && Object.keys(value).length === 0;
}

// ---------------------------------------------------------------------------------------------
// Matching

/**
 * Whether `row` of `table` passes `filters` (a REST query's `filters`, as `readQuery` reads it,
 * or the equivalent object), as Strapi 5.54 on SQLite decides. Throws `MockBadRequest` for
 * filters Strapi refuses with 400, and a plain `Error` for those it answers with 500.
 */
export function matchesFilters(table: string, row: Row, filters: unknown, ctx: FilterContext): boolean {
  return filterOf(table, filters, ctx)(row);
}

/**
 * `filters` checked and compiled once: the test of a row of `table`. Throws as `matchesFilters`
 * does, whether or not there are rows to test.
 */
export function filterOf(table: string, filters: unknown, ctx: FilterContext): (row: Row) => boolean {
  checkFilters(table, filters, ctx);
  if (filters === undefined || filters === null) return () => true;
  const condition = compileWhere(table, filters, ctx);
  return (row) => {
    const truth = condition(row, false);
    return truth === undefined || truth === true;
  };
}

/** A where clause of `table`: an object (its keys ANDed) or an array of them (ANDed). */
function compileWhere(table: string, where: unknown, ctx: FilterContext): Condition {
  if (Array.isArray(where))
    return allOf(where.filter((item) => !isEmpty(item)).map((item) => compileWhere(table, item, ctx)));
  if (!isRecord(where)) throw new Error('Where must be an array or an object');
  const conditions: Condition[] = [];
  for (const key of Object.keys(where)) {
    const value = where[key];
    if (value === undefined || isEmpty(value)) continue;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) throw new Error(`Operator ${key} must be an array`);
      const items = value.filter((item) => !isEmpty(item)).map((item) => compileGroupItem(table, item, ctx));
      conditions.push(key === '$and' ? allOf(items) : anyOf(items));
    } else if (key === '$not') {
      if (value === null || value === undefined) continue;
      conditions.push(negate(compileGroupItem(table, value, ctx)));
    } else if (isOperator(key)) {
      throw new Error(`Only $and, $or and $not can only be used as root level operators. Found ${key}.`);
    } else conditions.push(compileKey(table, key, value, ctx));
  }
  return allOf(conditions);
}

/** An item of `$and`/`$or`, or `$not`'s operand: a where object. */
function compileGroupItem(table: string, item: unknown, ctx: FilterContext): Condition {
  // Strapi passes an array here unprocessed (no casts, no joins); it is not followed.
  if (!isRecord(item)) throw new Error('Where must be an array or an object (unsupported by the mock)');
  return compileWhere(table, item, ctx);
}

/** One attribute (or `id`/`documentId`) of a where object. */
function compileKey(table: string, key: string, value: unknown, ctx: FilterContext): Condition {
  if (key === 'id') return compileColumn(idColumn(), value);
  if (key === 'documentId') {
    if (isComponentTable(table)) throw new Error(`SQLITE_ERROR: no such column: documentId (${table})`);
    return compileColumn(columnOf('documentId', 'string'), value);
  }
  const field = attributeOf(table, key, ctx);
  if (field === undefined) throw new Error(`Unknown attribute ${key} of ${table}`);
  if (isLink(field)) return compileLink(table, key, field, value, ctx);
  if (field.kind === 'dynamiczone') throw new Error(`You cannot filter on ${field.kind} types`);
  return compileColumn(columnOf(key, field.kind), value);
}

/**
 * A link of a where object (where.js `processRelationWhere`): a value that is not an object is
 * the linked row's id; one operator applies to the id ($and/$or to the linked row); otherwise
 * a where clause on the linked row. True when some linked row (or the all-NULL row, when there
 * is none) satisfies it.
 */
function compileLink(
  table: string,
  name: string,
  field: CmsField,
  value: unknown,
  ctx: FilterContext,
): Condition {
  const target = linkTable(table, name, field, ctx);
  const id = idColumn();
  let inner: Condition;
  if (!isRecord(value)) inner = compileColumn(id, value);
  else {
    const keys = Object.keys(value);
    const operators = keys.filter(isOperator);
    if (operators.length > 0 && operators.length !== keys.length)
      throw new Error('Operator and non-operator keys cannot be mixed in a relation where clause');
    if (operators.length > 1)
      throw new Error(`Only one operator key is allowed in a relation where clause, but found: ${operators}`);
    const operator = operators[0];
    if (operator === undefined || operator === '$and' || operator === '$or')
      inner = compileWhere(target, value, ctx);
    else {
      const operand = value[operator];
      if (isRecord(operand)) throw new Error(`Undefined attribute level operator ${Object.keys(operand)[0]}`);
      inner = compileOperator(id, operator, operand);
    }
  }
  return (row, negated) => {
    const rows = linkedRows(table, row, name, ctx);
    if (rows.length === 0) return inner(null, negated);
    let truth: Truth;
    for (const linked of rows) {
      truth = or(truth, inner(linked, negated));
      if (truth === true) break;
    }
    return truth;
  };
}

/** A column's condition: an operator map (ANDed), a list (IN), `null` (IS NULL) or a value (=). */
function compileColumn(column: Column, where: unknown): Condition {
  if (isRecord(where)) {
    const conditions: Condition[] = [];
    for (const operator of Object.keys(where)) {
      if (!isOperator(operator) || operator === '$and' || operator === '$or')
        throw new Error(`Undefined attribute level operator ${operator}`);
      if (where[operator] !== undefined) conditions.push(compileOperator(column, operator, where[operator]));
    }
    return allOf(conditions);
  }
  if (Array.isArray(where)) {
    if (where.length === 0) return none;
    const list = where.map((item) => cast(column, '$eq', item));
    return leaf((row) => inList(column, column.read(row), list));
  }
  if (where === null || where === undefined) return leaf((row) => column.read(row) === null);
  const operand = cast(column, '$eq', where);
  return leaf((row) => equal(column, column.read(row), operand));
}

/**
 * One operator on a column, as where.js `applyOperator` writes its SQL and SQLite runs it:
 * - a list operand of an operator that takes one value: the operator on each value, ORed;
 * - `$eq`/`$ne` (cast): `=`/`<>`, `null` meaning IS NULL / IS NOT NULL; compared with SQLite's
 *   affinity rules (a number sent as text compares as a number on a numeric column), text by
 *   code point (BINARY collation: case-sensitive);
 * - `$eqi`/`$nei` (not cast): `LOWER(col) = LOWER(text)`; SQLite's LOWER folds ASCII only;
 * - `$lt` `$lte` `$gt` `$gte` (cast): comparisons; NULL on either side is UNKNOWN (no match);
 * - `$in`/`$notIn` (cast): IN / NOT IN a list (a single value is a list of one); a NULL column
 *   or NULL in the list makes them UNKNOWN unless another value decides;
 * - `$between` (cast): `col BETWEEN a AND b`, exactly two values or knex throws;
 * - `$null`/`$notNull`: IS NULL / IS NOT NULL by the operand's truth ('true', 't', '1' are true,
 *   'false', 'f', '0' false, anything else by JavaScript truthiness);
 * - `$contains` `$notContains` `$startsWith` `$endsWith` (not cast): `LIKE` / `NOT LIKE` with the
 *   operand's wildcards escaped; SQLite's LIKE ignores case for ASCII letters only, so these match
 *   `Hello` for `hello` just as their `i` forms (`LOWER(col) LIKE LOWER(?)`) do, and neither folds
 *   `É` to `é`. A number column is matched through its text;
 * - `$not`: NOT of the operand read as a column condition;
 * - `$jsonSupersetOf`: not available on SQLite (knex throws).
 */
function compileOperator(column: Column, operator: string, operand: unknown): Condition {
  if (isEmpty(operand) || operand === undefined) return none;
  if (operator === '$null' || operator === '$notNull') {
    // Made a boolean before anything else (convertAndSanitizeFilters), a list included.
    const isNull = booleanOf(operand) === (operator === '$null');
    return leaf((row) => (column.read(row) === null) === isNull);
  }
  if (Array.isArray(operand) && operator !== '$in' && operator !== '$notIn' && operator !== '$between')
    return anyOf(operand.map((item) => compileOperator(column, operator, item)));
  if (operator === '$not') return negate(compileColumn(column, operand));
  if (isRecord(operand)) throw new Error(`Undefined attribute level operator ${Object.keys(operand)[0]}`);
  const read = column.read;
  switch (operator) {
    case '$in':
    case '$notIn': {
      const list = (Array.isArray(operand) ? operand : [operand]).map((item) => cast(column, operator, item));
      const test = leaf((row) => inList(column, read(row), list));
      return operator === '$in' ? test : negate(test);
    }
    case '$eq':
    case '$ne': {
      const value = operand === null ? null : cast(column, operator, operand);
      const test =
        operand === null ? leaf((row) => read(row) === null) : leaf((row) => equal(column, read(row), value));
      return operator === '$eq' ? test : negate(test);
    }
    case '$eqi':
    case '$nei': {
      const text = `${operand}`;
      const test =
        operand === null
          ? leaf((row) => read(row) === null)
          : leaf((row) => {
              const value = read(row);
              return value === null ? null : asciiLower(textOf(value, column.affinity)) === asciiLower(text);
            });
      return operator === '$eqi' ? test : negate(test);
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      const value = cast(column, operator, operand);
      return leaf((row) => {
        const order = compareColumn(column, read(row), value);
        if (order === null) return null;
        if (operator === '$gt') return order > 0;
        if (operator === '$gte') return order >= 0;
        return operator === '$lt' ? order < 0 : order <= 0;
      });
    }
    case '$between': {
      if (!Array.isArray(operand)) throw new Error('The second argument to whereBetween must be an array.');
      if (operand.length !== 2) throw new Error('You must specify 2 values for the whereBetween clause');
      const low = cast(column, operator, operand[0]);
      const high = cast(column, operator, operand[1]);
      return leaf((row) => {
        const value = read(row);
        const above = compareColumn(column, value, low);
        const below = compareColumn(column, value, high);
        return and(above === null ? null : above >= 0, below === null ? null : below <= 0) ?? null;
      });
    }
    case '$contains':
    case '$containsi':
    case '$notContains':
    case '$notContainsi':
    case '$startsWith':
    case '$startsWithi':
    case '$endsWith':
    case '$endsWithi': {
      const needle = asciiLower(`${operand}`);
      const where = operator.replace(/^\$(?:not)?|i$/g, '').toLowerCase();
      const test = leaf((row) => {
        const value = read(row);
        if (value === null) return null;
        const text = asciiLower(textOf(value, column.affinity));
        if (where === 'startswith') return text.startsWith(needle);
        return where === 'endswith' ? text.endsWith(needle) : text.includes(needle);
      });
      return operator.startsWith('$not') ? negate(test) : test;
    }
    case '$jsonSupersetOf':
      throw new Error('Json superset where clause not actually supported by SQLite');
  }
  throw new Error(`Undefined attribute level operator ${operator}`);
}

/** dist/parse-type.js `parseBoolean` with `forceCast`, as convertAndSanitizeFilters applies it to `$null`. */
function booleanOf(value: unknown): boolean {
  if (value === 'true' || value === 't' || value === '1' || value === 1) return true;
  if (value === 'false' || value === 'f' || value === '0' || value === 0) return false;
  return Boolean(value);
}

// ---------------------------------------------------------------------------------------------
// Three-valued logic

const none: Condition = () => undefined;

function leaf(test: (row: Row | null) => boolean | null): Condition {
  return (row, negated) => {
    const truth = test(row);
    return negated && truth !== null ? !truth : truth;
  };
}

function negate(condition: Condition): Condition {
  return (row, negated) => condition(row, !negated);
}

/** AND of the conditions (OR when negated, by De Morgan); no condition when all are none. */
function allOf(conditions: readonly Condition[]): Condition {
  const [only] = conditions;
  if (conditions.length === 0) return none;
  if (conditions.length === 1 && only !== undefined) return only;
  return (row, negated) => {
    let truth: Truth;
    for (const condition of conditions) {
      truth = negated ? or(truth, condition(row, negated)) : and(truth, condition(row, negated));
      // Decided: an OR (negated) that is true, an AND that is false.
      if (truth === negated) break;
    }
    return truth;
  };
}

/** OR of the conditions (AND when negated). */
function anyOf(conditions: readonly Condition[]): Condition {
  return negate(allOf(conditions.map(negate)));
}

function and(a: Truth, b: Truth): Truth {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (a === false || b === false) return false;
  return a === null || b === null ? null : true;
}

function or(a: Truth, b: Truth): Truth {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (a === true || b === true) return true;
  return a === null || b === null ? null : false;
}

// ---------------------------------------------------------------------------------------------
// SQLite values

/** The column of `id` (an INTEGER primary key; Strapi casts nothing for it). @internal */
export function idColumn(): Column {
  return {
    kind: 'increments',
    affinity: 'integer',
    read: (row) => (row === null ? null : storedValue('integer', row.id)),
  };
}

/** The column of attribute `name` of type `kind`. @internal */
export function columnOf(name: string, kind: string): Column {
  return {
    kind,
    affinity: affinityOf(kind),
    read: (row) => (row === null ? null : storedValue(kind, row[name])),
  };
}

/**
 * The affinity of the column knex creates for an attribute type on SQLite: varchar/text (TEXT),
 * integer/bigint (INTEGER), float (REAL), decimal, boolean, date, time, datetime, timestamp and
 * json (NUMERIC: a type name without INT, CHAR, CLOB, TEXT, BLOB, REAL, FLOA or DOUB).
 */
function affinityOf(kind: string): Affinity {
  switch (kind) {
    case 'integer':
    case 'biginteger':
    case 'increments':
      return 'integer';
    case 'float':
      return 'real';
    case 'decimal':
    case 'boolean':
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp':
    case 'json':
    case 'blocks':
      return 'numeric';
  }
  return 'text';
}

/**
 * A row's value (the JSON value Strapi returns) as SQLite stores it: booleans as 0/1 (knex's
 * better-sqlite3 binding), datetimes and timestamps as epoch milliseconds (a bound `Date`),
 * JSON as its text (a string or number as it is: @strapi/database fields/json.js), numeric
 * text in a numeric column as a number. @internal
 */
export function storedValue(kind: string, value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  let stored: SqlValue;
  if (typeof value === 'boolean') stored = value ? 1 : 0;
  else if (typeof value === 'number') stored = Number.isFinite(value) ? value : null;
  else if (typeof value === 'string') {
    if (kind === 'datetime' || kind === 'timestamp') {
      const time = Date.parse(value);
      stored = Number.isNaN(time) ? value : time;
    } else stored = value;
  } else if (typeof value === 'bigint') stored = value;
  else stored = JSON.stringify(value);
  return withAffinity(stored, affinityOf(kind));
}

/** SQLite's affinity applied to a value entering a column or compared with one. */
function withAffinity(value: SqlValue, affinity: Affinity): SqlValue {
  if (value === null) return null;
  if (affinity === 'text') return typeof value === 'string' ? value : textOf(value, 'integer');
  if (typeof value === 'string') {
    const number = numericText(value);
    return number === undefined ? value : number;
  }
  return value;
}

/**
 * The number a text is when SQLite reads it as one (a well-formed integer or real literal): an
 * integer exactly (a bigint past 2^53, up to 64 bits), else a REAL.
 */
function numericText(text: string): number | bigint | undefined {
  if (!/^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(text)) return undefined;
  if (/^\s*[+-]?\d+\s*$/.test(text)) {
    const integer = BigInt(text.trim());
    // 2^63, written without a bigint literal (a consumer may target below ES2020).
    const limit = BigInt('9223372036854775808');
    if (integer >= -limit && integer < limit)
      return integer >= BigInt(Number.MIN_SAFE_INTEGER) && integer <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(integer)
        : integer;
  }
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * A value as text (LIKE and LOWER read a number as its text): an INTEGER as its digits, a REAL
 * as SQLite 3.4x prints it (`2.0`, `0.1`, `1.0e+20`: 15 significant digits when they give the
 * number back, else 17; SQLite rounds the 17th digit its own way, so that case is approximate).
 */
function textOf(value: number | bigint | string, affinity: Affinity): string {
  if (typeof value !== 'number') return String(value);
  if (affinity !== 'real' && Number.isInteger(value) && Math.abs(value) < 2 ** 63) return String(value);
  const short = value.toPrecision(15);
  const [mantissa = '0', exponentText = '0'] = (Number(short) === value ? Number(short) : value)
    .toExponential(Number(short) === value ? undefined : 16)
    .split('e');
  const digits = mantissa.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 15) {
    return `${digits.includes('.') ? digits : `${digits}.0`}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const [whole = '0', fraction = ''] = digits.replace('-', '').split('.');
  const all = whole + fraction;
  const point = exponent + 1;
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${all}`
      : all.length > point
        ? `${all.slice(0, point)}.${all.slice(point)}`
        : `${all}${'0'.repeat(point - all.length)}.0`;
  return `${value < 0 ? '-' : ''}${text}`;
}

/**
 * SQLite's order of two values: NULL aside, numbers (compared exactly, integers and reals
 * alike) before text, text by code point. @internal
 */
export function compareValues(a: number | bigint | string, b: number | bigint | string): number {
  if (typeof a === 'string') return typeof b === 'string' ? compareText(a, b) : 1;
  if (typeof b === 'string') return -1;
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  return typeof a === 'bigint' ? compareBigNumber(a, b as number) : -compareBigNumber(b as bigint, a);
}

/** A bigint against a finite number, exactly. */
function compareBigNumber(big: bigint, number: number): number {
  const floor = BigInt(Math.floor(number));
  if (big !== floor) return big < floor ? -1 : 1;
  return Number.isInteger(number) ? 0 : -1;
}

/** BINARY collation: UTF-8 byte order, which is code point order. */
function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.codePointAt(index) ?? 0;
    const y = b.codePointAt(index) ?? 0;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) index += 1;
  }
  return Math.sign(a.length - b.length);
}

/** A column's stored value against an operand (the operand takes the column's affinity). */
function compareColumn(column: Column, stored: SqlValue, operand: SqlValue): number | null {
  if (stored === null || operand === null) return null;
  const value = withAffinity(operand, column.affinity);
  if (value === null) return null;
  return compareValues(stored, value);
}

function equal(column: Column, stored: SqlValue, operand: SqlValue): boolean | null {
  const order = compareColumn(column, stored, operand);
  return order === null ? null : order === 0;
}

/** `stored IN (list)`, three-valued. */
function inList(column: Column, stored: SqlValue, list: readonly SqlValue[]): boolean | null {
  if (list.length === 0) return false;
  let truth: boolean | null = false;
  for (const item of list) {
    const same = equal(column, stored, item);
    if (same === true) return true;
    if (same === null) truth = null;
  }
  return truth;
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// Casts (@strapi/database dist/fields/*.js `toDB`, applied by where.js `castValue`)

/** The operand bound for `column` under `operator`: cast when the operator casts. */
function cast(column: Column, operator: string, value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  // where.js reads an object as an operator map; one in a list reaches knex, which fails on it.
  if (isRecord(value)) throw new Error(`Undefined attribute level operator ${Object.keys(value)[0]}`);
  if (!CAST_OPERATORS.includes(operator)) return bound(value);
  switch (column.kind) {
    case 'increments':
      return bound(value);
    case 'integer':
    case 'float':
    case 'decimal':
      return numberOf(value);
    case 'biginteger':
      return bigIntegerOf(value);
    case 'boolean':
      return booleanColumnOf(value) ? 1 : 0;
    case 'datetime':
    case 'timestamp':
      return dateTimeOf(value);
    case 'date':
      return dateOf(value);
    case 'time':
      return timeOf(value);
    case 'json':
    case 'blocks':
      return typeof value === 'object' ? JSON.stringify(value) : bound(value);
  }
  return lodashString(value);
}

/** A value as knex binds it to better-sqlite3 (booleans as 0/1, Dates as epoch ms). */
function bound(value: unknown): SqlValue {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return value;
  if (value instanceof Date) return value.getTime();
  return value === null || value === undefined ? null : String(value);
}

/** lodash `toString`, as fields/string.js casts text operands. */
function lodashString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((item) => (item === null || item === undefined ? '' : lodashString(item))).join(',');
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  return String(value);
}

/** fields/number.js: a finite number, or text that trims to one. */
function numberOf(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.trim());
    if (Number.isFinite(number)) return number;
  }
  throw new Error(`Expected a valid Number, got ${String(value)}`);
}

/** fields/biginteger.js: an integer, or text of digits with an optional sign. */
function bigIntegerOf(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value)) return value.toString();
  if (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) return BigInt(value.trim()).toString();
  throw new Error(`Expected a valid BigInteger, got ${String(value)}`);
}

/** fields/boolean.js. */
function booleanColumnOf(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 't' || value === '1' || value === 1) return true;
  if (value === 'false' || value === 'f' || value === '0' || value === 0) return false;
  return Boolean(value);
}

/**
 * fields/shared/parsers.js `parseDateTimeOrTimestamp`: date-fns 2.30 `parseISO`, else a
 * millisecond timestamp; bound as epoch milliseconds.
 */
function dateTimeOf(value: unknown): number {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getTime();
  const text = lodashString(value);
  const iso = parseIso(text);
  if (iso !== undefined) return iso;
  if (/^-?\d+\s*$/.test(text)) return Number.parseInt(text, 10);
  throw new Error('Invalid format, expected a timestamp or an ISO date');
}

/** fields/shared/parsers.js `parseDate`: the leading `yyyy-MM-dd` of a text, a real date. */
function dateOf(value: unknown): string {
  const found =
    typeof value === 'string' ? /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])/.exec(value) : null;
  if (found === null) throw new Error('Invalid format, expected yyyy-MM-dd');
  if (parseIso(found[0]) === undefined) throw new Error('Invalid date');
  return found[0];
}

/** fields/shared/parsers.js `parseTime`: `HH:mm:ss[.SSS]`, written `HH:mm:ss.SSS`. */
function timeOf(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`Expected a string, got a ${typeof value}`);
  const found = /^(2[0-3]|[01][0-9]):([0-5][0-9]):([0-5][0-9])(\.[0-9]{1,3})?$/.exec(value);
  if (found === null) throw new Error('Invalid time format, expected HH:mm:ss.SSS');
  return `${found[1]}:${found[2]}:${found[3]}.${(found[4] ?? '.000').slice(1).padEnd(3, '0')}`;
}

/**
 * date-fns 2.30 `parseISO` (its default `additionalDigits: 2`): epoch milliseconds, or
 * undefined for an invalid date. Without an offset the time is local, as date-fns reads it.
 */
function parseIso(text: string): number | undefined {
  const parts = text.split(/[T ]/);
  if (parts.length > 2) return undefined;
  let date: string | undefined;
  let time: string | undefined;
  const first = parts[0] ?? '';
  if (first.includes(':')) time = first;
  else {
    date = first;
    time = parts[1];
    if (/[Z ]/i.test(date)) {
      date = text.split(/[Z ]/i)[0] ?? '';
      time = text.slice(date.length);
    }
  }
  if (date === undefined || date === '') return undefined;
  const day = parseIsoDate(date);
  if (day === undefined) return undefined;
  let clock = 0;
  let zone: string | undefined;
  if (time !== undefined && time !== '') {
    const token = /([Z+-].*)$/.exec(time);
    if (token?.[1] !== undefined) {
      zone = token[1];
      time = time.replace(zone, '');
    }
    const parsed = parseIsoTime(time);
    if (parsed === undefined) return undefined;
    clock = parsed;
  }
  if (zone !== undefined) {
    const offset = parseIsoZone(zone);
    return offset === undefined ? undefined : day + clock + offset;
  }
  const utc = new Date(day + clock);
  const local = new Date(0);
  local.setFullYear(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  local.setHours(utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds(), utc.getUTCMilliseconds());
  return local.getTime();
}

/** The UTC midnight of an ISO date (`yyyy`, `yyyy-MM`, `yyyy-MM-dd`, `yyyyMMdd`, `yyyy-DDD`, `yyyy-Www-D`). */
function parseIsoDate(text: string): number | undefined {
  const yearMatch = /^(?:(\d{4}|[+-]\d{6})|(\d{2}|[+-]\d{4})$)/.exec(text);
  if (yearMatch === null) return undefined;
  const yearText = yearMatch[1] ?? yearMatch[2] ?? '';
  const year =
    yearMatch[1] !== undefined ? Number.parseInt(yearText, 10) : Number.parseInt(yearText, 10) * 100;
  const rest = text.slice(yearText.length);
  const found = /^-?(?:(\d{3})|(\d{2})(?:-?(\d{2}))?|W(\d{2})(?:-?(\d{1}))?|)$/.exec(rest);
  if (found === null) return undefined;
  const unit = (part: string | undefined) =>
    part === undefined || part === '' ? 1 : Number.parseInt(part, 10);
  const leap = year % 400 === 0 || (year % 4 === 0 && year % 100 !== 0);
  const date = new Date(0);
  if (found[4] !== undefined) {
    const week = unit(found[4]);
    const weekday = unit(found[5]) - 1;
    if (week < 1 || week > 53 || weekday < 0 || weekday > 6) return undefined;
    date.setUTCFullYear(year, 0, 4);
    const fourth = date.getUTCDay() || 7;
    date.setUTCDate(date.getUTCDate() + (week - 1) * 7 + weekday + 1 - fourth);
    return date.getTime();
  }
  const dayOfYear = unit(found[1]);
  const month = unit(found[2]) - 1;
  const day = unit(found[3]);
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (month < 0 || month > 11 || day < 1 || day > (lengths[month] ?? 0)) return undefined;
  if (dayOfYear < 1 || dayOfYear > (leap ? 366 : 365)) return undefined;
  date.setUTCFullYear(year, month, Math.max(dayOfYear, day));
  return date.getTime();
}

/** Milliseconds since midnight of an ISO time (`HH`, `HH:mm`, `HH:mm:ss`, fractions on the last). */
function parseIsoTime(text: string): number | undefined {
  const found = /^(\d{2}(?:[.,]\d*)?)(?::?(\d{2}(?:[.,]\d*)?))?(?::?(\d{2}(?:[.,]\d*)?))?$/.exec(text);
  if (found === null) return undefined;
  const unit = (part: string | undefined) =>
    part === undefined ? 0 : Number.parseFloat(part.replace(',', '.')) || 0;
  const hours = unit(found[1]);
  const minutes = unit(found[2]);
  const seconds = unit(found[3]);
  const valid =
    hours === 24
      ? minutes === 0 && seconds === 0
      : seconds >= 0 && seconds < 60 && minutes >= 0 && minutes < 60 && hours >= 0 && hours < 25;
  return valid ? hours * 3_600_000 + minutes * 60_000 + seconds * 1000 : undefined;
}

/** The milliseconds to add for an ISO offset (`Z`, `+hh`, `-hh:mm`, `+hhmm`). */
function parseIsoZone(text: string): number | undefined {
  if (text === 'Z') return 0;
  const found = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(text);
  if (found === null) return 0;
  const hours = Number.parseInt(found[2] ?? '0', 10);
  const minutes = found[3] === undefined ? 0 : Number.parseInt(found[3], 10);
  if (minutes < 0 || minutes > 59) return undefined;
  return (found[1] === '+' ? -1 : 1) * (hours * 3_600_000 + minutes * 60_000);
}
