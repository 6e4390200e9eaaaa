/**
 * Query parameters typed per content type and per route, as Strapi 5's core routes declare them
 * (`populate`, `fields`, `sort`, `filters`, `pagination`, `_q`, `locale`, `status`,
 * `publicationFilter`), and `Checked`, the parameter type of the query methods: the argument's
 * own type is inferred for the result, and the argument is checked against the parameters as
 * they are, so a misspelled key is an error that names it.
 *
 * With `api.rest.strictParams` Strapi answers 400 `Invalid key` to a key outside its allowlist;
 * the allowlist is the same for every route, so each type here keeps, per route, the keys its
 * route declares and that change the answer (`_q` only on a collection's `find`, say).
 * The allowlist also holds a top-level `count` and `ordering`: Strapi accepts them and then
 * drops them without effect (a count comes from `pagination.withCount` or from `count` inside
 * a populated relation or component), so neither is typed here.
 */
import type { Filters } from './filters.ts';
import type { ModelOf, PopulatableName, PopulateObjectOf, ScalarName, SchemaShape } from './shape.ts';

/** A sort entry: a field, optionally with `:asc` or `:desc`. */
export type SortKey<M> = ScalarName<M> | `${ScalarName<M>}:${'asc' | 'desc'}`;

/** One sort entry or a list of them, applied in order. */
export type Sort<M> = SortKey<M> | readonly SortKey<M>[];

/** Fields to select; `id` and `documentId` always come back. */
export type Fields<M> = readonly ScalarName<M>[];

/**
 * Which entries of a draft & publish content type to return, by how their draft and published
 * versions relate; `status` still picks which version of each comes back:
 * - `never-published`: drafts never published (none with `status: 'published'`);
 * - `has-published-version`: entries that have both versions;
 * - `modified`: published entries whose draft was saved after publishing, or those drafts;
 * - `unmodified`: published entries whose draft has not changed since, or those drafts;
 * - `never-published-document` / `has-published-version-document`: the same per document,
 *   whatever the locale;
 * - `published-with-draft` / `published-without-draft`: published versions with or without a
 *   draft row (Strapi keeps a draft of every published entry, so the latter is normally empty;
 *   both return nothing with `status: 'draft'`).
 */
export type PublicationFilter =
  | 'never-published'
  | 'has-published-version'
  | 'modified'
  | 'unmodified'
  | 'never-published-document'
  | 'has-published-version-document'
  | 'published-without-draft'
  | 'published-with-draft';

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
  /**
   * `true`: the relation comes back as `{ count: number }`, how many related entries there are,
   * instead of the entries (`{ count: 0 }` or `{ count: 1 }` for a to-one relation, never
   * `null`). `filters` narrows what is counted; `fields`, `sort` and `populate` are accepted and
   * ignored. Strapi counts joined rows, so a filter through a to-many relation of the related
   * entries can count one entry more than once. `false` populates the entries as usual.
   */
  count?: boolean | undefined;
}

/** Options for a populated component. */
export interface ComponentPopulate<S extends SchemaShape, M> {
  /** Fields of the component; `id` always comes back. */
  fields?: Fields<M> | undefined;
  /** What to populate inside the component. */
  populate?: Populate<S, M> | undefined;
  /**
   * `true`: the component comes back as `{ count: number }`, how many there are, instead of its
   * fields (`0` or `1` for a single component). `false` populates it as usual.
   */
  count?: boolean | undefined;
}

/**
 * Options for a populated media attribute. No `count`: Strapi accepts it here but ignores it and
 * returns the files.
 */
export interface MediaPopulate<S extends SchemaShape> {
  /** Fields of the file, e.g. `['url', 'alternativeText']`; `id` and `documentId` always come back. */
  fields?: Fields<ModelOf<S, 'plugin::upload.file'>> | undefined;
}

/** Options for a populated dynamic zone: per component, what to populate inside it. */
export interface ZonePopulate<S extends SchemaShape, U extends string> {
  /** Per component uid: `true` or options; components left out come back with their own fields only. */
  on: { [C in U]?: true | ComponentPopulate<S, ModelOf<S, C>> };
}

/**
 * A relation to content type `U` in a generated `<Name>Populate` interface: `true` or its
 * options.
 */
export type PopulateRelation<S extends SchemaShape, U extends keyof S['contentTypes']> =
  | true
  | RelationPopulate<S, S['contentTypes'][U]>;

/** A component `U` in a generated `<Name>Populate` interface: `true` or its options. */
export type PopulateComponent<S extends SchemaShape, U extends keyof S['components']> =
  | true
  | ComponentPopulate<S, S['components'][U]>;

