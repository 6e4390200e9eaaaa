/**
 * The refresh-token session's latch and race rules (spec part 3, part 5 rules 1 to 8), made
 * deterministic: a scripted server behind an injected `fetch` whose answers the test releases
 * one by one. The real server and the real browser are in test/browser/session.test.ts; this
 * file covers the orderings a live Strapi cannot be made to produce on demand.
 *
 * The session runs only in a browser; here a `window` with a `document` stands in for one
 * while a test runs (`inBrowser()` reads it when the client is constructed).
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { authApi } from '../../../src/runtime/auth/api.ts';
import { CmsClientCore } from '../../../src/runtime/core/client.ts';
import type { CmsClientConfig } from '../../../src/runtime/core/config.ts';
import { type CmsConnectionError, CmsError } from '../../../src/runtime/core/errors.ts';
import type { AuthRoutes } from '../../../src/runtime/types/auth.ts';
import { routeTable } from '../../helpers/route-table.ts';

const ROUTES: AuthRoutes = {
  login: '/auth/local',
  me: '/users/me',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  getSessions: '/auth/sessions',
};

interface Auth {
  login(credentials: { identifier: string; password: string }): Promise<{ jwt: string }>;
  me(): Promise<unknown>;
  refresh(): Promise<boolean>;
  logout(options?: { scope: 'all' } | { deviceId: string }): Promise<void>;
  clearToken(): void;
}

interface Sent {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  credentials: RequestCredentials | undefined;
  headers: Headers;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const json = (status: number, body: unknown) => Response.json(body, { status });
const unauthorized = () =>
  json(401, {
    data: null,
    error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials' },
  });
const forbidden = () =>
  json(403, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } });
const rejected = () =>
  json(401, {
    data: null,
    error: { status: 401, name: 'UnauthorizedError', message: 'Invalid refresh token' },
  });

/**
 * A scripted Strapi: valid access tokens answer `/users/me`, the refresh route answers from a
 * queue the test fills (or holds), everything is recorded in order.
 */
function server(options: { cookie?: boolean } = {}) {
  /** The refresh token as the answer's body carries it: none when it lives in an httpOnly cookie. */
  const held = (token: string) => (options.cookie === true ? {} : { refreshToken: token });
  const sent: Sent[] = [];
  const valid = new Set<string>();
  const refreshes: (() => Response | Promise<Response>)[] = [];
  let serial = 0;
  const issue = () => {
    serial += 1;
    const jwt = `jwt-${serial}`;
    valid.add(jwt);
    return jwt;
  };
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      authorization: headers.get('authorization'),
      body,
      credentials: init.credentials,
      headers,
    });
    const bearer = headers.get('authorization')?.replace(/^Bearer /, '');
    switch (url.pathname) {
      case '/api/auth/local':
        return json(200, { jwt: issue(), ...held(`rt-${serial}`), user: { id: 1 } });
      case '/api/auth/refresh': {
        const next = refreshes.shift();
        if (!next) return json(200, { jwt: issue(), ...held(`rt-${serial}`) });
        return next();
      }
      case '/api/auth/logout':
        return bearer && valid.has(bearer) ? json(200, { ok: true }) : unauthorized();
      default:
        if (bearer === undefined) return forbidden();
        return valid.has(bearer) ? json(200, { id: 1, username: 'ada' }) : unauthorized();
    }
  }) as typeof globalThis.fetch;
  return {
    sent,
    fetch,
    /** Makes every token issued so far expire. */
    expireAll: () => valid.clear(),
    issue,
    /** The next refresh answers with this (a function, so it can wait on a deferred). */
    queueRefresh: (answer: () => Response | Promise<Response>) => refreshes.push(answer),
    /** The next refresh is held until the returned function is called, then answers `answer()`. */
    holdRefresh: (answer: () => Response) => {
      const gate = deferred<void>();
      refreshes.push(async () => {
        await gate.promise;
        return answer();
      });
      return () => gate.resolve();
    },
    count: (path: string) => sent.filter((request) => request.path === path).length,
  };
}

function client(scripted: ReturnType<typeof server>, config: Partial<CmsClientConfig> = {}) {
  const core = new CmsClientCore(
    { baseURL: 'http://cms.test', fetch: scripted.fetch, ...config },
    { schemaHash: 'h', authMode: 'refresh' },
  );
  return {
    core,
    auth: authApi(core, routeTable({}, ROUTES), Object.keys(ROUTES).join(' ')) as unknown as Auth,
  };
}

