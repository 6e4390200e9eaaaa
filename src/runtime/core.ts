/**
 * The client core: one request function (URL, headers, timeout, errors) and the collection
 * and single-type operations built on it. It knows no schema: the generated client passes
 * the paths, and the generated types give the operations their shapes.
 */
import { CmsConnectionError, CmsError, type CmsErrorName } from './errors.ts';
import { toQueryString } from './query.ts';

export interface CmsClientConfig {
  /** The Strapi server URL, e.g. `http://localhost:1337` (a path prefix is kept). */
  baseURL: string;
  /** Bearer token sent with every request: an API token, or a user's JWT. */
  token?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Logs each request (method, URL, status, duration) to the console. @default false */
  debug?: boolean;
  /** Fetch credentials mode. */
  credentials?: RequestCredentials;
  /** Aborts a request (headers and body) after this many milliseconds. */
  timeout?: number;
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
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: object | undefined;
  body?: unknown;
  cacheOptions?: CacheOptions | undefined;
}

interface ResolvedConfig {
  baseURL: string;
  token: string | undefined;
  fetch: typeof fetch;
  debug: boolean;
  credentials: RequestCredentials | undefined;
  timeout: number | undefined;
}

export class CmsClientCore {
  /** @internal */
  protected readonly core: ResolvedConfig;

  constructor(config: CmsClientConfig) {
    if (!config || typeof config.baseURL !== 'string' || config.baseURL === '') {
      throw new TypeError(
        'CmsClient: `baseURL` is required, e.g. new CmsClient({ baseURL: "http://localhost:1337" })',
      );
    }
    const fetchImpl = config.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function')
      throw new TypeError('CmsClient: no global fetch; pass `fetch` in the config');
    this.core = {
      baseURL: config.baseURL.replace(/\/+$/, ''),
      token: config.token,
      fetch: fetchImpl,
      debug: config.debug === true,
      credentials: config.credentials,
      timeout: config.timeout,
    };
  }

  /** Replaces the Bearer token for the following requests. */
  setToken(token: string): void {
    this.core.token = token;
  }

  /** Sends one request to `/api/<path>` and returns the parsed JSON body, or `null` when there is none. */
  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const query = toQueryString(options.query);
    const url = `${this.core.baseURL}/api/${path}${query ? `?${query}` : ''}`;
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.core.token) headers.Authorization = `Bearer ${this.core.token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    for (const [name, value] of Object.entries(options.cacheOptions?.headers ?? {})) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
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
    try {
      let response: Response;
      try {
        response = await this.core.fetch(url, init);
      } catch (error) {
        throw this.connectionError(error, url, controller?.signal.aborted === true);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw this.connectionError(error, url, controller?.signal.aborted === true);
      }
      if (this.core.debug)
        console.debug(`[CmsClient] ${method} ${url} ${response.status} ${Date.now() - started} ms`);
      if (!response.ok) throw errorFromResponse(response, text);
      if (text === '') return null as T;
      try {
        return JSON.parse(text) as T;
      } catch (error) {
        throw new CmsConnectionError(
          `The server at ${url} answered ${response.status} with a body that is not JSON (${describeBody(text)}).`,
          url,
          error,
        );
      }
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  private connectionError(error: unknown, url: string, timedOut: boolean): CmsConnectionError {
    if (timedOut)
      return new CmsConnectionError(`Request timed out after ${this.core.timeout} ms: ${url}`, url, error);
    const code = causeCode(error);
    if (code === 'ECONNREFUSED') {
      return new CmsConnectionError(
        `Could not connect to the CMS at ${this.core.baseURL}. Is the server running?`,
        url,
        error,
      );
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return new CmsConnectionError(
        `Could not resolve host ${hostOf(url)}. Check the baseURL (${this.core.baseURL}).`,
        url,
        error,
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    return new CmsConnectionError(
      `Network error: ${message}. Check the baseURL (${this.core.baseURL}).`,
      url,
      error,
    );
  }
}

/** The first `code` (ECONNREFUSED, ENOTFOUND...) along an error's `cause` chain. */
export function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function describeBody(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('<')) return 'an HTML page, often from a proxy in front of the CMS';
  return trimmed === '' ? 'empty' : `starts with ${JSON.stringify(trimmed.slice(0, 40))}`;
}

function errorFromResponse(response: Response, text: string): CmsError {
  let parsed: { error?: { name?: unknown; message?: unknown; details?: unknown } } | undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const error = parsed?.error;
  const errorName = (
    typeof error?.name === 'string' ? error.name : defaultErrorName(response.status)
  ) as CmsErrorName;
  const userMessage =
    typeof error?.message === 'string'
      ? error.message
      : `${response.status} ${response.statusText || 'error'}${text ? ` (${describeBody(text)})` : ''}`;
  const details = error?.details;
  return new CmsError({
    status: response.status,
    statusText: response.statusText,
    userMessage,
    errorName,
    details:
      details !== null &&
      typeof details === 'object' &&
      Object.keys(details).length === 0 &&
      response.status !== 400
        ? undefined
        : details,
  });
}

function defaultErrorName(status: number): string {
  if (status === 401) return 'UnauthorizedError';
  if (status === 403) return 'ForbiddenError';
  if (status === 404) return 'NotFoundError';
  if (status === 409) return 'ConflictError';
  if (status === 413) return 'PayloadTooLargeError';
  if (status === 429) return 'RateLimitError';
  if (status >= 500) return 'ApplicationError';
  return 'BadRequestError';
}
