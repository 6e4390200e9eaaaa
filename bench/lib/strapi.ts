/**
 * The real test Strapi (kitchen-sink app, SQLite) for the plugin and watch benchmarks, through
 * the test harness: installed once by prepareStrapi(), laid out under
 * .cache/strapi-apps/bench, booted once per run on a fixed loopback port so a restart keeps
 * its URL.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createApp,
  freePort,
  type RunningStrapi,
  startStrapi,
  type TestApp,
} from '../../test/harness/app.ts';
import { prepareStrapi } from '../../test/harness/prepare.ts';
import { connectInspector, type Inspector, inspectorUrl } from './inspector.ts';

/** The inspector lets the plugin benchmark settle the heap (a full GC) before reading memory. */
const ENV = { NODE_OPTIONS: '--inspect=127.0.0.1:0' };

export interface BenchStrapi {
  app: TestApp;
  port: number;
  url: string;
  /** The running server (a new one after `restart`). */
  current(): RunningStrapi;
  /** The Strapi server process id (its RSS is what the plugin benchmark reads). */
  pid(): number;
  /** A DevTools connection to the running Strapi process. */
  inspector(): Promise<Inspector>;
  /** Stops, applies `change` to the app folder, boots again on the same port. */
  restart(
    change?: (appDir: string) => void,
    beforeBoot?: () => void,
  ): Promise<{ stopMs: number; bootMs: number }>;
  stop(): Promise<void>;
}

export async function bootBenchStrapi(log: (message: string) => void): Promise<BenchStrapi> {
  log('preparing the test Strapi (cached install; npm pack of this package)');
  prepareStrapi();
  const app = createApp('bench', { variant: 'kitchen' });
  const port = await freePort();
  const started = performance.now();
  let running = await startStrapi(app, { port, env: ENV });
  log(`Strapi booted in ${((performance.now() - started) / 1000).toFixed(1)} s on port ${port}`);
  return {
    app,
    port,
    url: running.url,
    current: () => running,
    pid() {
      if (running.process.pid === undefined) throw new Error('Strapi has no pid');
      return running.process.pid;
    },
    async inspector() {
      const url = inspectorUrl(running.output());
      if (!url) throw new Error('the Strapi process printed no inspector URL');
      return connectInspector(url);
    },
    async restart(change, beforeBoot) {
      const stopMs = await running.stop();
      change?.(app.dir);
      beforeBoot?.();
      const booted = performance.now();
      running = await startStrapi(app, { port, env: ENV });
      return { stopMs, bootMs: performance.now() - booted };
    },
    async stop() {
      await running.stop();
    },
  };
}

/** Adds a string attribute to the kitchen app's tag content type (a schema change). */
export function addTagAttribute(appDir: string, name: string): void {
  const path = join(appDir, 'src', 'api', 'tag', 'content-types', 'tag', 'schema.json');
  const schema = JSON.parse(readFileSync(path, 'utf8')) as { attributes: Record<string, unknown> };
  schema.attributes[name] = { type: 'string' };
  writeFileSync(path, JSON.stringify(schema, null, 2));
}

/** VmRSS of a process in KB, from /proc (Linux). */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}
