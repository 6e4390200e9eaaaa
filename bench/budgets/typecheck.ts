/**
 * Budget 3, type-check cost: `tsc --noEmit --extendedDiagnostics` on a consumer file with 50
 * populate-heavy queries against the N=100 synthetic schema, once per client, each generated
 * in its CLI's default output: ours `--format js` (.js with .d.ts), strapi-typed-client's `js`
 * (its default: it compiles its sources to .js and .d.ts). The tsconfig is the one
 * `create-next-app` writes (strict, `skipLibCheck: true`, `moduleResolution: bundler`), so the
 * generated .d.ts files are skipped and only what the queries use is checked; a second run
 * sets `skipLibCheck: false`, so the generated declarations are checked too. With
 * `skipLibCheck: true`, floors are checked in the same rounds (see `Floor`), and the same queries
 * again each inside an exported async function, as app code holds them.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NEXT_COMPILER_OPTIONS } from '../../test/helpers/next-tsconfig.ts';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import type { Context } from '../lib/context.ts';
import { emptyDir } from '../lib/generators.ts';
import {
  interleave,
  type MedianInterval,
  median,
  pairedRatio,
  pairedRatioInterval,
  runProcess,
} from '../lib/measure.ts';
import { TSC, WORK_DIR } from '../lib/paths.ts';
import { type Consumer, consumerSource, QUERY_COUNT } from '../lib/queries.ts';
import { type Cell, type Check, check, ratio, round, type Table, withInterval } from '../lib/report.ts';

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

/**
 * A project folder: the generated output under cms/ (none when `output` is undefined), the
 * consumer file, a tsconfig. The tsconfig includes every `.ts` file, so the output's
 * declarations are in the program whether the consumer imports them or not.
 */
