/**
 * Budget 3, type-check cost: `tsc --noEmit --extendedDiagnostics` on a consumer file with 50
 * populate-heavy queries against the N=100 synthetic schema, once per client, each generated
 * in its CLI's default output: ours `--format js` (.js with .d.ts), strapi-typed-client's `js`
 * (its default: it compiles its sources to .js and .d.ts). The tsconfig is the one
 * `create-next-app` writes (strict, `skipLibCheck: true`, `moduleResolution: bundler`), so the
 * generated .d.ts files are skipped and only what the queries use is checked; a second run
 * sets `skipLibCheck: false`, so the generated declarations are checked too.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NEXT_COMPILER_OPTIONS } from '../../test/helpers/next-tsconfig.ts';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import type { Context } from '../lib/context.ts';
import { emptyDir } from '../lib/generators.ts';
import { interleave, median, pairedRatio, runProcess } from '../lib/measure.ts';
import { TSC, WORK_DIR } from '../lib/paths.ts';
import { consumerSource, QUERY_COUNT } from '../lib/queries.ts';
import { type Cell, type Check, check, ratio, round, type Table } from '../lib/report.ts';

/** Each run measures a cold check: no `.tsbuildinfo` from the run before. */
const { incremental: _incremental, ...withoutIncremental } = NEXT_COMPILER_OPTIONS;

export interface Diagnostics {
  checkSeconds: number;
  totalSeconds: number;
  memoryMb: number;
  instantiations: number;
  types: number;
  errors: number;
  wallMs: number;
}

/**
 * The tsconfig.json `create-next-app` writes (Next.js 15), with three changes that keep the
 * measurement about the clients: no `incremental` (a second run would read the build info
 * instead of checking), no `next` plugin and `paths` (nothing here uses them), and `types: []`
 * (no `@types` package of this repository's node_modules in the program).
 */
export function nextTsconfig(skipLibCheck: boolean): object {
  return {
    compilerOptions: { ...withoutIncremental, skipLibCheck, types: [] },
    include: ['**/*.ts', '**/*.tsx'],
    exclude: ['node_modules'],
  };
}

type Client = 'ours' | 'peer';

