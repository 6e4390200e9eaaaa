/**
 * The whole test suite: lint and format check, build, generate the clients the type tests
 * check, type check (src, tests, type tests),
 * prepare the real test Strapi (installed once, cached), then every test file with Node's
 * test runner. Extra arguments are test file patterns, e.g. `npm test -- test/unit`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
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

const patterns = process.argv.slice(2);
step('lint and format (biome)', bin('biome'), ['check', '.']);
step('build', process.execPath, ['scripts/build.ts']);
step('generated clients for the type tests', process.execPath, ['scripts/type-fixtures.ts']);
step('type check (tsc)', bin('tsc'), ['-p', 'tsconfig.json']);
process.stderr.write('\n== test Strapi\n');
prepareStrapi();
step('tests (node --test)', process.execPath, [
  '--test',
  '--test-concurrency=1',
  '--test-reporter=spec',
  ...(patterns.length > 0 ? patterns : ['test/**/*.test.ts']),
]);
