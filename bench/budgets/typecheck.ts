/**
 * Budget 3, type-check cost: `tsc --noEmit --extendedDiagnostics` on a consumer file with 50
 * populate-heavy queries against the N=100 synthetic schema, once per client. Both generators
 * run with `--format ts`, so their generated files are TypeScript sources in the program: ours
 * are checked in full; strapi-typed-client's carry `// @ts-nocheck` as it ships them (its
 * users' cost), and a second row strips that line so it does the same work as ours.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import type { Context } from '../lib/context.ts';
import { emptyDir } from '../lib/generators.ts';
import { interleave, median, runProcess } from '../lib/measure.ts';
import { TSC, WORK_DIR } from '../lib/paths.ts';
import { consumerSource, QUERY_COUNT, type QueryParts } from '../lib/queries.ts';
import { type Cell, check, ratio, round } from '../lib/report.ts';

export interface Diagnostics {
  checkSeconds: number;
  totalSeconds: number;
  memoryMb: number;
  instantiations: number;
  types: number;
  errors: number;
  wallMs: number;
}

const TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2022', 'dom'],
    types: [],
    strict: true,
    noEmit: true,
    // Only the default lib's .d.ts files are skipped: the generated files are .ts, always checked.
    skipLibCheck: true,
  },
  files: ['consumer.ts'],
};

type Subject = 'ours' | 'peer' | 'peerChecked';

/** A project folder: the generated output under cms/, the consumer file, a tsconfig. */
function project(name: string, output: string, source: string, stripNoCheck: boolean): string {
  const dir = emptyDir(join(WORK_DIR, 'typecheck', name));
  cpSync(output, join(dir, 'cms'), { recursive: true });
  rmSync(join(dir, 'cms', '.complete'), { force: true });
  if (stripNoCheck) {
    for (const file of readdirSync(join(dir, 'cms')).filter((entry) => entry.endsWith('.ts'))) {
      const path = join(dir, 'cms', file);
      writeFileSync(path, readFileSync(path, 'utf8').replace(/^\/\/ @ts-nocheck\n/m, ''));
    }
  }
  writeFileSync(join(dir, 'consumer.ts'), source);
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
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

const LABELS: Record<Subject, string> = {
  ours: 'cms-typed-client',
  peer: 'strapi-typed-client (as shipped, @ts-nocheck)',
  peerChecked: 'strapi-typed-client (@ts-nocheck removed)',
};

function row(label: string, value: Diagnostics, base: Diagnostics | undefined): Record<string, Cell> {
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
  { key: 'totalRatio', label: 'total / ours', unit: 'x' as const },
  { key: 'memoryRatio', label: 'memory / ours', unit: 'x' as const },
];

/** Where the time goes: the same check without the queries, and without their filters. */
async function breakdown(context: Context, n: number, ours: string, peer: string) {
  const variants: [string, QueryParts | null][] = [
    ['generated files only (no queries)', null],
    ['queries without filters', { populate: true, filters: false, rest: true }],
  ];
  const rows: Record<string, Cell>[] = [];
  for (const [label, parts] of variants) {
    const source = (client: 'ours' | 'peer') =>
      parts ? consumerSource(client, n, parts) : consumerSource(client, n).split('\n').slice(0, 3).join('\n');
    const mine = await typeCheck(project('ours-part', ours, source('ours'), false));
    const theirs = await typeCheck(project('peer-part', peer, source('peer'), false));
    context.log(`typecheck ${label}: ours ${mine.totalSeconds} s, peer ${theirs.totalSeconds} s`);
    rows.push(
      row(`${LABELS.ours}: ${label}`, mine, undefined),
      row(`${LABELS.peer}: ${label}`, theirs, mine),
    );
  }
  return rows;
}

export const typecheck: Benchmark = {
  id: 'typecheck',
  title: 'Budget 3: type-check cost of 50 populate-heavy queries',
  needsStrapi: false,
  async run(context): Promise<Outcome> {
    const n = context.quick ? 20 : 100;
    const ours = context.ourOutput(n, 'ts');
    const peer = await context.peerOutput(n, 'ts');
    const dirs: Record<Subject, string> = {
      ours: project('ours', ours, consumerSource('ours', n), false),
      peer: project('peer', peer, consumerSource('peer', n), false),
      peerChecked: project('peer-checked', peer, consumerSource('peer', n), true),
    };
    const rounds = context.quick ? 1 : 3;
    const runs: Record<'ours' | 'peer', Diagnostics[]> = { ours: [], peer: [] };
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
    const mine = medianOf(runs.ours);
    const theirs = medianOf(runs.peer);
    const checked = await typeCheck(dirs.peerChecked);
    context.log(`typecheck N=${n}: ours ${mine.totalSeconds} s, peer ${theirs.totalSeconds} s`);
    if (mine.errors > 0)
      throw new Error(`our consumer file has ${mine.errors} type errors (see ${dirs.ours})`);
    const tables = [
      {
        title: `tsc --noEmit on ${QUERY_COUNT} queries against N=${n} (median of ${rounds} interleaved runs; the @ts-nocheck-removed row is 1 run)`,
        columns: COLUMNS,
        rows: [
          row(LABELS.ours, mine, undefined),
          row(LABELS.peer, theirs, mine),
          row(LABELS.peerChecked, checked, mine),
        ],
      },
    ];
    if (!context.quick) {
      tables.push({
        title: 'Where the time goes (1 run each)',
        columns: COLUMNS,
        rows: await breakdown(context, n, ours, peer),
      });
    }
    return {
      tables,
      checks: [
        check(
          'tsc total time <= 0.5x strapi-typed-client (as shipped)',
          mine.totalSeconds / theirs.totalSeconds,
          0.5,
          'x',
        ),
        check(
          'tsc memory <= 0.5x strapi-typed-client (as shipped)',
          mine.memoryMb / theirs.memoryMb,
          0.5,
          'x',
        ),
      ],
      notes: [
        'Same query text for both clients (nested populate of relations, media with fields, components, dynamic ' +
          'zones per component, filters with $or and a relation, sort, fields, pagination); see bench/lib/queries.ts. ' +
          "strapi-typed-client's errors with @ts-nocheck removed are in its own generated files.",
      ],
    };
  },
};
