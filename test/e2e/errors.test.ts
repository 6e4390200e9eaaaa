/**
 * Every error name a real Strapi 5.54 sends, produced through `CmsClientCore.request` and read
 * back through the guards, with `onError` and the debug log. One boot, in refresh mode (so the
 * users-permissions refresh route exists).
 *
 * Natural triggers, which any Strapi app shows:
 * - ValidationError: a create with an invalid field; an unknown query or body key
 *   (`rest.strictParams`); a wrong password; a garbage email-confirmation token.
 * - BadRequestError: `POST /api/auth/refresh` without a refresh token.
 * - PaginationError: page and offset pagination in one query.
 * - UnauthorizedError: a garbage, revoked or expired API token; a garbage refresh token.
 * - ForbiddenError: a read-only token creating; an anonymous create; anonymous `/users/me`.
 * - NotFoundError: an unknown documentId; an unknown route.
 * - PayloadTooLargeError: a JSON body over the body parser's default 1 MB `jsonLimit`.
 * - RateLimitError: `POST /api/auth/forgot-password` past users-permissions' default limit
 *   (10 per minute per email, route and IP; the email is unique to this run).
 * - ApplicationError: registering an email that is already taken.
 *
 * Test routes (test/strapi/app/src/api/failure: custom code, as an application would write it):
 * - PolicyError: a policy returning false, and a policy throwing its own PolicyError.
 * - BadRequestError with details (`ctx.badRequest`), ConflictError (`ctx.conflict`),
 *   ApplicationError with details, InternalServerError (an unhandled exception), and
 *   NotImplementedError (a name outside the client's union).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import vm from 'node:vm';
import { CmsClientCore } from '../../src/runtime/core/client.ts';
import type { CmsClientConfig } from '../../src/runtime/core/config.ts';
import {
  CmsConnectionError,
  CmsError,
  type CmsErrorName,
  isCmsConnectionError,
  isCmsError,
  isCmsErrorOf,
} from '../../src/runtime/core/errors.ts';
import type { CmsRequestInfo, RequestOptions } from '../../src/runtime/types/request.ts';
import { createApp, freePort, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';

const app = createApp('errors');
let strapi: RunningStrapi;

const HINTS: Record<number, RegExp> = {
  401: /Check that the token is valid/,
  403: /The token may lack permissions/,
  404: /The endpoint may not exist/,
  500: /check the Strapi server logs/,
};

interface Recorded {
  error: unknown;
  info: CmsRequestInfo;
}

function client(token?: string, config: Partial<CmsClientConfig> = {}) {
  const calls: Recorded[] = [];
  const core = new CmsClientCore({
    baseURL: strapi.url,
    ...(token === undefined ? {} : { token }),
    onError: (error, info) => calls.push({ error, info }),
    ...config,
  });
  return { core, calls };
}

/** The error one request throws; `onError` must have seen exactly that error, once. */
async function failure(path: string, options: RequestOptions = {}, token?: string): Promise<CmsError> {
  const { core, calls } = client(token);
  const error = await core.request(path, options).then(
    (body) => assert.fail(`expected ${path} to fail, got ${JSON.stringify(body)}`),
    (error: unknown) => error,
  );
  assert.equal(calls.length, 1, 'onError runs once per failure');
  assert.equal(calls[0]!.error, error, 'onError sees the thrown error');
  assert.equal(calls[0]!.info.method, options.method ?? 'GET');
  assert.match(calls[0]!.info.url, new RegExp(`^${strapi.url}/api/${path.replace(/[?]/g, '\\?')}`));
  assert.ok(calls[0]!.info.headers instanceof Headers);
  assert.ok(isCmsError(error), `a CmsError, not ${String(error)}`);
  assert.ok(error instanceof CmsError);
  assert.equal(isCmsConnectionError(error), false);
  assert.equal(error.name, 'CmsError');
  return error;
}

interface Expected {
  errorName: CmsErrorName;
  status: number;
  statusText: string;
  userMessage: string | RegExp;
}

