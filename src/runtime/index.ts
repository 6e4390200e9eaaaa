/**
 * The runtime's surface, the one list of it: the core the build writes into `runtime/` exports
 * these names (scripts/runtime-build.ts reads them with the TypeScript API), and every list
 * codegen needs (names a model may not take, members a content type may not shadow) is derived
 * from this file. Exports marked `@internal` are there for the generated client only and left
 * out of the runtime's declarations; the others are the public surface, of which the generated
 * `index` re-exports what src/codegen/index-exports.ts lists, and the generated `types` file
 * those marked `@typesFile`. (Biome does not sort this file: sorting would merge the marked
 * statements.)
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
} from './types/auth.ts';
export { CmsClientCore } from './core/client.ts';
export type { CmsClientConfig } from './core/config.ts';
export type {
  AuthMode,
  CacheOptions,
  CmsCacheMode,
  CmsCredentials,
  CmsRequestInfo,
  RequestOptions,
  SchemaValidation,
} from './types/request.ts';
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
} from './types/blocks.ts';
/** @typesFile */
export type { CmsPagination, CmsResponse } from './types/envelope.ts';
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
} from './types/attribute-values.ts';
export {
  CmsConnectionError,
  CmsError,
  type CmsErrorDetails,
  type CmsErrorName,
  CmsPreviewError,
  type CmsPreviewRejection,
  type CmsValidationIssue,
  CmsWebhookError,
  type CmsWebhookRejection,
  isCmsConnectionError,
  isCmsError,
  isCmsErrorOf,
  isCmsPreviewError,
  isCmsWebhookError,
  maskSecrets,
} from './core/errors.ts';
export {
  changeTags,
  contentTypeTag,
  documentTag,
  MAX_CACHE_TAG_LENGTH,
  MAX_CACHE_TAGS,
  MEDIA_PATH,
  mergeCacheTags,
} from './core/cache-tags.ts';
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
} from './types/filters.ts';
export type {
  CmsListResponse,
  OffsetPaginationMeta,
  PagePaginationMeta,
  PaginationMeta,
  UncountedOffsetPaginationMeta,
  UncountedPagePaginationMeta,
} from './types/meta.ts';
export type { CollectionApi, SingleApi, WithStatus } from './types/content-types.ts';
export type { CustomRouteMethod, RouteSpec, RouteSpecs } from './types/routes.ts';
export type {
  Checked,
  ComponentPopulate,
  DeleteParams,
  DocumentParams,
  Fields,
  FindOneParams,
  MediaPopulate,
  NoParams,
  Pagination,
  Populate,
  PopulateComponent,
  PopulateMedia,
  PopulateRelation,
  PopulateZone,
  PublicationFilter,
  QueryParams,
  RelationPopulate,
  SingleParams,
  Sort,
  SortKey,
  UnknownKey,
  WriteParams,
  ZonePopulate,
} from './types/params.ts';
export { PUBLICATION_FILTERS } from './core/publication-filters.ts';
export { MAX_QUERY_LENGTH } from './query/limits.ts';
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
} from './tanstack-query.ts';
export { assertQueryLength, toQueryString } from './query/to-query-string.ts';
export type { Entry, QueryResult } from './types/result.ts';
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
} from './types/shape.ts';
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
} from './types/webhook-events.ts';
export { constantTimeEqual } from './core/constant-time.ts';
export type { WebhookOptions } from './webhooks.ts';
export type { PreviewOptions, PreviewTarget } from './preview.ts';
/** @internal For the generated `handleCmsPreview`. */
export { checkPreview } from './preview.ts';
export { DRAFT_TAG_PREFIX, type ReadStatus, type StatusOptions } from './status.ts';
export {
  type LivePreviewOptions,
  listenToStrapiPreview,
  type PreviewFrameWindow,
  type PreviewMessageEvent,
  type StrapiFieldChange,
} from './live-preview.ts';
/** @internal For the generated `withStatus`. */
export { statusClient } from './status.ts';
export type {
  CmsBigIntegerField,
  CmsComponentField,
  CmsDynamicZoneField,
  CmsEnumerationField,
  CmsField,
  CmsFieldTable,
  CmsLogicRule,
  CmsMediaField,
  CmsNumberField,
  CmsPlainField,
  CmsRelationField,
  CmsTextField,
} from './validate/fields.ts';
export type {
  StandardFailure,
  StandardIssue,
  StandardResult,
  StandardSchemaProps,
  StandardSchemaV1,
  StandardSuccess,
  StandardTypes,
} from './validate/standard-schema.ts';
export type {
  CmsValidator,
  CmsValidatorInput,
  CmsValidatorProps,
  CmsWriteValidators,
} from './validate/validators.ts';
/** @internal For the generated `cmsValidators`. */
export { validatorsOf } from './validate/validators.ts';
export type {
  CollectionMock,
  ComponentMock,
  MockEntryOf,
  MockOptions,
  MockOverrides,
  MockRequest,
  MockStrapi,
  MockStrapiOptions,
  MockUser,
  MswApi,
  MswHttp,
  SingleMock,
} from './types/mock.ts';
export type { MockTables, MockTypeRow } from './mock/schema.ts';
export type {
  CmsLocale,
  I18nApi,
  UploadApi,
  UploadQueryParams,
} from './types/upload.ts';
export type {
  UserCountParams,
  UserCreateData,
  UserParams,
  UsersApi,
  UsersQueryParams,
  UserWithRole,
} from './types/users.ts';
/** @internal For the generated client: the factories of its members. */
export { authApi } from './auth/api.ts';
/** @internal */
export type { GeneratedInfo } from './types/request.ts';
/** @internal */
export { collectionApi, contentTypeApis, routeMethods, singleApi } from './content-types.ts';
/** @internal */
export type {
  ContentTypeEntry,
  ContentTypeTable,
  MediaFields,
  RouteMethodNames,
} from './types/content-types.ts';
/** @internal */
export type { RouteTable, RouteTableLoader } from './types/routes.ts';
/** @internal */
export { createQueries } from './tanstack-query.ts';
/** @internal */
export { i18nApi, uploadApi } from './upload/api.ts';
/** @internal */
export { usersApi } from './users/api.ts';
/** @internal */
export { checkWebhook, type WebhookTable } from './webhooks.ts';
