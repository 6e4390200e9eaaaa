/**
 * The whole test suite: lint and format check, build, generate the clients the type tests
 * check, type check (src, tests, type tests),
 * prepare the real test Strapi (installed once, cached), then every test file with Node's
 * test runner. Extra arguments are test file patterns, e.g. `npm test -- test/unit`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATABASE_PACKAGES, databaseMissing } from '../test/harness/db.ts';
import { ROOT } from '../test/harness/paths.ts';
import { prepareStrapi } from '../test/harness/prepare.ts';

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

function step(label: string, command: string, args: string[]): void {
  process.stderr.write(`\n== ${label}\n`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`\n${label} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
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

// A folder stands for the test files under it (`node --test` takes only files and globs).
const patterns = process.argv
  .slice(2)
  .map((pattern) =>
    existsSync(resolve(ROOT, pattern)) && statSync(resolve(ROOT, pattern)).isDirectory()
      ? `${pattern.replace(/\/+$/, '')}/**/*.test.ts`
      : pattern,
  );
step('lint and format (biome)', bin('biome'), ['check', '.']);
step('build', process.execPath, ['scripts/build.ts']);
step('generated clients for the type tests', process.execPath, ['scripts/type-fixtures.ts']);
step('type check (tsc)', bin('tsc'), ['-p', 'tsconfig.json']);
process.stderr.write('\n== test Strapi\n');
prepareStrapi();
ensureChromium();
ensureDatabases();
step('tests (node --test)', process.execPath, [
  '--test',
  '--test-concurrency=1',
  '--test-reporter=spec',
  ...(patterns.length > 0 ? patterns : ['test/**/*.test.ts']),
]);
