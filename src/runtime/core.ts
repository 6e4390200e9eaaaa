/**
 * The client core: one request function (URL, headers, hooks, timeout, errors) that every
 * operation goes through. It knows no schema: the generated client passes paths, and the
 * generated types give the operations their shapes.
 */
import { CmsConnectionError, type CmsError } from './errors.ts';
import { connectionError, describeBody, errorFromResponse } from './failures.ts';
import { toQueryString } from './query.ts';

/** Users-permissions mode: `legacy` sends plain Bearer tokens, `refresh` manages a session. */
export type AuthMode = 'legacy' | 'refresh';

/** What `onRequest` and `onError` see of a request. */
export interface CmsRequestInfo {
  method: string;
  /** The full URL, query string included. */
  url: string;
  /** The headers about to be sent; `onRequest` may set or delete entries. */
  headers: Headers;
}

export interface CmsClientConfig {
  /** The Strapi server URL, e.g. `http://localhost:1337` (a path prefix is kept). */
  baseURL: string;
  /** Bearer token sent with every request: an API token, or a user's JWT. */
  token?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Logs each request (method, URL, status, duration) to the console; secrets in URLs are masked. @default false */
  debug?: boolean;
  /** Fetch credentials mode (`include` for the refresh-token cookie across origins). */
  credentials?: RequestCredentials;
  /** Overrides the users-permissions mode baked in at generation (`AUTH_MODE`). */
  authMode?: AuthMode;
  /** Aborts a request (headers and body) after this many milliseconds. */
  timeout?: number;
  /** Compares the generated schema hash with the server's on construction and warns on drift. @default false */
  validateSchema?: boolean;
  /** Runs before each request; may set or delete headers. */
  onRequest?: (request: CmsRequestInfo) => void | Promise<void>;
  /** Runs for every failed request, before its error is thrown. */
  onError?: (error: CmsError | CmsConnectionError, request: CmsRequestInfo) => void;
}

/** Per-call fetch options; the shape is flat and works in any runtime. */
export interface CacheOptions {
  /** Seconds until revalidation, or false (Next.js `next.revalidate`). */
  revalidate?: number | false;
  /** Cache tags (Next.js `next.tags`). */
  tags?: string[];
  /** The standard fetch cache mode. */
  cache?: RequestCache;
  /** Headers merged over the defaults; `undefined` removes one. */
  headers?: Record<string, string | undefined>;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: object | undefined;
  body?: unknown;
  cacheOptions?: CacheOptions | undefined;
  /** Resolve a 404 as `null` instead of throwing (and without calling `onError`). */
  nullOnNotFound?: boolean;
}

/** What the generated client passes down: facts fixed at generation. */
export interface GeneratedInfo {
  schemaHash: string;
  authMode: AuthMode;
}

/** The result of `validateSchema()`. */
export interface SchemaValidation {
  /** True when the server's schema hash equals the one this client was generated from. */
  valid: boolean;
  localHash: string;
  /** The server's hash, when it could be read. */
  remoteHash?: string;
  /** Why the server's hash could not be read. */
  error?: string;
}

interface ResolvedConfig {
  baseURL: string;
  token: string | undefined;
  fetch: typeof fetch;
  debug: boolean;
  credentials: RequestCredentials | undefined;
  authMode: AuthMode;
  timeout: number | undefined;
  onRequest: CmsClientConfig['onRequest'];
  onError: CmsClientConfig['onError'];
  schemaHash: string;
}

/** Query parameters whose values are secrets (confirmation codes, OAuth tokens); masked in debug logs. */
const SECRET_PARAMS = /^(?:code|confirmation|access_token|id_token|token|refreshToken|password)$/i;

