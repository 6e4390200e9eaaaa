/** The client runtime's public surface (what the generated client file contains). */
export { type CacheOptions, type CmsClientConfig, CmsClientCore, type RequestOptions } from './core.ts';
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
} from './errors.ts';
export {
  type CollectionApi,
  collectionApi,
  type FindOneParams,
  type QueryParams,
  type SingleApi,
  singleApi,
} from './operations.ts';
export { ARRAY_LIMIT, toQueryString } from './query.ts';

/**
 * Modules in the order they are inlined into the generated client; `envelope.ts` is left out
 * because the generated `types` file provides its declarations.
 */
export const RUNTIME_MODULES = ['errors.ts', 'query.ts', 'core.ts', 'operations.ts'] as const;
export const PROVIDED_BY_TYPES = { 'envelope.ts': ['CmsResponse'] } as const;
