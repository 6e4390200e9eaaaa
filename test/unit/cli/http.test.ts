/**
 * The CLI's HTTP GET on node:http: redirects, content codings, timeouts and drops, against
 * loopback servers that produce what a live Strapi does not on demand.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { get, TransportError } from '../../../src/cli/http.ts';
import { fetchHash, fetchSchema, RemoteError, request } from '../../../src/cli/remote.ts';
import { ROOT } from '../../harness/paths.ts';
import { run as runCommand } from '../../helpers/run.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function serve(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const HASH = 'ab'.repeat(32);
const signal = () => new AbortController().signal;

describe('the CLI HTTP client', () => {
  let main: { server: Server; url: string };
  let other: { server: Server; url: string };
  /** Per path, what the main server answers. */
  const routes = new Map<string, Handler>();
  const seen: { path: string; authorization: string | undefined; encoding: string | undefined }[] = [];

  before(async () => {
    const record = (req: IncomingMessage) =>
      seen.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        encoding: req.headers['accept-encoding'],
      });
    main = await serve((req, res) => {
      record(req);
      const handler = routes.get(req.url ?? '');
      if (handler) handler(req, res);
      else res.writeHead(404).end();
    });
    other = await serve((req, res) => {
      record(req);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ hash: HASH }));
    });
  });
  after(() => {
    main.server.closeAllConnections();
    other.server.closeAllConnections();
    main.server.close();
    other.server.close();
  });

  const remote = (token?: string, timeout?: number) => ({
    url: main.url,
    token,
    ...(timeout ? { timeout } : {}),
  });
  const hashPath = '/api/cms-typed-client/schema-hash';

  it('asks for compressed bodies and decodes gzip, deflate and br', async () => {
    const body = JSON.stringify({ hash: HASH });
    const codings: [string, Buffer][] = [
      ['gzip', gzipSync(body)],
      ['deflate', deflateSync(body)],
      ['br', brotliCompressSync(body)],
      ['identity', Buffer.from(body)],
    ];
    for (const [coding, bytes] of codings) {
      routes.set(hashPath, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
        res.end(bytes);
      });
      assert.equal(await fetchHash(remote()), HASH, coding);
    }
    assert.match(seen.at(-1)?.encoding ?? '', /gzip.*deflate.*br/);
  });

  it('decodes two codings in the order the server applied them', async () => {
    const bytes = brotliCompressSync(gzipSync(JSON.stringify({ hash: HASH })));
    routes.set(hashPath, (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip, br' });
      res.end(bytes);
    });
    assert.equal(await fetchHash(remote()), HASH);
  });

  it('strips a byte order mark, as fetch did', async () => {
    routes.set(hashPath, (_req, res) => res.end(`\uFEFF${JSON.stringify({ hash: HASH })}`));
    assert.equal(await fetchHash(remote()), HASH);
  });

  it('a corrupt compressed body is a dropped read, not a crash', async () => {
    routes.set('/api/cms-typed-client/schema', (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(Buffer.from('not gzip at all'));
    });
    await assert.rejects(fetchSchema(remote()), /dropped while reading the schema/);
  });

  it('follows redirects on the same origin with the token', async () => {
    routes.set(hashPath, (_req, res) => res.writeHead(301, { location: '/moved/1' }).end());
    routes.set('/moved/1', (_req, res) => res.writeHead(307, { location: `${main.url}/moved/2` }).end());
    routes.set('/moved/2', (_req, res) => res.end(JSON.stringify({ hash: HASH })));
    seen.length = 0;
    assert.equal(await fetchHash(remote('secret')), HASH);
    assert.deepEqual(
      seen.map((s) => [s.path, s.authorization]),
      [
        [hashPath, 'Bearer secret'],
        ['/moved/1', 'Bearer secret'],
        ['/moved/2', 'Bearer secret'],
      ],
    );
  });

  it('drops the token when a redirect leaves the origin', async () => {
    routes.set(hashPath, (_req, res) => res.writeHead(302, { location: `${other.url}/elsewhere` }).end());
    seen.length = 0;
    assert.equal(await fetchHash(remote('secret')), HASH);
    assert.deepEqual(
      seen.map((s) => [s.path, s.authorization]),
      [
        [hashPath, 'Bearer secret'],
        ['/elsewhere', undefined],
      ],
    );
  });

  it('stops after 20 redirects, and at a redirect to another scheme', async () => {
    let hops = 0;
    routes.set(hashPath, (_req, res) => {
      hops++;
      res.writeHead(302, { location: hashPath }).end();
    });
    await assert.rejects(fetchHash(remote()), /Network error talking to Strapi at .*more than 20 redirects/);
    assert.equal(hops, 21);
    routes.set(hashPath, (_req, res) => res.writeHead(302, { location: 'ftp://127.0.0.1/x' }).end());
    await assert.rejects(fetchHash(remote()), /redirect to ftp: \(only http and https are followed\)/);
  });

  it('a redirect without a location is the answer itself', async () => {
    routes.set(hashPath, (_req, res) => res.writeHead(302).end());
    await assert.rejects(fetchHash(remote()), /Strapi answered 302/);
  });

  it('a status error reads Retry-After and frees the connection', async () => {
    routes.set(hashPath, (_req, res) => res.writeHead(503, { 'retry-after': '7' }).end('busy'));
    const error = await fetchHash(remote()).catch((e: unknown) => e);
    assert.ok(error instanceof RemoteError);
    assert.equal(error.status, 503);
    assert.equal(error.retryAfter, 7);
  });

  it('a head that never comes times out; a body that stops coming is a dropped read', async () => {
    routes.set(hashPath, () => {});
    await assert.rejects(fetchHash(remote(undefined, 200)), /did not answer within 0\.2 s/);
    routes.set('/api/cms-typed-client/schema', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"hash":');
    });
    await assert.rejects(fetchSchema(remote(undefined, 200)), /dropped while reading the schema/);
  });

  it('a connection cut mid-body is a dropped read', async () => {
    routes.set('/api/cms-typed-client/schema', (_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('{"hash":', () => res.socket?.destroy());
    });
    await assert.rejects(fetchSchema(remote()), /dropped while reading the schema/);
  });

  it('a refused connection names its code in a TransportError', async () => {
    const closed = await serve(() => {});
    const url = closed.url;
    await new Promise((resolve) => closed.server.close(resolve));
    const error = await get(`${url}/x`, { headers: {}, signal: signal() }).catch((e: unknown) => e);
    assert.ok(error instanceof TransportError);
    assert.equal((error.cause as { code?: string }).code, 'ECONNREFUSED');
    await assert.rejects(
      fetchHash({ url, token: undefined }),
      /Could not connect to Strapi at .*ECONNREFUSED/,
    );
  });

  it('a stream ends its timeout with the head, and stops at its signal', async () => {
    routes.set('/api/cms-typed-client/schema-watch', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': hello\n\n');
      setTimeout(() => res.write('event: connected\ndata: {}\n\n'), 300);
    });
    const stop = new AbortController();
    const response = await request(remote(undefined, 100), '/schema-watch', {
      signal: stop.signal,
      stream: true,
    });
    const received: string[] = [];
    const reading = (async () => {
      for await (const chunk of response.chunks()) {
        received.push(Buffer.from(chunk).toString());
        if (received.join('').includes('connected')) stop.abort();
      }
    })();
    await assert.rejects(reading, TransportError);
    assert.match(received.join(''), /event: connected/, 'read past the 100 ms timeout');
  });

  it('an abort before the request is a TransportError', async () => {
    const stop = new AbortController();
    stop.abort();
    await assert.rejects(get(`${main.url}/x`, { headers: {}, signal: stop.signal }), TransportError);
  });
});

