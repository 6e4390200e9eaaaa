/**
 * Budget 8, watch: `cms-types watch` holds `/schema-watch` of the real Strapi; Strapi is
 * stopped, a content type gains an attribute, Strapi boots again on the same port. A prober
 * asks `/schema-hash` every 10 ms from before the boot, so the first successful response is
 * known to within 10 ms; the watch's `Generated ...` line (printed after the files are written)
 * ends the interval. A last round runs the same watch code in process (src/cli/watch.ts) with
 * `maxBackoff: 250` to show what the reconnect schedule costs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { watchOptions } from '../../src/cli/options.ts';
import { createOutput } from '../../src/cli/output.ts';
import { watch as watchSchema } from '../../src/cli/watch.ts';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import { benchProject } from '../lib/cli.ts';
import { sleep } from '../lib/measure.ts';
import { CLI_BIN } from '../lib/paths.ts';
import { type Cell, check, round } from '../lib/report.ts';
import { ensureSnapshot } from '../lib/snapshot.ts';
import { addTagAttribute, type BenchStrapi } from '../lib/strapi.ts';

/** Lines of a stream, each with the moment it arrived. */
class Lines {
  readonly lines: { text: string; at: number }[] = [];
  #rest = '';
  #waiters: { pattern: RegExp; after: number; resolve(at: number): void }[] = [];

  push(chunk: string): void {
    const parts = (this.#rest + chunk).split('\n');
    this.#rest = parts.pop() ?? '';
    const at = performance.now();
    for (const text of parts) {
      this.lines.push({ text, at });
      this.#waiters = this.#waiters.filter((waiter) => {
        if (waiter.pattern.test(text) && at >= waiter.after) {
          waiter.resolve(at);
          return false;
        }
        return true;
      });
    }
  }

  /** The arrival time of the first line matching `pattern` that arrives after `after`. */
  next(pattern: RegExp, after: number, timeout: number): Promise<number> {
    const seen = this.lines.find((line) => line.at >= after && pattern.test(line.text));
    if (seen) return Promise.resolve(seen.at);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no line matching ${pattern} within ${timeout} ms:\n${this.text()}`)),
        timeout,
      );
      this.#waiters.push({
        pattern,
        after,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      });
    });
  }

  text(): string {
    return this.lines.map((line) => line.text).join('\n');
  }
}

/** Polls `/schema-hash` until it answers 200; resolves with the moment that answer arrived. */
function probe(url: string, signal: AbortSignal): Promise<number> {
  return (async () => {
    while (!signal.aborted) {
      try {
        const response = await fetch(`${url}/api/cms-typed-client/schema-hash`, { signal });
        await response.arrayBuffer();
        if (response.ok) return performance.now();
      } catch {
        // not listening yet
      }
      await sleep(10);
    }
    throw new Error('probe aborted');
  })();
}

interface Round {
  label: string;
  boot: number;
  /** First successful response -> `Reconnected` line. */
  reconnect: number;
  /** First successful response -> `Generated` line. */
  latency: number;
}

let changes = 0;

/** One restart with a changed schema; `lines` is the watch's stdout. */
async function restartRound(strapi: BenchStrapi, lines: Lines, label: string): Promise<Round> {
  const controller = new AbortController();
  let first: Promise<number> | undefined;
  const began = performance.now();
  const { bootMs } = await strapi.restart(
    (dir) => addTagAttribute(dir, `benchField${Date.now()}${changes++}`),
    () => {
      first = probe(strapi.url, controller.signal);
    },
  );
  const ready = await first!;
  controller.abort();
  const reconnected = await lines.next(/Reconnected to Strapi/, began, 60_000);
  const generated = await lines.next(/Generated /, began, 60_000);
  return { label, boot: bootMs, reconnect: reconnected - ready, latency: generated - ready };
}

function startWatchCli(cwd: string, url: string, lines: Lines): ChildProcess {
  ensureSnapshot();
  const child = spawn(process.execPath, [CLI_BIN, 'watch', '--url', url, '--output', 'src/cms'], {
    cwd,
    env: { ...process.env, CMS_TOKEN: '', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => lines.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => lines.push(chunk));
  return child;
}

/** The same watch loop in this process, with another reconnect schedule. */
function startWatchInProcess(cwd: string, url: string, lines: Lines, signal: AbortSignal): Promise<void> {
  const stdout = new PassThrough();
  stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(chunk));
  const env = { NO_COLOR: '1' };
  const out = createOutput({ stdout, stderr: stdout, env });
  const context = { cwd, env, stdin: process.stdin, stdout, out, signal };
  const settings = watchOptions({ url, output: 'src/cms' }, context).generate;
  return watchSchema(settings, context, { maxBackoff: 250 });
}

export const watch: Benchmark = {
  id: 'watch',
  title: 'Budget 8: watch regeneration after a Strapi restart (real Strapi)',
  needsStrapi: true,
  async run(context): Promise<Outcome> {
    const strapi = await context.strapi();
    const rounds: Round[] = [];
    const cliLines = new Lines();
    const project = benchProject('watch');
    const child = startWatchCli(project, strapi.url, cliLines);
    try {
      await cliLines.next(/Generated |Schema unchanged/, 0, 60_000);
      for (let index = 0; index < 2; index++) {
        const result = await restartRound(strapi, cliLines, `cms-types watch (restart ${index + 1})`);
        context.log(`watch: regenerated ${result.latency.toFixed(0)} ms after the first response`);
        rounds.push(result);
      }
    } finally {
      child.kill('SIGINT');
    }
    const experimentProject = benchProject('watch-backoff');
    const lines = new Lines();
    const controller = new AbortController();
    const running = startWatchInProcess(experimentProject, strapi.url, lines, controller.signal);
    try {
      await lines.next(/Generated |Schema unchanged/, 0, 60_000);
      const result = await restartRound(strapi, lines, 'same watch loop, maxBackoff 250 ms (in process)');
      context.log(`watch (maxBackoff 250): ${result.latency.toFixed(0)} ms`);
      rounds.push(result);
    } finally {
      controller.abort();
      await running.catch(() => {});
    }
    const cli = rounds.filter((item) => item.label.startsWith('cms-types'));
    const worst = Math.max(...cli.map((item) => item.latency));
    const rows: Record<string, Cell>[] = rounds.map((item) => ({
      round: item.label,
      boot: round(item.boot),
      reconnect: round(item.reconnect),
      latency: round(item.latency),
    }));
    return {
      tables: [
        {
          title: 'Restart with a changed schema: from the first successful response of the new Strapi, ms',
          columns: [
            { key: 'round', label: 'Watcher', unit: 'text' },
            { key: 'boot', label: 'Strapi boot', unit: 'ms' },
            { key: 'reconnect', label: 'reconnected after', unit: 'ms' },
            { key: 'latency', label: 'regenerated after', unit: 'ms' },
          ],
          rows,
        },
      ],
      checks: [
        check('regenerated within 300 ms of the first successful response (worst round)', worst, 300, 'ms'),
      ],
      notes: [
        'The watch reconnects every 250 ms for a minute after a drop, then backs off to 5 s ' +
          '(src/cli/watch.ts), so the wait after Strapi is back is at most about 250 ms plus the ' +
          `generation. The last row runs the same loop with maxBackoff 250 ms. Output folders: ${join('.cache', 'bench', 'projects')}.`,
      ],
    };
  },
};