export class CmsClientCore {
  /** @internal */
  protected readonly core: ResolvedConfig;

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
    this.core = {
      baseURL: config.baseURL.replace(/\/+$/, ''),
      token: config.token,
      // Called unbound: some fetch implementations throw "Illegal invocation" as a method.
      fetch: (input, init) => fetchImpl(input, init),
      debug: config.debug === true,
      credentials: config.credentials,
      authMode: config.authMode ?? generated.authMode,
      timeout: config.timeout,
      onRequest: config.onRequest,
      onError: config.onError,
      schemaHash: generated.schemaHash,
    };
    if (config.validateSchema === true) {
      void this.validateSchema().then((result) => {
        if (result.valid) return;
        console.warn(
          result.error === undefined
            ? `[CmsClient] The server's schema (${result.remoteHash}) differs from the one this client was generated from (${result.localHash}). Run \`cms-types generate\` to update the client.`
            : `[CmsClient] Could not check the schema: ${result.error}`,
        );
      });
    }
  }

  /** The users-permissions mode in effect: `authMode` from the config, else the generated `AUTH_MODE`. */
  get authMode(): AuthMode {
    return this.core.authMode;
  }

  /** Replaces the Bearer token for the following requests. */
  setToken(token: string): void {
    this.core.token = token;
  }

  /**
   * Compares the schema hash this client was generated from with the server's
   * (`GET /api/cms-typed-client/schema-hash`). Never throws: a failure is reported in `error`.
   */
  async validateSchema(): Promise<SchemaValidation> {
    const localHash = this.core.schemaHash;
    try {
      const body = await this.request<{ hash?: unknown }>('cms-typed-client/schema-hash');
      if (typeof body?.hash !== 'string')
        return { valid: false, localHash, error: 'the server answered without a hash' };
      return { valid: body.hash === localHash, localHash, remoteHash: body.hash };
    } catch (error) {
      return { valid: false, localHash, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Sends one request to `/api/<path>` and returns the parsed JSON body, or `null` when there is none. */
  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const query = toQueryString(options.query);
    const url = `${this.core.baseURL}/api/${path}${query ? `?${query}` : ''}`;
    const method = options.method ?? 'GET';
    const headers = new Headers({ Accept: 'application/json' });
    if (this.core.token) headers.set('Authorization', `Bearer ${this.core.token}`);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    for (const [name, value] of Object.entries(options.cacheOptions?.headers ?? {})) {
      if (value === undefined) headers.delete(name);
      else headers.set(name, value);
    }
    const info: CmsRequestInfo = { method, url, headers };
    if (this.core.onRequest) await this.core.onRequest(info);
    const init: RequestInit & { next?: { revalidate?: number | false; tags?: string[] } } = {
      method,
      headers,
    };
    if (body !== undefined) init.body = body;
    if (this.core.credentials) init.credentials = this.core.credentials;
    const cache = options.cacheOptions;
    if (cache?.cache) init.cache = cache.cache;
    if (cache && (cache.revalidate !== undefined || cache.tags)) {
      init.next = {};
      if (cache.revalidate !== undefined) init.next.revalidate = cache.revalidate;
      if (cache.tags) init.next.tags = cache.tags;
    }
    const controller = this.core.timeout === undefined ? undefined : new AbortController();
    const timer = controller ? setTimeout(() => controller.abort(), this.core.timeout) : undefined;
    if (controller) init.signal = controller.signal;
    const started = Date.now();
    const fail = (error: CmsError | CmsConnectionError, status: number | string): never => {
      this.log(method, url, status, started);
      this.core.onError?.(error, info);
      throw error;
    };
    const failConnection = (error: unknown): never =>
      fail(
        connectionError(error, url, {
          baseURL: this.core.baseURL,
          timeout: this.core.timeout,
          timedOut: controller?.signal.aborted === true,
        }),
        'failed',
      );
    try {
      let response: Response;
      try {
        response = await this.core.fetch(url, init);
      } catch (error) {
        return failConnection(error);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        return failConnection(error);
      }
      if (response.status === 404 && options.nullOnNotFound === true) {
        this.log(method, url, response.status, started);
        return null as T;
      }
      if (!response.ok) return fail(errorFromResponse(response, text, url), response.status);
      this.log(method, url, response.status, started);
      if (text === '') return null as T;
      try {
        return JSON.parse(text) as T;
      } catch (error) {
        return fail(
          new CmsConnectionError(
            `The server at ${url} answered ${response.status} with a body that is not JSON (${describeBody(text)}).`,
            url,
            error,
          ),
          response.status,
        );
      }
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  private log(method: string, url: string, status: number | string, started: number): void {
    if (!this.core.debug) return;
    console.debug(`[CmsClient] ${method} ${maskSecrets(url)} ${status} ${Date.now() - started} ms`);
  }
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

/** The URL with the values of secret query parameters replaced by `***`. */
export function maskSecrets(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_PARAMS.test(name) ? `${pair.slice(0, equals)}=***` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}