describe('the unchanged-hash path', () => {
  it('loads neither fetch nor its engine', async () => {
    // Node's fetch engine (undici) loads on the first fetch, or when node:http is imported as
    // a module; `generate` with an unchanged hash must do neither.
    const payload = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8'));
    const { server, url } = await serve((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url?.endsWith('/schema-hash') ? { hash: payload.hash } : payload));
    });
    const project = mkdtempSync(join(tmpdir(), 'cms-http-'));
    try {
      const launcher = (before = '') => `
        ${before}
        const { main } = await import(${JSON.stringify(join(ROOT, 'src/cli/main.ts'))});
        const code = await main(process.argv.slice(1), { cwd: process.cwd(), env: {}, stdin: process.stdin,
          stdout: process.stdout, stderr: process.stderr, signal: new AbortController().signal });
        process.on('exit', () => process.stderr.write(
          JSON.stringify(process.moduleLoadList.filter((name) => /undici|fetch/.test(name)))));
        process.exitCode = code;
      `;
      const run = (before?: string) =>
        runCommand(
          process.execPath,
          ['--input-type=module', '-e', launcher(before), 'generate', '--url', url, '--output', 'src/cms'],
          { cwd: project },
        );
      const first = await run();
      assert.equal(first.code, 0, first.output);
      assert.equal(first.stderr, '[]', 'a first generation does not load fetch either');
      const control = await run(`await (await fetch(${JSON.stringify(url)})).text();`);
      assert.match(control.stderr, /undici/, 'the probe sees what a fetch loads');
      const unchanged = await run();
      assert.equal(unchanged.code, 0, unchanged.stderr);
      assert.match(unchanged.stdout, /Schema unchanged/);
      assert.equal(unchanged.stderr, '[]');
    } finally {
      server.close();
      rmSync(project, { recursive: true, force: true });
    }
  });
});
