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
import { collectionApi, singleApi } from '../../../src/runtime/content-types.ts';
import { CmsClientCore } from '../../../src/runtime/core/client.ts';
import { CmsConnectionError, CmsError } from '../../../src/runtime/core/errors.ts';

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

/** 2xx answers without Strapi's `{ data }` envelope, as a proxy or a rewritten controller might give. */
const NOT_ENVELOPES: Record<string, [status: number, body: string, message: RegExp]> = {
  'an empty 200': [200, '', /answered 200 with an empty body, not Strapi's \{ data \} envelope\.$/],
  '204 on a read': [204, '', /answered 204 with an empty body, not Strapi's/],
  'JSON null': [
    200,
    'null',
    /answered 200 with a body that is not Strapi's \{ data \} envelope \(starts with "null"\)/,
  ],
  'a bare list': [200, '[{"id":1}]', /not Strapi's \{ data \} envelope \(starts with "\[\{\\"id\\":1\}\]"\)/],
  'an object without data': [200, '{"ok":true}', /not Strapi's \{ data \} envelope \(starts with "\{\\"ok/],
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

describe("a 2xx without Strapi's { data } envelope: a clear error, not a TypeError later", () => {
  let server: Server;
  let base = '';

  before(async () => {
    server = createServer((req, res) => {
      // /api/<fault name>[/<documentId>]
      const parts = new URL(req.url ?? '/', 'http://x').pathname.split('/').map(decodeURIComponent);
      const answer = NOT_ENVELOPES[parts[2] ?? ''];
      if (req.method === 'DELETE' && parts[3] === 'deleted') res.writeHead(204).end();
      else if (answer) res.writeHead(answer[0], { 'Content-Type': 'application/json' }).end(answer[1]);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  for (const [name, [, , message]] of Object.entries(NOT_ENVELOPES)) {
    it(name, async () => {
      const seen: unknown[] = [];
      const client = new CmsClientCore({ baseURL: base, onError: (error) => seen.push(error) });
      const collection = collectionApi(client, encodeURIComponent(name));
      const single = singleApi(client, encodeURIComponent(name));
      const calls: [string, () => Promise<unknown>][] = [
        ['find', () => collection.find()],
        ['findWithMeta', () => collection.findWithMeta()],
        ['findOne', () => collection.findOne('doc')],
        ['create', () => collection.create({ title: 'x' } as never)],
        ['update', () => collection.update('doc', { title: 'x' } as never)],
        ['single find', () => single.find()],
        ['single update', () => single.update({ title: 'x' } as never)],
      ];
      for (const [label, call] of calls) {
        seen.length = 0;
        const error = await call().then(
          (value) => assert.fail(`${label} resolved with ${JSON.stringify(value)}`),
          (reason: unknown) => reason,
        );
        assert.ok(error instanceof CmsConnectionError, `${label}: ${String(error)}`);
        assert.match(error.message, message, label);
        assert.deepEqual(seen, [error], `${label}: onError saw it once`);
      }
    });
  }

  it("a DELETE's 204 is still null, and a delete's JSON must be the envelope", async () => {
    const client = new CmsClientCore({ baseURL: base });
    assert.equal(await collectionApi(client, 'x').delete('deleted'), null);
    await assert.rejects(collectionApi(client, encodeURIComponent('an object without data')).delete('doc'), {
      name: 'CmsConnectionError',
      message: /not Strapi's \{ data \} envelope/,
    });
  });
});
