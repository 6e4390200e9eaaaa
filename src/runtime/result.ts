/**
 * The type of an entry as a query returns it: scalar fields (narrowed by `fields`), plus exactly
 * the relations, media, components and zones that `populate` asked for, nested as deep as the
 * `populate` object goes. Without `populate` an entry has no linked attribute at all.
 */
import type { EntryOf, LinksOf, ModelOf, PopulatableOf, SchemaShape } from './shape.ts';

/** Fields Strapi returns whatever `fields` says. */
type AlwaysReturned = 'id' | 'documentId';

type Selected<M, P> = P extends { fields: readonly (infer F)[] }
  ? Pick<EntryOf<M>, Extract<F | AlwaysReturned, keyof EntryOf<M>>>
  : EntryOf<M>;

/** Like `Base` (an array, a nullable value or a value), holding `X` instead. */
type Like<Base, X> = Base extends readonly unknown[] ? X[] : null extends Base ? X | null : X;

type Element<Base> = Base extends readonly (infer E)[] ? E : NonNullable<Base>;

type ZoneMember<S extends SchemaShape, On, C> = C extends string
  ? { __component: C; id: number } & (C extends keyof On
      ? On[C] extends true
        ? EntryOf<ModelOf<S, C>>
        : QueryResult<S, ModelOf<S, C>, On[C]>
      : EntryOf<ModelOf<S, C>>)
  : never;

type PopulatedLink<S extends SchemaShape, L, Base, O> = O extends true
  ? Base
  : L extends { type: 'relation'; target: infer T }
    ? T extends string
      ? Like<Base, QueryResult<S, ModelOf<S, T>, O>>
      : Base
    : L extends { type: 'component'; target: infer T }
      ? Like<Base, QueryResult<S, ModelOf<S, T>, O>>
      : L extends { type: 'media' }
        ? O extends { fields: readonly (infer F)[] }
          ? Like<Base, Pick<Element<Base>, Extract<F | AlwaysReturned, keyof Element<Base>>>>
          : Base
        : L extends { type: 'dynamiczone'; targets: infer U }
          ? O extends { on: infer On }
            ? ZoneMember<S, On, U>[]
            : Base
          : Base;

type Populated<S extends SchemaShape, M, Pop> = [Pop] extends [undefined]
  ? unknown
  : Pop extends '*'
    ? PopulatableOf<M>
    : Pop extends string
      ? Pick<PopulatableOf<M>, Extract<Pop, keyof PopulatableOf<M>>>
      : Pop extends readonly (infer K)[]
        ? Pick<PopulatableOf<M>, Extract<K, keyof PopulatableOf<M>>>
        : Pop extends object
          ? {
              [K in keyof Pop & keyof LinksOf<M> & keyof PopulatableOf<M>]: PopulatedLink<
                S,
                LinksOf<M>[K],
                PopulatableOf<M>[K],
                Pop[K]
              >;
            }
          : unknown;

type PopulateOf<P> = P extends { populate: infer Pop } ? Pop : undefined;

/** An entry of model `M` as a query with parameters `P` returns it. */
export type QueryResult<S extends SchemaShape, M, P> = Selected<M, P> & Populated<S, M, PopulateOf<P>>;

/** An entry of content type `U` as a query with parameters `P` returns it. */
export type Entry<S extends SchemaShape, U extends string, P = unknown> = QueryResult<S, ModelOf<S, U>, P>;
