/**
 * Budget 7, the plugin inside the real test Strapi: throughput of `/schema-hash` and `/schema`
 * against a trivial route of the same app (`GET /api/probe/echo`, which answers the parsed
 * query and the request headers, no database), with autocannon on loopback in interleaved
 * rounds, each request with the `Accept-Encoding` the CLI sends (src/cli/http.ts), and `/schema`
 * also without it; then the server memory that 1,000 open `/schema-watch` streams cost (VmRSS of the
 * Strapi process, settled, before and after).
 */
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import type { Inspector } from '../lib/inspector.ts';
import { median, pairedRatio, pairedRatioInterval, sleep } from '../lib/measure.ts';
import { type Cell, check, ratio, round, withInterval } from '../lib/report.ts';
import { rssKb } from '../lib/strapi.ts';

interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

type Cannon = (options: {
  url: string;
  connections: number;
  duration: number;
  pipelining: number;
  headers: Record<string, string>;
}) => Promise<CannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

/** What the CLI sends when it asks for `/schema` (src/cli/http.ts). */
const CLI_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const ROUTES = {
  echo: { path: '/api/probe/echo', headers: CLI_HEADERS, label: '' },
  hash: { path: '/api/cms-typed-client/schema-hash', headers: CLI_HEADERS, label: '' },
  schema: { path: '/api/cms-typed-client/schema', headers: CLI_HEADERS, label: ' (gzip, as the CLI asks)' },
  schemaIdentity: { path: '/api/cms-typed-client/schema', headers: {}, label: ' (no Accept-Encoding)' },
} as const;

type Route = keyof typeof ROUTES;

async function throughput(base: string, quick: boolean) {
  const duration = quick ? 2 : 3;
  // Five rounds: on 2 cores, where autocannon and Strapi share the CPU, three left the ratio moving by 0.3x.
  const rounds = quick ? 3 : 5;
  const results: Record<Route, CannonResult[]> = { echo: [], hash: [], schema: [], schemaIdentity: [] };
  const keys = Object.keys(ROUTES) as Route[];
  const run = (key: Route, seconds: number) =>
    autocannon({
      url: base + ROUTES[key].path,
      headers: { ...ROUTES[key].headers },
      connections: 10,
      duration: seconds,
      pipelining: 1,
    });
  for (const key of keys) await run(key, 1);
  for (let roundIndex = 0; roundIndex < rounds; roundIndex++) {
    for (let offset = 0; offset < keys.length; offset++) {
      const key = keys[(roundIndex + offset) % keys.length]!;
      results[key].push(await run(key, duration));
    }
  }
  return { results, duration, rounds };
}

/** VmRSS once it stops moving: 4 samples 250 ms apart within 1%, or the median of the last 4 after 8 s. */
async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  const deadline = Date.now() + 8_000;
  for (;;) {
    samples.push(rssKb(pid));
    const last = samples.slice(-4);
    if (last.length === 4 && (Math.max(...last) - Math.min(...last)) / Math.min(...last) < 0.01)
      return median(last);
    if (Date.now() > deadline) return median(last);
    await sleep(250);
  }
}

/** Opens `count` raw `/schema-watch` streams and resolves once each has its `connected` event. */
async function openStreams(port: number, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const batch = 100;
  for (let start = 0; start < count; start += batch) {
    const opened = Array.from(
      { length: Math.min(batch, count - start) },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1');
          let seen = '';
          socket.setEncoding('utf8');
          socket.once('error', reject);
          socket.on('data', (chunk: string) => {
            if (seen.length < 4096) seen += chunk;
            if (seen.includes('event: connected')) {
              socket.removeAllListeners('data');
              socket.on('data', () => {});
              resolve(socket);
            }
          });
          socket.write(
            `GET /api/cms-typed-client/schema-watch HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`,
          );
        }),
    );
    sockets.push(...(await Promise.all(opened)));
  }
  return sockets;
}

async function closeStreams(sockets: Socket[]): Promise<void> {
  for (const socket of sockets) socket.destroy();
  await sleep(500);
}

interface Memory {
  /** VmRSS, KB. */
  rss: number;
  /** V8 heap used plus external memory (buffers), KB. */
  heap: number;
}

/** Memory of the Strapi process after a full garbage collection. */
async function settledMemory(inspector: Inspector, pid: number): Promise<Memory> {
  await inspector.collectGarbage();
  await sleep(250);
  await inspector.collectGarbage();
  const usage = await inspector.memoryUsage();
  return { rss: await settledRss(pid), heap: (usage.heapUsed + usage.external) / 1024 };
}

async function watchMemory(inspector: Inspector, port: number, pid: number, count: number) {
  await closeStreams(await openStreams(port, 50));
  const before = await settledMemory(inspector, pid);
  const sockets = await openStreams(port, count);
  await sleep(500);
  const after = await settledMemory(inspector, pid);
  await closeStreams(sockets);
  const closed = await settledMemory(inspector, pid);
  return {
    before,
    after,
    closed,
    perClient: { rss: (after.rss - before.rss) / count, heap: (after.heap - before.heap) / count },
  };
}

