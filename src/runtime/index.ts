/**
 * The runtime's surface, the one list of it: the core the build writes into `runtime/` exports
 * these names (scripts/runtime-build.ts reads them with the TypeScript API), and every list
 * codegen needs (names a model may not take, members a content type may not shadow) is derived
 * from this file. Exports marked `@internal` are there for the generated client only and left
 * out of the runtime's declarations; the generated `index` re-exports the others, and the
 * generated `types` file those marked `@typesFile`. (Biome does not sort this file: sorting would
 * merge the marked statements.)
 */
export type {
  AuthApi,
  AuthMethods,
  AuthResponse,
  AuthRoutes,
  AuthSessionEntry,
  AuthSessionsResponse,
  AuthUser,
  ChangePasswordData,
  EmailConfirmation,
  LegacyLogout,
  LoginCredentials,
  LogoutOptions,
  MeParams,
  RegisterData,
  RegisterFieldsOf,
  RegisterResponse,
  ResetPasswordData,
  RevokeSessionResponse,
} from './auth.ts';
export {
  type AuthMode,
  type CacheOptions,
  type CmsCacheMode,
  type CmsClientConfig,
  type CmsCredentials,
  CmsClientCore,
  type CmsRequestInfo,
  type RequestOptions,
  type SchemaValidation,
} from './core.ts';
/** @typesFile */
export type {
  Block,
  BlocksContent,
  CodeBlock,
  HeadingBlock,
  ImageBlock,
  InlineNode,
  LinkInline,
  ListBlock,
  ListItemBlock,
  ParagraphBlock,
  QuoteBlock,
  TextNode,
} from './blocks.ts';
/** @typesFile */
export type { CmsPagination, CmsResponse } from './envelope.ts';
/** @typesFile */
export type {
  CmsID,
  JsonValue,
  MediaFile,
  MediaFormat,
  MediaInput,
  MultiMediaInput,
  RelationInput,
  RelationRef,
  RelationsInput,
} from './fields.ts';
export {
  CmsConnectionError,
  CmsError,
  type CmsErrorDetails,
  type CmsErrorName,
  type CmsValidationIssue,
  CmsWebhookError,
  type CmsWebhookRejection,
  isCmsConnectionError,
  isCmsError,
  isCmsErrorOf,
  isCmsWebhookError,
  maskSecrets,
} from './errors.ts';
export {
  changeTags,
  contentTypeTag,
  documentTag,
  MAX_CACHE_TAG_LENGTH,
  MAX_CACHE_TAGS,
  MEDIA_PATH,
  mergeCacheTags,
} from './cache-tags.ts';
export type {
  BigIntegerFilter,
  BooleanFilter,
  BooleanOperators,
  DateFilter,
  EqualityOperators,
  FieldFilter,
  Filters,
  JsonOperators,
  NumberFilter,
  RangeOperators,
  StringOperators,
  TextFilter,
} from './filters.ts';
export type {
  CmsListResponse,
  OffsetPaginationMeta,
  PagePaginationMeta,
  PaginationMeta,
  UncountedOffsetPaginationMeta,
  UncountedPagePaginationMeta,
} from './meta.ts';
export type {
  CollectionApi,
  CustomRouteMethod,
  NoParams,
  RouteSpec,
  SingleApi,
} from './operations.ts';
export {
  type Checked,
  type ComponentPopulate,
  type DeleteParams,
  type DocumentParams,
  type Fields,
  type FindOneParams,
  type MediaPopulate,
  type Pagination,
  type Populate,
  type PopulateComponent,
  type PopulateMedia,
  type PopulateRelation,
  type PopulateZone,
  PUBLICATION_FILTERS,
  type PublicationFilter,
  type QueryParams,
  type RelationPopulate,
  type SingleParams,
  type Sort,
  type SortKey,
  type UnknownKey,
  type WriteParams,
  type ZonePopulate,
} from './params.ts';
export { MAX_QUERY_LENGTH } from './query-limits.ts';
export type {
  ApiQueries,
  AuthQueries,
  CmsApiKey,
  CmsDocumentKey,
  CmsMutationContext,
  CmsMutationOptions,
  CmsQueries,
  CmsQueryContext,
  CmsQueryOptions,
  CmsRootKey,
  CollectionQueries,
  RouteGroupQueries,
  RouteQueries,
  SchemaOf,
  SingleQueries,
} from './query-options.ts';
export { assertQueryLength, toQueryString } from './query-string.ts';
export type { Entry, QueryResult } from './result.ts';
export type {
  AddedData,
  AddedQuery,
  AttributeLink,
  ComponentLink,
  CoreAction,
  EntryIn,
  EntryOf,
  FilterKind,
  FiltersOf,
  InputFor,
  InputOf,
  IsDraft,
  LinksOf,
  MediaLink,
  ModelOf,
  ModelShape,
  PopulatableIn,
  PopulatableName,
  PopulatableOf,
  PopulateObjectOf,
  RelationLink,
  ScalarName,
  ScalarsOf,
  SchemaShape,
  ZoneLink,
} from './shape.ts';
export type {
  CmsEntryEventName,
  CmsMediaEvent,
  CmsMediaEventName,
  CmsWebhookEventName,
  RelationCount,
  UnpublishedEntry,
  WebhookEntry,
  WebhookEntryEvent,
  WebhookEvent,
  WebhookResult,
} from './webhook-events.ts';
export { constantTimeEqual, type WebhookOptions } from './webhooks.ts';
export type {
  CmsLocale,
  I18nApi,
  UploadApi,
  UploadQueryParams,
} from './upload.ts';
export type {
  UserCountParams,
  UserCreateData,
  UserParams,
  UsersApi,
  UsersQueryParams,
  UserWithRole,
} from './users.ts';
/** @internal For the generated client: the factories of its members. */
export { authApi } from './auth.ts';
/** @internal */
export type { GeneratedInfo } from './core.ts';
/** @internal */
export {
  collectionApi,
  contentTypeApis,
  type MediaFields,
  type RouteTable,
  type RouteTableLoader,
  routeMethods,
  singleApi,
} from './operations.ts';
/** @internal */
export { createQueries, type QueryTable } from './query-options.ts';
/** @internal */
export { i18nApi, uploadApi } from './upload.ts';
/** @internal */
export { usersApi } from './users.ts';
/** @internal */
export { checkWebhook, type WebhookTable } from './webhooks.ts';