/** Status, names, message and hint: the parts every error has. */
function assertError(error: CmsError, expected: Expected): void {
  assert.equal(error.errorName, expected.errorName);
  assert.equal(error.status, expected.status);
  assert.equal(error.statusText, expected.statusText);
  if (typeof expected.userMessage === 'string') assert.equal(error.userMessage, expected.userMessage);
  else assert.match(error.userMessage, expected.userMessage);
  const head = `${expected.status} ${expected.errorName}: ${error.userMessage}`;
  assert.ok(error.message.startsWith(head), `${error.message} starts with ${head}`);
  const hint = HINTS[expected.status];
  if (hint) assert.match(error.message.slice(head.length), hint);
  else assert.equal(error.message, head, 'no hint for this status');
  assert.equal(isCmsErrorOf(error, expected.errorName as 'ValidationError'), true);
  const other = expected.errorName === 'NotFoundError' ? 'ForbiddenError' : 'NotFoundError';
  assert.equal(isCmsErrorOf(error, other), false);
}

before(async () => {
  strapi = await startStrapi(app, { env: { UP_JWT_MANAGEMENT: 'refresh' } });
});
after(() => strapi?.stop());

describe('CmsError from a real Strapi: natural triggers', () => {
  it('ValidationError: a create with an invalid field has details.errors[] with path, message, name', async () => {
    const error = await failure(
      'articles',
      { method: 'POST', body: { data: { title: 'A title', category: 'gossip' } } },
      strapi.seed.tokens.fullAccess,
    );
    assertError(error, {
      errorName: 'ValidationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: /^category must be one of the following values: news, opinion, review, how-to/,
    });
    assert.ok(isCmsErrorOf(error, 'ValidationError'));
    const errors = error.details?.errors;
    assert.ok(errors, 'details.errors is present');
    assert.equal(errors.length, 1);
    assert.deepEqual(errors[0], {
      path: ['category'],
      message: error.userMessage,
      name: 'ValidationError',
      value: 'gossip',
    });
  });

  it('ValidationError: a missing required field', async () => {
    const error = await failure(
      'articles',
      { method: 'POST', body: { data: { summary: 'no title' } } },
      strapi.seed.tokens.fullAccess,
    );
    assertError(error, {
      errorName: 'ValidationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: /^title must be/,
    });
    assert.ok(isCmsErrorOf(error, 'ValidationError'));
    assert.deepEqual(
      error.details?.errors?.map((issue) => issue.path),
      [['title']],
    );
  });

  it('ValidationError: an unknown query key under strictParams names the key, also as an issue', async () => {
    const error = await failure('articles', { query: { nope: 1 } });
    assertError(error, {
      errorName: 'ValidationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'Invalid key nope',
    });
    assert.ok(isCmsErrorOf(error, 'ValidationError'));
    assert.equal(error.details?.key, 'nope');
    assert.deepEqual(error.details, {
      key: 'nope',
      path: null,
      source: 'query',
      param: 'nope',
      errors: [{ path: ['nope'], message: 'Invalid key nope', name: 'ValidationError' }],
    });
  });

  it('ValidationError: an unknown nested query key', async () => {
    const error = await failure('articles', { query: { filters: { title: { $nope: 'x' } } } });
    assertError(error, {
      errorName: 'ValidationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'Invalid key $nope at title',
    });
    assert.deepEqual(error.details, {
      key: '$nope',
      path: 'title',
      source: 'query',
      param: 'filters',
      errors: [
        {
          path: ['filters', 'title', '$nope'],
          message: 'Invalid key $nope at title',
          name: 'ValidationError',
        },
      ],
    });
  });

  it('ValidationError: an unknown body key', async () => {
    const error = await failure(
      'articles',
      { method: 'POST', body: { data: { title: 'A title', seo: { nope: true } } } },
      strapi.seed.tokens.fullAccess,
    );
    assertError(error, {
      errorName: 'ValidationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'Invalid key nope at seo',
    });
    assert.deepEqual(error.details, {
      key: 'nope',
      path: 'seo',
      source: 'body',
      errors: [{ path: ['seo', 'nope'], message: 'Invalid key nope at seo', name: 'ValidationError' }],
    });
  });

  it('ValidationError without details: a wrong password, a garbage confirmation token', async () => {
    const login = await failure('auth/local', {
      method: 'POST',
      body: { identifier: strapi.seed.user.username, password: 'not-the-password' },
    });
    assertError(login, {
      errorName: 'ValidationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'Invalid identifier or password',
    });
    assert.equal(login.details, undefined, 'Strapi sends details: {}');
    const confirmation = await failure('auth/email-confirmation', { query: { confirmation: 'garbage' } });
    assertError(confirmation, {
      errorName: 'ValidationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'Invalid token',
    });
    assert.equal(confirmation.details, undefined);
  });

  it('BadRequestError: a refresh without a refresh token', async () => {
    const error = await failure('auth/refresh', { method: 'POST', body: {} });
    assertError(error, {
      errorName: 'BadRequestError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'Missing refresh token',
    });
    assert.ok(isCmsErrorOf(error, 'BadRequestError'));
    assert.deepEqual(error.details, {});
  });

  it('PaginationError: page and offset pagination in one query', async () => {
    const error = await failure('articles', { query: { pagination: { page: 1, start: 0 } } });
    assertError(error, {
      errorName: 'PaginationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'Cannot use both page & offset pagination in the same query',
    });
    assert.ok(isCmsErrorOf(error, 'PaginationError'));
    assert.deepEqual(error.details, {});
  });

  it('UnauthorizedError: a garbage, a revoked and an expired API token', async () => {
    for (const [token, userMessage] of [
      ['garbage-token', 'Missing or invalid credentials'],
      [strapi.seed.tokens.revoked, 'Missing or invalid credentials'],
      [strapi.seed.tokens.expired, 'Token expired'],
    ] as const) {
      const error = await failure('articles', {}, token);
      assertError(error, {
        errorName: 'UnauthorizedError',
        status: 401,
        statusText: 'Unauthorized',
        userMessage,
      });
      assert.ok(isCmsErrorOf(error, 'UnauthorizedError'));
      assert.equal(error.details, undefined);
    }
  });

  it('UnauthorizedError: a garbage refresh token', async () => {
    const error = await failure('auth/refresh', { method: 'POST', body: { refreshToken: 'garbage' } });
    assertError(error, {
      errorName: 'UnauthorizedError',
      status: 401,
      statusText: 'Unauthorized',
      userMessage: 'Invalid refresh token',
    });
  });

  it('ForbiddenError: a read-only token creating, an anonymous create, anonymous /users/me', async () => {
    const cases: [string, RequestOptions, string | undefined][] = [
      ['articles', { method: 'POST', body: { data: { title: 'A title' } } }, strapi.seed.tokens.readOnly],
      ['articles', { method: 'POST', body: { data: { title: 'A title' } } }, undefined],
      ['users/me', {}, undefined],
    ];
    for (const [path, options, token] of cases) {
      const error = await failure(path, options, token);
      assertError(error, {
        errorName: 'ForbiddenError',
        status: 403,
        statusText: 'Forbidden',
        userMessage: 'Forbidden',
      });
      assert.ok(isCmsErrorOf(error, 'ForbiddenError'));
      assert.equal(error.details, undefined);
    }
  });

  it('NotFoundError: an unknown documentId and an unknown route', async () => {
    for (const path of ['articles/no-such-document', 'no-such-route']) {
      const error = await failure(path, {}, strapi.seed.tokens.fullAccess);
      assertError(error, {
        errorName: 'NotFoundError',
        status: 404,
        statusText: 'Not Found',
        userMessage: 'Not Found',
      });
      assert.equal(error.details, undefined);
    }
  });

  it('NotFoundError with nullOnNotFound resolves null without calling onError', async () => {
    const { core, calls } = client(strapi.seed.tokens.fullAccess);
    assert.equal(await core.request('articles/no-such-document', { nullOnNotFound: true }), null);
    assert.equal(calls.length, 0);
  });

  it('PayloadTooLargeError: a JSON body over the 1 MB body parser limit', async () => {
    const error = await failure('articles', {
      method: 'POST',
      body: { data: { title: 'x'.repeat(1_100_000) } },
    });
    assertError(error, {
      errorName: 'PayloadTooLargeError',
      status: 413,
      statusText: 'Payload Too Large',
      userMessage: 'request entity too large',
    });
    assert.ok(isCmsErrorOf(error, 'PayloadTooLargeError'));
    assert.equal(error.details, undefined, 'Strapi sends no details key');
  });

  it("RateLimitError: forgot-password past users-permissions' default limit of 10 per minute", async () => {
    const { core, calls } = client();
    const email = `rate-limit-${process.pid}-${Date.now()}@example.test`;
    for (let attempt = 1; attempt <= 10; attempt++) {
      assert.deepEqual(await core.request('auth/forgot-password', { method: 'POST', body: { email } }), {
        ok: true,
      });
    }
    assert.equal(calls.length, 0);
    const error = await failure('auth/forgot-password', { method: 'POST', body: { email } });
    assertError(error, {
      errorName: 'RateLimitError',
      status: 429,
      statusText: 'Too Many Requests',
      userMessage: 'Too many requests, please try again later.',
    });
    assert.ok(isCmsErrorOf(error, 'RateLimitError'));
    assert.deepEqual(error.details, {});
  });

  it('ApplicationError: registering a taken email answers 400, not 500', async () => {
    const error = await failure('auth/local/register', { method: 'POST', body: strapi.seed.user });
    assertError(error, {
      errorName: 'ApplicationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'Email or Username are already taken',
    });
    assert.ok(isCmsErrorOf(error, 'ApplicationError'));
    assert.deepEqual(error.details, {});
  });
});