export const plugin: Benchmark = {
  id: 'plugin',
  title: 'Budget 7: plugin throughput and /schema-watch memory (real Strapi)',
  needsStrapi: true,
  async run(context): Promise<Outcome> {
    const strapi = await context.strapi();
    // Memory first, on a heap that has only seen the boot; then the load.
    const count = 1000;
    const inspector = await strapi.inspector();
    const memory = await watchMemory(inspector, strapi.port, strapi.pid(), count).finally(() =>
      inspector.close(),
    );
    context.log(
      `watch memory: ${memory.perClient.rss.toFixed(1)} KB RSS, ${memory.perClient.heap.toFixed(1)} KB heap per stream`,
    );
    const { results, duration, rounds } = await throughput(strapi.url, context.quick);
    const perSecond = (key: Route) => results[key].map((result) => result.requests.average);
    const rate = (key: Route) => median(perSecond(key));
    const echo = rate('echo');
    // Each round runs every route once, so a busy spell of the machine slows the routes of a round
    // alike: the budget checks the median of the round-by-round ratios, as the other budgets do.
    const paired = (key: Route) => pairedRatio(perSecond(key), perSecond('echo'));
    const rows: Record<string, Cell>[] = (Object.keys(ROUTES) as Route[]).map((key) => ({
      route: `GET ${ROUTES[key].path}${ROUTES[key].label}`,
      rps: round(rate(key)),
      p50: median(results[key].map((result) => result.latency.p50)),
      p99: median(results[key].map((result) => result.latency.p99)),
      failed: results[key].reduce((sum, result) => sum + result.non2xx + result.errors, 0),
      vsEcho: ratio(rate(key), echo),
      pairedVsEcho: round(paired(key)),
    }));
    context.log(
      `plugin: echo ${echo.toFixed(0)}/s, hash ${rate('hash').toFixed(0)}/s, schema ${rate('schema').toFixed(0)}/s ` +
        `(${rate('schemaIdentity').toFixed(0)}/s without gzip)`,
    );
    return {
      tables: [
        {
          title: `autocannon, 10 connections, ${duration} s per run, median of ${rounds} interleaved runs`,
          columns: [
            { key: 'route', label: 'Route', unit: 'text' },
            { key: 'rps', label: 'requests/s', unit: 'ops' },
            { key: 'p50', label: 'p50 ms', unit: 'int' },
            { key: 'p99', label: 'p99 ms', unit: 'int' },
            { key: 'failed', label: 'non-2xx/errors', unit: 'int' },
            { key: 'vsEcho', label: 'x trivial route', unit: 'x' },
            { key: 'pairedVsEcho', label: 'x trivial route (median round ratio)', unit: 'x' },
          ],
          rows,
        },
        {
          title: `Strapi process memory after a full GC, with ${count} open /schema-watch streams`,
          columns: [
            { key: 'state', label: 'State', unit: 'text' },
            { key: 'rss', label: 'VmRSS', unit: 'kb' },
            { key: 'heap', label: 'V8 heap used + external', unit: 'kb' },
          ],
          rows: [
            {
              state: 'before (after a warm-up of 50 streams)',
              rss: memory.before.rss,
              heap: memory.before.heap,
            },
            { state: `${count} streams open`, rss: memory.after.rss, heap: memory.after.heap },
            { state: 'after closing them', rss: memory.closed.rss, heap: memory.closed.heap },
            { state: 'per open stream', rss: memory.perClient.rss, heap: memory.perClient.heap },
          ],
        },
      ],
      checks: [
        withInterval(
          check(
            '/schema-hash throughput >= 0.9x trivial route (median round ratio)',
            paired('hash'),
            0.9,
            'x',
            true,
          ),
          pairedRatioInterval(perSecond('hash'), perSecond('echo')),
        ),
        withInterval(
          check(
            '/schema throughput >= 0.9x trivial route (median round ratio)',
            paired('schema'),
            0.9,
            'x',
            true,
          ),
          pairedRatioInterval(perSecond('schema'), perSecond('echo')),
        ),
        check(
          'server memory per open /schema-watch stream < 20 KB (the larger of RSS and heap growth)',
          Math.max(memory.perClient.rss, memory.perClient.heap),
          20,
          'kb',
        ),
      ],
      notes: [
        "The trivial route is the test app's GET /api/probe/echo (src/api/probe): auth: false, no policy, no database; " +
          "it answers {query, headers}, a body about as large as /schema-hash's. /schema answers the kitchen-sink " +
          'schema (about 70 KB of JSON, 7 KB gzipped; the plugin gzips it once, at boot). Every request carries the ' +
          'Accept-Encoding the CLI sends (gzip, deflate, br; the plugin answers gzip); the last row asks /schema without it (the checked row ' +
          'is the one with it). Strapi runs in development mode with its request logger on, as in the e2e tests.',
      ],
    };
  },
};
