/**
 * Query parameters typed per content type (`populate`, `fields`, `sort`, `filters`,
 * `pagination`, `locale`, `status`), and `Checked`, which turns a misspelled key into a type
 * error that names the key.
 */
import type { Filters } from './filters.ts';
import type { LinksOf, ModelOf, PopulatableName, ScalarName, SchemaShape } from './shape.ts';

/** A sort entry: a field, optionally with `:asc` or `:desc`. */
export type SortKey<M> = ScalarName<M> | `${ScalarName<M>}:${'asc' | 'desc'}`;

/** One sort entry or a list of them, applied in order. */
export type Sort<M> = SortKey<M> | readonly SortKey<M>[];

/** Fields to select; `id` and `documentId` always come back. */
export type Fields<M> = readonly ScalarName<M>[];

/** Page-based or offset-based pagination (not both). */
export type Pagination =
  | { page?: number; pageSize?: number; withCount?: boolean; start?: never; limit?: never }
  | { start?: number; limit?: number; withCount?: boolean; page?: never; pageSize?: never };

/** Options for a populated relation. */
export interface RelationPopulate<S extends SchemaShape, M> {
  fields?: Fields<M> | undefined;
  sort?: Sort<M> | undefined;
  filters?: Filters<S, M> | undefined;
  populate?: Populate<S, M> | undefined;
  /** At most this many related entries. */
  limit?: number | undefined;
  start?: number | undefined;
}

/** Options for a populated component. */
export interface ComponentPopulate<S extends SchemaShape, M> {
  fields?: Fields<M> | undefined;
  populate?: Populate<S, M> | undefined;
}

/** Options for a populated media attribute. */
export interface MediaPopulate<S extends SchemaShape> {
  fields?: Fields<ModelOf<S, 'plugin::upload.file'>> | undefined;
}

/** Options for a populated dynamic zone: per component, what to populate inside it. */
export interface ZonePopulate<S extends SchemaShape, U extends string> {
  on: { [C in U]?: true | ComponentPopulate<S, ModelOf<S, C>> };
}

type PopulateOptions<S extends SchemaShape, L> = L extends { type: 'relation'; target: infer T }
  ? T extends string
    ? RelationPopulate<S, ModelOf<S, T>>
    : never
  : L extends { type: 'component'; target: infer T }
    ? ComponentPopulate<S, ModelOf<S, T>>
    : L extends { type: 'media' }
      ? MediaPopulate<S>
      : L extends { type: 'dynamiczone'; targets: infer U extends string }
        ? ZonePopulate<S, U>
        : never;

/**
 * What to populate: `'*'` (every relation, media, component and zone, one level), a list of
 * attribute names, or an object mapping names to `true` or options (`fields`, `sort`,
 * `filters`, `limit`, nested `populate`; `on` for a dynamic zone).
 */
export type Populate<S extends SchemaShape, M> =
  | '*'
  | PopulatableName<M>
  | readonly PopulatableName<M>[]
  | { [K in PopulatableName<M>]?: true | PopulateOptions<S, LinksOf<M>[K]> };

/** Parameters of `find` and `findWithMeta` on a collection type. */
export interface QueryParams<S extends SchemaShape, M> {
  filters?: Filters<S, M> | undefined;
  sort?: Sort<M> | undefined;
  pagination?: Pagination | undefined;
  populate?: Populate<S, M> | undefined;
  fields?: Fields<M> | undefined;
  /** A locale code; applies to localized content types. */
  locale?: string | undefined;
  /** `published` (the default) or `draft`. */
  status?: 'draft' | 'published' | undefined;
}

/** Parameters of `findOne`. */
export type FindOneParams<S extends SchemaShape, M> = Pick<
  QueryParams<S, M>,
  'populate' | 'fields' | 'locale' | 'status'
>;

/** Parameters of a single type's `find`. */
export type SingleParams<S extends SchemaShape, M> = Pick<
  QueryParams<S, M>,
  'populate' | 'fields' | 'locale' | 'status'
>;

/** Parameters of `create` and `update` (sent in the query string). */
export interface WriteParams<S extends SchemaShape, M> {
  /** The locale to create or update. */
  locale?: string | undefined;
  /** `draft` writes the draft; otherwise the entry is published. */
  status?: 'draft' | 'published' | undefined;
  /** Populate the returned entry. */
  populate?: Populate<S, M> | undefined;
  fields?: Fields<M> | undefined;
}

/** The message a misspelled key turns into. */
export type UnknownKey<K> = `'${K & string}' is not a field or parameter here: check the spelling`;

type ObjectPart<T> = Exclude<Extract<NonNullable<T>, object>, readonly unknown[] | Date>;
type ArrayElement<T> = Extract<NonNullable<T>, readonly unknown[]>[number];

/**
 * `P` with every key that `Shape` does not know replaced by an error message, recursively,
 * so a misspelled field is reported by name (`'titel' is not a field ...`).
 */
export type Checked<P, Shape> = P extends readonly unknown[]
  ? { [I in keyof P]: Checked<P[I], ArrayElement<Shape>> }
  : P extends Date
    ? P
    : P extends object
      ? [ObjectPart<Shape>] extends [never]
        ? P
        : {
            [K in keyof P]: K extends keyof ObjectPart<Shape>
              ? Checked<P[K], ObjectPart<Shape>[K]>
              : UnknownKey<K>;
          }
      : P;