describe('CmsError from a real Strapi: test routes (custom code)', () => {
  it('PolicyError: a policy that returns false', async () => {
    const error = await failure('failure/policy-denied');
    assertError(error, {
      errorName: 'PolicyError',
      status: 403,
      statusText: 'Forbidden',
      userMessage: 'Policy Failed',
    });
    assert.ok(isCmsErrorOf(error, 'PolicyError'));
    assert.deepEqual(error.details, {});
  });

  it('PolicyError: a policy that throws with its own message and details', async () => {
    const error = await failure('failure/policy-error');
    assertError(error, {
      errorName: 'PolicyError',
      status: 403,
      statusText: 'Forbidden',
      userMessage: 'Editing is closed on weekends',
    });
    assert.ok(isCmsErrorOf(error, 'PolicyError'));
    assert.equal(error.details.policy, 'reject');
    assert.equal(error.details.message, 'closed until Monday');
  });

  it('BadRequestError with details (ctx.badRequest)', async () => {
    const error = await failure('failure/bad-request');
    assertError(error, {
      errorName: 'BadRequestError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'The slug is malformed',
    });
    assert.ok(isCmsErrorOf(error, 'BadRequestError'));
    assert.deepEqual(error.details, { field: 'slug', expected: 'kebab-case' });
  });

  it('ConflictError (ctx.conflict)', async () => {
    const error = await failure('failure/conflict', { method: 'POST', body: { version: 3 } });
    assertError(error, {
      errorName: 'ConflictError',
      status: 409,
      statusText: 'Conflict',
      userMessage: 'The document was changed by someone else',
    });
    assert.ok(isCmsErrorOf(error, 'ConflictError'));
    assert.deepEqual(error.details, { documentId: 'abc123', version: 3 });
  });

  it('ApplicationError with details answers 400', async () => {
    const error = await failure('failure/application-error');
    assertError(error, {
      errorName: 'ApplicationError',
      status: 400,
      statusText: 'Bad Request',
      userMessage: 'The import is already running',
    });
    assert.ok(isCmsErrorOf(error, 'ApplicationError'));
    assert.deepEqual(error.details, { jobId: 42 });
  });

  it('InternalServerError: an unhandled exception, its message hidden', async () => {
    const error = await failure('failure/unhandled');
    assertError(error, {
      errorName: 'InternalServerError',
      status: 500,
      statusText: 'Internal Server Error',
      userMessage: 'Internal Server Error',
    });
    assert.ok(isCmsErrorOf(error, 'InternalServerError'));
    assert.equal(error.details, undefined);
    assert.doesNotMatch(error.message, /secret internal detail/);
    assert.match(strapi.output(), /secret internal detail/, 'the server logged it');
  });

  it('a name outside the union (NotImplementedError, 501) is kept as a string', async () => {
    const error = await failure('failure/not-implemented');
    assertError(error, {
      errorName: 'NotImplementedError',
      status: 501,
      statusText: 'Not Implemented',
      // Strapi's own default message for NotImplementedError: the test route throws it bare.
      userMessage: 'This feature is not implemented yet',
    });
    assert.equal(error.details, undefined);
  });
});

