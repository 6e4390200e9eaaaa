/**
 * The shape of the registry the generator writes (`CmsSchemaTypes` in the types file): every
 * content type and component by uid, with its entry, populatable, input and filters interfaces,
 * what each populatable attribute points at, and the filter kind of each scalar field. The query
 * and result types read a schema only through this shape.
 */

/** Filter kind of a scalar field: which operators apply. */
export type FilterKind = 'string' | 'number' | 'date' | 'boolean' | 'json';

/**
 * A relation attribute; `target` is null for a polymorphic relation.
 * @internal
 */
export interface RelationLink {
  type: 'relation';
  target: string | null;
}

/**
 * A component attribute (single or repeatable).
 * @internal
 */
export interface ComponentLink {
  type: 'component';
  target: string;
}

/**
 * A media attribute (single or multiple).
 * @internal
 */
export interface MediaLink {
  type: 'media';
}

/**
 * A dynamic zone; `targets` is the union of its component uids.
 * @internal
 */
export interface ZoneLink {
  type: 'dynamiczone';
  targets: string;
}

/**
 * What a populatable attribute points at, in the registry's `links`.
 * @internal
 */
export type AttributeLink = RelationLink | ComponentLink | MediaLink | ZoneLink;

/** One content type or component as the registry describes it. */
export interface ModelShape {
  /** Scalar fields, plus `id`, `documentId` and the system fields of a content type. */
  entry: object;
  /** Relations, media, components and dynamic zones, each typed one level deep. */
  populatable: object;
  /** What create and update accept. */
  input: object;
  /**
   * What `filters` accepts: the generated `<Name>Filters` interface, with each field's operators
   * resolved at generation (see types/filters.ts) and relations pointing at their target's interface.
   */
  filters: object;
  /**
   * What `populate` accepts as an object: the generated `<Name>Populate` interface, each
   * relation, media, component and zone taking `true` or the options for its target.
   */
  populate: object;
  /** Per populatable attribute: an {@link AttributeLink}. */
  links: object;
  /** Per filterable scalar field: its {@link FilterKind}. */
  scalars: object;
  /** The entry as a draft has it (`status: 'draft'`), where it differs from `entry`. */
  draftEntry?: object;
  /** The populatable interface of a draft, where it differs from `populatable`. */
  draftPopulatable?: object;
  /** What a draft write accepts, where it differs from `input`. */
  draftInput?: object;
  /**
   * Per core route (by the client method's action), the query keys apps and plugins added with
   * `strapi.contentAPI.addQueryParams`, where they added any.
   */
  addedQuery?: object;
  /** Per core route, the keys of `data` added with `strapi.contentAPI.addInputParams`, where any were. */
  addedData?: object;
}

/** The registry: `contentTypes` and `components` by uid. */
export interface SchemaShape {
  /** Content types by uid, each a {@link ModelShape}. */
  contentTypes: object;
  /** Components by uid, each a {@link ModelShape}. */
  components: object;
}

/** The model of a content-type or component uid. */
export type ModelOf<S extends SchemaShape, U> = U extends keyof S['contentTypes']
  ? S['contentTypes'][U]
  : U extends keyof S['components']
    ? S['components'][U]
    : never;

/** A model's entry interface: the fields every response carries. */
export type EntryOf<M> = M extends { entry: infer E } ? E : never;
/** A model's populatable interface: relations, media, components and zones. */
export type PopulatableOf<M> = M extends { populatable: infer P } ? P : never;
/** A model's input interface: what `create` accepts. */
export type InputOf<M> = M extends { input: infer I } ? I : never;

/**
 * Whether parameters `P` read or write drafts: `true` for `status: 'draft'`; `false` for
 * `status: 'published'`, for no `status` and for a `status` the type only may carry (an
 * optional `status?`, as in a parameter object typed `CmsQuery`): Strapi's default, published;
 * `boolean` for a `status` written as a union that holds `'draft'` and something else
 * (`status: preview ? 'draft' : 'published'`, or `'draft' | undefined`), which may be either:
 * reads then give the union of the draft and the published result. Strapi checks `required`
 * only on publish, so draft types are the looser ones. A wide `status: string` is refused by
 * the methods' parameter types (`'draft' | 'published'`); here, where nothing checks it (as in
 * `CmsEntry`), it may be either: `boolean`. `St` is the status of a client made by
 * `withStatus`, which parameters without a `status` read with.
 */
export type IsDraft<P, St = undefined> = P extends { status: infer S } ? StatusDraft<S> : StatusDraft<St>;

/** The draft flag of a written `status` of type `S` (see {@link IsDraft}). */
type StatusDraft<S> = [S] extends ['draft'] ? true : 'draft' extends S ? boolean : false;

/** A model's entry interface as a read with draft flag `D` (`true` or `false`) returns it. */
export type EntryIn<M, D> = D extends true
  ? M extends { draftEntry: infer E }
    ? E
    : EntryOf<M>
  : EntryOf<M>;
/** A model's populatable interface as a read with draft flag `D` (`true` or `false`) returns it. */
export type PopulatableIn<M, D> = D extends true
  ? M extends { draftPopulatable: infer P }
    ? P
    : PopulatableOf<M>
  : PopulatableOf<M>;
/**
 * What a write with parameters `P` accepts: the draft input under `status: 'draft'`, otherwise
 * the input of a published write. A write whose `status` may be either (`IsDraft<P>` is
 * `boolean`) takes what both accept, and that is the published input: Strapi checks `required`
 * when the write publishes (a 400 `ValidationError` naming the field), and every published
 * input is also a valid draft input, so data that may be published must be complete.
 */
export type InputFor<M, P> =
  IsDraft<P> extends true ? (M extends { draftInput: infer I } ? I : InputOf<M>) : InputOf<M>;
/** The core routes of a content type, by the client method's action. */
export type CoreAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

/**
 * The query keys apps and plugins added to core route `A` of model `M`
 * (`strapi.contentAPI.addQueryParams`); `unknown`, which adds nothing, where none were.
 */
export type AddedQuery<M, A extends CoreAction> = M extends { addedQuery: infer Q }
  ? A extends keyof Q
    ? Q[A]
    : unknown
  : unknown;

/** The keys of `data` apps and plugins added to core route `A` (`addInputParams`); `unknown` where none were. */
export type AddedData<M, A extends CoreAction> = M extends { addedData: infer D }
  ? A extends keyof D
    ? D[A]
    : unknown
  : unknown;

/** A model's filters interface: what `filters` accepts. */
export type FiltersOf<M> = M extends { filters: infer F } ? F : never;
/**
 * A model's populate interface: what `populate` accepts as an object (an empty object for a
 * model the registry does not describe, as for one with nothing to populate).
 */
export type PopulateObjectOf<M> = M extends { populate: infer P } ? P : Record<never, never>;
/** Per populatable attribute of a model: an {@link AttributeLink}. */
export type LinksOf<M> = M extends { links: infer L } ? L : never;
/** Per filterable scalar field of a model: its {@link FilterKind}. */
export type ScalarsOf<M> = M extends { scalars: infer K } ? K : never;

/** Names of the scalar fields a query may filter, sort and select by. */
export type ScalarName<M> = keyof ScalarsOf<M> & string;

/** Names of the attributes `populate` accepts. */
export type PopulatableName<M> = keyof LinksOf<M> & string;
