/**
 * The payload of `GET /api/cms-typed-client/schema`: what the plugin publishes and what the
 * generator consumes. Shared by the server, the generator and the tests; imports nothing.
 */

/** Bumped when the payload's shape changes in a way the generator must know about. */
export const SCHEMA_FORMAT = 2;

/** Every attribute type Strapi 5 knows. A custom field carries its underlying type here. */
export const ATTRIBUTE_TYPES = [
  'string',
  'text',
  'richtext',
  'blocks',
  'email',
  'password',
  'uid',
  'enumeration',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'date',
  'time',
  'datetime',
  'timestamp',
  'json',
  'media',
  'relation',
  'component',
  'dynamiczone',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const RELATION_KINDS = [
  'oneToOne',
  'oneToMany',
  'manyToOne',
  'manyToMany',
  'oneWay',
  'manyWay',
  'morphToOne',
  'morphToMany',
  'morphOne',
  'morphMany',
] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * One attribute. Only the keys that describe the data model are published; everything else
 * Strapi keeps on an attribute (plugin options, admin layout, column names) is left out.
 */
export interface SchemaAttribute {
  type: string;
  required?: boolean;
  private?: boolean;
  unique?: boolean;
  /** `pluginOptions.i18n.localized` of a localized content type's attribute. */
  localized?: boolean;
  /** Relation cardinality, with `target` (a content-type uid) for every kind but `morphTo*`. */
  relation?: string;
  target?: string;
  inversedBy?: string;
  mappedBy?: string;
  /** Enumeration values. */
  enum?: string[];
  min?: number | string;
  max?: number | string;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  default?: JsonValue;
  /** Single component: its uid and whether it is repeatable. */
  component?: string;
  repeatable?: boolean;
  /** Dynamic zone: the component uids it accepts. */
  components?: string[];
  /** Media: several files or one, and the accepted kinds (`images`, `files`, `videos`, `audios`). */
  multiple?: boolean;
  allowedTypes?: string[];
  /** The attribute a `uid` is derived from. */
  targetField?: string;
  /** Custom field uid (`plugin::color-picker.color`); `type` is then its underlying type. */
  customField?: string;
  /**
   * Strapi 5 conditional field: `visible` is a JSON-Logic rule over the sibling fields (e.g.
   * `{"==": [{"var": "type"}, "external"]}`); Strapi validates the field, `required` included,
   * only while the rule holds.
   */
  conditions?: { [key: string]: JsonValue };
}

/** The HTTP methods a published route may have. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A JSON Schema (draft 2020-12 as zod 4's `toJSONSchema` writes it). References to shared
 * schemas are `{ "$ref": "#/definitions/<id>" }`; a reference to a schema that describes a
 * content type or component Strapi knows is replaced by `{ "x-cms-uid": "<uid>" }` so codegen
 * can use the generated interface.
 */
export type JsonSchema = boolean | { [key: string]: JsonValue };

/** What a route declares about its request and its answer, each converted from zod. */
export interface RouteSchemas {
  /** Path parameters by name (each a JSON Schema). */
  params?: Record<string, JsonSchema>;
  /** Query keys by name (each a JSON Schema), including keys added with contentAPI.addQueryParams. */
  query?: Record<string, JsonSchema>;
  /**
   * The query keys whose zod schema is not optional (a JSON Schema of one key cannot say so);
   * absent when every key is optional.
   */
  requiredQuery?: string[];
  /** The request body (JSON Schema of the whole body), including keys added with contentAPI.addInputParams. */
  body?: JsonSchema;
  /**
   * Core CRUD routes of a content type only, whose own schemas are not published (the client
   * types them from the content model): the keys added inside `data` with
   * contentAPI.addInputParams, each a JSON Schema. Their `query` holds only the keys added with
   * contentAPI.addQueryParams.
   */
  inputParams?: Record<string, JsonSchema>;
  /** The 200 response body. */
  response?: JsonSchema;
}

/** The parts of a route a method signature is typed from. */
export type RoutePart = 'params' | 'query' | 'body' | 'response';

/** One content-API route Strapi registers. */
export interface SchemaApiRoute extends RouteSchemas {
  method: RouteMethod;
  /**
   * Full path below `/api` as Strapi mounts it (plugin prefix and config.prefix included), e.g.
   * `/navigation/render/:idOrSlug`, `/articles/:id/like`.
   */
  path: string;
  /** Full handler: `api::article.article.like`, `plugin::navigation.client.render`. */
  handler: string;
  /** `api::<apiName>` or `plugin::<pluginName>`. */
  owner: string;
  /** False when the route is public (`config.auth === false`). */
  auth: boolean;
}

export interface SchemaContentType {
  uid: string;
  kind: 'collectionType' | 'singleType';
  singularName: string;
  pluralName: string;
  displayName: string;
  draftAndPublish: boolean;
  /** i18n enabled for this content type. */
  localized: boolean;
  attributes: Record<string, SchemaAttribute>;
}

export interface SchemaComponent {
  uid: string;
  category: string;
  displayName: string;
  attributes: Record<string, SchemaAttribute>;
}

/** Names of the users-permissions routes the client knows how to call. */
export const AUTH_ROUTE_NAMES = [
  'login',
  'register',
  'me',
  'forgotPassword',
  'resetPassword',
  'changePassword',
  'emailConfirmation',
  'sendEmailConfirmation',
  'callback',
  'refresh',
  'logout',
  'sessions',
  'revokeSession',
] as const;
export type AuthRouteName = (typeof AUTH_ROUTE_NAMES)[number];

export interface SchemaAuth {
  /**
   * The mode the server runs: `refresh` when users-permissions' `jwtManagement` is `refresh`
   * and the server registers `/auth/refresh` (Strapi 5.24.1+); otherwise `legacy-support`.
   */
  jwtManagement: 'legacy-support' | 'refresh';
  /** `sessions.httpOnly`: the refresh token travels in an httpOnly cookie rather than the body. */
  sessionsHttpOnly: boolean;
  /** The users-permissions routes that this server answers, by name, with method and path. */
  routes: Partial<Record<AuthRouteName, { method: RouteMethod; path: string }>>;
  /**
   * users-permissions' `register.allowedFields`, sorted: the fields of the user that
   * `/auth/local/register` accepts besides `username`, `email` and `password` (Strapi answers
   * 400 "Invalid parameters" to any other). Absent from the payloads of servers before
   * cms-typed-client 0.2, which did not say.
   */
  registerFields?: string[];
}

export interface CmsSchema {
  format: typeof SCHEMA_FORMAT;
  /** Every `api::` and `plugin::` content type, keyed by uid. Never an `admin::` one. */
  contentTypes: Record<string, SchemaContentType>;
  /** Every component, keyed by `<category>.<name>`. */
  components: Record<string, SchemaComponent>;
  /** users-permissions settings and routes; `null` when the plugin is not installed. */
  auth: SchemaAuth | null;
  /**
   * Every content-API route Strapi registers (apis and plugins, this plugin's own routes
   * excluded), sorted by owner, path, method.
   */
  routes: SchemaApiRoute[];
  /** Shared JSON Schemas referenced from routes as `#/definitions/<id>`. */
  definitions: Record<string, JsonSchema>;
  /**
   * The content types with a preview rule in `config/admin` (cms-typed-client's `cmsPreview`),
   * sorted: the generated `handleCmsPreview` accepts these. Absent when there are none, so a
   * server without previews keeps the hash it had.
   */
  preview?: SchemaPreview;
}

/** What the plugin publishes of `config/admin`'s preview. */
export interface SchemaPreview {
  /** The `api::` content types that have a preview rule, sorted. */
  uids: string[];
}

/**
 * About the running server, published beside `hash` and `schema` but not hashed, so a Strapi
 * upgrade that leaves the content model alone does not change the hash. Absent from payloads
 * of cms-typed-client 0.1 servers.
 */
export interface SchemaServerInfo {
  /** The running Strapi's version, e.g. `5.54.0`; null when Strapi does not say. */
  version: string | null;
  /** One sentence per configured feature this Strapi does not serve (the CLI prints them). */
  notices: string[];
}

export interface SchemaResponse {
  /** SHA-256 hex digest of the stable serialization of `schema`. */
  hash: string;
  schema: CmsSchema;
  /** The running Strapi; optional, older servers do not send it. */
  strapi?: SchemaServerInfo;
}

export interface SchemaHashResponse {
  hash: string;
}