describe('onError and debug', () => {
  it('onError runs once per failure, never on success, with method, full URL and headers', async () => {
    const token = strapi.seed.tokens.readOnly;
    const { core, calls } = client(token);
    await core.request('articles', { query: { pagination: { pageSize: 1 } } });
    assert.equal(calls.length, 0);
    const thrown: unknown[] = [];
    for (const [path, options] of [
      ['articles', { method: 'POST', body: { data: { title: 'A title' } } }],
      ['articles', { query: { nope: 1 } }],
      ['articles/no-such-document', { method: 'DELETE' }],
    ] as const) {
      thrown.push(await core.request(path, options).catch((error: unknown) => error));
    }
    assert.equal(calls.length, 3);
    assert.deepEqual(
      calls.map(({ error }) => error),
      thrown,
    );
    assert.deepEqual(
      calls.map(({ info }) => [info.method, info.url]),
      [
        ['POST', `${strapi.url}/api/articles`],
        ['GET', `${strapi.url}/api/articles?nope=1`],
        ['DELETE', `${strapi.url}/api/articles/no-such-document`],
      ],
    );
    assert.deepEqual(
      calls.map(({ error }) => (isCmsError(error) ? error.errorName : String(error))),
      ['ForbiddenError', 'ValidationError', 'ForbiddenError'],
    );
    for (const { info } of calls) {
      assert.equal(info.headers.get('authorization'), `Bearer ${token}`);
      assert.equal(info.headers.get('accept'), 'application/json');
    }
    assert.equal(calls[0]!.info.headers.get('content-type'), 'application/json');
  });

  it('debug logs one line per request with method, URL, status and duration, secrets masked', async (t) => {
    const lines: string[] = [];
    t.mock.method(console, 'debug', (...args: unknown[]) => lines.push(args.map(String).join(' ')));
    const closed = await freePort();
    const { core } = client(undefined, { debug: true });
    const offline = new CmsClientCore({ baseURL: `http://127.0.0.1:${closed}`, debug: true });
    await core.request('articles', { query: { locale: 'en' } });
    await core.request('auth/email-confirmation', { query: { confirmation: 'SECRET-CODE' } }).catch(() => {});
    await core.request('articles/no-such-document', { nullOnNotFound: true });
    await core
      .request('auth/reset-password', {
        method: 'POST',
        body: { code: 'SECRET-BODY', password: 'x', passwordConfirmation: 'x' },
      })
      .catch(() => {});
    await offline.request('articles', { query: { token: 'SECRET-TOKEN', page: 1 } }).catch(() => {});
    t.mock.restoreAll();
    const base = strapi.url.replace(/[.]/g, '\\.');
    const expected = [
      new RegExp(`^\\[CmsClient\\] GET ${base}/api/articles\\?locale=en 200 \\d+ ms$`),
      new RegExp(
        `^\\[CmsClient\\] GET ${base}/api/auth/email-confirmation\\?confirmation=\\*\\*\\* 400 \\d+ ms$`,
      ),
      new RegExp(`^\\[CmsClient\\] GET ${base}/api/articles/no-such-document 404 \\d+ ms$`),
      new RegExp(`^\\[CmsClient\\] POST ${base}/api/auth/reset-password 400 \\d+ ms$`),
      new RegExp(
        `^\\[CmsClient\\] GET http://127\\.0\\.0\\.1:${closed}/api/articles\\?token=\\*\\*\\*&page=1 failed \\d+ ms$`,
      ),
    ];
    assert.equal(lines.length, expected.length, lines.join('\n'));
    for (const [index, pattern] of expected.entries()) assert.match(lines[index]!, pattern);
    assert.doesNotMatch(lines.join('\n'), /SECRET/);
  });
});

