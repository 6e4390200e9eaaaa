/**
 * The client core: one request function (URL, token, cache options, errors) that every
 * operation goes through; request-extras.ts adds what a request needs beyond a plain read
 * (bodies, hooks, headers, the timeout). It knows no schema: the generated client passes paths,
 * and the generated types give the operations their shapes.
 */
import { mergeCacheTags } from './cache-tags.ts';
import { type CmsConnectionError, type CmsError, maskSecrets } from './errors.ts';
import { once } from './lazy.ts';
import { queryText } from './query.ts';
import {
  type CorePort,
  inBrowser,
  type SessionExchange,
  type SessionFlow,
  type SessionState,
} from './session-port.ts';

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
  /** A read's tags of the cache-tag scheme (cache-tags.ts), sent before the call's own unless opted out. */
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
 * One request as sent, and what came back.
 * @internal
 */
export interface Attempt extends SessionExchange {
  /** HTTP method. */
  method: string;
  /** The full URL, query string included. */
  url: string;
  /** What `onRequest` saw; `onError` gets it with `Headers` made from a plain record. */
  info: Omit<CmsRequestInfo, 'headers'> & {
    /** The headers as sent: a plain record unless a hook or an option needed `Headers`. */
    headers: SentHeaders;
  };
  /**
   * `performance.now()` when it was sent, for the debug log's duration; 0 without `debug`: a
   * request reads no clock unless asked (Next.js's prerendering refuses `Date.now()`).
   */
  started: number;
  /** The answer, once one came. */
  response?: Response | undefined;
  /** The whole body as text. */
  text: string;
  /** Why no response could be read. */
  failure?: CmsConnectionError | undefined;
}

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

/**
 * What every generated `CmsClient` extends: the request function, the token and the schema
 * check. The generated class adds one property per content type, `upload`, `i18n` and `auth`.
 */
export class CmsClientCore implements CorePort {
  // The fields are set in the constructor rather than declared with initializers: a bundle for
  // browsers without class fields turns each declared field into a helper call.
  /** @internal The checked config, and the token in use. */
  declare readonly core: ResolvedConfig;
  /**
   * @internal The refresh-token session (session.ts), once loaded: at construction in refresh
   * mode in a browser (where it is active), else when `client.auth` first needs it.
   */
  declare private session: SessionState<Attempt> | undefined;
  /** @internal `clearSession()` ran before the session was loaded. */
  declare private cleared: boolean;
  /** @internal The session flow being loaded, or loaded. */
  declare private flow: Promise<SessionFlow> | undefined;
  /** @internal Refresh mode in a browser: the session keeps and refreshes the tokens. */
  declare private readonly activeSession: boolean;

  /**
   * Throws a `TypeError` when `baseURL` is missing or not an absolute http(s) URL, `timeout` is
   * not a positive number, `authMode` is unknown, or there is no `fetch`.
   */
  constructor(config: CmsClientConfig, generated: GeneratedInfo = { schemaHash: '', authMode: 'legacy' }) {
    if (!config || typeof config.baseURL !== 'string' || config.baseURL === '') {
      throw new TypeError(
        'CmsClient: `baseURL` is required, e.g. new CmsClient({ baseURL: "http://localhost:1337" })',
      );
    }
    if (!/^https?:\/\/[^/]/i.test(config.baseURL) || !parsesAsURL(config.baseURL)) {
      throw new TypeError(
        `CmsClient: baseURL ${JSON.stringify(config.baseURL)} is not an absolute http(s) URL; use e.g. "http://localhost:1337"`,
      );
    }
    const fetchImpl = config.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function')
      throw new TypeError('CmsClient: no global fetch; pass `fetch` in the config');
    if (config.timeout !== undefined && !(Number.isFinite(config.timeout) && config.timeout > 0))
      throw new TypeError(
        `CmsClient: timeout must be a positive number of milliseconds, not ${config.timeout}`,
      );
    if (config.authMode !== undefined && config.authMode !== 'legacy' && config.authMode !== 'refresh')
      throw new TypeError(
        `CmsClient: authMode must be "legacy" or "refresh", not ${JSON.stringify(config.authMode)}`,
      );
    // The token, the refresh token and the hooks stay out of console.log(client) and
    // JSON.stringify(client): logging a client must not print its credentials, nor its state.
    for (const key of ['core', 'session', 'flow', 'activeSession', 'cleared'])
      Object.defineProperty(this, key, { enumerable: false, writable: true });
    this.cleared = false;
    this.core = {
      baseURL: config.baseURL.replace(/\/+$/, ''),
      token: config.token,
      // Looked up on each call, not at construction: Next.js replaces the global fetch after a
      // module-level client exists. Called unbound: some fetch implementations throw
      // "Illegal invocation" as a method.
      fetch: (input, init) => (config.fetch ?? globalThis.fetch)(input, init),
      debug: config.debug === true,
      credentials: config.credentials,
      authMode: config.authMode ?? generated.authMode,
      timeout: config.timeout,
      cacheTags: config.cacheTags !== false,
      onRequest: config.onRequest,
      onError: config.onError,
      schemaHash: generated.schemaHash,
    };
    this.activeSession = this.core.authMode === 'refresh' && inBrowser();
    // An active session is needed by the first request: its code starts loading now.
    if (this.activeSession) this.sessionFlow().catch(() => {});
    // The check and its warning load with failures.ts, so a client without it does not ship them.
    if (config.validateSchema === true)
      failures().then(
        (module) => module.warnIfSchemaDiffers(this),
        () => {},
      );
  }

