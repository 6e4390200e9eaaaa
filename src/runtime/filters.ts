/**
 * Typed `filters`: each field takes only the operators that fit its type (`$containsi` on
 * strings, `$between` on numbers and dates, `$in` with arrays of the field's type), relations
 * and components filter by their target's fields, and `$and` / `$or` / `$not` nest.
 */
import type {
  EntryOf,
  FilterKind,
  LinksOf,
  ModelOf,
  PopulatableName,
  ScalarName,
  ScalarsOf,
  SchemaShape,
} from './shape.ts';

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

/** A field's condition: a value (shorthand for `$eq`) or its operators. */
export type FieldFilter<K, V> = K extends 'string'
  ? V | StringOperators<V>
  : K extends 'number'
    ? V | number | RangeOperators<V | number>
    : K extends 'date'
      ? V | Date | RangeOperators<V | Date>
      : K extends 'boolean'
        ? V | BooleanOperators<V>
        : JsonOperators;

type ScalarFilters<M> = {
  [K in ScalarName<M>]?: FieldFilter<
    ScalarsOf<M>[K] extends FilterKind ? ScalarsOf<M>[K] : 'json',
    K extends keyof EntryOf<M> ? NonNullable<EntryOf<M>[K]> : never
  >;
};

/** Filters on a linked attribute: the target's fields (dynamic zones cannot be filtered). */
type LinkFilter<S extends SchemaShape, L> = L extends { type: 'relation'; target: infer T }
  ? T extends string
    ? Filters<S, ModelOf<S, T>>
    : Record<string, unknown>
  : L extends { type: 'component'; target: infer T }
    ? Filters<S, ModelOf<S, T>>
    : L extends { type: 'media' }
      ? [ModelOf<S, 'plugin::upload.file'>] extends [never]
        ? Record<string, unknown>
        : Filters<S, ModelOf<S, 'plugin::upload.file'>>
      : never;

type LinkFilters<S extends SchemaShape, M> = {
  [K in PopulatableName<M> as LinksOf<M>[K] extends { type: 'dynamiczone' } ? never : K]?: LinkFilter<
    S,
    LinksOf<M>[K]
  >;
};

/** `filters` for one content type or component. */
export type Filters<S extends SchemaShape, M> = ScalarFilters<M> &
  LinkFilters<S, M> & {
    /** All of the conditions. */
    $and?: readonly Filters<S, M>[];
    /** Any of the conditions. */
    $or?: readonly Filters<S, M>[];
    /** Not the condition. */
    $not?: Filters<S, M>;
  };
