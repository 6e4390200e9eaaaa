/**
 * Typed `filters`: each field takes only the operators that fit its type (`$containsi` on
 * strings, `$between` on numbers and dates, `$in` with arrays of the field's type), relations
 * and components filter by their target's fields, and `$and` / `$or` / `$not` nest.
 *
 * The generator resolves this per content type and component into a concrete `<Name>Filters`
 * interface (src/codegen/emit-filters.ts): each field gets the named condition of its type below
 * (`TextFilter`, `DateFilter`...), each relation, media or component its target's interface,
 * and the registry records it; `Filters` looks it up. Computing it per query from the registry
 * instead (a mapped type per model, recursing into every relation) cost most of a consumer's
 * type check.
 */
import type { FiltersOf, SchemaShape } from './shape.ts';

/** Operators every field has. */
export interface EqualityOperators<V> {
  /** Equal. */
  $eq?: V;
  /** Not equal. */
  $ne?: V;
  /** Equal to one of the values. */
  $in?: readonly V[];
  /** Equal to none of the values. */
  $notIn?: readonly V[];
  /** Is null (`true`) or is not null (`false`). */
  $null?: boolean;
  /** Is not null (`true`) or is null (`false`). */
  $notNull?: boolean;
}

/** Operators of text fields (string, text, email, uid, enumeration...). */
export interface StringOperators<V> extends EqualityOperators<V> {
  /** Equal, ignoring case. */
  $eqi?: string;
  /** Not equal, ignoring case. */
  $nei?: string;
  /** Contains the text. */
  $contains?: string;
  /** Does not contain the text. */
  $notContains?: string;
  /** Contains the text, ignoring case. */
  $containsi?: string;
  /** Does not contain the text, ignoring case. */
  $notContainsi?: string;
  /** Starts with the text. */
  $startsWith?: string;
  /** Starts with the text, ignoring case. */
  $startsWithi?: string;
  /** Ends with the text. */
  $endsWith?: string;
  /** Ends with the text, ignoring case. */
  $endsWithi?: string;
  /** None of the given conditions. */
  $not?: StringOperators<V>;
}

/** Operators of numbers and dates. */
export interface RangeOperators<V> extends EqualityOperators<V> {
  /** Less than (for dates: before). */
  $lt?: V;
  /** Less than or equal. */
  $lte?: V;
  /** Greater than (for dates: after). */
  $gt?: V;
  /** Greater than or equal. */
  $gte?: V;
  /** Between the two values, both included. */
  $between?: readonly [V, V];
  /** None of the given conditions. */
  $not?: RangeOperators<V>;
}

/** Operators of booleans. */
export interface BooleanOperators<V> extends EqualityOperators<V> {
  /** None of the given conditions. */
  $not?: BooleanOperators<V>;
}

/** Operators of JSON fields: presence only. */
export interface JsonOperators {
  /** Is null (`true`) or is not null (`false`). */
  $null?: boolean;
  /** Is not null (`true`) or is null (`false`). */
  $notNull?: boolean;
}

/**
 * A text field's condition (string, text, rich text, email, uid, enumeration): a value
 * (shorthand for `$eq`) or text operators; `V` is the enumeration's values.
 */
export type TextFilter<V extends string = string> = V | StringOperators<V>;

/** A number field's condition (integer, float, decimal): a value (shorthand for `$eq`) or range operators. */
export type NumberFilter = number | RangeOperators<number>;

/** A big integer's condition: its digits as a string or a number (shorthand for `$eq`), or range operators. */
export type BigIntegerFilter = string | number | RangeOperators<string | number>;

/**
 * A date or time field's condition (date, time, datetime, timestamp): an ISO 8601 string or a
 * `Date` (shorthand for `$eq`), or range operators.
 */
export type DateFilter = string | Date | RangeOperators<string | Date>;

/** A boolean field's condition: a value (shorthand for `$eq`) or equality operators. */
export type BooleanFilter = boolean | BooleanOperators<boolean>;

/**
 * A field's condition by filter kind `K` and value type `V`: a value (shorthand for `$eq`) or its
 * operators. The generated `<Name>Filters` interfaces use the named conditions above, which are
 * this type for each kind.
 */
export type FieldFilter<K, V> = K extends 'string'
  ? V | StringOperators<V>
  : K extends 'number'
    ? V | number | RangeOperators<V | number>
    : K extends 'date'
      ? V | Date | RangeOperators<V | Date>
      : K extends 'boolean'
        ? V | BooleanOperators<V>
        : JsonOperators;

/**
 * `filters` for one content type or component `M` (a model of the registry `S`, kept as the
 * first parameter so `Filters<Schema, Model>` reads as before): its generated `<Name>Filters`
 * interface. `M extends S | unknown` is no constraint (`S | unknown` is `unknown`): it names `S`
 * so that a linter's no-unused-vars (typescript-eslint in create-next-app) passes the output.
 */
export type Filters<S extends SchemaShape, M extends S | unknown> = FiltersOf<M>;
