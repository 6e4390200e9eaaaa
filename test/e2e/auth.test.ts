/**
 * Users-permissions auth and the refresh-token session against a real Strapi 5, in Node and
 * in real Chromium. One app, three boots in order:
 *
 * 1. legacy (`jwtManagement` default): the generated client has AUTH_MODE 'legacy'; in the
 *    browser its requests and headers equal those of a client with no session support.
 * 2. refresh, body variant (`sessions.httpOnly: false`): the hash and AUTH_MODE change on
 *    regeneration; in Node the flow is inert; in Chromium the whole session flow.
 * 3. refresh, cookie variant (`sessions.httpOnly: true`): the same in Chromium, plus bootstrap
 *    after a reload and a second tab, which only a cookie makes possible.
 *
 * Access tokens live ACCESS_SECONDS, so expiry is real and waited for.
 */
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';
import { chromiumMissing, installPage, launchChromium, openPage, type Seen } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { generateClient } from '../helpers/generated-client.ts';

const ACCESS_SECONDS = 3;
/** Short-lived access tokens; a rate limit the suite's many sign-ins stay under. */
const ENV = { UP_ACCESS_TOKEN_LIFESPAN: String(ACCESS_SECONDS), UP_RATELIMIT_MAX: '1000' };
const app = createApp('auth');
const skipBrowser = chromiumMissing();

