/** The client runtime's public surface (what the generated client file contains). */
export {
  type AuthApi,
  type AuthMethods,
  type AuthResponse,
  type AuthRoutes,
  type AuthSessionEntry,
  type AuthSessionsResponse,
  type AuthUser,
  authApi,
  type ChangePasswordData,
  type EmailConfirmation,
  type LegacyLogout,
  type LoginCredentials,
  type LogoutOptions,
  type MeParams,
  type RegisterData,
  type RegisterResponse,
  type ResetPasswordData,
  type RevokeSessionResponse,
} from './auth.ts';
export {
  type AuthMode,
  type CacheOptions,
  type CmsClientConfig,
  CmsClientCore,
  type CmsRequestInfo,
  type GeneratedInfo,
  type RequestOptions,
  type SchemaValidation,
  type SessionFlow,
} from './core.ts';
export type { CmsResponse } from './envelope.ts';
export {
  CmsConnectionError,
  CmsError,
  type CmsErrorDetails,
  type CmsErrorName,
  type CmsValidationIssue,
  isCmsConnectionError,
  isCmsError,
  isCmsErrorOf,
  maskSecrets,
} from './errors.ts';
export { causeCode, connectionError, describeBody, errorFromResponse } from './failures.ts';
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
export {
  type CollectionApi,
  collectionApi,
  customRoute,
  type NoParams,
  type RouteSpec,
  type SingleApi,
  singleApi,
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
export { ARRAY_LIMIT, toQueryString } from './query.ts';
export type { Entry, QueryResult } from './result.ts';
export {
  CmsSession,
  inBrowser,
  type RefreshOutcome,
  type SessionExchange,
  type SessionTransport,
  type TokenSlot,
} from './session.ts';
export type {
  AttributeLink,
  ComponentLink,
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
  RelationLink,
  ScalarName,
  ScalarsOf,
  SchemaShape,
  ZoneLink,
} from './shape.ts';
export {
  type CmsLocale,
  type I18nApi,
  i18nApi,
  type UploadApi,
  type UploadQueryParams,
  uploadApi,
} from './upload.ts';

/**
 * Modules in the order they are inlined into the generated client; `envelope.ts` is left out
 * because the generated `types` file provides its declarations.
 */
export const RUNTIME_MODULES = [
  'errors.ts',
  'failures.ts',
  'query.ts',
  'shape.ts',
  'filters.ts',
  'params.ts',
  'meta.ts',
  'result.ts',
  'session.ts',
  'core.ts',
  'operations.ts',
  'upload.ts',
  'auth.ts',
] as const;
export const PROVIDED_BY_TYPES = { 'envelope.ts': ['CmsResponse'] } as const;