  /** The users-permissions mode in effect: `authMode` from the config, else the generated `AUTH_MODE`. */
  get authMode(): AuthMode {
    return this.core.authMode;
  }

  /** Replaces the Bearer token for the following requests. */
  setToken(token: string): void {
    this.core.token = token;
    this.session?.disown();
  }

  /**
   * @internal The session operations `client.auth` is built on (session-flow.ts), loaded on
   * first use.
   */
  sessionFlow(): Promise<SessionFlow> {
    this.flow ??= import('./session-flow.ts').then(
      (module) => {
        const started = module.startSession(this, this.activeSession);
        this.session = started.session;
        if (this.cleared && started.session.active) started.session.latched = true;
        return started.flow;
      },
      (error: unknown) => {
        // Not loaded (the network dropped): the next use asks again.
        this.flow = undefined;
        throw error;
      },
    );
    return this.flow;
  }

  /** @internal `auth.clearToken()`: forgets the tokens at once, without a request. */
  clearSession(): void {
    if (this.session) {
      this.session.end();
      return;
    }
    // What ending a session not started yet leaves: no token and, once an active session has
    // loaded, no automatic refresh until the next sign-in.
    this.core.token = undefined;
    this.cleared = true;
  }

  /**
   * Compares the schema hash this client was generated from with the server's
   * (`GET /api/cms-typed-client/schema-hash`). Never throws: a failure is reported in `error`.
   * The check lives in failures.ts, loaded on first use.
   */
  validateSchema(): Promise<SchemaValidation> {
    return failures().then(
      (module) => module.checkSchema(this, this.core.schemaHash),
      (error) => ({ valid: false, localHash: this.core.schemaHash, error: String(error) }),
    );
  }

