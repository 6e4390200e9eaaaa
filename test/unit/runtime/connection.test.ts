/**
 * `CmsConnectionError` from real socket situations on loopback (no injected fetch): a closed
 * port, a server that never answers, a body that stalls, a socket destroyed mid-response, an
 * unresolvable host (RFC 6761 `.invalid`), and bodies that are not the JSON the client expects.
 */
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CmsClientCore } from '../../../src/runtime/core/client.ts';
import type { CmsClientConfig } from '../../../src/runtime/core/config.ts';
import {
  CmsConnectionError,
  CmsError,
  isCmsConnectionError,
  isCmsError,
  isCmsErrorOf,
} from '../../../src/runtime/core/errors.ts';
import type { CmsRequestInfo } from '../../../src/runtime/types/request.ts';

const servers: (Server | HttpServer)[] = [];
const sockets = new Set<Socket>();

/** A TCP server on 127.0.0.1 whose sockets are tracked, so `after` can close everything. */
async function listen<S extends Server | HttpServer>(server: S): Promise<string> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A loopback port nothing listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Failure {
  error: CmsConnectionError;
  url: string;
  elapsed: number;
}

/** One failing GET of `articles`; `onError` must have seen the thrown error, once. */
async function connectionFailure(
  baseURL: string,
  config: Partial<CmsClientConfig> = {},
  path = 'articles',
): Promise<Failure> {
  const calls: { error: unknown; info: CmsRequestInfo }[] = [];
  const core = new CmsClientCore({
    baseURL,
    onError: (error, info) => calls.push({ error, info }),
    ...config,
  });
  const started = Date.now();
  const error = await core.request(path).then(
    (body) => assert.fail(`expected a failure, got ${JSON.stringify(body)}`),
    (error: unknown) => error,
  );
  const elapsed = Date.now() - started;
  const url = `${baseURL.replace(/\/+$/, '')}/api/${path}`;
  assert.equal(calls.length, 1, 'onError runs once');
  assert.equal(calls[0]!.error, error);
  assert.equal(calls[0]!.info.method, 'GET');
  assert.equal(calls[0]!.info.url, url);
  assert.ok(isCmsConnectionError(error), `a CmsConnectionError, not ${String(error)}`);
  assert.ok(error instanceof CmsConnectionError);
  assert.equal(isCmsError(error), false);
  assert.equal(error.name, 'CmsConnectionError');
  assert.equal(error.url, url);
  assert.notEqual(error.cause, undefined, 'the original error is kept as cause');
  return { error, url, elapsed };
}

/** The `code`s along an error's cause chain (including an AggregateError's errors). */
function codes(error: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 6) return;
    const { code, cause, errors } = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') found.push(code);
    visit(cause, depth + 1);
    if (Array.isArray(errors)) for (const item of errors) visit(item, depth + 1);
  };
  visit(error, 0);
  return found;
}