/**
 * Signed in, every token expired, and `auth.me()` failing into a refresh that the server holds
 * until `hold()` is called, then answers `answer()`.
 */
async function refreshInFlight(answer: (scripted: ReturnType<typeof server>) => Response, cookie = false) {
  const scripted = server({ cookie });
  const { auth } = client(scripted);
  await auth.login({ identifier: 'ada', password: 'pw' });
  scripted.expireAll();
  const hold = scripted.holdRefresh(() => answer(scripted));
  const pending = auth.me();
  await flush();
  await flush();
  return { scripted, auth, hold, pending };
}

const browserGlobals = globalThis as { window?: unknown };

function inBrowser(): void {
  beforeEach(() => {
    browserGlobals.window = { document: {} };
  });
  afterEach(() => {
    delete browserGlobals.window;
  });
}

/** Lets every settled promise run its continuations. */
const flush = () => new Promise((done) => setTimeout(done, 0));

async function statusOf(promise: Promise<unknown>): Promise<number | string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof CmsError) return error.status;
    return (error as CmsConnectionError).name;
  }
}

describe('session: capture and automatic refresh (browser)', () => {
  inBrowser();

  it('login stores the tokens in memory and sends the access token as Bearer', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    const { jwt } = await auth.login({ identifier: 'ada', password: 'pw' });
    await auth.me();
    assert.equal(scripted.sent.at(-1)?.authorization, `Bearer ${jwt}`);
    assert.equal(scripted.sent[0]?.credentials, 'include', 'auth routes send credentials for the cookie');
  });

  it('a 401 under the session token refreshes once and retries once, with the new token', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    assert.deepEqual(await auth.me(), { id: 1, username: 'ada' });
    const paths = scripted.sent.map((request) => `${request.path} ${request.authorization ?? '-'}`);
    assert.deepEqual(paths, [
      '/api/auth/local -',
      '/api/users/me Bearer jwt-1',
      '/api/auth/refresh -',
      '/api/users/me Bearer jwt-2',
    ]);
    const refresh = scripted.sent[2];
    assert.deepEqual(
      refresh?.body,
      { refreshToken: 'rt-1' },
      'the body variant sends the held refresh token',
    );
    assert.equal(refresh?.credentials, 'omit', 'a held refresh token goes without the cookie');
  });

  it('a 403 on a fully anonymous request refreshes (the cookie may hold a session) and retries', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    assert.deepEqual(await auth.me(), { id: 1, username: 'ada' });
    assert.deepEqual(
      scripted.sent.map((request) => request.path),
      ['/api/users/me', '/api/auth/refresh', '/api/users/me'],
    );
    assert.equal(scripted.sent[1]?.body, undefined, 'no refresh token held: the cookie carries it');
    assert.equal(scripted.sent[1]?.credentials, 'include');
  });

  it('a 403 under a Bearer token is a permission error and passes through', async () => {
    const scripted = server();
    const forbidSecret = (async (input: string | URL | Request, init?: RequestInit) =>
      String(input).endsWith('/api/secret') ? forbidden() : scripted.fetch(input, init)) as typeof fetch;
    const { core, auth } = client(scripted, { fetch: forbidSecret });
    await auth.login({ identifier: 'ada', password: 'pw' });
    assert.equal(await statusOf(core.request('secret')), 403);
    assert.equal(scripted.count('/api/auth/refresh'), 0);
  });

  it('two concurrent 401s share one refresh', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    const hold = scripted.holdRefresh(() => json(200, { jwt: scripted.issue(), refreshToken: 'rt-next' }));
    const first = auth.me();
    const second = auth.me();
    await flush();
    await flush();
    hold();
    assert.deepEqual(await Promise.all([first, second]), [
      { id: 1, username: 'ada' },
      { id: 1, username: 'ada' },
    ]);
    assert.equal(scripted.count('/api/auth/refresh'), 1);
    assert.equal(scripted.count('/api/users/me'), 4, 'two failures, two retries');
  });

  it('a request that failed under a token replaced since is retried without another refresh', async () => {
    const scripted = server();
    let releaseFirst: (() => void) | undefined;
    const slowFetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await scripted.fetch(input, init);
      if (String(input).endsWith('/api/users/me') && releaseFirst === undefined) {
        const gate = deferred<void>();
        releaseFirst = () => gate.resolve();
        await gate.promise;
      }
      return response;
    }) as typeof fetch;
    const { auth } = client(scripted, { fetch: slowFetch });
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    const slow = auth.me(); // its 401 is held
    await flush();
    assert.deepEqual(await auth.me(), { id: 1, username: 'ada' }); // refreshes
    releaseFirst?.();
    assert.deepEqual(await slow, { id: 1, username: 'ada' });
    assert.equal(scripted.count('/api/auth/refresh'), 1);
  });

  it('the retry happens once: a second 401 propagates without another refresh', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    scripted.queueRefresh(() => json(200, { jwt: 'not-accepted-anywhere' }));
    assert.equal(await statusOf(auth.me()), 401);
    assert.equal(scripted.count('/api/auth/refresh'), 1);
    assert.equal(scripted.count('/api/users/me'), 2);
  });

  it('onRequest runs on the refresh request, which never carries Authorization', async () => {
    const scripted = server();
    const { auth } = client(scripted, {
      onRequest: ({ url, headers }) => {
        headers.set('X-Trace', 'on');
        if (url.endsWith('/auth/refresh')) headers.set('Authorization', 'Bearer from-hook');
      },
    });
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    await auth.me();
    const refresh = scripted.sent.find((request) => request.path === '/api/auth/refresh');
    assert.equal(refresh?.headers.get('x-trace'), 'on');
    assert.equal(refresh?.authorization, null);
  });

  it('a request whose Authorization onRequest set is never refreshed nor retried', async () => {
    const scripted = server();
    const { auth } = client(scripted, {
      onRequest: ({ url, headers }) => {
        if (url.endsWith('/users/me')) headers.set('Authorization', 'Bearer hook-token');
      },
    });
    await auth.login({ identifier: 'ada', password: 'pw' });
    assert.equal(await statusOf(auth.me()), 401);
    assert.equal(scripted.count('/api/auth/refresh'), 0);
    assert.equal(scripted.count('/api/users/me'), 1);
  });

  it('a token set with setToken is not the session token: its 401 passes through', async () => {
    const scripted = server();
    const { core } = client(scripted);
    core.setToken('api-token-not-valid');
    assert.equal(await statusOf(core.request('users/me')), 401);
    assert.equal(scripted.count('/api/auth/refresh'), 0);
  });
});

