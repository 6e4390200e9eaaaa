/**
 * The codegen model: what buildModel (model.ts) makes of a schema payload and the emitters read.
 * Every name is resolved and every attribute classified (scalar, relation, media, component or
 * dynamic zone); each model lists the fields Strapi adds to it and the fields `filters` takes a
 * condition on, with their filter kinds, so no emitter switches on a schema attribute type for
 * filtering or spells a system field.
 */
import type { ContentTypeRoute } from '../schema/route-kinds.ts';
import type {
  AttributeType,
  JsonSchema,
  RelationKind,
  RouteMethod,
  RoutePart,
  SchemaApiRoute,
  SchemaAuth,
  SchemaComponent,
  SchemaContentType,
} from '../schema/types.ts';

export type { ContentTypeRoute };

export type AttributeClass = 'scalar' | 'relation' | 'media' | 'component' | 'dynamiczone';
export type ScalarType = Exclude<AttributeType, 'media' | 'relation' | 'component' | 'dynamiczone'>;

/** Which operators a scalar field's filter accepts (the registry's `scalars` values). */
export type FilterKind = 'string' | 'number' | 'date' | 'boolean' | 'json';

/** The client runtime's named filter condition of a scalar field (src/runtime/types/filters.ts). */
export type FilterCondition =
  | 'BigIntegerFilter'
  | 'BooleanFilter'
  | 'DateFilter'
  | 'JsonOperators'
  | 'NumberFilter'
  | 'TextFilter';

/** How a scalar field filters: the kind of its operators and the runtime condition that types them. */
export interface ScalarFilter {
  filterKind: FilterKind;
  condition: FilterCondition;
}

interface AttributeBase {
  /** The attribute's name in the schema (the key Strapi reads and writes). */
  name: string;
  /** `name` as an interface property key: bare or quoted. */
  key: string;
  /**
   * Strapi enforces `required` on published entries: true only when the attribute is required
   * and no `conditions.visible` rule can hide it (Strapi skips a hidden field's validation).
   */
  required: boolean;
  /** A `default` is set: the input may leave the attribute out even when it is required. */
  hasDefault: boolean;
  /** Private or a password: left out of the entry and populatable interfaces, kept in the input. */
  hidden: boolean;
  /** JSDoc lines of the entry's member (notes, `@maxLength 120`), already safe to print inside a comment. */
  docs: string[];
  /** The same for the input's member, less the notes about how a value reads back. */
  inputDocs: string[];
}

export interface ScalarAttribute extends AttributeBase {
  classification: 'scalar';
  type: ScalarType;
  /** Enumeration values (deduplicated, in schema order); empty for other types. */
  enumValues: string[];
}

export interface RelationAttribute extends AttributeBase {
  classification: 'relation';
  relation: RelationKind;
  many: boolean;
  /** Target content type; null only for a polymorphic relation without a target. */
  targetUid: string | null;
  /** Entry interface of the target, or null (polymorphic: a loose record). */
  target: string | null;
}

export interface MediaAttribute extends AttributeBase {
  classification: 'media';
  many: boolean;
  target: 'MediaFile';
}

export interface ComponentAttribute extends AttributeBase {
  classification: 'component';
  many: boolean;
  targetUid: string;
  target: string;
  targetInput: string;
}

export interface ZoneMember {
  uid: string;
  entry: string;
  input: string;
}

export interface DynamicZoneAttribute extends AttributeBase {
  classification: 'dynamiczone';
  many: true;
  /** The zone's union type name. */
  target: string;
  members: ZoneMember[];
}

export type ModelAttribute =
  | ScalarAttribute
  | RelationAttribute
  | MediaAttribute
  | ComponentAttribute
  | DynamicZoneAttribute;

/** The fields Strapi adds to entries and components itself (never schema attributes). */
export type SystemFieldName = 'id' | 'documentId' | 'createdAt' | 'updatedAt' | 'publishedAt' | 'locale';

/** A field Strapi adds to every entry of a model, typed like the attribute type it behaves as. */
export interface SystemField {
  name: SystemFieldName;
  /** `name` as an interface property key (always a plain identifier). */
  key: SystemFieldName;
  type: 'integer' | 'string' | 'datetime';
  /** Listed before the attributes in the entry interfaces (`id`, `documentId`); the others after. */
  leading: boolean;
}

/**
 * A field `filters` takes a condition on directly: a system field or a visible scalar attribute
 * (hidden ones Strapi rejects in filters).
 */
export interface FilterField extends ScalarFilter {
  /** The field's name (what the docs show). */
  name: string;
  /** `name` as an interface property key. */
  key: string;
  /** An enumeration's values, which its condition takes as type argument (`TextFilter<'a' | 'b'>`); else empty. */
  enumValues: string[];
}

