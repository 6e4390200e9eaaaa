/**
 * The users-permissions refresh-token session (`jwtManagement: 'refresh'`), in a browser.
 *
 * It keeps the access token of the last login in memory (the client's token slot), the
 * refresh token when the server sends it in the body (`sessions.httpOnly: false`), and the
 * automatic-refresh latch. Every refresh, automatic or explicit, goes through one promise, so
 * concurrent failures share it; `generation` counts logins and logouts, and a refresh that
 * finishes in another generation than it started in is discarded.
 *
 * Outside a browser (and in legacy mode) `active` is false: nothing is captured or injected
 * and nothing refreshes by itself; an explicit `auth.refresh()` still asks and reports.
 */
import type {
  RefreshOutcome,
  SessionExchange,
  SessionState,
  SessionTransport,
  TokenSlot,
} from '../types/session.ts';

/**
 * The refresh-token session of one client: its tokens, the automatic-refresh latch and the one
 * refresh in flight. Applications use `client.auth`.
 * @internal
 */
export class CmsSession<E extends SessionExchange = SessionExchange> implements SessionState<E> {
  // Fields are set in the constructor rather than declared with initializers: a bundle for
  // browsers without class fields turns each declared field into a helper call.
  /** Refresh mode in a browser: capture, injection and automatic refresh are on. */
  declare readonly active: boolean;
  /** Set when the server definitively rejected a refresh, or after a logout: no automatic refresh. */
  declare latched: boolean;
  /** The access token in the client's token slot came from a login or refresh. */
  declare ownsToken: boolean;
  /** The refresh token, when the server sends it in the body rather than a cookie. */
  declare refreshToken: string | undefined;
  /** Bumped by every login and logout; a refresh from an older generation is discarded. */
  declare generation: number;
  declare private inflight: { generation: number; promise: Promise<RefreshOutcome<E>> } | undefined;
  declare private readonly transport: SessionTransport<E>;
  declare private readonly token: TokenSlot;

  constructor(active: boolean, transport: SessionTransport<E>, token: TokenSlot) {
    this.active = active;
    this.latched = false;
    this.ownsToken = false;
    this.refreshToken = undefined;
    this.generation = 0;
    this.inflight = undefined;
    this.transport = transport;
    this.token = token;
  }

  /** Whether a failed request may refresh and be retried once (spec part 5, rules 1 to 3 and 8). */
  private mayRecover(exchange: SessionExchange): boolean {
    if (!this.active || this.latched || exchange.customAuthorization) return false;
    if (exchange.status === 401) return exchange.ownToken !== undefined;
    if (exchange.status === 403) return exchange.anonymous;
    return false;
  }

  /** A request that may recover, sent again once `recover` has a fresh token; otherwise as it is. */
  async retried(exchange: E, resend: () => Promise<E>): Promise<E> {
    if (!this.mayRecover(exchange)) return exchange;
    this.transport.log(exchange);
    return (await this.recover(exchange)).kind === 'refreshed' ? resend() : exchange;
  }

  /**
   * Gets a fresh access token for a request that failed under an expired one. A request that
   * failed under a token that has been replaced since is retried without a refresh of its own.
   */
  private async recover(exchange: E): Promise<RefreshOutcome<E>> {
    const current = this.token.get();
    if (
      exchange.ownToken !== undefined &&
      this.ownsToken &&
      current !== undefined &&
      current !== exchange.ownToken
    )
      return { kind: 'refreshed' };
    return this.refresh();
  }

  /** The refresh in flight, whatever its generation. */
  pending(): Promise<RefreshOutcome<E>> | undefined {
    return this.inflight?.promise;
  }

  /** One refresh for everyone who asks while it is in flight. */
  refresh(): Promise<RefreshOutcome<E>> {
    if (this.inflight && this.inflight.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const promise = this.run(generation).finally(() => {
      if (this.inflight?.promise === promise) this.inflight = undefined;
    });
    this.inflight = { generation, promise };
    return promise;
  }

  private async run(generation: number): Promise<RefreshOutcome<E>> {
    const exchange = await this.transport.refreshExchange(this.active ? this.refreshToken : undefined);
    if (!this.active) return classify(exchange);
    if (generation !== this.generation) return { kind: 'discarded', exchange };
    const outcome = classify(exchange);
    if (outcome.kind === 'refreshed') {
      this.store(exchange.json as { jwt: string; refreshToken?: unknown });
      this.latched = false;
    } else if (outcome.kind === 'rejected') {
      this.latched = true;
      this.drop();
    }
    return outcome;
  }

  /** Stores the tokens of an auth response that carries `jwt` (login, register, refresh...). */
  capture(body: unknown): void {
    if (!this.active || !hasJwt(body)) return;
    this.generation += 1;
    this.latched = false;
    this.store(body);
  }

  /** Forgets the session's tokens and latches (logout, `clearToken()`). */
  end(): void {
    this.generation += 1;
    if (this.active) this.latched = true;
    this.refreshToken = undefined;
    this.ownsToken = false;
    this.token.set(undefined);
  }

  /** The client's token was set by hand (`setToken`): it is not the session's any more. */
  disown(): void {
    this.ownsToken = false;
  }

  private store(body: { jwt: string; refreshToken?: unknown }): void {
    this.token.set(body.jwt);
    this.ownsToken = true;
    this.refreshToken = typeof body.refreshToken === 'string' ? body.refreshToken : undefined;
  }

  private drop(): void {
    this.refreshToken = undefined;
    if (this.ownsToken) this.token.set(undefined);
    this.ownsToken = false;
  }
}

/** An auth response that carries an access token (login, register, refresh...). */
export function hasJwt(body: unknown): body is { jwt: string; refreshToken?: unknown } {
  return typeof body === 'object' && body !== null && typeof (body as { jwt?: unknown }).jwt === 'string';
}

/** 2xx with a `jwt`: refreshed; another 4xx: the server rejects the session; anything else is transient. */
function classify<E extends SessionExchange>(exchange: E): RefreshOutcome<E> {
  if (exchange.ok && hasJwt(exchange.json)) return { kind: 'refreshed' };
  if (exchange.status >= 400 && exchange.status < 500) return { kind: 'rejected', exchange };
  return { kind: 'failed', exchange };
}
