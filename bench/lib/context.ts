/**
 * What the benchmarks of one run share: the mode, the payloads, the generated outputs (each
 * generated once per run, strapi-typed-client's cached on disk by schema hash because it takes
 * a minute at N=100), the loopback schema server and the one real Strapi.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputFormat } from '../../src/codegen/output-files.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { generateOurs, generatePeer } from './generators.ts';
import { WORK_DIR } from './paths.ts';
import { type SchemaServer, startSchemaServer } from './schema-server.ts';
import { type BenchStrapi, bootBenchStrapi } from './strapi.ts';
import { syntheticPayload } from './synthetic.ts';

export interface Context {
  quick: boolean;
  /** False with --no-strapi: the benchmarks that need the real Strapi are skipped. */
  strapiAllowed: boolean;
  log(message: string): void;
  payload(n: number): SchemaResponse;
  /** Our generated output for the synthetic schema of size `n`. */
  ourOutput(n: number, format: OutputFormat): string;
  /** strapi-typed-client's generated output for the synthetic schema of size `n`. */
  peerOutput(n: number, format: OutputFormat): Promise<string>;
  /** Records that `dir` now holds strapi-typed-client's output (the codegen benchmark writes it). */
  peerOutputDir(n: number, format: OutputFormat): string;
  markPeerOutput(n: number, format: OutputFormat): void;
  schemaServer(): Promise<SchemaServer>;
  strapi(): Promise<BenchStrapi>;
  close(): Promise<void>;
}

export function createContext(options: { quick: boolean; strapiAllowed: boolean }): Context {
  const payloads = new Map<number, SchemaResponse>();
  const ours = new Map<string, string>();
  let server: Promise<SchemaServer> | undefined;
  let strapi: Promise<BenchStrapi> | undefined;
  const context: Context = {
    quick: options.quick,
    strapiAllowed: options.strapiAllowed,
    log: (message) => process.stderr.write(`  [bench] ${message}\n`),
    payload(n) {
      let payload = payloads.get(n);
      if (!payload) {
        payload = syntheticPayload(n);
        payloads.set(n, payload);
      }
      return payload;
    },
    ourOutput(n, format) {
      const key = `${format}-${n}`;
      let dir = ours.get(key);
      if (!dir) {
        dir = join(WORK_DIR, 'ours', key);
        rmSync(dir, { recursive: true, force: true });
        generateOurs(context.payload(n), dir, format);
        ours.set(key, dir);
      }
      return dir;
    },
    peerOutputDir(n, format) {
      return join(WORK_DIR, 'peer', `${format}-${n}-${context.payload(n).hash.slice(0, 12)}`);
    },
    markPeerOutput(n, format) {
      writeFileSync(join(context.peerOutputDir(n, format), '.complete'), '');
    },
    async peerOutput(n, format) {
      const dir = context.peerOutputDir(n, format);
      if (existsSync(join(dir, '.complete'))) return dir;
      context.log(`generating strapi-typed-client's ${format} output for N=${n} (cached for later runs)`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      await generatePeer(context.payload(n), dir, format);
      context.markPeerOutput(n, format);
      return dir;
    },
    schemaServer() {
      server ??= startSchemaServer();
      return server;
    },
    strapi() {
      if (!options.strapiAllowed)
        return Promise.reject(new Error('the real Strapi is disabled (--no-strapi)'));
      strapi ??= bootBenchStrapi(context.log);
      return strapi;
    },
    async close() {
      await Promise.allSettled([
        server?.then((running) => running.close()),
        strapi?.then((running) => running.stop()),
      ]);
    },
  };
  return context;
}