after(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

describe('CmsConnectionError from real sockets', () => {
  it('closed port: could not connect, is the server running?', async () => {
    const baseURL = `http://127.0.0.1:${await closedPort()}`;
    const { error } = await connectionFailure(baseURL);
    assert.equal(error.message, `Could not connect to the CMS at ${baseURL}. Is the server running?`);
    assert.ok(codes(error).includes('ECONNREFUSED'), `ECONNREFUSED in ${codes(error)}`);
  });

  it('closed port through localhost (IPv4 and IPv6 attempts) is still ECONNREFUSED', async () => {
    const baseURL = `http://localhost:${await closedPort()}`;
    const { error } = await connectionFailure(baseURL);
    assert.equal(error.message, `Could not connect to the CMS at ${baseURL}. Is the server running?`);
  });

  it('a base URL with a path prefix is named as configured', async () => {
    const baseURL = `http://127.0.0.1:${await closedPort()}/cms`;
    const { error, url } = await connectionFailure(`${baseURL}/`);
    assert.equal(url, `${baseURL}/api/articles`);
    assert.equal(error.message, `Could not connect to the CMS at ${baseURL}. Is the server running?`);
  });

  describe('timeouts', () => {
    let silent: string;
    let stalling: string;
    before(async () => {
      // Accepts connections and never writes a byte.
      silent = await listen(createServer(() => {}));
      // Sends the headers and the start of the body, then nothing more.
      stalling = await listen(
        createHttpServer((_request, response) => {
          response.writeHead(200, { 'Content-Type': 'application/json' });
          response.write('{"data":[');
        }),
      );
    });

    it('a server that never answers: request timed out after <timeout> ms', async () => {
      const { error, url, elapsed } = await connectionFailure(silent, { timeout: 200 });
      assert.equal(error.message, `Request timed out after 200 ms: ${url}`);
      assert.ok(elapsed >= 190 && elapsed < 5000, `aborted after ${elapsed} ms`);
      // The client's timeout is an AbortSignal.timeout: the cause is the DOM's TimeoutError.
      assert.equal((error.cause as { name?: unknown }).name, 'TimeoutError');
    });

    it('the timeout covers the body: headers sent, body stalled', async () => {
      const { error, url, elapsed } = await connectionFailure(stalling, { timeout: 200 });
      assert.equal(error.message, `Request timed out after 200 ms: ${url}`);
      assert.ok(elapsed >= 190 && elapsed < 5000, `aborted after ${elapsed} ms`);
    });
  });

  it('DNS failure: could not resolve host (cms.invalid never resolves)', async () => {
    const { error } = await connectionFailure('http://cms.invalid');
    assert.equal(
      error.message,
      'Could not resolve host cms.invalid. Check the baseURL (http://cms.invalid).',
    );
    const found = codes(error);
    assert.ok(
      found.includes('ENOTFOUND') || found.includes('EAI_AGAIN'),
      `ENOTFOUND or EAI_AGAIN in ${found}`,
    );
  });

  describe('other network errors', () => {
    let truncated: string;
    let hangUp: string;
    before(async () => {
      // A chunked body cut off mid-chunk: the socket is destroyed after the first bytes.
      truncated = await listen(
        createServer((socket) => {
          socket.once('data', () => {
            socket.write(
              'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
                '20\r\n{"data":[{"id":1,',
              () => setTimeout(() => socket.destroy(), 20),
            );
          });
        }),
      );
      // Reads the request, then closes without answering.
      hangUp = await listen(createServer((socket) => socket.once('data', () => socket.destroy())));
    });

    it('a socket destroyed mid-response: network error with the underlying message', async () => {
      const { error } = await connectionFailure(truncated);
      assert.match(error.message, /^Network error: .+\. Check the baseURL \(http:\/\/127\.0\.0\.1:\d+\)\.$/);
      assert.match(error.message, /terminated/);
      assert.match(error.message, /other side closed/, 'the cause is named, not only "terminated"');
    });

    it('a connection closed before any response: network error', async () => {
      const { error } = await connectionFailure(hangUp);
      assert.match(error.message, /^Network error: fetch failed: .+\. Check the baseURL/);
      assert.doesNotMatch(error.message, /timed out|Could not/);
    });
  });

  describe('responses that are not JSON', () => {
    let html: string;
    let proxyError: string;
    before(async () => {
      html = await listen(
        createHttpServer((_request, response) => {
          response.writeHead(200, { 'Content-Type': 'text/html' });
          response.end('<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>');
        }),
      );
      proxyError = await listen(
        createHttpServer((_request, response) => {
          response.writeHead(502, { 'Content-Type': 'text/html' });
          response.end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
        }),
      );
    });

    it('an HTML page with 200: a CmsConnectionError naming the HTML page', async () => {
      const { error, url } = await connectionFailure(html);
      assert.equal(
        error.message,
        `The server at ${url} answered 200 with a body that is not JSON (an HTML page, often from a proxy in front of the CMS).`,
      );
      assert.ok(error.cause instanceof SyntaxError);
    });

    it('an HTML error page (a proxy 502): a CmsError named after the status', async () => {
      const calls: unknown[] = [];
      const core = new CmsClientCore({ baseURL: proxyError, onError: (error) => calls.push(error) });
      const error = await core.request('articles').catch((error: unknown) => error);
      assert.ok(error instanceof CmsError);
      assert.deepEqual(calls, [error]);
      assert.ok(isCmsErrorOf(error, 'BadGatewayError' as 'NotFoundError'));
      assert.equal(error.status, 502);
      assert.equal(error.statusText, 'Bad Gateway');
      assert.equal(
        error.userMessage,
        '502 Bad Gateway (an HTML page, often from a proxy in front of the CMS)',
      );
      assert.equal(error.details, undefined);
    });
  });
});

/**
 * `validateSchema()` never throws, and `validateSchema: true` warns once, when the server cannot
 * be asked (a closed port) or answers without a hash. The valid and differing answers of a real
 * Strapi are tested end to end (test/e2e/client.test.ts).
 */
describe('validateSchema when the hash cannot be read', () => {
  /** Console warnings while `run` runs and until one arrives (or a second passes). */
  async function warningsOf(run: () => void): Promise<string[]> {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      run();
      for (let wait = 0; wait < 50 && warnings.length === 0; wait++)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      console.warn = original;
    }
    return warnings;
  }

  it('a closed port: valid false, the connection error in `error`; the option warns once', async () => {
    const baseURL = `http://127.0.0.1:${await closedPort()}`;
    const core = new CmsClientCore({ baseURL }, { schemaHash: 'a'.repeat(64), authMode: 'legacy' });
    const result = await core.validateSchema();
    assert.equal(result.valid, false);
    assert.equal(result.localHash, 'a'.repeat(64));
    assert.equal(result.remoteHash, undefined);
    assert.match(result.error ?? '', /Could not connect to the CMS at .*Is the server running\?/);
    const warnings = await warningsOf(() => new CmsClientCore({ baseURL, validateSchema: true }));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /^\[CmsClient\] Could not check the schema: Could not connect to the CMS/);
  });

  it('an answer without a hash: valid false, "the server answered without a hash"', async () => {
    const baseURL = await listen(
      createHttpServer((request, response) => {
        assert.equal(request.url, '/api/cms-typed-client/schema-hash');
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{"other":1}');
      }),
    );
    const core = new CmsClientCore({ baseURL });
    assert.deepEqual(await core.validateSchema(), {
      valid: false,
      localHash: '',
      error: 'the server answered without a hash',
    });
    const warnings = await warningsOf(() => new CmsClientCore({ baseURL, validateSchema: true }));
    assert.deepEqual(warnings, [
      '[CmsClient] Could not check the schema: the server answered without a hash',
    ]);
  });
});

/**
 * A `CmsError` an application builds itself (a mock, a re-thrown error): the message carries a
 * hint only when given one; the table of hints by status loads with the failures part.
 */
describe('CmsError built by hand', () => {
  it('no hint unless given, the same message rule otherwise', () => {
    const init = {
      status: 404,
      statusText: 'Not Found',
      userMessage: 'Not Found',
      errorName: 'NotFoundError',
    };
    const plain = new CmsError(init);
    assert.equal(plain.message, '404 NotFoundError: Not Found');
    assert.ok(isCmsErrorOf(plain, 'NotFoundError'));
    assert.equal(plain.url, undefined);
    assert.equal(
      new CmsError({ ...init, hint: 'Look elsewhere.' }).message,
      '404 NotFoundError: Not Found. Look elsewhere.',
    );
    assert.equal(
      new CmsError({ ...init, userMessage: 'Gone!', hint: 'Look elsewhere.' }).message,
      '404 NotFoundError: Gone! Look elsewhere.',
    );
  });
});
