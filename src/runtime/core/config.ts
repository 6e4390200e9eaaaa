/** The client's config: as `new CmsClient(config)` takes it, and once checked (`ResolvedConfig`). */
import type { AuthMode, CmsCredentials, CmsRequestInfo } from '../types/request.ts';
import type { CmsConnectionError, CmsError } from './errors.ts';

/** Options of `new CmsClient(config)`; only `baseURL` is required. */
export interface CmsClientConfig {
  /** The Strapi server URL, e.g. `http://localhost:1337` (a path prefix is kept). */
  baseURL: string;
  /** Bearer token sent with every request: an API token, or a user's JWT. */
  token?: string | undefined;
  /** The fetch implementation to call, e.g. a wrapped one for tracing or tests. @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /**
   * Logs each request (method, URL, status, duration) to the console; secrets in URLs are masked.
   * Only then does a request read a clock (`performance.now()`, which Next.js's prerendering
   * accepts). @default false
   */
  debug?: boolean | undefined;
  /** Fetch credentials mode (`include` for the refresh-token cookie across origins). */
  credentials?: CmsCredentials | undefined;
  /** Overrides the users-permissions mode baked in at generation (`AUTH_MODE`). */
  authMode?: AuthMode | undefined;
  /** Aborts a request (headers and body) after this many milliseconds (`AbortSignal.timeout`). */
  timeout?: number | undefined;
  /** Compares the generated schema hash with the server's on construction and warns on drift. @default false */
  validateSchema?: boolean | undefined;
  /**
   * Tags every read of a content type with the cache-tag scheme's tags (`cms:<path>`, and
   * `cms:<path>:<documentId>` for `findOne`; see `contentTypeTag`) before the call's own `tags`,
   * so the tags `handleCmsWebhook` returns revalidate it in Next.js. `false`: only the call's
   * own tags (a call may also opt out with `cacheTags: false` in its cache options).
   * @default true
   */
  cacheTags?: boolean | undefined;
  /** Runs before each request; may set or delete headers. */
  onRequest?: ((request: CmsRequestInfo) => void | Promise<void>) | undefined;
  /** Runs for every failed request, before its error is thrown. */
  onError?: ((error: CmsError | CmsConnectionError, request: CmsRequestInfo) => void) | undefined;
}

/**
 * The config once checked, with its defaults applied.
 * @internal
 */
export interface ResolvedConfig {
  baseURL: string;
  token: string | undefined;
  fetch: typeof fetch;
  debug: boolean;
  credentials: CmsCredentials | undefined;
  authMode: AuthMode;
  timeout: number | undefined;
  cacheTags: boolean;
  onRequest: CmsClientConfig['onRequest'];
  onError: CmsClientConfig['onError'];
  schemaHash: string;
}