describe('session: the latch (browser)', () => {
  inBrowser();

  it('a 4xx refresh latches: the original error propagates, onError fires, tokens are dropped, no more refreshes', async () => {
    const scripted = server();
    const errors: unknown[] = [];
    const { auth } = client(scripted, { onError: (error) => errors.push(error) });
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    scripted.queueRefresh(rejected);
    const error = await auth.me().catch((caught: unknown) => caught);
    assert.ok(error instanceof CmsError && error.status === 401 && error.url?.endsWith('/api/users/me'));
    assert.deepEqual(errors, [error], 'onError sees the original error once');
    // Latched: the next failures make no refresh call, and no token is sent any more.
    assert.equal(await statusOf(auth.me()), 403);
    assert.equal(await statusOf(auth.me()), 403);
    assert.equal(scripted.count('/api/auth/refresh'), 1);
    assert.equal(scripted.sent.at(-1)?.authorization, null);
  });

  it('a 5xx or a network failure of the refresh never latches nor drops the tokens', async () => {
    const scripted = server();
    let down = true;
    const flaky = (async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith('/auth/refresh') && down) throw new TypeError('fetch failed');
      return scripted.fetch(input, init);
    }) as typeof fetch;
    const { auth } = client(scripted, { fetch: flaky });
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    scripted.queueRefresh(() =>
      json(503, { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'down' } }),
    );
    assert.equal(await statusOf(auth.me()), 401, 'network failure: the original error');
    down = false;
    assert.equal(await statusOf(auth.me()), 401, '503: the original error');
    const lastMe = scripted.sent.filter((request) => request.path === '/api/users/me').at(-1);
    assert.equal(lastMe?.authorization, 'Bearer jwt-1', 'the token is kept');
    assert.deepEqual(await auth.me(), { id: 1, username: 'ada' }, 'still active: the next 401 refreshes');
    assert.deepEqual(scripted.sent.find((request) => request.path === '/api/auth/refresh')?.body, {
      refreshToken: 'rt-1',
    });
  });

  it('login unlatches', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    scripted.queueRefresh(rejected);
    assert.equal(await statusOf(auth.me()), 403); // anonymous: one refresh, rejected, latched
    assert.equal(await statusOf(auth.me()), 403);
    assert.equal(scripted.count('/api/auth/refresh'), 1);
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    assert.deepEqual(await auth.me(), { id: 1, username: 'ada' });
    assert.equal(scripted.count('/api/auth/refresh'), 2);
  });

  it('an explicit refresh runs when latched, and unlatches on success (a session from another tab)', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    scripted.queueRefresh(rejected);
    assert.equal(await statusOf(auth.me()), 403);
    assert.equal(await auth.refresh(), true);
    assert.deepEqual(await auth.me(), { id: 1, username: 'ada' });
    scripted.expireAll();
    assert.deepEqual(await auth.me(), { id: 1, username: 'ada' }, 'active again: a 401 refreshes');
  });

  it('logout and clearToken latch', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    await auth.login({ identifier: 'ada', password: 'pw' });
    auth.clearToken();
    assert.equal(await statusOf(auth.me()), 403);
    await auth.login({ identifier: 'ada', password: 'pw' });
    await auth.logout();
    assert.equal(await statusOf(auth.me()), 403);
    assert.equal(scripted.count('/api/auth/refresh'), 0);
  });

  it('explicit refresh: false when the server rejects, throws on a 5xx, never calls onError for a rejection', async () => {
    const scripted = server();
    const errors: unknown[] = [];
    const { auth } = client(scripted, { onError: (error) => errors.push(error) });
    scripted.queueRefresh(() =>
      json(400, {
        data: null,
        error: { status: 400, name: 'BadRequestError', message: 'Missing refresh token' },
      }),
    );
    assert.equal(await auth.refresh(), false);
    assert.equal(errors.length, 0);
    scripted.queueRefresh(() => json(502, {}));
    const error = await auth.refresh().catch((caught: unknown) => caught);
    assert.ok(error instanceof CmsError && error.status === 502);
    assert.deepEqual(errors, [error]);
  });
});