/** A media attribute in a generated `<Name>Populate` interface: `true` or its options. */
export type PopulateMedia<S extends SchemaShape> = true | MediaPopulate<S>;

/**
 * A dynamic zone of components `U` in a generated `<Name>Populate` interface: `true` or what to
 * populate per component.
 */
export type PopulateZone<S extends SchemaShape, U extends string> = true | ZonePopulate<S, U>;

/**
 * What to populate: `'*'` (every relation, media, component and zone, one level), a list of
 * attribute names, or an object mapping names to `true` or options (`fields`, `sort`,
 * `filters`, nested `populate`, `count: true` for `{ count: number }` instead of the
 * entries; `on` for a dynamic zone): the model's generated `<Name>Populate` interface.
 * `S` is the registry the options of that interface are written for (`M extends S | unknown` is
 * no constraint: it names `S` for no-unused-vars, as {@link Filters} does).
 */
export type Populate<S extends SchemaShape, M extends S | unknown> =
  | '*'
  | PopulatableName<M>
  | readonly PopulatableName<M>[]
  | PopulateObjectOf<M>;

/** `locale`, and for a draft & publish content type the version and the publication state. */
export interface DocumentParams {
  /** A locale code; applies to localized content types (the default locale otherwise). */
  locale?: string | undefined;
  /** `published` (the default) or `draft`. */
  status?: 'draft' | 'published' | undefined;
  /** Only entries in this publication state, e.g. `'modified'`; see {@link PublicationFilter}. */
  publicationFilter?: PublicationFilter | undefined;
  /**
   * `true`: only documents that have a published version (`publicationFilter:
   * 'has-published-version-document'`); `false`: only documents never published
   * (`'never-published-document'`, with `status: 'draft'`). Ignored when `publicationFilter` is set.
   * @deprecated Strapi deprecated it for `publicationFilter`; use that.
   */
  hasPublishedVersion?: boolean | undefined;
}

/** Parameters of `find` and `findWithMeta` on a collection type (`GET /api/<plural>`). */
export interface QueryParams<S extends SchemaShape, M> extends DocumentParams {
  /** Conditions the entries must match; each field takes the operators of its type. */
  filters?: Filters<S, M> | undefined;
  /**
   * Search text: entries with it in any text field (string, text, rich text, email, uid,
   * enumeration) or in the id, and in the number fields when it is a number. A substring match
   * (SQL `LIKE`/`ILIKE`, case-insensitive except for non-ASCII letters on SQLite), ANDed with
   * `filters`. Fields with `searchable: false` are skipped.
   */
  _q?: string | undefined;
  /** Order, e.g. `'title:asc'` or `['publishedAt:desc', 'title']`. */
  sort?: Sort<M> | undefined;
  /**
   * Page or offset; without it Strapi returns the first 25 entries (`api.rest.defaultLimit`).
   * Only inside `pagination`: Strapi answers 400 to a top-level `page` or `pageSize` and ignores
   * a top-level `start` or `limit`.
   */
  pagination?: Pagination | undefined;
  /** Relations, media, components and zones to include; without it none come back. */
  populate?: Populate<S, M> | undefined;
  /** Scalar fields to return (all by default); `id` and `documentId` always come back. */
  fields?: Fields<M> | undefined;
}

/**
 * Parameters of `findOne` (`GET /api/<plural>/:documentId`). `filters` is a condition on the
 * entry: when it does not match, the answer is `null`.
 */
export type FindOneParams<S extends SchemaShape, M> = Pick<
  QueryParams<S, M>,
  'populate' | 'fields' | 'filters' | keyof DocumentParams
>;

/**
 * Parameters of a single type's `find` (`GET /api/<singular>`). `filters` is a condition on the
 * entry: when it does not match, Strapi answers 404.
 */
export type SingleParams<S extends SchemaShape, M> = Pick<
  QueryParams<S, M>,
  'populate' | 'fields' | 'filters' | keyof DocumentParams
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
 * Parameters of a collection type's `delete` (`DELETE /api/<plural>/:documentId`). Strapi
 * answers 204 without a body, so there is nothing to populate or select; `status` is not
 * accepted (Strapi fails with a 500 on `status: 'draft'`: it deletes both versions or none).
 */
export interface DeleteParams {
  /** The locale to delete, or `'*'` for every locale; without it, the default locale. */
  locale?: string | undefined;
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

/** No parameters: what a call without `params` is typed as. */
export type NoParams = Record<never, never>;
