/**
 * The client never shows a credential where an application might print it: `console.log` or
 * `JSON.stringify` of a client (API token, JWT, refresh token), an error's URL and message
 * (confirmation and reset codes, OAuth tokens in the query), and the `debug` log.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { authApi } from '../../../src/runtime/auth/api.ts';
import { CmsClientCore } from '../../../src/runtime/core/client.ts';
import { CmsConnectionError, CmsError, maskSecrets } from '../../../src/runtime/core/errors.ts';
import type { AuthRoutes } from '../../../src/runtime/types/auth.ts';
import { routeTable } from '../../helpers/route-table.ts';

const API_TOKEN = 'apitoken0123456789abcdef0123456789abcdef';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.signature-of-the-jwt';
const REFRESH = 'refresh-0123456789abcdef0123456789';
const CODE = 'confirmation-code-0123456789';

/** Everything a developer might print, as one string. */
function printed(value: unknown): string {
  const parts = [inspect(value, { depth: 8, showHidden: false }), String(value)];
  try {
    parts.push(JSON.stringify(value) ?? '');
  } catch {
    // a cycle: inspect already covers it
  }
  if (value instanceof Error) parts.push(value.message, value.stack ?? '');
  return parts.join('\n');
}

function assertHidden(text: string, secrets: string[]): void {
  for (const secret of secrets)
    assert.ok(!text.includes(secret), `${secret.slice(0, 8)}… printed in:\n${text}`);
}

describe('secrets stay out of what gets printed', () => {
  let server: Server;
  let base = '';
  let lastAuthorization: string | undefined;
  before(async () => {
    server = createServer((req, res) => {
      lastAuthorization = req.headers.authorization;
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api/auth/local') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ jwt: JWT, refreshToken: REFRESH, user: { id: 1, username: 'ada' } }));
      } else if (url.pathname === '/api/slow') {
        // never answers: the timeout fires
      } else {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            data: null,
            error: { status: 400, name: 'ValidationError', message: 'Invalid token', details: {} },
          }),
        );
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('console.log and JSON.stringify of a client show no token', () => {
    const client = new CmsClientCore({ baseURL: base, token: API_TOKEN });
    assertHidden(printed(client), [API_TOKEN]);
    client.setToken(JWT);
    assertHidden(printed(client), [JWT]);
  });

  it("the core's own state (config, session, flags) is not enumerable", () => {
    const client = new CmsClientCore({ baseURL: base, token: API_TOKEN });
    assert.deepEqual(Object.keys(client), []);
    assert.equal(JSON.stringify(client), '{}');
  });

  describe('a signed-in session in a browser', () => {
    const scope = globalThis as { window?: unknown };
    beforeEach(() => {
      scope.window = { document: {} };
    });
    afterEach(() => {
      delete scope.window;
    });

    it('holds the access and refresh tokens without showing them', async () => {
      const client = new CmsClientCore({ baseURL: base }, { schemaHash: 'h', authMode: 'refresh' });
      const routes: AuthRoutes = { login: '/auth/local' };
      const auth = authApi(client, routeTable({}, routes), 'login') as unknown as {
        login(body: object): Promise<unknown>;
      };
      await auth.login({ identifier: 'ada', password: 'pw' });
      await client.request('things').catch(() => {});
      assert.equal(lastAuthorization, `Bearer ${JWT}`, 'the session captured the JWT');
      assertHidden(printed(client), [JWT, REFRESH]);
    });
  });

  it('errors carry the URL with secret query values masked, in url, message and stack', async () => {
    const client = new CmsClientCore({ baseURL: base, timeout: 200 });
    const bad = await client
      .request('auth/email-confirmation', { query: { confirmation: CODE, keep: 'visible' } })
      .catch((error: unknown) => error);
    assert.ok(bad instanceof CmsError);
    assert.equal(bad.url, `${base}/api/auth/email-confirmation?confirmation=***&keep=visible`);
    assertHidden(printed(bad), [CODE]);

    const slow = await client.request('slow', { query: { code: CODE } }).catch((error: unknown) => error);
    assert.ok(slow instanceof CmsConnectionError);
    assert.match(slow.message, /^Request timed out after 200 ms: .*\/api\/slow\?code=\*\*\*$/);
    assertHidden(printed(slow), [CODE]);
  });

  it('debug lines name method, masked URL and status, never the Authorization header', async (t) => {
    const lines: string[] = [];
    t.mock.method(console, 'debug', (...args: unknown[]) => lines.push(args.map(String).join(' ')));
    const client = new CmsClientCore({ baseURL: base, token: API_TOKEN, debug: true });
    await client.request('things', { query: { access_token: CODE } }).catch(() => {});
    await client.request('auth/local', { method: 'POST', body: { password: CODE } }).catch(() => {});
    t.mock.restoreAll();
    assert.equal(lines.length, 2);
    assert.match(lines[0] ?? '', /^\[CmsClient\] GET .*\/api\/things\?access_token=\*\*\* 400 \d+ ms$/);
    assertHidden(lines.join('\n'), [API_TOKEN, CODE]);
  });

  it('maskSecrets masks every secret-named parameter, encoded names included, and nothing else', () => {
    assert.equal(
      maskSecrets('http://x/api/a?code=1&Token=2&refresh%5Ftoken=3&jwt=4&page=5&codes=6'),
      'http://x/api/a?code=***&Token=***&refresh%5Ftoken=***&jwt=***&page=5&codes=6',
    );
    assert.equal(maskSecrets('http://x/api/a'), 'http://x/api/a');
    assert.equal(
      maskSecrets('http://x/a&token=1/b?flag&=x&token&token=a=b&%E0%A4%A=2&code='),
      'http://x/a&token=1/b?flag&=x&token&token=***&%E0%A4%A=2&code=***',
    );
  });

  it('maskSecrets agrees with a pair-by-pair reading of the query on random URLs', () => {
    const secret =
      /^(?:code|confirmation|access_token|id_token|refresh_token|refreshToken|token|jwt|password|secret)$/i;
    // The query split at `&`, each pair at its first `=`, the name decoded when it can be.
    const reference = (url: string): string => {
      const start = url.indexOf('?');
      if (start === -1) return url;
      const pairs = url
        .slice(start + 1)
        .split('&')
        .map((pair) => {
          const equals = pair.indexOf('=');
          if (equals === -1) return pair;
          let name = pair.slice(0, equals);
          try {
            name = decodeURIComponent(name);
          } catch {}
          return secret.test(name) ? `${pair.slice(0, equals)}=***` : pair;
        });
      return `${url.slice(0, start)}?${pairs.join('&')}`;
    };
    const piece = fc.constantFrom(
      'token',
      'Code',
      'jwt',
      'page',
      'refresh%5Ftoken',
      '%E0%A4%A',
      '=',
      '&',
      '?',
      '/',
      'a',
      '1',
      '',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const url = `http://x/api/${pieces.join('')}`;
        assert.equal(maskSecrets(url), reference(url));
      }),
      { numRuns: 2000 },
    );
  });
});