describe('guards across realms', () => {
  /**
   * A second copy of the built runtime, in a new realm with its own Error and Object. The realm
   * runs scripts, not modules: each file's exports become an object, and the core's `import()`
   * of a part (`./failures.js`...) evaluates that part's file in the same realm, its imports
   * of the core (`./index.js`) reading the core's exports.
   */
  function otherRealm() {
    const read = (name: string) => {
      const file = join(ROOT, 'dist', 'runtime', 'js', `${name}.js`);
      try {
        return readFileSync(file, 'utf8');
      } catch {
        throw new Error(`${file} is missing: run npm run build first`);
      }
    };
    const exportList = /\bexport\s*\{([^}]*)\};?\s*$/;
    const asObject = (list: string) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '')
        .map((entry) => entry.replace(/^(\S+)\s+as\s+(\S+)$/, '$2: $1'))
        .join(', ');
    const loads = (source: string) =>
      source.replace(/\bimport\("\.\/([a-z-]+)\.js"\)/g, 'globalThis.loadPart("$1")');
    /** `a, b as c` as a destructuring pattern: `a, b: c`. */
    const asPattern = (list: string) => list.replace(/(\S+)\s+as\s+(\S+)/g, '$1: $2');
    const source = read('index');
    assert.match(source, exportList, 'the built runtime ends with one export list');
    const script = loads(source).replace(
      exportList,
      (_all, list: string) => `globalThis.runtime = { ${asObject(list)} };`,
    );
    assert.doesNotMatch(script, /^\s*(?:export|import)\b/m);
    const context = vm.createContext({
      URL,
      Headers,
      FormData,
      AbortController,
      fetch,
      setTimeout,
      clearTimeout,
      console,
      loadPart: (name: string) => {
        const part = loads(read(name))
          .replace(
            /^import\s*\{([^}]*)\}\s*from\s*"\.\/index\.js";/gm,
            (_all, list: string) => `const {${asPattern(list)}} = globalThis.runtime;`,
          )
          .replace(exportList, (_all, list: string) => `return { ${asObject(list)} };`);
        assert.doesNotMatch(part, /^\s*(?:export|import)\b/m, name);
        return Promise.resolve(vm.runInContext(`(async () => {\n${part}\n})()`, context));
      },
    });
    vm.runInContext(script, context);
    const runtime = context.runtime as {
      CmsClientCore: typeof CmsClientCore;
      CmsError: typeof CmsError;
      CmsConnectionError: typeof CmsConnectionError;
    };
    assert.notEqual(runtime.CmsError, CmsError);
    return { runtime, ErrorInRealm: vm.runInContext('Error', context) as ErrorConstructor };
  }

  it('isCmsError, isCmsErrorOf and isCmsConnectionError accept errors that instanceof rejects', async () => {
    const { runtime, ErrorInRealm } = otherRealm();
    const core = new runtime.CmsClientCore({ baseURL: strapi.url });
    const notFound = await core.request('no-such-route').catch((error: unknown) => error);
    assert.ok(notFound instanceof runtime.CmsError && notFound instanceof ErrorInRealm);
    assert.equal(notFound instanceof CmsError, false);
    assert.equal(notFound instanceof Error, false);
    assert.ok(isCmsError(notFound));
    assert.ok(isCmsErrorOf(notFound, 'NotFoundError'));
    assert.equal(isCmsErrorOf(notFound, 'ValidationError'), false);
    assert.equal(isCmsConnectionError(notFound), false);
    assert.equal(notFound.status, 404);
    assert.equal(notFound.name, 'CmsError');

    const validation = await core
      .request('articles', { query: { nope: 1 } })
      .catch((error: unknown) => error);
    assert.ok(isCmsErrorOf(validation, 'ValidationError'));
    assert.equal(validation.details?.key, 'nope');
    assert.equal(validation.details?.errors.length, 1);

    const offline = new runtime.CmsClientCore({ baseURL: `http://127.0.0.1:${await freePort()}` });
    const refused = await offline.request('articles').catch((error: unknown) => error);
    assert.ok(refused instanceof runtime.CmsConnectionError);
    assert.equal(refused instanceof CmsConnectionError, false);
    assert.equal(refused instanceof Error, false);
    assert.ok(isCmsConnectionError(refused));
    assert.equal(isCmsError(refused), false);
    assert.match(refused.message, /Is the server running\?/);
  });

  it('look-alikes without the marker are rejected', () => {
    const lookalike = Object.assign(new Error('x'), {
      name: 'CmsError',
      status: 404,
      errorName: 'NotFoundError',
    });
    assert.equal(isCmsError(lookalike), false);
    assert.equal(isCmsErrorOf(lookalike, 'NotFoundError'), false);
    assert.equal(isCmsConnectionError(Object.assign(new Error('x'), { name: 'CmsConnectionError' })), false);
    for (const value of [null, undefined, 'CmsError', 404, { isCmsError: 'true' }]) {
      assert.equal(isCmsError(value), false);
      assert.equal(isCmsConnectionError(value), false);
    }
  });
});
