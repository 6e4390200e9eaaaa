/**
 * The client core: one request function (URL, token, cache options, errors) that every
 * operation goes through; request-extras.ts adds what a request needs beyond a plain read
 * (bodies, hooks, headers, the timeout). It knows no schema: the generated client passes paths,
 * and the generated types give the operations their shapes.
 */
import { queryText } from '../query/text.ts';
import type {
  AuthMode,
  CallOptions,
  GeneratedInfo,
  RequestOptions,
  SchemaValidation,
  SentHeaders,
  SentInit,
} from '../types/request.ts';
import type { SessionFlow, SessionState } from '../types/session.ts';
import type { Attempt, CorePort } from './attempt.ts';
import { mergeCacheTags } from './cache-tags.ts';
import type { CmsClientConfig, ResolvedConfig } from './config.ts';
import { type CmsConnectionError, type CmsError, maskSecrets } from './errors.ts';
import { once } from './lazy.ts';

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
   * @internal The refresh-token session (session/session.ts), once loaded: at construction in refresh
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
   * @internal The session operations `client.auth` is built on (session/flow.ts), loaded on
   * first use.
   */
  sessionFlow(): Promise<SessionFlow> {
    this.flow ??= import('../session/flow.ts').then(
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
export const failures = /* @__PURE__ */ once(() => import('../failures.ts'));

/** request-extras.ts, which completes requests beyond a plain read, loaded when one is first sent. */
const extras = /* @__PURE__ */ once(() => import('../request-extras.ts'));

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

/** True in a browser window or worker, where the session flow runs; false in Node, Deno or Bun. */
export function inBrowser(): boolean {
  const scope = globalThis as { window?: { document?: unknown }; WorkerGlobalScope?: unknown };
  return (
    (typeof scope.window === 'object' &&
      scope.window !== null &&
      typeof scope.window.document === 'object') ||
    typeof scope.WorkerGlobalScope === 'function'
  );
}