  /**
   * Sends one request to `/api/<path>` and returns the parsed JSON body, or `null` when there
   * is none. In an active session, a 401 under the session's token (or a 403 with no token)
   * refreshes the session once and retries the request once.
   */
  request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.call<T>(path, options);
  }

  /** @internal `request()` with the options of the client's own operations. */
  async call<T>(path: string, options: CallOptions = {}): Promise<T> {
    if (this.activeSession && this.session === undefined) await this.sessionFlow();
    let attempt = await this.send(path, options);
    const session = this.session;
    if (session && options.noRecover !== true)
      attempt = await session.retried(attempt, () => this.send(path, options));
    return this.settle<T>(attempt, options);
  }

  /**
   * @internal Builds the request, sends it, and reads the whole body. A plain read with the
   * client's token is built here; anything more (a body, another token, hooks, headers,
   * credentials, a redirect mode, the timeout or a signal) is added by request-extras.ts, loaded
   * when first needed.
   */
  async send(path: string, options: CallOptions): Promise<Attempt> {
    const core = this.core;
    // A query with a list to fit or a problem to explain loads toQueryString (in failures.ts).
    const query = queryText(options.query) ?? (await failures()).fitOrExplainQuery(options.query);
    const url = `${core.baseURL}/api/${path}${query ? `?${query}` : ''}`;
    const method = options.method ?? 'GET';
    const token = core.token;
    // fetch reads a plain record faster than Headers.
    const headers: SentHeaders = token
      ? { Accept: 'application/json', Authorization: `Bearer ${token}` }
      : { Accept: 'application/json' };
    const init: SentInit = { method, headers };
    const cache = options.cacheOptions;
    if (cache?.cache) init.cache = cache.cache;
    const tags =
      options.tags && core.cacheTags && cache?.cacheTags !== false
        ? mergeCacheTags(options.tags, cache?.tags)
        : cache?.tags;
    if (cache?.revalidate !== undefined || tags) {
      init.next = {};
      if (cache?.revalidate !== undefined) init.next.revalidate = cache.revalidate;
      if (tags) init.next.tags = tags;
    }
    const attempt: Attempt = {
      method,
      url,
      info: { method, url, headers },
      started: core.debug ? performance.now() : 0,
      text: '',
      status: 0,
      ok: false,
      anonymous: !token,
      customAuthorization: false,
    };
    const shaped = needsShaping(core, options, this.session)
      ? await (await extras()).shapeRequest(core, options, this.session, attempt, init)
      : undefined;
    try {
      const response = await core.fetch(url, init);
      attempt.response = response;
      attempt.status = response.status;
      attempt.text = await response.text();
      attempt.ok = response.ok;
    } catch (error) {
      // Cancelled by the caller: rejected with the signal's reason, as fetch itself does.
      if (cache?.signal?.aborted) throw cache.signal.reason;
      attempt.ok = false;
      attempt.failure = (await failures()).connectionError(
        error,
        url,
        core,
        shaped?.timeout?.aborted === true,
      );
    }
    return attempt;
  }

  /**
   * @internal Turns an attempt into the caller's result, or reports and throws its error; what
   * explains a failure (failures.ts) loads when one first happens.
   */
  async settle<T>(attempt: Attempt, options: CallOptions): Promise<T> {
    const response = attempt.response;
    if (attempt.failure !== undefined || response === undefined) return this.fail(attempt, attempt.failure);
    // The status and `ok` as send() read them: each getter of a Response costs a brand check.
    const status = attempt.status;
    if (status === 404 && options.nullOnNotFound === true) {
      this.log(attempt, status);
      return null as T;
    }
    if (!attempt.ok)
      return this.fail(attempt, (await failures()).errorFromResponse(response, attempt.text, attempt.url));
    const text = attempt.text;
    const envelope = options.envelope === true;
    if (text === '') {
      if (envelope && options.method !== 'DELETE')
        return this.fail(attempt, (await failures()).unexpectedBody(attempt, 'empty'));
      this.log(attempt, status);
      return null as T;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return this.fail(attempt, (await failures()).unexpectedBody(attempt, 'json', error));
    }
    if (envelope && (body === null || typeof body !== 'object' || !('data' in body)))
      return this.fail(attempt, (await failures()).unexpectedBody(attempt, 'envelope'));
    this.log(attempt, status);
    return body as T;
  }

  /**
   * @internal Reports a failed attempt (the debug log, then `onError` from failures.ts) and
   * throws its error; without one, the attempt's connection error.
   */
  async fail(attempt: Attempt, error: CmsError | CmsConnectionError | undefined): Promise<never> {
    this.log(attempt, attempt.failure ? 'failed' : attempt.status);
    throw (await failures()).reportFailure(attempt, error, this.core.onError);
  }

  /** @internal The debug log line of an attempt. */
  log(attempt: Attempt, status: number | string): void {
    if (!this.core.debug) return;
    console.debug(
      `[CmsClient] ${attempt.method} ${maskSecrets(attempt.url)} ${status} ${Math.round(performance.now() - attempt.started)} ms`,
    );
  }
}

/**
 * failures.ts, which turns failed requests into errors and explains bad input, loaded when a
 * request first fails.
 * @internal
 */
export const failures = /* @__PURE__ */ once(() => import('./failures.ts'));

/** request-extras.ts, which completes requests beyond a plain read, loaded when one is first sent. */
const extras = /* @__PURE__ */ once(() => import('./request-extras.ts'));

/** A request that request-extras.ts completes: more than a plain read with the client's token. */
function needsShaping(
  core: ResolvedConfig,
  options: CallOptions,
  session: SessionState<Attempt> | undefined,
): boolean {
  const cache = options.cacheOptions;
  const token = core.token;
  return !!(
    options.body !== undefined ||
    options.auth ||
    cache?.headers ||
    cache?.signal ||
    core.onRequest ||
    core.timeout ||
    core.credentials ||
    session?.ownsToken ||
    // Headers rejects or trims such a token (and its set() throws): a plain record cannot carry it.
    (token && !/^[!-~]+$/.test(token))
  );
}

/** `URL.canParse`, which older browsers lack. */
function parsesAsURL(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