/** A project folder: the generated output under cms/, the consumer file, a tsconfig. */
export function project(name: string, output: string, source: string, skipLibCheck: boolean): string {
  const dir = emptyDir(join(WORK_DIR, 'typecheck', name));
  cpSync(output, join(dir, 'cms'), { recursive: true });
  rmSync(join(dir, 'cms', '.complete'), { force: true });
  writeFileSync(join(dir, 'consumer.ts'), source);
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(nextTsconfig(skipLibCheck), null, 2)}\n`);
  return dir;
}

function field(output: string, label: string): number {
  const match = new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(output);
  if (!match) throw new Error(`tsc --extendedDiagnostics printed no '${label}':\n${output.slice(0, 2000)}`);
  return Number(match[1]);
}

export async function typeCheck(dir: string): Promise<Diagnostics> {
  const run = await runProcess(
    process.execPath,
    [TSC, '-p', join(dir, 'tsconfig.json'), '--extendedDiagnostics'],
    {
      timeout: 300_000,
    },
  );
  const output = run.stdout;
  return {
    checkSeconds: field(output, 'Check time'),
    totalSeconds: field(output, 'Total time'),
    memoryMb: field(output, 'Memory used') / 1024,
    instantiations: field(output, 'Instantiations'),
    types: field(output, 'Types'),
    errors: (output.match(/error TS\d+/g) ?? []).length,
    wallMs: run.wall,
  };
}

function medianOf(runs: Diagnostics[]): Diagnostics {
  const pick = (key: keyof Diagnostics) => median(runs.map((run) => run[key]));
  return {
    checkSeconds: pick('checkSeconds'),
    totalSeconds: pick('totalSeconds'),
    memoryMb: pick('memoryMb'),
    instantiations: pick('instantiations'),
    types: pick('types'),
    errors: pick('errors'),
    wallMs: pick('wallMs'),
  };
}

const LABELS: Record<Client, string> = {
  ours: 'cms-typed-client (--format js)',
  peer: 'strapi-typed-client (js, its default)',
};

/**
 * Ours to the peer's as the median of the round-by-round ratios: a busy spell slows both sides
 * of a round.
 */
interface RoundRatios {
  total: number;
  memory: number;
}

/** The medians of each client's rounds, and the round-by-round ratios. */
interface Compared {
  median: Record<Client, Diagnostics>;
  ratios: RoundRatios;
}

function row(
  label: string,
  value: Diagnostics,
  base: Diagnostics | undefined,
  roundRatios: RoundRatios | null = null,
): Record<string, Cell> {
  return {
    subject: label,
    check: round(value.checkSeconds),
    total: round(value.totalSeconds),
    memory: round(value.memoryMb),
    instantiations: value.instantiations,
    types: value.types,
    errors: value.errors,
    totalRatio: base ? ratio(value.totalSeconds, base.totalSeconds) : null,
    memoryRatio: base ? ratio(value.memoryMb, base.memoryMb) : null,
    pairedTotal: roundRatios === null ? null : round(roundRatios.total),
    pairedMemory: roundRatios === null ? null : round(roundRatios.memory),
  };
}

const COLUMNS = [
  { key: 'subject', label: 'Client', unit: 'text' as const },
  { key: 'check', label: 'check time', unit: 's' as const },
  { key: 'total', label: 'total time', unit: 's' as const },
  { key: 'memory', label: 'memory', unit: 'mb' as const },
  { key: 'instantiations', label: 'instantiations', unit: 'int' as const },
  { key: 'types', label: 'types', unit: 'int' as const },
  { key: 'errors', label: 'errors', unit: 'int' as const },
  { key: 'totalRatio', label: 'total / peer', unit: 'x' as const },
  { key: 'memoryRatio', label: 'memory / peer', unit: 'x' as const },
  { key: 'pairedTotal', label: 'total / peer (median round ratio)', unit: 'x' as const },
  { key: 'pairedMemory', label: 'memory / peer (median round ratio)', unit: 'x' as const },
];

/** Both clients checked in `rounds` interleaved rounds; the median of each, and the rounds. */
async function compare(dirs: Record<Client, string>, rounds: number): Promise<Compared> {
  const runs: Record<Client, Diagnostics[]> = { ours: [], peer: [] };
  await interleave(
    {
      ours: async () => {
        runs.ours.push(await typeCheck(dirs.ours));
        return 0;
      },
      peer: async () => {
        runs.peer.push(await typeCheck(dirs.peer));
        return 0;
      },
    },
    rounds,
  );
  const paired = (key: 'totalSeconds' | 'memoryMb') =>
    pairedRatio(
      runs.ours.map((run) => run[key]),
      runs.peer.map((run) => run[key]),
    );
  return {
    median: { ours: medianOf(runs.ours), peer: medianOf(runs.peer) },
    ratios: { total: paired('totalSeconds'), memory: paired('memoryMb') },
  };
}

function table(
  title: string,
  medians: Record<Client, Diagnostics>,
  ratios: RoundRatios | null = null,
): Table {
  return {
    title,
    columns: COLUMNS,
    rows: [row(LABELS.ours, medians.ours, medians.peer, ratios), row(LABELS.peer, medians.peer, undefined)],
  };
}

/** The fixed cost: the same projects with only the import and the client, no query. */
async function withoutQueries(context: Context, n: number, outputs: Record<Client, string>) {
  const header = (client: Client) => consumerSource(client, n).split('\n').slice(0, 3).join('\n');
  const result = {
    ours: await typeCheck(project('ours-empty', outputs.ours, header('ours'), true)),
    peer: await typeCheck(project('peer-empty', outputs.peer, header('peer'), true)),
  };
  context.log(
    `typecheck without queries: ours ${result.ours.totalSeconds} s, peer ${result.peer.totalSeconds} s`,
  );
  return result;
}

export const typecheck: Benchmark = {
  id: 'typecheck',
  title: 'Budget 3: type-check cost of 50 populate-heavy queries',
  needsStrapi: false,
  async run(context): Promise<Outcome> {
    const n = context.quick ? 20 : 100;
    const outputs: Record<Client, string> = {
      ours: context.ourOutput(n, 'js'),
      peer: await context.peerOutput(n, 'js'),
    };
    // Five rounds: with three, one busy spell on the machine moved the ratio of the medians by 0.12x.
    const rounds = context.quick ? 1 : 5;
    const dirs = (skipLibCheck: boolean): Record<Client, string> => {
      const suffix = skipLibCheck ? 'skip' : 'full';
      return {
        ours: project(`ours-${suffix}`, outputs.ours, consumerSource('ours', n), skipLibCheck),
        peer: project(`peer-${suffix}`, outputs.peer, consumerSource('peer', n), skipLibCheck),
      };
    };
    const skippedRounds = await compare(dirs(true), rounds);
    const skipped = skippedRounds.median;
    context.log(
      `typecheck N=${n}, skipLibCheck true: ours ${skipped.ours.totalSeconds} s, peer ${skipped.peer.totalSeconds} s`,
    );
    const fullRounds = await compare(dirs(false), rounds);
    const full = fullRounds.median;
    context.log(
      `typecheck N=${n}, skipLibCheck false: ours ${full.ours.totalSeconds} s, peer ${full.peer.totalSeconds} s`,
    );
    if (skipped.ours.errors > 0 || full.ours.errors > 0)
      throw new Error(
        `our consumer project has type errors (see ${join(WORK_DIR, 'typecheck', 'ours-skip')} and ours-full)`,
      );
    const what = `tsc --noEmit on ${QUERY_COUNT} queries against N=${n}, Next.js tsconfig (strict, moduleResolution bundler)`;
    const tables: Table[] = [
      table(
        `${what}, skipLibCheck: true (median of ${rounds} interleaved runs)`,
        skipped,
        skippedRounds.ratios,
      ),
      table(`${what}, skipLibCheck: false (median of ${rounds} interleaved runs)`, full, fullRounds.ratios),
    ];
    if (!context.quick) {
      tables.push(
        table(
          'The same with skipLibCheck: true and no query, only the import (1 run each): the fixed cost',
          await withoutQueries(context, n, outputs),
        ),
      );
    }
    const checks: Check[] = [
      check(
        'skipLibCheck true: tsc total time <= 0.5x strapi-typed-client (median round ratio)',
        skippedRounds.ratios.total,
        0.5,
        'x',
      ),
      check(
        'skipLibCheck true: tsc memory <= 0.7x strapi-typed-client (median round ratio)',
        skippedRounds.ratios.memory,
        0.7,
        'x',
      ),
      check(
        'skipLibCheck false: tsc total time <= 0.8x strapi-typed-client (median round ratio)',
        fullRounds.ratios.total,
        0.8,
        'x',
      ),
    ];
    return {
      tables,
      checks,
      notes: [
        'Same query text for both clients (nested populate of relations, media with fields, components, dynamic ' +
          'zones per component, filters with $or and a relation, sort, fields, pagination); see bench/lib/queries.ts. ' +
          "Each client in its CLI's default output: ours types.d.ts/client.d.ts/index.d.ts (--format js), " +
          "strapi-typed-client's the .d.ts its generate command compiles by default; errors with skipLibCheck " +
          "false are in strapi-typed-client's own declarations.",
      ],
    };
  },
};
