/**
 * The options of a request and of the client's own calls: per-call cache options, the fetch
 * modes Node's types lack, what `onRequest` sees, and the facts the generated client passes down.
 */

/** Users-permissions mode: `legacy` sends plain Bearer tokens, `refresh` manages a session. */
export type AuthMode = 'legacy' | 'refresh';

/** The fetch credentials mode (the DOM's `RequestCredentials`, which Node's types lack). */
export type CmsCredentials = 'include' | 'same-origin' | 'omit';

/** The standard fetch cache mode (the DOM's `RequestCache`, which Node's types lack). */
export type CmsCacheMode = 'default' | 'force-cache' | 'no-cache' | 'no-store' | 'only-if-cached' | 'reload';

/** What `onRequest` and `onError` see of a request. */
export interface CmsRequestInfo {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** The full URL, query string included. */
  url: string;
  /** The headers about to be sent; `onRequest` may set or delete entries. */
  headers: Headers;
}

/** Per-call fetch options; the shape is flat and works in any runtime. */
export interface CacheOptions {
  /** Seconds until revalidation, or false (Next.js `next.revalidate`). */
  revalidate?: number | false | undefined;
  /** Cache tags (Next.js `next.tags`), sent after the tags a read carries by default. */
  tags?: string[] | undefined;
  /**
   * `false`: this read carries only `tags`, not the cache-tag scheme's (`cms:<path>`...); the
   * client's `cacheTags` option does the same for every read.
   * @default true
   */
  cacheTags?: boolean | undefined;
  /** The standard fetch cache mode. */
  cache?: CmsCacheMode | undefined;
  /** Headers merged over the defaults; `undefined` removes one. */
  headers?: Record<string, string | undefined> | undefined;
  /** Cancels the request (TanStack Query's `signal`, an `AbortController`'s): it rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** Options of `request()`. */
export interface RequestOptions {
  /** HTTP method. @default 'GET' */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters, written the way Strapi's qs parser reads them back (`toQueryString`). */
  query?: object | undefined;
  /** Sent as JSON; a `FormData` is sent as multipart. */
  body?: unknown;
  /** Cache mode, Next.js `revalidate` and `tags`, and headers for this request. */
  cacheOptions?: CacheOptions | undefined;
  /** Resolve a 404 as `null` instead of throwing (and without calling `onError`). */
  nullOnNotFound?: boolean;
}

/**
 * `request()`'s options and what the client's own operations add: how the answer is read, which
 * token and credentials go, and whether a failure refreshes the session.
 * @internal
 */
export interface CallOptions extends RequestOptions {
  /**
   * The answer must be Strapi's `{ data }` envelope: any other JSON, or an empty body
   * (except a DELETE's 204), is a `CmsConnectionError` rather than a `TypeError` later.
   */
  envelope?: boolean;
  /** What an auth route or the session sends instead of the client's token and credentials. */
  auth?: AuthRequest;
  /** Never refresh and retry this request. */
  noRecover?: boolean;
  /** A read's tags of the cache-tag scheme (core/cache-tags.ts), sent before the call's own unless opted out. */
  tags?: readonly string[] | undefined;
}

/**
 * How a request of `client.auth` or the session differs from the client's own: request-extras.ts
 * sends it.
 * @internal
 */
export interface AuthRequest {
  /** Send this Bearer token instead of the client's. */
  bearer?: string | undefined;
  /** A public auth route: an active session does not send its own (maybe expired) token. */
  publicRoute?: boolean;
  /** Fetch credentials for this request instead of the configured ones. */
  credentials?: CmsCredentials | undefined;
  /** Never carries `Authorization`, even when `onRequest` sets it (the refresh request). */
  anonymous?: boolean;
  /** Do not follow a redirect: the caller reads the 3xx answer (`auth.confirmEmail`). */
  manualRedirect?: boolean;
}

/**
 * The headers of a request as fetch gets them: a plain record unless a hook or option needs `Headers`.
 * @internal
 */
export type SentHeaders = Headers | Record<string, string>;

/**
 * The fetch options of a request, with Next.js's `next` and the fetch types Node's types lack.
 * @internal
 */
export type SentInit = RequestInit & {
  cache?: CmsCacheMode;
  credentials?: CmsCredentials;
  next?: { revalidate?: number | false; tags?: string[] };
};

/**
 * What the generated client passes down: facts fixed at generation.
 * @internal
 */
export interface GeneratedInfo {
  schemaHash: string;
  authMode: AuthMode;
}

/** The result of `validateSchema()`. */
export interface SchemaValidation {
  /** True when the server's schema hash equals the one this client was generated from. */
  valid: boolean;
  /** The hash this client was generated from (`SCHEMA_HASH`). */
  localHash: string;
  /** The server's hash, when it could be read. */
  remoteHash?: string;
  /** Why the server's hash could not be read. */
  error?: string;
}