export interface ModelNames {
  entry: string;
  populatable: string;
  input: string;
  /** What `filters` accepts for this model. */
  filters: string;
  /** What `populate` accepts as an object for this model. */
  populate: string;
  /** What the registry (`CmsSchemaTypes`) holds for this model: its interface names and links. */
  model: string;
}

/**
 * The draft versions of a model's interfaces (`ArticleDraft`, `ArticleDraftPopulatable`,
 * `ArticleDraftInput`), each null where the draft reads or writes exactly like the published
 * entry. Strapi checks `required` only on publish, so a draft may lack a required field.
 */
export interface DraftNames {
  entry: string | null;
  populatable: string | null;
  input: string | null;
}

/** A content type as the emitters see it: the payload's description of it, and what the model step resolved. */
export interface ContentTypeModel
  extends Pick<
    SchemaContentType,
    'uid' | 'kind' | 'singularName' | 'pluralName' | 'displayName' | 'draftAndPublish' | 'localized'
  > {
  names: ModelNames;
  /** Draft interfaces (see drafts.ts); set once every model has its names. */
  draft: DraftNames;
  /** Property on the generated client (`api::` content types only), otherwise null. */
  clientProperty: string | null;
  /** The fields Strapi adds: `id`, `documentId`, the timestamps, `locale` when localized. */
  systemFields: SystemField[];
  /** System fields, then visible scalar attributes in schema order. */
  filterFields: FilterField[];
  /** In schema order. */
  attributes: ModelAttribute[];
  /** Custom controller routes as client methods (collection and single types of `api::`). */
  customRoutes: CustomRouteModel[];
  /**
   * What apps and plugins added to the core routes, by the client method's action: query keys
   * (`contentAPI.addQueryParams`) and keys of `data` (`contentAPI.addInputParams`), each set as
   * one object schema.
   */
  addedParams: {
    query: Partial<Record<CoreAction, JsonSchema>>;
    data: Partial<Record<CoreAction, JsonSchema>>;
  };
}

/** The core routes of a content type, named as the client's methods that call them. */
export type CoreAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

/** A custom route as a method on the content type's client property. */
export interface CustomRouteModel {
  /** Method name: camelCase of the controller action, renamed off the CRUD members (`findRoute`). */
  name: string;
  method: RouteMethod;
  /** Below `/api`, as the server declares it (`/articles/:id/like`). */
  path: string;
  /** Path parameter names in path order, as parameter identifiers. */
  params: string[];
  /** The same, each with its placeholder as the path writes it (`:id` -> `id`). */
  pathParams: { placeholder: string; name: string }[];
  /** The route as `schema.routes` publishes it, with its schemas; null for a format 1 custom route. */
  source: SchemaApiRoute | null;
  /**
   * The alias of each of its schemas that refers to itself (`$ref: "#"`), which an inline type
   * cannot: `<Property><Method><Part>` (`NavigationRenderResponse`), declared in the types file.
   */
  selfAliases: Partial<Record<RoutePart, string>>;
}

/** A plugin's or an API's routes as one client property (`client.navigation`). */
export interface RouteGroupModel {
  /** `plugin::navigation`, `api::probe`. */
  owner: string;
  /** The client property. */
  property: string;
  routes: CustomRouteModel[];
}

/** A JSON Schema declared as a named type alias in the types file. */
export interface DefinitionModel {
  /** The id in `schema.definitions`; null for a route's self-referring schema. */
  id: string | null;
  /** For a route's schema: which part of which route it is (`the body of \`POST /api/probe/echo\``). */
  of?: string;
  /** The alias. */
  name: string;
  schema: JsonSchema;
}

/** A component as the emitters see it: the payload's description of it, and what the model step resolved. */
export interface ComponentModel extends Pick<SchemaComponent, 'uid' | 'category' | 'displayName'> {
  names: ModelNames;
  /** Draft interfaces (see drafts.ts); set once every model has its names. */
  draft: DraftNames;
  /** The field Strapi adds to every component instance: `id`. */
  systemFields: SystemField[];
  /** `id`, then visible scalar attributes in schema order. */
  filterFields: FilterField[];
  attributes: ModelAttribute[];
}

export interface CodegenModel {
  /** Sorted by uid. */
  contentTypes: ContentTypeModel[];
  /** Sorted by uid. */
  components: ComponentModel[];
  /** Some attribute has the type `blocks`: the blocks types are emitted. */
  hasBlocks: boolean;
  auth: SchemaAuth | null;
  /**
   * The client property of the users-permissions user routes (`users`, numbered after an
   * `api::` type that took it), or null without users-permissions.
   */
  usersProperty: string | null;
  /** The routes of plugins and APIs without a content type, one client property each, by owner. */
  routeGroups: RouteGroupModel[];
  /** Shared schemas of the routes, then self-referring route schemas: one alias each. */
  definitions: DefinitionModel[];
  /** The content types with a preview rule (`schema.preview`), sorted; empty without one. */
  previewUids: string[];
}
