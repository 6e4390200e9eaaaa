/**
 * Query parameters typed per content type (`populate`, `fields`, `sort`, `filters`,
 * `pagination`, `locale`, `status`), and `Checked`, the parameter type of the query methods:
 * the argument's own type is inferred for the result, and the argument is checked against the
 * parameters as they are, so a misspelled key is an error that names it.
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
  | {
      /** Page number, from 1. @default 1 */
      page?: number;
      /**
       * Entries per page; capped by `api.rest.maxLimit` when the server sets one.
       * @default 25 (`api.rest.defaultLimit`)
       */
      pageSize?: number;
      /** Count the matching entries for `meta.pagination`; `false` skips the count query. @default true */
      withCount?: boolean;
      /** Offset pagination: not with `page` and `pageSize`. */
      start?: never;
      /** Offset pagination: not with `page` and `pageSize`. */
      limit?: never;
    }
  | {
      /** Entries to skip. @default 0 */
      start?: number;
      /**
       * At most this many entries; capped by `api.rest.maxLimit` when the server sets one.
       * @default 25 (`api.rest.defaultLimit`)
       */
      limit?: number;
      /** Count the matching entries for `meta.pagination`; `false` skips the count query. @default true */
      withCount?: boolean;
      /** Page pagination: not with `start` and `limit`. */
      page?: never;
      /** Page pagination: not with `start` and `limit`. */
      pageSize?: never;
    };

/** Options for a populated relation. */
export interface RelationPopulate<S extends SchemaShape, M> {
  /** Fields of the related entries; `id` and `documentId` always come back. */
  fields?: Fields<M> | undefined;
  /** Order of the related entries. */
  sort?: Sort<M> | undefined;
  /** Only the related entries that match. */
  filters?: Filters<S, M> | undefined;
  /** What to populate inside the related entries. */
  populate?: Populate<S, M> | undefined;
  /** At most this many related entries. */
  limit?: number | undefined;
  /** Skip this many related entries. */
  start?: number | undefined;
}

/** Options for a populated component. */
export interface ComponentPopulate<S extends SchemaShape, M> {
  /** Fields of the component; `id` always comes back. */
  fields?: Fields<M> | undefined;
  /** What to populate inside the component. */
  populate?: Populate<S, M> | undefined;
}

/** Options for a populated media attribute. */
export interface MediaPopulate<S extends SchemaShape> {
  /** Fields of the file, e.g. `['url', 'alternativeText']`; `id` and `documentId` always come back. */
  fields?: Fields<ModelOf<S, 'plugin::upload.file'>> | undefined;
}

/** Options for a populated dynamic zone: per component, what to populate inside it. */
export interface ZonePopulate<S extends SchemaShape, U extends string> {
  /** Per component uid: `true` or options; components left out come back with their own fields only. */
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
  /** Conditions the entries must match; each field takes the operators of its type. */
  filters?: Filters<S, M> | undefined;
  /** Order, e.g. `'title:asc'` or `['publishedAt:desc', 'title']`. */
  sort?: Sort<M> | undefined;
  /** Page or offset; without it Strapi returns the first 25 entries (`api.rest.defaultLimit`). */
  pagination?: Pagination | undefined;
  /** Relations, media, components and zones to include; without it none come back. */
  populate?: Populate<S, M> | undefined;
  /** Scalar fields to return (all by default); `id` and `documentId` always come back. */
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
  /** Fields of the returned entry; `id` and `documentId` always come back. */
  fields?: Fields<M> | undefined;
}

/**
 * The message a misspelled key turned into.
 * @deprecated Misspelled keys are now TypeScript's own excess-property errors, which name the
 * key (and suggest the closest one); kept until the next major version.
 */
export type UnknownKey<K> = `'${K & string}' is not a field or parameter here: check the spelling`;

/**
 * The parameter type of a query method `m<const P extends Shape>(params?: Checked<P, Shape>)`:
 * TypeScript infers `P` from the argument (the naked `P` in the first branch), which the result
 * type reads `populate` and `fields` from; the argument itself is then checked against `Shape`
 * (the second branch, which every object takes), not against `P`. So an object literal gets
 * TypeScript's excess-property check at every level, `populate` and `filters` included: a
 * misspelled key is an error that names it (`'titel' does not exist in type ...`, with a
 * did-you-mean). Walking `P` key by key against `Shape` instead cost most of a consumer's type
 * check.
 */
export type Checked<P, Shape> = P extends never ? P : Shape;
