/**
 * The refresh-token session's operations on top of the client core: the explicit refresh, the
 * logout that ends the session on the server, the refresh request itself (one tab at a time, under
 * a Web Lock), and the ordering of sign-in answers after a refresh in flight. The core reaches
 * them through `SessionFlow`, and they reach the core through `SessionPort`.
 */
import type { Attempt, CorePort } from '../core/attempt.ts';
import type { LogoutScope } from '../types/auth.ts';
import type { CacheOptions, CmsCredentials } from '../types/request.ts';
import type { SessionFlow, StartedSession } from '../types/session.ts';
import { CmsSession, hasJwt } from './session.ts';

/** The part of the Web Locks API (`navigator.locks`) the refresh uses. */
interface WebLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The core, and the session the flow works on. */
interface SessionPort extends CorePort {
  session(): CmsSession<Attempt>;
}

/**
 * Starts the session of a client: active (keeping and refreshing the tokens) in refresh mode in
 * a browser, otherwise only answering `auth.refresh()` and ending with `auth.logout()`.
 */
export function startSession(core: CorePort, active: boolean): StartedSession<Attempt> {
  const config = core.core;
  const session: CmsSession<Attempt> = new CmsSession<Attempt>(
    active,
    {
      refreshExchange: (refreshToken) => refreshExchange(port, refreshToken),
      log: (exchange) => core.log(exchange, exchange.status),
    },
    {
      get: () => config.token,
      set: (value) => {
        config.token = value;
      },
    },
  );
  const port: SessionPort = {
    core: config,
    send: (path, options) => core.send(path, options),
    settle: (attempt, options) => core.settle(attempt, options),
    fail: (attempt, error) => core.fail(attempt, error),
    log: (attempt, status) => core.log(attempt, status),
    session: () => session,
  };
  return { session, flow: sessionFlow(port) };
}

/** The session operations over a core. */
function sessionFlow(port: SessionPort): SessionFlow {
  return {
    capture: (body) => port.session().capture(body),
    refresh: () => refreshSession(port),
    logout: (path, sessions, cacheOptions) => logoutSession(port, path, sessions, cacheOptions),
    clear: () => port.session().end(),
    credentials: () => sessionCredentials(port),
    afterRefresh: (send, crossTab) => afterRefresh(port.session(), port.core.baseURL, send, crossTab),
  };
}

function sessionCredentials(port: SessionPort): CmsCredentials | undefined {
  return port.core.credentials ?? (port.session().active ? 'include' : undefined);
}

/** An explicit refresh: it also runs when latched, and unlatches on success. */
async function refreshSession(port: SessionPort): Promise<boolean> {
  if (port.session().active) port.session().latched = false;
  const outcome = await port.session().refresh();
  if (outcome.kind === 'refreshed') return true;
  if (outcome.kind === 'failed') {
    const { exchange } = outcome;
    const response = exchange.response;
    return port.fail(
      exchange,
      exchange.failure ??
        (response &&
          (await import('../failures.ts')).errorFromResponse(response, exchange.text, exchange.url)),
    );
  }
  return false;
}

/**
 * Ends the session: the tokens are forgotten first (and automatic refresh latched), then
 * `POST /api/auth/logout` revokes it on the server. When the access token has expired, or
 * was never restored after a reload, a fresh one is fetched for this call alone; when the
 * server has no live session, there is nothing left to end. `sessions` goes in the body:
 * Strapi then ends every session of the user, or those of one device, instead of this one.
 */
async function logoutSession(
  port: SessionPort,
  path: string,
  sessions: LogoutScope | undefined,
  cacheOptions?: CacheOptions,
): Promise<void> {
  const active = port.session().active;
  const pending = port.session().pending();
  let token = port.core.token;
  let refreshToken = port.session().refreshToken;
  port.session().end();
  if (pending) {
    // A refresh in flight rotates the refresh token; its outcome is discarded, but its
    // tokens are the ones that can still end this session on the server.
    const late = await pending;
    if (late.kind === 'discarded' && late.exchange.ok && hasJwt(late.exchange.json)) {
      token = late.exchange.json.jwt;
      const rotated = late.exchange.json.refreshToken;
      refreshToken = typeof rotated === 'string' ? rotated : undefined;
    }
  }
  const logout = (bearer: string | undefined, held: string | undefined) =>
    port.send(path, {
      method: 'POST',
      body: held === undefined ? sessions : { ...sessions, refreshToken: held },
      auth: { bearer, credentials: held === undefined ? sessionCredentials(port) : port.core.credentials },
      noRecover: true,
      cacheOptions,
    });
  let attempt = await logout(token, refreshToken);
  if (active && (attempt.status === 401 || attempt.status === 403) && !attempt.customAuthorization) {
    const fresh = await refreshExchange(port, refreshToken);
    if (fresh.ok && hasJwt(fresh.json)) {
      const rotated = fresh.json.refreshToken;
      attempt = await logout(fresh.json.jwt, typeof rotated === 'string' ? rotated : undefined);
    } else if (fresh.status >= 400 && fresh.status < 500) {
      return;
    } else {
      attempt = fresh;
    }
  }
  await port.settle<unknown>(attempt, {});
}

/** `POST /api/auth/refresh`: never with `Authorization`; the refresh token in the body or the cookie. */
async function refreshExchange(port: SessionPort, refreshToken: string | undefined): Promise<Attempt> {
  const exchange = () =>
    port.send('auth/refresh', {
      method: 'POST',
      body: refreshToken === undefined ? undefined : { refreshToken },
      // A held refresh token goes in the body alone: Strapi reads a cookie first.
      auth: { anonymous: true, credentials: refreshToken === undefined ? sessionCredentials(port) : 'omit' },
      noRecover: true,
    });
  // Tabs share the cookie, and a refresh token works once: with Web Locks the tabs of this
  // origin refresh one after another, so the second sends the cookie the first rotated.
  const locks = refreshToken === undefined && port.session().active ? webLocks() : undefined;
  const attempt = locks ? await locks.request(refreshLock(port.core.baseURL), exchange) : await exchange();
  if (attempt.ok) {
    try {
      attempt.json = JSON.parse(attempt.text);
    } catch {
      attempt.json = undefined;
    }
  }
  port.log(attempt, attempt.failure ? 'failed' : attempt.status);
  return attempt;
}

/**
 * With the refresh token in a cookie, two answers that set it must arrive in the order they
 * were sent. Tokens held in memory are not at risk: a discarded refresh stores nothing.
 */
async function afterRefresh<T>(
  session: CmsSession<Attempt>,
  baseURL: string,
  send: () => Promise<T>,
  crossTab: boolean,
): Promise<T> {
  if (!session.active || session.refreshToken !== undefined) return send();
  await session.pending()?.catch(() => {});
  // Not for a request that may itself refresh (and wait for this lock): the locks do not nest.
  const locks = crossTab ? webLocks() : undefined;
  return locks ? locks.request(refreshLock(baseURL), send) : send();
}

/** The Web Lock the tabs of this origin refresh under, one after another. */
function refreshLock(baseURL: string): string {
  return `cms-typed-client refresh ${baseURL}`;
}

/** The Web Locks API (`navigator.locks`), where there is one. */
function webLocks(): WebLocks | undefined {
  return (globalThis as { navigator?: { locks?: WebLocks } }).navigator?.locks;
}
