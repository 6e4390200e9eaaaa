/**
 * `cms-types watch` against streams a live Strapi does not produce on demand: a stream that
 * goes silent without closing (a dead proxy or a half-open connection), and the same hash
 * announced over and over. The real restarts are in test/e2e/watch.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { CliContext } from '../../../src/cli/context.ts';
import { type WatchFlags, type WatchOptions, watchOptions } from '../../../src/cli/options.ts';
import { createOutput } from '../../../src/cli/output.ts';
import { watch } from '../../../src/cli/watch.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';

const payload = JSON.parse(
  readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8'),
) as SchemaResponse;

type StreamMode =
  /** `connected`, then heartbeats every `heartbeat` ms. */
  | 'beating'
  /** `connected`, then nothing at all; the socket stays open. */
  | 'silent';

describe('cms-types watch: dead streams and repeated hashes', () => {
  let server: Server;
  let url = '';
  let project = '';
  let mode: StreamMode = 'beating';
  let heartbeat = 100;
  let announceHeartbeat = true;
  let connections = 0;
  let busyAnswers = 0;
  let schemaRequests = 0;
  const open = new Set<ServerResponse>();
  const timers = new Set<ReturnType<typeof setInterval>>();
  let lines: string[] = [];

  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/api/cms-typed-client/schema-hash') {
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ hash: payload.hash }));
      } else if (req.url === '/api/cms-typed-client/schema') {
        schemaRequests++;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
      } else if (req.url === '/api/cms-typed-client/schema-watch') {
        connections++;
        if (busyAnswers > 0) {
          busyAnswers--;
          res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
          res.end('{"data":null,"error":{"status":503,"name":"ServiceUnavailableError","message":"full"}}');
          return;
        }
        res.writeHead(200, {
          'Content-Type': 'text/event-stream',
          ...(announceHeartbeat ? { 'X-Heartbeat-Interval': String(heartbeat) } : {}),
        });
        res.write(`event: connected\ndata: ${JSON.stringify({ hash: payload.hash })}\n\n`);
        open.add(res);
        res.once('close', () => open.delete(res));
        if (mode === 'beating') {
          const timer = setInterval(() => res.write(': heartbeat\n\n'), heartbeat);
          timers.add(timer);
          res.once('close', () => clearInterval(timer));
        }
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  afterEach(() => {
    for (const timer of timers) clearInterval(timer);
    for (const res of open) res.destroy();
    rmSync(project, { recursive: true, force: true });
  });

  /** Runs the watch for `ms` (in a new project, or in `reuse`), then stops it as Ctrl-C would. */
  async function watchFor(ms: number, options: WatchOptions = {}, flags: WatchFlags = {}, reuse?: string) {
    project = reuse ?? mkdtempSync(join(tmpdir(), 'cms-watch-'));
    writeFileSync(join(project, 'package.json'), '{"name":"watch","private":true}\n');
    connections = 0;
    schemaRequests = 0;
    lines = [];
    const stop = new AbortController();
    const sink = {
      write: (chunk: string) => lines.push(...chunk.trimEnd().split('\n')) !== 0,
      isTTY: false,
    } as unknown as NodeJS.WritableStream;
    const context: CliContext = {
      cwd: project,
      env: {},
      stdin: process.stdin,
      stdout: sink,
      out: createOutput({ stdout: sink, stderr: sink, env: {} }),
      signal: stop.signal,
    };
    const settings = watchOptions({ url, output: 'src/cms', ...flags }, context).generate;
    const running = watch(settings, context, { initialBackoff: 20, ...options });
    await new Promise((resolve) => setTimeout(resolve, ms));
    stop.abort();
    await running;
  }

  const generated = () => lines.filter((line) => line.includes('Generated')).length;

  it('a stream silent for three announced heartbeats is replaced, and the same hash is not regenerated', async () => {
    mode = 'silent';
    heartbeat = 100;
    // Three heartbeats plus a second of slack: 1.3 s per connection.
    await watchFor(3_500);
    assert.ok(connections >= 2, `the silent stream was replaced (${connections} connections)`);
    assert.ok(connections <= 3, `not replaced before three heartbeats passed (${connections} connections)`);
    assert.equal(generated(), 1, lines.join('\n'));
    assert.equal(schemaRequests, 1, 'the schema was fetched once');
    assert.ok(
      lines.some((line) => line.startsWith('Schema unchanged')),
      lines.join('\n'),
    );
  });

  it('a stream that keeps beating is held, however long, with no reconnect', async () => {
    mode = 'beating';
    heartbeat = 100;
    // The connect timeout (the idle timeout here) must not cut the stream once it is open.
    await watchFor(2_000, { idleTimeout: 500 });
    assert.equal(connections, 1, lines.join('\n'));
    assert.equal(generated(), 1);
    assert.ok(!lines.some((line) => line.startsWith('Lost the connection')), lines.join('\n'));
  });

  it('without the header a silent stream is judged by the idleTimeout option', async () => {
    mode = 'silent';
    announceHeartbeat = false;
    try {
      await watchFor(1_000, { idleTimeout: 300 });
    } finally {
      announceHeartbeat = true;
    }
    assert.ok(connections >= 2, `replaced after 300 ms of silence (${connections} connections)`);
    assert.equal(generated(), 1);
  });

  it('output another version wrote is regenerated on the first connection, though the hash is the same', async () => {
    mode = 'beating';
    heartbeat = 100;
    await watchFor(600);
    assert.equal(generated(), 1, lines.join('\n'));
    const metaFile = join(project, 'src/cms/.cms-types.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { version: string; hash: string };
    writeFileSync(metaFile, JSON.stringify({ ...meta, version: '0.0.1' }));
    await watchFor(600, {}, {}, project);
    assert.equal(generated(), 1, `after an upgrade the runtime is rewritten:\n${lines.join('\n')}`);
    assert.deepEqual(JSON.parse(readFileSync(metaFile, 'utf8')).version, meta.version);
    await watchFor(600, {}, {}, project);
    assert.equal(generated(), 0, lines.join('\n'));
    assert.ok(lines.some((line) => line.startsWith('Schema unchanged')));
  });

  it('--force regenerates on the first connection only, not on every reconnect', async () => {
    mode = 'silent';
    heartbeat = 100;
    await watchFor(3_000, {}, { force: true });
    assert.ok(connections >= 2, `reconnected (${connections} connections)`);
    assert.equal(generated(), 1, lines.join('\n'));
    assert.equal(schemaRequests, 1);
  });

  it('a 503 with Retry-After (the stream cap) waits as asked instead of retrying at once', async () => {
    mode = 'beating';
    busyAnswers = 1;
    const started = Date.now();
    let connectedAt = 0;
    const timer = setInterval(() => {
      if (connections === 2 && connectedAt === 0) connectedAt = Date.now();
    }, 10);
    try {
      await watchFor(1_600);
    } finally {
      clearInterval(timer);
    }
    assert.equal(connections, 2, lines.join('\n'));
    assert.ok(connectedAt - started >= 950, `retried after ${connectedAt - started} ms`);
    assert.ok(lines.includes('Strapi is busy; retrying in 1 s.'), lines.join('\n'));
    assert.equal(generated(), 1);
  });
});
