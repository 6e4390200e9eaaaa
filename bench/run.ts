/**
 * `npm run bench`: measures the budgets (issue 1's nine, issue 44's validators) against the
 * peers, prints one table per budget (our figure, each peer's, the ratio) and the budget checks,
 * and writes the same as JSON. Nothing here fails on a missed budget: it measures and reports.
 *
 *   npm run bench                       everything (about 5 minutes), JSON to bench/results/latest.json
 *   npm run bench -- --quick            a fast pass with fewer sizes and runs, no real Strapi
 *   npm run bench -- codegen qs         only these benchmarks
 *   npm run bench -- --no-strapi        skip what needs the real test Strapi
 *   npm run bench -- --out file.json    write the JSON elsewhere (--quick writes .cache/bench/quick.json)
 *   npm run bench -- --no-build         measure dist/ as it is (by default it is rebuilt when stale)
 *   npm run bench -- --chart            measure nothing: rewrite docs/benchmarks.svg from latest.json
 *
 * A run that writes bench/results/latest.json also rewrites its chart, docs/benchmarks.svg.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { prepareStrapi } from '../test/harness/prepare.ts';
import { bundle } from './budgets/bundle.ts';
import { cliUnchanged } from './budgets/cli-unchanged.ts';
import { codegen } from './budgets/codegen.ts';
import { editor } from './budgets/editor.ts';
import { plugin } from './budgets/plugin.ts';
import { query } from './budgets/query.ts';
import { request } from './budgets/request.ts';
import { typecheck } from './budgets/typecheck.ts';
import { validators } from './budgets/validators.ts';
import { watch } from './budgets/watch.ts';
import type { Benchmark } from './lib/benchmark.ts';
import { type ChartInput, renderChart } from './lib/chart.ts';
import { createContext } from './lib/context.ts';
import { environment, formatEnvironment } from './lib/environment.ts';
import { CHART_FILE, RESULTS_FILE, ROOT, WORK_DIR } from './lib/paths.ts';
import { type BudgetResult, formatBudget, formatChecks } from './lib/report.ts';
import { ensureSnapshot } from './lib/snapshot.ts';

/** In the issue's order. */
export const BENCHMARKS: Benchmark[] = [
  codegen,
  cliUnchanged,
  typecheck,
  bundle,
  query,
  request,
  plugin,
  watch,
  editor,
  validators,
];

export interface Options {
  quick: boolean;
  strapi: boolean;
  build: boolean;
  out: string;
  /** Render the chart from RESULTS_FILE and measure nothing. */
  chart: boolean;
  selected: Benchmark[];
}

const USAGE = `Usage: npm run bench -- [--quick] [--no-strapi] [--no-build] [--out <file>] [benchmark...]
       npm run bench -- --chart   (rewrite docs/benchmarks.svg from bench/results/latest.json)
Benchmarks: ${BENCHMARKS.map((item, index) => `${item.id} (${index + 1})`).join(', ')}`;

export function parseOptions(argv: string[]): Options {
  const options: Options = { quick: false, strapi: true, build: true, out: '', chart: false, selected: [] };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--quick') options.quick = true;
    else if (arg === '--no-strapi') options.strapi = false;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--chart') options.chart = true;
    else if (arg === '--out') options.out = argv[++index] ?? '';
    else if (arg === '--help' || arg === '-h') throw new UsageError(USAGE);
    else {
      const found = BENCHMARKS.find((item, position) => item.id === arg || String(position + 1) === arg);
      if (!found) throw new UsageError(`unknown benchmark or flag '${arg}'\n${USAGE}`);
      if (!options.selected.includes(found)) options.selected.push(found);
    }
  }
  if (options.selected.length === 0) options.selected = [...BENCHMARKS];
  options.selected.sort((a, b) => BENCHMARKS.indexOf(a) - BENCHMARKS.indexOf(b));
  if (options.out === '') options.out = options.quick ? join(WORK_DIR, 'quick.json') : RESULTS_FILE;
  return options;
}

class UsageError extends Error {}