describe('session: races (browser)', () => {
  inBrowser();

  it('logout during an in-flight refresh stays logged out, even when the refresh succeeds late', async () => {
    const { scripted, auth, hold, pending } = await refreshInFlight((scripted) =>
      json(200, { jwt: scripted.issue(), refreshToken: 'rt-late' }),
    );
    const loggingOut = auth.logout();
    hold();
    assert.equal(await statusOf(pending), 401, 'the late success is discarded: no retry');
    await loggingOut;
    assert.equal(await statusOf(auth.me()), 403, 'still logged out');
    assert.equal(scripted.sent.at(-1)?.authorization, null);
    assert.equal(scripted.count('/api/auth/refresh'), 1);
    const logout = scripted.sent.find((request) => request.path === '/api/auth/logout');
    assert.equal(logout?.authorization, 'Bearer jwt-2', 'the late tokens end the session on the server');
    assert.deepEqual(logout?.body, { refreshToken: 'rt-late' });
  });

  it('login during an in-flight failing refresh stays logged in', async () => {
    const { scripted, auth, hold, pending } = await refreshInFlight(() => rejected());
    const { jwt } = await auth.login({ identifier: 'ada', password: 'pw' });
    hold();
    assert.equal(await statusOf(pending), 401);
    assert.deepEqual(await auth.me(), { id: 1, username: 'ada' });
    assert.equal(
      scripted.sent.at(-1)?.authorization,
      `Bearer ${jwt}`,
      'the late rejection did not wipe the login',
    );
  });

  it('with the refresh token in a cookie, a login waits for the refresh in flight', async () => {
    // A refresh answered after the login would put the old session's cookie back in the jar.
    const { scripted, auth, hold, pending } = await refreshInFlight(
      (scripted) => json(200, { jwt: scripted.issue() }),
      true,
    );
    const loggingIn = auth.login({ identifier: 'grace', password: 'pw' });
    for (let turn = 0; turn < 5; turn++) await flush();
    assert.equal(scripted.count('/api/auth/local'), 1, 'the second login is not sent yet');
    hold();
    const { jwt } = await loggingIn;
    assert.deepEqual(await pending, { id: 1, username: 'ada' });
    assert.deepEqual(
      scripted.sent.map((request) => request.path).slice(-3),
      ['/api/auth/refresh', '/api/users/me', '/api/auth/local'],
      'the refresh answered and its retry went out before the login was sent',
    );
    await auth.me();
    assert.equal(scripted.sent.at(-1)?.authorization, `Bearer ${jwt}`);
  });

  it('with the refresh token held in memory, a login does not wait for the refresh in flight', async () => {
    const { auth, hold, pending } = await refreshInFlight((scripted) =>
      json(200, { jwt: scripted.issue(), refreshToken: 'rt-late' }),
    );
    await auth.login({ identifier: 'grace', password: 'pw' });
    hold();
    assert.equal(await statusOf(pending), 401, 'the late success is discarded');
  });

  it('logout with an expired access token gets a fresh one for the logout call alone', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    await auth.logout();
    const logouts = scripted.sent.filter((request) => request.path === '/api/auth/logout');
    assert.deepEqual(
      logouts.map((request) => request.authorization),
      ['Bearer jwt-1', 'Bearer jwt-2'],
    );
    assert.equal(await statusOf(auth.me()), 403);
    assert.equal(scripted.sent.at(-1)?.authorization, null, 'the fresh token was not kept');
  });

  it("logout({ scope: 'all' }) and logout({ deviceId }) send the scope with the held refresh token, on the retry too", async () => {
    const scripted = server();
    const { auth } = client(scripted);
    await auth.login({ identifier: 'ada', password: 'pw' });
    await auth.logout({ scope: 'all' });
    assert.equal(await statusOf(auth.me()), 403, 'the tokens are forgotten');
    await auth.login({ identifier: 'ada', password: 'pw' });
    scripted.expireAll();
    await auth.logout({ deviceId: 'phone' });
    const logouts = scripted.sent.filter((request) => request.path === '/api/auth/logout');
    assert.deepEqual(
      logouts.map((request) => [request.authorization, request.body]),
      [
        ['Bearer jwt-1', { scope: 'all', refreshToken: 'rt-1' }],
        ['Bearer jwt-2', { deviceId: 'phone', refreshToken: 'rt-2' }],
        ['Bearer jwt-3', { deviceId: 'phone', refreshToken: 'rt-3' }],
      ],
    );
    assert.equal(await statusOf(auth.me()), 403);
  });

  it('logout with no live session resolves', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    scripted.queueRefresh(() =>
      json(400, {
        data: null,
        error: { status: 400, name: 'BadRequestError', message: 'Missing refresh token' },
      }),
    );
    await auth.logout();
  });
});

