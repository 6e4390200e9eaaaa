/**
 * What the client core and the refresh-token session (session/, loaded on first use) exchange:
 * what the session reads of a request, the state the core asks of it, and the operations
 * `client.auth` is built on. The core's side, `CorePort`, is in core/attempt.ts.
 */
import type { LogoutScope } from './auth.ts';
import type { CacheOptions, CmsCredentials } from './request.ts';

/**
 * What the session reads of one request and its answer (status 0: no answer).
 * @internal
 */
export interface SessionExchange {
  status: number;
  ok: boolean;
  /** The parsed JSON body of a successful refresh, otherwise undefined. */
  json?: unknown;
  /** Sent under the session's own access token (the one a login or refresh stored). */
  ownToken?: string | undefined;
  /** Sent with no `Authorization` header at all. */
  anonymous: boolean;
  /** `onRequest` or `cacheOptions.headers` set or removed `Authorization` on this request. */
  customAuthorization: boolean;
}

/**
 * What the session needs from the client: the refresh request (`POST /api/auth/refresh`).
 * @internal
 */
export interface SessionTransport<E extends SessionExchange> {
  refreshExchange(refreshToken: string | undefined): Promise<E>;
  /** The debug log line of a failed request about to be recovered. */
  log(exchange: E): void;
}

/**
 * The client's one Bearer token, shared by `config.token`, `setToken` and the session.
 * @internal
 */
export interface TokenSlot {
  get(): string | undefined;
  set(value: string | undefined): void;
}

/**
 * How one refresh ended. `discarded`: a login or logout happened while it was in flight.
 * @internal
 */
export type RefreshOutcome<E extends SessionExchange = SessionExchange> =
  | { kind: 'refreshed' }
  | { kind: 'rejected'; exchange: E }
  | { kind: 'failed'; exchange: E }
  | { kind: 'discarded'; exchange: E };

/**
 * The session operations `client.auth` is built on.
 * @internal
 */
export interface SessionFlow {
  /** Stores the tokens of an auth response that carries `jwt` (in an active session). */
  capture(body: unknown): void;
  /** `auth.refresh()`: true when the server issued a new access token. */
  refresh(): Promise<boolean>;
  /**
   * `auth.logout()`: forgets the tokens, then ends the session on the server; `sessions` (sent
   * in the body) widens that to every session (`{ scope: 'all' }`) or a device's (`{ deviceId }`).
   */
  logout(path: string, sessions: LogoutScope | undefined, cacheOptions?: CacheOptions): Promise<void>;
  /** `auth.clearToken()`: forgets the tokens without a request. */
  clear(): void;
  /** Fetch credentials for auth routes: the configured ones, else `include` in an active session. */
  credentials(): CmsCredentials | undefined;
  /**
   * Sends a request whose answer may set the refresh cookie (a sign-in, a password change)
   * once the refresh in flight has settled: a refresh answered after it would put the old
   * session's cookie back. `crossTab`: also under the refresh lock, for the other tabs' refreshes.
   */
  afterRefresh<T>(send: () => Promise<T>, crossTab: boolean): Promise<T>;
}

/**
 * What the core's request path asks of the session (session/session.ts, loaded with the session flow).
 * @internal
 */
export interface SessionState<E extends SessionExchange = SessionExchange> {
  /** Refresh mode in a browser: the session keeps and refreshes the tokens. */
  readonly active: boolean;
  /** Automatic refresh is off until the next sign-in (after a logout or a refused refresh). */
  latched: boolean;
  /** The client's token is the one the session stored (not one set by the application). */
  readonly ownsToken: boolean;
  /**
   * The answer to keep for a request: when it failed in a way that may recover, the request sent
   * again (`resend`) once the session has a fresh token; otherwise `exchange` itself.
   */
  retried(exchange: E, resend: () => Promise<E>): Promise<E>;
  /** The application set its own token: the session no longer owns it. */
  disown(): void;
  /** Forgets the tokens (`auth.clearToken()`), and latches automatic refresh. */
  end(): void;
}

/** A started session: its state for the core, its operations for `client.auth`. @internal */
export interface StartedSession<E extends SessionExchange = SessionExchange> {
  session: SessionState<E>;
  flow: SessionFlow;
}