export function project(
  name: string,
  output: string | undefined,
  source: string,
  skipLibCheck: boolean,
): string {
  const dir = emptyDir(join(WORK_DIR, 'typecheck', name));
  if (output !== undefined) {
    cpSync(output, join(dir, 'cms'), { recursive: true });
    rmSync(join(dir, 'cms', '.complete'), { force: true });
  }
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
 * The floors of the `skipLibCheck: true` check (bench/lib/queries.ts writes their consumers):
 * - `bare`: the same queries against a client that declares nothing about the schema (every
 *   call takes any object and answers `any`): what no client's types can save;
 * - `declared`: the same, with our generated declarations in the program, parsed and bound but
 *   never used;
 * - `fixed`: the queries typed without being followed: parameters checked against our query
 *   types, results of one fixed type per content type (every relation, media, component and
 *   zone typed and optional), whatever `populate` asks;
 * - `lightest`: the lightest declarations any client that types its results could have, none of
 *   them ours: one interface per content type and component, every link an optional member
 *   typed by its target's interface, parameters untyped: what typing the results alone costs;
 * - `following`: not a floor but a reference, the minimal populate-aware client (lib/queries.ts):
 *   `populate`, `fields`, `filters` and `sort` typed and checked, results following `populate`,
 *   through the lightest declarations that allow it, no drafts or writes: whether a client that
 *   checks the queries and follows `populate` fits the budgets at all.
 */
type Floor = 'bare' | 'declared' | 'fixed' | 'lightest' | 'following';
type Subject = Client | Floor;

/**
 * A subject's figures to the peer's as the median of the round-by-round ratios: a busy spell
 * slows every subject of a round.
 */
interface RoundRatios {
  total: number;
  memory: number;
  /** Where the true medians of the two lie (five rounds: their smallest and largest ratio). */
  totalInterval: MedianInterval;
  memoryInterval: MedianInterval;
}

/** The medians of each subject's rounds, and each one's round-by-round ratios to the peer. */
interface Compared<S extends Subject> {
  median: Record<S, Diagnostics>;
  ratios: Record<Exclude<S, 'peer'>, RoundRatios>;
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

/** Every subject checked in `rounds` interleaved rounds; the median of each, and the rounds. */
async function compare<S extends Subject>(
  dirs: Record<S, string> & { ours: string; peer: string },
  rounds: number,
): Promise<Compared<S>> {
  const subjects = Object.keys(dirs) as S[];
  const runs = Object.fromEntries(subjects.map((subject) => [subject, [] as Diagnostics[]])) as Record<
    Subject,
    Diagnostics[]
  >;
  const timed = subjects.map((subject) => [
    subject,
    async () => {
      runs[subject].push(await typeCheck(dirs[subject]));
      return 0;
    },
  ]);
  await interleave(Object.fromEntries(timed) as Record<S, () => Promise<number>>, rounds);
  const series = (subject: Subject, key: 'totalSeconds' | 'memoryMb') =>
    [runs[subject].map((run) => run[key]), runs.peer.map((run) => run[key])] as const;
  const paired = (subject: Subject, key: 'totalSeconds' | 'memoryMb') => pairedRatio(...series(subject, key));
  const interval = (subject: Subject, key: 'totalSeconds' | 'memoryMb') =>
    pairedRatioInterval(...series(subject, key));
  const others = subjects.filter((subject): subject is Exclude<S, 'peer'> => subject !== 'peer');
  return {
    median: Object.fromEntries(subjects.map((subject) => [subject, medianOf(runs[subject])])) as Record<
      S,
      Diagnostics
    >,
    ratios: Object.fromEntries(
      others.map((subject) => [
        subject,
        {
          total: paired(subject, 'totalSeconds'),
          memory: paired(subject, 'memoryMb'),
          totalInterval: interval(subject, 'totalSeconds'),
          memoryInterval: interval(subject, 'memoryMb'),
        },
      ]),
    ) as Record<Exclude<S, 'peer'>, RoundRatios>,
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

/** A ratio as the notes print it. */
const x = (value: number) => `${value.toFixed(2)}x`;

/** The budgets with `skipLibCheck: true` (issue 16's floors): time and memory against the peer's. */
const TIME_BUDGET = 0.9;
const MEMORY_BUDGET = 0.9;

/** What the floors leave the budget, in words. */
function floorNote(ratios: Record<Floor, RoundRatios>): string {
  const time = TIME_BUDGET;
  const memory = MEMORY_BUDGET;
  return (
    `The floors (skipLibCheck: true, median round ratios): the same ${QUERY_COUNT} queries against a client that ` +
    `declares nothing take ${x(ratios.bare.total)} the peer's time and ${x(ratios.bare.memory)} its memory; with our ` +
    `declarations parsed and bound beside them, ${x(ratios.declared.total)} and ${x(ratios.declared.memory)}; ` +
    `typed with our query types but results that ignore populate, ${x(ratios.fixed.total)} and ` +
    `${x(ratios.fixed.memory)}; with the lightest declarations that type the results (one interface per ` +
    `content type and component, no parameter checked, none of our declarations), ` +
    `${x(ratios.lightest.total)} and ${x(ratios.lightest.memory)}. ` +
    `The budgets (${x(time)}, ${x(memory)}) leave ${x(time - ratios.bare.total)} of the peer's time and ` +
    `${x(memory - ratios.bare.memory)} of its memory for every type a client declares and checks; ` +
    (ratios.lightest.total > time
      ? `typing the results alone takes ${x(ratios.lightest.total - ratios.bare.total)}, so no client whose ` +
        'results are typed meets the time budget on this file.'
      : `typing the results alone takes ${x(ratios.lightest.total - ratios.bare.total)}, which leaves ` +
        `${x(time - ratios.lightest.total)} for checking the parameters and following populate.`) +
    ` A minimal populate-aware client (populate, fields, filters and sort typed and checked, results following ` +
    `populate; no drafts, no writes) takes ${x(ratios.following.total)} and ${x(ratios.following.memory)}: ` +
    (ratios.following.memory > memory
      ? 'over the memory budget before drafts and writes, so no client that does what the issues ask meets it.'
      : 'within the memory budget, so a client that checks the queries and follows populate can meet it with ' +
        'lighter declarations and query types than ours, before it types drafts and writes.')
  );
}

/** What the same queries cost inside functions, in words. */
function functionsNote(ratios: Record<'ours' | 'bare' | 'lightest', RoundRatios>): string {
  return (
    'Each query in its own exported async function (the second skipLibCheck: true table): at the top of the ' +
    'module TypeScript walks the control flow of every block before it back to `cms` and `out` at each use, ' +
    `inside a function only that function's. There the file itself takes ${x(ratios.bare.total)} the peer's time, ` +
    `the lightest typed results ${x(ratios.lightest.total)}, ours ${x(ratios.ours.total)} ` +
    `(memory ${x(ratios.ours.memory)}). The budget checks stay on the benchmark's file of top-level blocks, ` +
    'the one the budget was set on.'
  );
}

/** Each floor's row label (`n`: the schema's size). */
const FLOOR_LABELS: Record<Floor, (n: number) => string> = {
  bare: () => 'floor: nothing declared (every call takes an object, answers any)',
  declared: (n) => `floor: the same, our N=${n} declarations in the program but unused`,
  fixed: () => 'floor: typed with our query types, results of one fixed type (populate not followed)',
  lightest: () =>
    'floor: the lightest typed results (an interface per model, parameters untyped, none of our declarations)',
  following: () =>
    'reference: a minimal populate-aware client (populate, fields, filters, sort typed; populate followed; no drafts, no writes)',
};

/** A `skipLibCheck: true` table: ours, the peer, and the floors compared with them, with their ratios to the peer. */
function floorTable<F extends Floor>(title: string, compared: Compared<Client | F>, n: number): Table {
  const { median: medians, ratios } = compared;
  const base = table(title, medians, ratios.ours);
  const floors = (Object.keys(FLOOR_LABELS) as F[]).filter((floor) => floor in medians);
  return {
    ...base,
    rows: [
      ...base.rows,
      ...floors.map((floor) => row(FLOOR_LABELS[floor](n), medians[floor], medians.peer, ratios[floor])),
    ],
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
    const untyped = consumerSource('untyped', n);
    const skippedRounds = await compare(
      {
        ...dirs(true),
        bare: project('floor-bare', undefined, untyped, true),
        declared: project('floor-declared', outputs.ours, untyped, true),
        fixed: project('floor-fixed', outputs.ours, consumerSource('fixed', n), true),
        lightest: project('floor-lightest', undefined, consumerSource('lightest', n), true),
        following: project('floor-following', undefined, consumerSource('following', n), true),
      },
      rounds,
    );
    const skipped = skippedRounds.median;
    context.log(
      `typecheck N=${n}, skipLibCheck true: ours ${skipped.ours.totalSeconds} s, peer ${skipped.peer.totalSeconds} s, ` +
        `floors ${skipped.bare.totalSeconds}, ${skipped.declared.totalSeconds}, ${skipped.fixed.totalSeconds}, ` +
        `${skipped.lightest.totalSeconds} s, the minimal populate-aware client ${skipped.following.totalSeconds} s`,
    );
    const inFunctions = (client: Consumer) => consumerSource(client, n, { shape: 'functions' });
    const functionRounds = await compare(
      {
        ours: project('functions-ours', outputs.ours, inFunctions('ours'), true),
        peer: project('functions-peer', outputs.peer, inFunctions('peer'), true),
        bare: project('functions-bare', undefined, inFunctions('untyped'), true),
        lightest: project('functions-lightest', undefined, inFunctions('lightest'), true),
      },
      rounds,
    );
    const functions = functionRounds.median;
    context.log(
      `typecheck N=${n}, skipLibCheck true, queries in functions: ours ${functions.ours.totalSeconds} s, ` +
        `peer ${functions.peer.totalSeconds} s, floors ${functions.bare.totalSeconds} and ${functions.lightest.totalSeconds} s`,
    );
    const fullRounds = await compare<Client>(dirs(false), rounds);
    const full = fullRounds.median;
    context.log(
      `typecheck N=${n}, skipLibCheck false: ours ${full.ours.totalSeconds} s, peer ${full.peer.totalSeconds} s`,
    );
    // A floor or our consumer with type errors measures error reporting, not the check.
    for (const [folder, { errors }] of [
      ['ours-skip', skipped.ours],
      ['ours-full', full.ours],
      ['floor-bare', skipped.bare],
      ['floor-declared', skipped.declared],
      ['floor-fixed', skipped.fixed],
      ['floor-lightest', skipped.lightest],
      ['floor-following', skipped.following],
      ['functions-ours', functions.ours],
      ['functions-bare', functions.bare],
      ['functions-lightest', functions.lightest],
    ] as const) {
      if (errors > 0) throw new Error(`${join(WORK_DIR, 'typecheck', folder)} has ${errors} type errors`);
    }
    const what = `tsc --noEmit on ${QUERY_COUNT} queries against N=${n}, Next.js tsconfig (strict, moduleResolution bundler)`;
    const tables: Table[] = [
      floorTable(`${what}, skipLibCheck: true (median of ${rounds} interleaved runs)`, skippedRounds, n),
      floorTable(
        `The same, skipLibCheck: true, each query in an exported async function as app code holds it (median of ${rounds} interleaved runs)`,
        functionRounds,
        n,
      ),
      table(
        `${what}, skipLibCheck: false (median of ${rounds} interleaved runs)`,
        full,
        fullRounds.ratios.ours,
      ),
    ];
    if (!context.quick) {
      tables.push(
        table(
          'The same with skipLibCheck: true and no query, only the import (1 run each): the fixed cost',
          await withoutQueries(context, n, outputs),
        ),
      );
    }
    const ours = skippedRounds.ratios.ours;
    const checks: Check[] = [
      withInterval(
        check(
          `skipLibCheck true: tsc total time <= ${TIME_BUDGET}x strapi-typed-client (median round ratio)`,
          ours.total,
          TIME_BUDGET,
          'x',
        ),
        ours.totalInterval,
      ),
      withInterval(
        check(
          `skipLibCheck true: tsc memory <= ${MEMORY_BUDGET}x strapi-typed-client (median round ratio)`,
          ours.memory,
          MEMORY_BUDGET,
          'x',
        ),
        ours.memoryInterval,
      ),
      withInterval(
        check(
          'skipLibCheck false: tsc total time <= 0.8x strapi-typed-client (median round ratio)',
          fullRounds.ratios.ours.total,
          0.8,
          'x',
        ),
        fullRounds.ratios.ours.totalInterval,
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
        floorNote(skippedRounds.ratios),
        functionsNote(functionRounds.ratios),
      ],
    };
  },
};
