/**
 * Every way a server (or what sits in front of it) can answer badly, from one loopback server,
 * through the full client: each ends in a `CmsError` or `CmsConnectionError` whose message says
 * what happened, within the timeout, never an unhandled rejection or a hang. A live Strapi does
 * not produce these on demand. Single cases with more detail: runtime-connection.test.ts.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CmsClientCore } from '../../src/runtime/core.ts';
import { CmsConnectionError, CmsError } from '../../src/runtime/errors.ts';

type Fault = (res: import('node:http').ServerResponse, socket: Socket) => void;

const BODY = JSON.stringify({ data: [{ id: 1, documentId: 'a', title: 'x'.repeat(2_000) }], meta: {} });

const FAULTS: Record<string, Fault> = {
  'closes mid-body (Content-Length promised more)': (res, socket) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(BODY.length) });
    res.write(BODY.slice(0, 100), () => socket.destroy());
  },
  'closes mid-body (chunked)': (res, socket) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write(BODY.slice(0, 100), () => setTimeout(() => socket.destroy(), 10));
  },
  'invalid JSON with 200': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(BODY.slice(0, -3));
  },
  'an HTML page with 200 (a proxy login page)': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!DOCTYPE html><html><body>Sign in to the proxy</body></html>');
  },
  '502 from a proxy, HTML': (res) => {
    res.writeHead(502, { 'Content-Type': 'text/html' });
    res.end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
  },
  '503 with Retry-After and no body': (res) => {
    res.writeHead(503, { 'Retry-After': '30', 'Content-Length': '0' });
    res.end();
  },
  '504 as plain text': (res) => {
    res.writeHead(504, { 'Content-Type': 'text/plain' });
    res.end('upstream request timeout');
  },
  '500 with invalid JSON': (res) => {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end('{"error": {"status": 500,');
  },
  'headers, then a body that never ends': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"data": [');
  },
  'no answer at all': () => {},
};

/** What each fault must produce: the error class and what its message says. */
const EXPECTED: Record<string, [typeof CmsError | typeof CmsConnectionError, RegExp]> = {
  'closes mid-body (Content-Length promised more)': [
    CmsConnectionError,
    /^Network error: .*(terminated|closed)/,
  ],
  'closes mid-body (chunked)': [CmsConnectionError, /^Network error: .*(terminated|closed)/],
  'invalid JSON with 200': [CmsConnectionError, /answered 200 with a body that is not JSON/],
  'an HTML page with 200 (a proxy login page)': [
    CmsConnectionError,
    /not JSON \(an HTML page, often from a proxy/,
  ],
  '502 from a proxy, HTML': [CmsError, /^502 BadGatewayError: 502 Bad Gateway \(an HTML page/],
  '503 with Retry-After and no body': [CmsError, /^503 ServiceUnavailableError: /],
  '504 as plain text': [CmsError, /^504 GatewayTimeoutError: .*upstream request timeout/],
  '500 with invalid JSON': [CmsError, /^500 InternalServerError: .*check the Strapi server logs/],
  'headers, then a body that never ends': [CmsConnectionError, /^Request timed out after 400 ms/],
  'no answer at all': [CmsConnectionError, /^Request timed out after 400 ms/],
};

describe('a misbehaving server: every fault is a clear, typed error', () => {
  let server: Server;
  let base = '';
  const sockets = new Set<Socket>();
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  before(async () => {
    process.on('unhandledRejection', onUnhandled);
    server = createServer((req, res) => {
      const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.split('/').pop() ?? '');
      const fault = FAULTS[name];
      if (fault) fault(res, req.socket);
      else res.writeHead(404).end();
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    server.close();
    // Let any stray rejection surface before judging.
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off('unhandledRejection', onUnhandled);
    assert.deepEqual(unhandled, [], 'no unhandled rejection');
  });

  for (const name of Object.keys(FAULTS)) {
    it(name, async () => {
      const seen: unknown[] = [];
      const client = new CmsClientCore({ baseURL: base, timeout: 400, onError: (error) => seen.push(error) });
      const started = Date.now();
      const error = await client.request(`faults/${encodeURIComponent(name)}`).then(
        (body) => assert.fail(`resolved with ${JSON.stringify(body)}`),
        (reason: unknown) => reason,
      );
      const elapsed = Date.now() - started;
      const [kind, message] = EXPECTED[name] ?? assert.fail(`no expectation for ${name}`);
      assert.ok(error instanceof kind, `${name}: a ${kind.name}, got ${String(error)}`);
      assert.match((error as Error).message, message);
      assert.deepEqual(seen, [error], 'onError saw it once');
      assert.ok(elapsed < 2_000, `settled in ${elapsed} ms`);
    });
  }
});
