/**
 * The type of an entry as a query returns it: scalar fields (narrowed by `fields`), plus exactly
 * the relations, media, components and zones that `populate` asked for, nested as deep as the
 * `populate` object goes. Without `populate` an entry has no linked attribute at all.
 *
 * Every result is written out as one plain object type, not as an intersection of the machinery
 * below, so an editor's quick info on a result lists its fields (the populated attributes first,
 * nested populated relations as objects too): quick info cuts off at about 500 characters, and
 * what the query asked for should be in them. A result that is exactly an entry interface (no
 * `populate`, no `fields`) keeps its name (`Article`).
 */
import type { EntryIn, IsDraft, LinksOf, ModelOf, PopulatableIn, SchemaShape } from './shape.ts';

/** Fields Strapi returns whatever `fields` says. */
type AlwaysReturned = 'id' | 'documentId';

/**
 * The fields of `T` (an intersection) as one object type. The `& {}` drops the alias, so quick
 * info shows the fields rather than `Plain<...>`.
 */
export type Plain<T> = { [K in keyof T]: T[K] } & {};

/**
 * `Pick<E, K>` written out, so quick info shows the fields rather than `Pick<...>`; `K`
 * constrained to `keyof E` keeps each field's optionality, doc comment and declaration. Used
 * directly, never as the body of another alias, which would name it again.
 */
type PickPlain<E, K extends keyof E> = { [F in K]: E[F] } & {};

type Selected<M, P, D> = P extends { fields: readonly (infer F)[] }
  ? PickPlain<EntryIn<M, D>, Extract<F | AlwaysReturned, keyof EntryIn<M, D>>>
  : EntryIn<M, D>;

/** Like `Base` (an array, a nullable value or a value), holding `X` instead. */
export type Like<Base, X> = Base extends readonly unknown[] ? X[] : null extends Base ? X | null : X;

type Element<Base> = Base extends readonly (infer E)[] ? E : NonNullable<Base>;

/**
 * A member of a dynamic zone: component `C` with its `__component`, as one object type (its
 * populated attributes and fields are spread here rather than nested in another plain type).
 */
type ZoneMember<S extends SchemaShape, On, C, D> = C extends string
  ? C extends keyof On
    ? On[C] extends true
      ? Plain<{ __component: C; id: number } & EntryIn<ModelOf<S, C>, D>>
      : Plain<
          { __component: C; id: number } & Populated<S, ModelOf<S, C>, PopulateOf<On[C]>, D> &
            Selected<ModelOf<S, C>, On[C], D>
        >
    : Plain<{ __component: C; id: number } & EntryIn<ModelOf<S, C>, D>>
  : never;

/** A relation or component populated with `count: true` (Strapi's shape, never `null`). */
type PopulatedCount = { count: number };

type PopulatedLink<S extends SchemaShape, L, Base, O, D> = O extends true
  ? Base
  : O extends { count: true }
    ? PopulatedCount
    : L extends { type: 'relation'; target: infer T }
      ? T extends string
        ? Like<Base, QueryResult<S, ModelOf<S, T>, O, D>>
        : Base
      : L extends { type: 'component'; target: infer T }
        ? Like<Base, QueryResult<S, ModelOf<S, T>, O, D>>
        : L extends { type: 'media' }
          ? O extends { fields: readonly (infer F)[] }
            ? Like<Base, PickPlain<Element<Base>, Extract<F | AlwaysReturned, keyof Element<Base>>>>
            : Base
          : L extends { type: 'dynamiczone'; targets: infer U }
            ? O extends { on: infer On }
              ? ZoneMember<S, On, U, D>[]
              : Base
            : Base;

type Populated<S extends SchemaShape, M, Pop, D> = [Pop] extends [undefined]
  ? unknown
  : PopulatedWith<S, M, Pop, D, PopulatableIn<M, D>>;

/** What `populate` adds, given the populatable interface `Links` (draft or published). */
type PopulatedWith<S extends SchemaShape, M, Pop, D, Links> = Pop extends '*'
  ? Links
  : Pop extends string
    ? Pick<Links, Extract<Pop, keyof Links>>
    : Pop extends readonly (infer K)[]
      ? Pick<Links, Extract<K, keyof Links>>
      : Pop extends object
        ? {
            [K in keyof Pop & keyof LinksOf<M> & keyof Links]: PopulatedLink<
              S,
              LinksOf<M>[K],
              Links[K],
              Pop[K],
              D
            >;
          }
        : unknown;

type PopulateOf<P> = P extends { populate: infer Pop } ? Pop : undefined;

/**
 * The selected fields `Sel` with what `populate` added, `Pop` (`unknown` when nothing was): one
 * plain object type, the populated attributes first.
 */
type Combined<Sel, Pop> = unknown extends Pop ? Sel : Plain<Pop & Sel>;

/**
 * An entry of model `M` as a query with parameters `P` returns it. `D` (true for a
 * `status: 'draft'` read) picks the draft interfaces, down through populated relations and
 * components: Strapi checks `required` only on publish, and a draft read populates drafts.
 * `D` of `boolean` (a `status` that may be either, as in Next.js draft mode:
 * `status: preview ? 'draft' : 'published'`) gives the union of the draft and the published
 * result, each whole (a draft read populates drafts, a published one published entries), for
 * a model that has draft interfaces; `publishedAt` (`null` in a draft, a string once
 * published) tells them apart.
 */
export type QueryResult<S extends SchemaShape, M, P, D = false> = boolean extends D
  ? M extends { draftEntry: object } | { draftPopulatable: object }
    ? ResultIn<S, M, P, true> | ResultIn<S, M, P, false>
    : ResultIn<S, M, P, false>
  : ResultIn<S, M, P, D>;

/** {@link QueryResult} of one draft flag `D`, `true` or `false`. */
type ResultIn<S extends SchemaShape, M, P, D> = Combined<
  Selected<M, P, D>,
  Populated<S, M, PopulateOf<P>, D>
>;

/**
 * An entry of content type `U` as a query with parameters `P` returns it: a draft under
 * `status: 'draft'`, the union of both under a `status` that may be either.
 */
export type Entry<S extends SchemaShape, U extends string, P = unknown> = QueryResult<
  S,
  ModelOf<S, U>,
  P,
  IsDraft<P>
>;