/** Writes the chart of a results file (docs/benchmarks.svg for the committed latest.json). */
export function writeChart(results: string = RESULTS_FILE, chart: string = CHART_FILE): void {
  const input = JSON.parse(readFileSync(results, 'utf8')) as ChartInput;
  mkdirSync(dirname(chart), { recursive: true });
  writeFileSync(chart, renderChart(input));
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Rebuilds dist/ when it is missing or older than src/, so the CLI measured is the current one. */
function ensureBuilt(allowed: boolean): void {
  const built = [join(ROOT, 'dist/cli/main.js'), join(ROOT, 'dist/runtime/js/index.js')];
  const missing = !built.every((file) => existsSync(file));
  const stale =
    missing || newestMtime(join(ROOT, 'src')) > Math.min(...built.map((file) => statSync(file).mtimeMs));
  if (!stale) return;
  if (!allowed) {
    if (missing) throw new Error('dist/ is missing: run npm run build (or drop --no-build)');
    process.stderr.write('  [bench] dist/ is older than src/; measuring it as it is (--no-build)\n');
    return;
  }
  process.stderr.write('  [bench] dist/ is older than src/: npm run build\n');
  const result = spawnSync(process.execPath, ['scripts/build.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export interface RunResults {
  generatedAt: string;
  command: string;
  quick: boolean;
  environment: ReturnType<typeof environment>;
  budgets: (BudgetResult & { error?: string; skipped?: string })[];
}

export async function runBenchmarks(options: Options, argv: string[]): Promise<RunResults> {
  // The test Strapi's install (cached after the first run) holds Strapi's own generator, a peer of
  // the codegen benchmark, and the Strapi version the header prints: install it before either,
  // when a selected benchmark uses it.
  const usesStrapi = options.selected.some((benchmark) => benchmark.needsStrapi || benchmark === codegen);
  if (options.strapi && !options.quick && usesStrapi) prepareStrapi();
  const results: RunResults = {
    generatedAt: new Date().toISOString(),
    command: `npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`,
    quick: options.quick,
    environment: environment(),
    budgets: [],
  };
  process.stdout.write(`# cms-typed-client benchmarks${options.quick ? ' (quick)' : ''}\n\n`);
  process.stdout.write(`${formatEnvironment(results.environment)}\n\n`);
  const context = createContext({ quick: options.quick, strapiAllowed: options.strapi && !options.quick });
  try {
    for (const benchmark of options.selected) {
      const base = {
        id: benchmark.id,
        title: benchmark.title,
        tables: [],
        checks: [],
        notes: [],
        seconds: 0,
      };
      if (benchmark.needsStrapi && !context.strapiAllowed) {
        const skipped = options.quick ? 'skipped in --quick mode' : 'skipped (--no-strapi)';
        results.budgets.push({ ...base, skipped });
        process.stdout.write(`## ${benchmark.title}: ${skipped}\n\n`);
        continue;
      }
      process.stderr.write(`  [bench] ${benchmark.title}...\n`);
      const started = performance.now();
      try {
        const outcome = await benchmark.run(context);
        const result: BudgetResult = { ...base, ...outcome, seconds: (performance.now() - started) / 1000 };
        results.budgets.push(result);
        process.stdout.write(`${formatBudget(result)}\n`);
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        results.budgets.push({ ...base, seconds: (performance.now() - started) / 1000, error: message });
        process.stdout.write(`## ${benchmark.title}: FAILED\n\n${message}\n\n`);
      }
    }
  } finally {
    await context.close();
  }
  const checks = results.budgets.flatMap((budget) => budget.checks);
  if (checks.length > 0) process.stdout.write(`## Summary\n\n${formatChecks(checks)}\n\n`);
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`Results written to ${relative(process.cwd(), options.out)}\n`);
  if (options.out === RESULTS_FILE) {
    writeChart();
    process.stdout.write(`Chart written to ${relative(process.cwd(), CHART_FILE)}\n`);
  }
  return results;
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  let options: Options;
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(argv.includes('--help') || argv.includes('-h') ? 0 : 2);
  }
  if (options.chart) {
    writeChart();
    process.stdout.write(
      `Chart written to ${relative(process.cwd(), CHART_FILE)} from ${relative(process.cwd(), RESULTS_FILE)}\n`,
    );
    process.exit(0);
  }
  ensureBuilt(options.build);
  ensureSnapshot();
  const results = await runBenchmarks(options, argv);
  // A benchmark that crashed is a bug in the benchmark (or in what it measures); a missed budget is not.
  process.exitCode = results.budgets.some((budget) => budget.error) ? 1 : 0;
}