/** The page's `window.harness` (test/browser/page/app.js), loosely typed for evaluate(). */
interface Outcome {
  ok: boolean;
  value?: unknown;
  status?: number | null;
  name?: string;
  message?: string;
}
type Call = (...args: unknown[]) => Promise<unknown>;
interface Harness {
  client: {
    authMode: string;
    setToken(token: string): void;
    auth: Record<
      'login' | 'me' | 'refresh' | 'logout' | 'getSessions' | 'revokeSession' | 'changePassword',
      Call
    > & {
      clearToken(): void;
    };
    profiles: { find: Call };
  };
  errors: { status: number | null; url: string | null }[];
  outcome(action: () => Promise<unknown>): Promise<Outcome>;
  holdRefreshes(): () => void;
}
declare global {
  interface Window {
    harness: Harness;
    releaseRefresh?: () => void;
    pending?: Promise<Outcome>[];
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const waitForExpiry = () => sleep(ACCESS_SECONDS * 1000 + 1200);

function constant(generatedDir: string, name: string): string | undefined {
  return new RegExp(`export const ${name} = '([^']*)'`).exec(
    readFileSync(join(generatedDir, 'client.js'), 'utf8'),
  )?.[1];
}

async function login(page: Page, who: { username: string; password: string }): Promise<Outcome> {
  return page.evaluate(
    ([identifier, password]) =>
      window.harness.outcome(() => window.harness.client.auth.login({ identifier, password })),
    [who.username, who.password] as const,
  );
}

const me = (page: Page) => page.evaluate(() => window.harness.outcome(() => window.harness.client.auth.me()));
const refresh = (page: Page) =>
  page.evaluate(() => window.harness.outcome(() => window.harness.client.auth.refresh()));

/** Requests the page made to a path, as `status` numbers in order. */
const statuses = (seen: Seen[], path: string) =>
  seen.filter((entry) => entry.path === path).map((entry) => entry.status);

let strapi: RunningStrapi | undefined;
let browser: Browser | undefined;
let generatedDir = '';
let legacyHash = '';
let project = '';
/** The regenerated (refresh) client, copied: the module cache still holds the legacy one. */
let refreshCopy = '';

after(async () => {
  await browser?.close();
  await strapi?.stop();
});

describe('legacy mode (jwtManagement: legacy-support)', () => {
  before(async () => {
    strapi = await startStrapi(app, { env: { ...ENV } });
    const generated = await generateClient(strapi, 'auth-client');
    project = generated.project;
    generatedDir = join(project, 'src/cms');
    refreshCopy = join(project, 'src/cms-refresh');
    legacyHash = JSON.parse(readFileSync(join(generatedDir, '.cms-types.json'), 'utf8')).hash;
  });

  it('the generated client has AUTH_MODE "legacy" and no session methods', async () => {
    assert.equal(constant(generatedDir, 'AUTH_MODE'), 'legacy');
    const { CmsClient } = await import(join(generatedDir, 'index.js'));
    const cms = new CmsClient({ baseURL: strapi?.url });
    assert.deepEqual(Object.keys(cms.auth).sort(), [
      'callback',
      'changePassword',
      'clearToken',
      'confirmEmail',
      'forgotPassword',
      'login',
      'logout',
      'me',
      'register',
      'resetPassword',
      'sendEmailConfirmation',
    ]);
    assert.equal('authentication' in cms, false, 'no deprecated alias of auth');
  });

  it('login, me, register and the typed errors of wrong credentials, in Node', async () => {
    const { CmsClient, isCmsErrorOf } = await import(join(generatedDir, 'index.js'));
    const cms = new CmsClient({ baseURL: strapi?.url });
    const user = strapi?.seed.user;
    assert.ok(user);
    const wrong = await cms.auth
      .login({ identifier: user.username, password: 'nope' })
      .catch((error: unknown) => error);
    assert.ok(isCmsErrorOf(wrong, 'ValidationError'));
    assert.equal(wrong.userMessage, 'Invalid identifier or password');
    const session = await cms.auth.login({ identifier: user.email, password: user.password });
    assert.equal(typeof session.jwt, 'string');
    assert.equal(session.user.username, user.username);
    assert.equal('refreshToken' in session, false);
    assert.equal('password' in session.user, false);
    const anonymous = await cms.auth.me().catch((error: unknown) => error);
    assert.ok(
      isCmsErrorOf(anonymous, 'ForbiddenError'),
      'legacy mode keeps nothing: the caller sets the token',
    );
    cms.setToken(session.jwt);
    const self = await cms.auth.me({ populate: { role: true } });
    assert.equal(self.email, user.email);
    assert.equal(self.role.type, 'authenticated');
    // Signed-in users lack the public role's register permission: sign out first.
    cms.auth.clearToken();
    const fresh = await cms.auth.register({
      username: 'newcomer',
      email: 'newcomer@example.test',
      password: 'Newcomer-password-1',
    });
    assert.equal(fresh.user.username, 'newcomer');
    assert.equal(typeof fresh.jwt, 'string');
    const sent = await cms.auth.sendEmailConfirmation({ email: 'nobody@example.test' });
    assert.deepEqual(sent, { email: 'nobody@example.test', sent: true });
    const badCode = await cms.auth
      .resetPassword({ code: 'wrong', password: 'Another-1', passwordConfirmation: 'Another-1' })
      .catch((error: unknown) => error);
    assert.ok(isCmsErrorOf(badCode, 'ValidationError'));
    assert.equal(badCode.userMessage, 'Incorrect code provided');
    const badConfirmation = await cms.auth.confirmEmail('not-a-token').catch((error: unknown) => error);
    assert.ok(isCmsErrorOf(badConfirmation, 'ValidationError'));
    cms.auth.clearToken();
    assert.ok(isCmsErrorOf(await cms.auth.me().catch((error: unknown) => error), 'ForbiddenError'));
  });

  it('in Chromium, legacy requests and headers equal those of a client without session support', {
    skip: skipBrowser,
  }, async () => {
    const url = strapi?.url ?? '';
    browser ??= await launchChromium();
    const refreshGenerated = join(ROOT, 'test/types/generated/kitchen-refresh-js');
    const pages = {
      legacy: installPage(app, 'legacy-client', generatedDir),
      overridden: `${installPage(app, 'refresh-client', refreshGenerated)}?mode=legacy`,
    };
    const user = strapi?.seed.user;
    assert.ok(user);
    /** The same steps through the client, or through bare fetch calls (the baseline). */
    const scenario = async (page: Page, bare: boolean) =>
      page.evaluate(
        async ([identifier, password, bare]) => {
          const { client } = window.harness;
          let token: string | undefined;
          const call = async (method: string, path: string, body?: unknown) => {
            const headers: Record<string, string> = { Accept: 'application/json' };
            if (token) headers.Authorization = `Bearer ${token}`;
            if (body !== undefined) headers['Content-Type'] = 'application/json';
            const init: RequestInit = { method, headers };
            if (body !== undefined) init.body = JSON.stringify(body);
            const response = await fetch(`/api/${path}`, init);
            return response.json();
          };
          const quiet = (promise: Promise<unknown>) => promise.catch(() => undefined);
          if (bare) {
            await call('POST', 'auth/local', { identifier, password: 'wrong' });
            const session = (await call('POST', 'auth/local', { identifier, password })) as { jwt: string };
            await call('GET', 'users/me');
            token = session.jwt;
            await call('GET', 'users/me');
            await call('GET', 'profiles');
            token = 'expired.or.garbage';
            await call('GET', 'users/me');
            token = undefined;
            await call('GET', 'users/me');
          } else {
            await quiet(client.auth.login({ identifier, password: 'wrong' }));
            const session = (await client.auth.login({ identifier, password })) as { jwt: string };
            await quiet(client.auth.me());
            client.setToken(session.jwt);
            await client.auth.me();
            await client.profiles.find();
            client.setToken('expired.or.garbage');
            await quiet(client.auth.me());
            client.auth.clearToken();
            await quiet(client.auth.me());
          }
        },
        [user.username, user.password, bare] as const,
      );
    const record = async (path: string, bare: boolean) => {
      const context = await browser!.newContext();
      const page = await context.newPage();
      const requests: {
        method: string;
        url: string;
        headers: Record<string, string>;
        body: string | null;
      }[] = [];
      page.on('request', async (request) => {
        if (!new URL(request.url()).pathname.startsWith('/api/')) return;
        requests.push({
          method: request.method(),
          url: request.url(),
          headers: await request.allHeaders(),
          body: request.postData(),
        });
      });
      await page.goto(`${url}${path}`);
      await page.waitForFunction(() => 'harness' in window);
      await scenario(page, bare);
      await context.close();
      // Each login issues a new JWT and the page path differs: normalise those two.
      const tokens = new Map<string, string>();
      return requests.map((request) => {
        const headers = { ...request.headers };
        if (headers.referer) headers.referer = '<page>';
        const bearer = headers.authorization?.replace(/^Bearer /, '');
        if (bearer) {
          if (!tokens.has(bearer)) tokens.set(bearer, `<token ${tokens.size + 1}>`);
          headers.authorization = `Bearer ${tokens.get(bearer)}`;
        }
        return { ...request, headers };
      });
    };
    const baseline = await record(pages.legacy, true);
    assert.equal(baseline.length, 7);
    assert.deepEqual(await record(pages.legacy, false), baseline, 'generated in legacy mode');
    assert.deepEqual(
      await record(pages.overridden, false),
      baseline,
      'generated in refresh mode, authMode: legacy',
    );
    assert.ok(baseline.every((request) => !request.url.includes('/auth/refresh')));
  });

  after(async () => {
    await strapi?.stop();
    strapi = undefined;
  });
});

describe('refresh mode, refresh token in the body (sessions.httpOnly: false)', () => {
  before(async () => {
    strapi = await startStrapi(createApp('auth', { fresh: false }), {
      env: { UP_JWT_MANAGEMENT: 'refresh', ...ENV },
    });
  });
  after(async () => {
    await strapi?.stop();
    strapi = undefined;
  });

  it('toggling jwtManagement changed the hash, and regeneration bakes AUTH_MODE "refresh"', async () => {
    const run = await runCli(
      ['generate', '--url', strapi?.url ?? '', '--output', 'src/cms', '--format', 'js'],
      {
        cwd: project,
      },
    );
    assert.equal(run.code, 0, run.stderr);
    const hash = JSON.parse(readFileSync(join(generatedDir, '.cms-types.json'), 'utf8')).hash;
    assert.notEqual(hash, legacyHash);
    assert.equal(constant(generatedDir, 'SCHEMA_HASH'), hash);
    assert.equal(constant(generatedDir, 'AUTH_MODE'), 'refresh');
    cpSync(generatedDir, refreshCopy, { recursive: true });
    const { CmsClient } = await import(join(refreshCopy, 'index.js'));
    const cms = new CmsClient({ baseURL: strapi?.url });
    assert.equal(cms.authMode, 'refresh');
    for (const method of ['refresh', 'logout', 'getSessions', 'revokeSession'])
      assert.equal(typeof cms.auth[method], 'function', method);
  });

  it('in Node the flow is inert, and an explicit refresh reports the result and stores nothing', async () => {
    const { CmsClient, isCmsErrorOf } = await import(join(refreshCopy, 'index.js'));
    const requests: { url: string; authorization: string | null }[] = [];
    const cms = new CmsClient({
      baseURL: strapi?.url,
      onRequest: ({ url, headers }: { url: string; headers: Headers }) => {
        requests.push({ url, authorization: headers.get('authorization') });
      },
    });
    const user = strapi?.seed.user;
    assert.ok(user);
    const session = await cms.auth.login({ identifier: user.username, password: user.password });
    assert.equal(typeof session.refreshToken, 'string', 'body variant: the refresh token is in the response');
    // Nothing was captured: the next request is anonymous, and its 403 does not refresh.
    assert.ok(isCmsErrorOf(await cms.auth.me().catch((error: unknown) => error), 'ForbiddenError'));
    assert.equal(requests.at(-1)?.authorization, null);
    assert.equal(requests.filter((request) => request.url.endsWith('/auth/refresh')).length, 0);
    // An expired token set by hand: the 401 passes through, no refresh.
    cms.setToken(session.jwt);
    await sleep(ACCESS_SECONDS * 1000 + 1200);
    const expired = await cms.auth.me().catch((error: unknown) => error);
    assert.ok(isCmsErrorOf(expired, 'UnauthorizedError'));
    assert.equal(requests.filter((request) => request.url.endsWith('/auth/refresh')).length, 0);
    // Explicit refresh: the request is made (no token held in Node: the server says so) ...
    assert.equal(await cms.auth.refresh(), false);
    assert.equal(requests.at(-1)?.url, `${strapi?.url}/api/auth/refresh`);
    assert.equal(requests.at(-1)?.authorization, null, 'the refresh request never carries Authorization');
    // ... and when the server accepts a refresh token (here a fetch wrapper adds the one the
    // login returned, as server-side code that keeps it might), it reports true, still storing nothing.
    const refreshToken = session.refreshToken;
    const withToken = new CmsClient({
      baseURL: strapi?.url,
      fetch: (input: string, init: RequestInit) => {
        if (!input.endsWith('/auth/refresh')) return fetch(input, init);
        const headers = new Headers(init.headers);
        headers.set('Content-Type', 'application/json');
        return fetch(input, { ...init, headers, body: JSON.stringify({ refreshToken }) });
      },
    });
    assert.equal(await withToken.auth.refresh(), true);
    const after = await withToken.auth.me().catch((error: unknown) => error);
    assert.ok(isCmsErrorOf(after, 'ForbiddenError'), 'nothing stored');
  });

  it('deviceId at sign-in is listed; logout({ deviceId }) ends that device, logout({ scope: "all" }) every session', async () => {
    const { CmsClient, isCmsErrorOf } = await import(join(refreshCopy, 'index.js'));
    const user = strapi?.seed.user;
    assert.ok(user && strapi);
    const anonymous = new CmsClient({ baseURL: strapi.url });
    const signIn = (deviceId: string) =>
      anonymous.auth.login({ identifier: user.username, password: user.password, deviceId });
    /** The refresh endpoint's status for a refresh token (a success rotates it: the new one is kept). */
    const refreshStatus = async (session: { refreshToken: string }) => {
      const response = await fetch(`${strapi?.url}/api/auth/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken: session.refreshToken }),
      });
      const body = await response.json();
      if (response.ok) session.refreshToken = body.refreshToken;
      return response.status;
    };
    const phone = await signIn('phone');
    const phoneAgain = await signIn('phone');
    const laptop = await signIn('laptop');
    const tablet = await signIn('tablet');
    // In Node nothing is captured: each client is given its session's access token.
    const onLaptop = new CmsClient({ baseURL: strapi.url, token: laptop.jwt });
    const listed = (await onLaptop.auth.getSessions()).data;
    const current = listed.filter((entry: { current: boolean }) => entry.current);
    assert.deepEqual(
      current.map((entry: { deviceId?: string }) => entry.deviceId),
      ['laptop'],
    );
    const devices = listed.map((entry: { deviceId?: string }) => entry.deviceId);
    assert.equal(devices.filter((device: unknown) => device === 'phone').length, 2, JSON.stringify(devices));
    assert.ok(devices.includes('tablet'));
    assert.throws(() => onLaptop.auth.logout({ scope: 'everything' }), /scope must be 'all'/);
    assert.throws(() => onLaptop.auth.logout({ deviceId: '' }), /deviceId must be a non-empty string/);

    await onLaptop.auth.logout({ deviceId: 'phone' });
    assert.equal(await refreshStatus(phone), 401, "the phone's first session ended");
    assert.equal(await refreshStatus(phoneAgain), 401, 'and its second');
    assert.equal(await refreshStatus(laptop), 200, 'the laptop session was not ended');
    assert.equal(await refreshStatus(tablet), 200, 'nor the tablet one');
    assert.ok(
      isCmsErrorOf(await onLaptop.auth.me().catch((error: unknown) => error), 'ForbiddenError'),
      'the client forgot its token',
    );

    const onTablet = new CmsClient({ baseURL: strapi.url, token: tablet.jwt });
    await onTablet.auth.logout({ scope: 'all' });
    assert.equal(await refreshStatus(laptop), 401, 'sign out everywhere: the laptop cannot refresh');
    assert.equal(await refreshStatus(tablet), 401, 'nor the tablet itself');
    const after = await signIn('after');
    const onAfter = new CmsClient({ baseURL: strapi.url, token: after.jwt });
    assert.deepEqual(
      (await onAfter.auth.getSessions()).data.map((entry: { deviceId?: string }) => entry.deviceId),
      ['after'],
      'no session of the user was left',
    );
    // Without arguments: only the current session ends, as before.
    const other = await signIn('other');
    await onAfter.auth.logout();
    assert.equal(await refreshStatus(after), 401);
    assert.equal(await refreshStatus(other), 200);
  });

  describe('in Chromium', { skip: skipBrowser }, () => {
    let context: BrowserContext;
    let path = '';
    before(async () => {
      browser ??= await launchChromium();
      path = `${strapi?.url}${installPage(app, 'session-body', generatedDir)}`;
      context = await browser.newContext();
    });
    after(() => context?.close());
    sessionSuite(() => ({ context, path, variant: 'body' }), 'body');
  });
});

describe('refresh mode, refresh token in an httpOnly cookie (sessions.httpOnly: true)', {
  skip: skipBrowser,
}, () => {
  let context: BrowserContext;
  let path = '';
  before(async () => {
    strapi = await startStrapi(createApp('auth', { fresh: false }), {
      env: {
        UP_JWT_MANAGEMENT: 'refresh',
        UP_SESSIONS_HTTPONLY: 'true',
        ...ENV,
      },
    });
    browser ??= await launchChromium();
    path = `${strapi.url}${installPage(app, 'session-cookie', generatedDir)}`;
    context = await browser.newContext();
  });
  after(async () => {
    await context?.close();
    await strapi?.stop();
    strapi = undefined;
  });
  sessionSuite(() => ({ context, path, variant: 'cookie' }), 'cookie');

  it('examples/browser: sign in, a reload keeps the session, sign out', async () => {
    const user = strapi?.seed.user;
    assert.ok(user && strapi && browser);
    const example = installPage(app, 'example', generatedDir, join(ROOT, 'examples', 'browser'));
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`${strapi.url}${example}`);
    await page.getByText('Not signed in.').waitFor();
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Session active.').waitFor();
    assert.equal(await page.locator('#username').textContent(), user.username);
    await page.reload();
    await page.getByText('Session active.').waitFor();
    assert.equal(await page.locator('#username').textContent(), user.username);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Not signed in.').waitFor();
    await page.reload();
    await page.getByText('Not signed in.').waitFor();
    assert.equal(await page.locator('#error').textContent(), '');
    await visitor.close();
  });

  it('a refresh answered after a new login does not put the old session’s cookie back', async () => {
    const user = strapi?.seed.user;
    const other = strapi?.seed.otherUser;
    assert.ok(user && other && strapi && browser);
    const proxy = await holdingProxy(strapi.port);
    const visitor = await browser.newContext();
    try {
      const { page, seen } = await openPage(visitor, path.replace(strapi.url, proxy.url));
      assert.ok((await login(page, user)).ok);
      const hold = proxy.arm();
      await page.evaluate(() => {
        window.pending = [window.harness.outcome(() => window.harness.client.auth.refresh())];
      });
      // Strapi has rotated the first session's cookie; its Set-Cookie waits in the proxy.
      await hold.held;
      await page.evaluate(
        ([identifier, password]) => {
          window.pending?.push(
            window.harness.outcome(() => window.harness.client.auth.login({ identifier, password })),
          );
        },
        [other.username, other.password] as const,
      );
      await sleep(1_000); // long enough for a login that does not wait to finish
      hold.release();
      const [refreshed, signedIn] = await page.evaluate(() => Promise.all(window.pending ?? []));
      assert.ok(signedIn?.ok, signedIn?.message);
      const order = seen.map((entry) => entry.path).filter((path) => path.startsWith('/api/auth/'));
      // The jar holds the new login's cookie: a refresh restores the second user, not the first.
      assert.deepEqual(await refresh(page), { ok: true, value: true });
      const self = await me(page);
      assert.equal((self.value as { username?: string } | undefined)?.username, other.username);
      assert.deepEqual(order.slice(-2), ['/api/auth/refresh', '/api/auth/local'], 'answered in order');
      assert.deepEqual(refreshed, { ok: true, value: true }, 'the refresh finished before the login');
    } finally {
      await visitor.close();
      proxy.close();
    }
  });
});

/**
 * A loopback proxy in front of Strapi (the page and the API on one origin) that can hold the
 * answer to the next refresh after Strapi has sent it: a live Strapi answers a refresh far too
 * fast for a login to overtake it on demand.
 */
async function holdingProxy(port: number) {
  let armed: { held: () => void; released: Promise<void> } | undefined;
  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      { host: '127.0.0.1', port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        const hold = incoming.url?.startsWith('/api/auth/refresh') ? armed : undefined;
        if (hold) armed = undefined;
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', async () => {
          if (hold) {
            hold.held();
            await hold.released;
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Holds the next refresh answer: `held` resolves once Strapi has answered it. */
    arm() {
      let held = () => {};
      let release = () => {};
      const heldPromise = new Promise<void>((resolve) => {
        held = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      armed = { held, released };
      return { held: heldPromise, release };
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The session flow in one browser context, for either variant. */
function sessionSuite(
  setup: () => { context: BrowserContext; path: string; variant: 'body' | 'cookie' },
  variant: 'body' | 'cookie',
): void {
  it('login, authenticated reads, then expiry: one transparent refresh and a retry', async () => {
    const { context, path } = setup();
    const { page, seen } = await openPage(context, path);
    const user = strapi?.seed.user;
    assert.ok(user);
    assert.equal(await page.evaluate(() => window.harness.client.authMode), 'refresh');
    const session = await login(page, user);
    assert.ok(session.ok, session.message);
    const jwt = (session.value as { jwt: string }).jwt;
    assert.equal((await me(page)).ok, true);
    const profiles = await page.evaluate(() =>
      window.harness.outcome(() => window.harness.client.profiles.find()),
    );
    assert.ok(profiles.ok, profiles.message);
    assert.equal(seen.at(-1)?.authorization, `Bearer ${jwt}`);
    await waitForExpiry();
    const after = await me(page);
    assert.ok(after.ok, after.message);
    assert.deepEqual(statuses(seen, '/api/users/me'), [200, 401, 200]);
    assert.deepEqual(statuses(seen, '/api/auth/refresh'), [200]);
    const retry = seen.at(-1);
    assert.ok(retry?.authorization?.startsWith('Bearer ') && retry.authorization !== `Bearer ${jwt}`);
    assert.equal(seen.find((entry) => entry.path === '/api/auth/refresh')?.authorization, null);
    // Two requests failing together share one refresh.
    await waitForExpiry();
    const both = await page.evaluate(() =>
      Promise.all([
        window.harness.outcome(() => window.harness.client.auth.me()),
        window.harness.outcome(() => window.harness.client.profiles.find()),
      ]),
    );
    assert.ok(both.every((result) => result.ok));
    assert.deepEqual(statuses(seen, '/api/auth/refresh'), [200, 200]);
    await page.close();
  });

  it('rotation: a refresh token that was used once is rejected', async () => {
    const { context, path, variant } = setup();
    const { page } = await openPage(context, path);
    const user = strapi?.seed.user;
    assert.ok(user);
    const session = await login(page, user);
    let old: string | undefined;
    if (variant === 'body') old = (session.value as { refreshToken?: string }).refreshToken;
    else old = (await context.cookies()).find((cookie) => cookie.name === 'strapi_up_refresh')?.value;
    assert.ok(old, 'the refresh token of the login');
    assert.deepEqual(await refresh(page), { ok: true, value: true });
    const reuse = await page.evaluate(async (token) => {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken: token }),
      });
      return { status: response.status, body: await response.json() };
    }, old);
    assert.equal(reuse.status, 401);
    assert.equal(reuse.body.error.message, 'Invalid refresh token');
    assert.equal((await me(page)).ok, true, 'the rotated session lives on');
    await page.close();
  });

  it('after a reload, auth.refresh() restores the session only from the cookie; a second tab resumes it', async () => {
    const { context, path, variant } = setup();
    const { page, seen } = await openPage(context, path);
    const user = strapi?.seed.user;
    assert.ok(user);
    await login(page, user);
    await page.reload();
    await page.waitForFunction(() => 'harness' in window);
    assert.equal(
      (await me(page)).ok,
      variant === 'cookie',
      'a 403 on an anonymous request refreshes from the cookie',
    );
    const restored = await refresh(page);
    assert.deepEqual(restored, { ok: true, value: variant === 'cookie' });
    const second = await openPage(context, path);
    assert.deepEqual(await refresh(second.page), { ok: true, value: variant === 'cookie' });
    assert.equal((await me(second.page)).ok, variant === 'cookie');
    assert.ok(seen.length > 0);
    await second.page.close();
    await page.close();
  });

  // Only the cookie is shared between tabs; each tab of the body variant holds its own session.
  if (variant === 'cookie')
    it('two tabs whose tokens expire together both refresh (one after the other) and keep the session', async () => {
      const { context, path } = setup();
      const user = strapi?.seed.user;
      assert.ok(user);
      const first = await openPage(context, path);
      await login(first.page, user);
      const second = await openPage(context, path);
      assert.deepEqual(await refresh(second.page), { ok: true, value: true });
      await waitForExpiry();
      const [one, two] = await Promise.all([me(first.page), me(second.page)]);
      assert.ok(one.ok, one.message);
      assert.ok(two.ok, two.message);
      assert.deepEqual(
        [...statuses(first.seen, '/api/auth/refresh'), ...statuses(second.seen, '/api/auth/refresh')].slice(
          -2,
        ),
        [200, 200],
        'the second refresh sent the cookie the first one rotated',
      );
      await first.page.close();
      await second.page.close();
    });

  it('logout during an in-flight refresh stays logged out; no late refresh undoes it', async () => {
    const { context, path } = setup();
    const { page, seen } = await openPage(context, path);
    const user = strapi?.seed.user;
    assert.ok(user);
    await login(page, user);
    await waitForExpiry();
    await page.evaluate(() => {
      window.releaseRefresh = window.harness.holdRefreshes();
      window.pending = [window.harness.outcome(() => window.harness.client.auth.me())];
    });
    await page.waitForFunction(() => true);
    await sleep(300); // the 401 has arrived and the refresh waits in onRequest
    const results = await page.evaluate(async () => {
      const logout = window.harness.outcome(() => window.harness.client.auth.logout());
      window.releaseRefresh?.();
      return Promise.all([...(window.pending ?? []), logout]);
    });
    assert.equal(results[0]?.ok, false, 'the late refresh outcome was discarded: the original 401');
    assert.equal(results[0]?.status, 401);
    assert.equal(results[1]?.ok, true, results[1]?.message);
    const afterwards = await me(page);
    assert.equal(afterwards.ok, false);
    assert.equal(afterwards.status, 403);
    assert.deepEqual(await refresh(page), { ok: true, value: false }, 'the server session is gone');
    assert.ok(statuses(seen, '/api/auth/logout').includes(200));
    await page.close();
  });

  it('sessions are listed and one revoked; another user’s session id answers 404', async () => {
    const { context, path } = setup();
    const browserInstance = browser;
    assert.ok(browserInstance);
    const user = strapi?.seed.user;
    const other = strapi?.seed.otherUser;
    assert.ok(user && other);
    const { page } = await openPage(context, path);
    await login(page, user);
    const elsewhere = await browserInstance.newContext();
    const device = await openPage(elsewhere, path);
    await login(device.page, user);
    const stranger = await browserInstance.newContext();
    const strangerPage = await openPage(stranger, path);
    await login(strangerPage.page, other);
    const list = async (target: Page) =>
      (await target.evaluate(() => window.harness.outcome(() => window.harness.client.auth.getSessions())))
        .value as { data: { id: string; current: boolean }[] };
    const mine = await list(page);
    assert.ok(mine.data.length >= 2, JSON.stringify(mine));
    assert.equal(mine.data.filter((entry) => entry.current).length, 1);
    const theirs = (await list(device.page)).data.find((entry) => entry.current);
    assert.ok(theirs);
    const revoked = await page.evaluate(
      (id) => window.harness.outcome(() => window.harness.client.auth.revokeSession(id)),
      theirs.id,
    );
    assert.deepEqual(revoked, { ok: true, value: { data: {} } });
    const remaining = (await list(page)).data.map((entry) => entry.id);
    assert.ok(!remaining.includes(theirs.id), 'the revoked session is no longer listed');
    assert.deepEqual(
      await refresh(device.page),
      { ok: true, value: false },
      'the revoked device cannot refresh',
    );
    const strangers = (await list(strangerPage.page)).data.find((entry) => entry.current);
    assert.ok(strangers);
    const foreign = await page.evaluate(
      (id) => window.harness.outcome(() => window.harness.client.auth.revokeSession(id)),
      strangers.id,
    );
    assert.equal(foreign.status, 404);
    assert.equal(foreign.name, 'NotFoundError');
    await elsewhere.close();
    await stranger.close();
    await page.close();
  });

  it('changePassword keeps the session: the new tokens it returns are used for the next refresh', async () => {
    const { context, path } = setup();
    const other = strapi?.seed.otherUser;
    assert.ok(other);
    const { page, seen } = await openPage(context, path);
    await login(page, other);
    const change = (from: string, to: string) =>
      page.evaluate(
        ([currentPassword, password]) =>
          window.harness.outcome(() =>
            window.harness.client.auth.changePassword({
              currentPassword,
              password,
              passwordConfirmation: password,
            }),
          ),
        [from, to] as const,
      );
    const changed = await change(other.password, `${other.password}-changed`);
    assert.ok(changed.ok, changed.message);
    assert.equal(typeof (changed.value as { refreshToken?: unknown }).refreshToken, 'string');
    await waitForExpiry();
    const after = await me(page);
    assert.ok(after.ok, after.message);
    assert.deepEqual(statuses(seen, '/api/auth/refresh'), [200]);
    const back = await change(`${other.password}-changed`, other.password);
    assert.ok(back.ok, back.message);
    await page.close();
  });

  it('nothing was written to persistent browser storage', async () => {
    const { context, path, variant } = setup();
    const { page } = await openPage(context, path);
    const user = strapi?.seed.user;
    assert.ok(user);
    await login(page, user);
    await me(page);
    const storage = await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      cookie: document.cookie,
      databases: (await indexedDB.databases()).length,
      caches: (await caches.keys()).length,
    }));
    assert.deepEqual(storage, { local: 0, session: 0, cookie: '', databases: 0, caches: 0 });
    const cookies = await context.cookies();
    if (variant === 'body') assert.deepEqual(cookies, []);
    else {
      assert.deepEqual(cookies.map((cookie) => cookie.name).sort(), [
        'strapi_up_refresh',
        'strapi_up_refresh.sig',
      ]);
      assert.ok(cookies.every((cookie) => cookie.httpOnly));
    }
    await page.close();
  });
}
