/**
 * The test suite, each test once: lint and format check, the import check (no cycle, the rooms
 * of src/runtime), build, generate the clients the type tests check, type check (src, tests,
 * type tests), set up what the selected tests use (the
 * real test Strapi, installed once and cached; Chromium; the database servers), then the test
 * files with Node's test runner, one run per layer (unit, bench, package, e2e, browser,
 * examples, versions), and one summary line per layer with its counts and duration.
 *
 * Extra arguments select a subset (scripts/test-plan.ts): a file, a folder, a glob or a word
 * of a file's path, e.g. `npm test -- test/unit` or `npm test -- fidelity`. A subset skips the
 * type check unless it selects test/types, and sets up only what its files import.
 * The fresh-clone check of the README's quick start is `npm run test:fresh-clone`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_PACKAGES, databaseMissing } from '../test/harness/db.ts';
import { ROOT } from '../test/harness/paths.ts';
import { prepareStrapi } from '../test/harness/prepare.ts';
import {
  byLayer,
  formatDuration,
  type Layer,
  planTests,
  type RunCounts,
  readCounts,
  SelectionError,
  type TestPlan,
} from './test-plan.ts';

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** Runs one step of the suite, stopping the suite if it fails; returns its duration in ms. */
function step(label: string, command: string, args: string[]): number {
  process.stderr.write(`\n== ${label}\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`\n${label} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
  return performance.now() - started;
}

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 22) {
  process.stderr.write(`cms-typed-client needs Node 22 or later to test; this is ${process.version}.\n`);
  process.exit(1);
}

let aptUpdated = false;

/** As root, installs Debian packages (`apt-get update` once per run); false when it cannot. */
function aptInstall(packages: string[]): boolean {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  if (!aptUpdated) {
    if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' }).status !== 0) return false;
    aptUpdated = true;
  }
  return (
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  );
}

/**
 * The browser suite needs Debian's Chromium. As root it is installed here (about a minute);
 * otherwise the browser tests skip with the command to run, except under CI, where they fail.
 */
function ensureChromium(): void {
  const chromium = '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  process.stderr.write('\n== Chromium for the browser suite (apt-get install -y chromium)\n');
  if (aptInstall(['chromium']) && existsSync(chromium)) return;
  const message = `${chromium} is missing and could not be installed: run \`apt-get install -y chromium\` as root`;
  if (process.env.CI) {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  process.stderr.write(`${message}; the browser tests will be skipped.\n`);
}

/**
 * The database suites need PostgreSQL and MariaDB servers (Debian's `postgresql` and
 * `mariadb-server`; the suites start throwaway servers themselves). As root they are installed
 * here; otherwise those suites skip with the command to run, except under CI, where they fail.
 */
function ensureDatabases(): void {
  const missing = (['postgres', 'mysql'] as const).filter((kind) => databaseMissing(kind) !== undefined);
  if (missing.length === 0) return;
  const packages = missing.map((kind) => DATABASE_PACKAGES[kind]);
  process.stderr.write(
    `\n== database servers for the database suites (apt-get install -y ${packages.join(' ')})\n`,
  );
  // The suites start servers of their own on free ports; a system-wide one the packages may start is not used.
  if (aptInstall(packages) && missing.every((kind) => databaseMissing(kind) === undefined)) return;
  const message = `${packages.join(' and ')} could not be installed: run \`apt-get install -y ${packages.join(' ')}\` as root`;
  if (process.env.CI) {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  process.stderr.write(`${message}; the database suites will be skipped.\n`);
}

let plan: TestPlan;
try {
  plan = planTests(ROOT, process.argv.slice(2));
} catch (error) {
  if (!(error instanceof SelectionError)) throw error;
  process.stderr.write(`npm test: ${error.message}\n`);
  process.exit(2);
}

step('lint and format (biome)', bin('biome'), ['check', '.']);
// `npm run check:cycles`: no import cycle in src/, and the rooms of src/runtime import downwards.
step('import cycles and rooms (dependency-cruiser)', bin('depcruise'), [
  '--config',
  '.dependency-cruiser.mjs',
  'src',
]);
step('build', process.execPath, ['scripts/build.ts']);
step('generated clients for the type tests', process.execPath, ['scripts/type-fixtures.ts']);

/** One line per layer for the closing summary. */
const summary: string[] = [];
const label = (layer: Layer) => layer.padEnd(9);

if (plan.typeCheck) {
  const took = step('type check (tsc: src, tests and the type tests in test/types)', bin('tsc'), [
    '-p',
    'tsconfig.json',
  ]);
  summary.push(`${label('types')}tsc passed (src, tests, test/types/*.test-d.ts)  ${formatDuration(took)}`);
} else {
  process.stderr.write('\n== type check skipped for this subset (`npm test -- test/types` runs it)\n');
}

if (plan.needs.strapi) {
  process.stderr.write('\n== test Strapi\n');
  prepareStrapi();
}
if (plan.needs.chromium) ensureChromium();
if (plan.needs.databases) ensureDatabases();

/** Runs one layer's files with the spec reporter, its output passed through and kept for the counts. */
function runLayer(files: string[]): Promise<{ code: number; counts: RunCounts | undefined; ms: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let tail = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  });
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code, signal) =>
      done({ code: code ?? (signal ? 1 : 0), counts: readCounts(tail), ms: performance.now() - started }),
    );
  });
}

let failed = false;
for (const [layer, files] of byLayer(plan.files)) {
  process.stderr.write(`\n== ${layer}: ${files.length} test file${files.length === 1 ? '' : 's'}\n`);
  const { code, counts, ms } = await runLayer(files);
  if (code !== 0) failed = true;
  const parts = counts
    ? [
        `${counts.pass}/${counts.tests} passed`,
        counts.fail > 0 ? `${counts.fail} failed` : '',
        counts.cancelled > 0 ? `${counts.cancelled} cancelled` : '',
        counts.skipped > 0 ? `${counts.skipped} skipped` : '',
        counts.todo > 0 ? `${counts.todo} todo` : '',
      ].filter(Boolean)
    : [`no counts (the test runner exited ${code})`];
  summary.push(
    `${label(layer)}${parts.join(', ')} in ${files.length} file${files.length === 1 ? '' : 's'}  ${formatDuration(ms)}`,
  );
}

process.stdout.write(`\n== summary${plan.whole ? '' : ' (a subset)'}\n${summary.join('\n')}\n`);
process.exit(failed ? 1 : 0);