describe('session: inert outside a browser, and in legacy mode', () => {
  it('in Node: no capture, no injection, no automatic refresh; explicit refresh reports and stores nothing', async () => {
    const scripted = server();
    const { auth } = client(scripted);
    await auth.login({ identifier: 'ada', password: 'pw' });
    assert.equal(await statusOf(auth.me()), 403, 'the login token was not kept');
    assert.equal(scripted.count('/api/auth/refresh'), 0);
    assert.equal(await auth.refresh(), true);
    assert.equal(await statusOf(auth.me()), 403, 'the refreshed token was not kept');
    assert.equal(scripted.sent.find((request) => request.path === '/api/auth/local')?.credentials, undefined);
    scripted.queueRefresh(rejected);
    assert.equal(await auth.refresh(), false);
  });

  describe('legacy mode in a browser', () => {
    inBrowser();
    it('sends exactly what it is told: no capture, no refresh, configured credentials only', async () => {
      const scripted = server();
      const core = new CmsClientCore(
        { baseURL: 'http://cms.test', fetch: scripted.fetch },
        { schemaHash: 'h', authMode: 'legacy' },
      );
      const auth = authApi(core, routeTable({}, ROUTES), Object.keys(ROUTES).join(' ')) as unknown as Auth;
      const { jwt } = await auth.login({ identifier: 'ada', password: 'pw' });
      assert.equal(await statusOf(auth.me()), 403);
      core.setToken(jwt);
      scripted.expireAll();
      assert.equal(await statusOf(auth.me()), 401);
      assert.equal(scripted.count('/api/auth/refresh'), 0);
      assert.ok(scripted.sent.every((request) => request.credentials === undefined));
    });

    it('authMode overrides the generated mode', async () => {
      const scripted = server();
      const { core, auth } = client(scripted, { authMode: 'legacy' });
      assert.equal(core.authMode, 'legacy');
      await auth.login({ identifier: 'ada', password: 'pw' });
      assert.equal(await statusOf(auth.me()), 403);
      assert.equal(scripted.count('/api/auth/refresh'), 0);
    });
  });
});
