/**
 * `npm run bench` must not rot: its quick mode runs two cheap benchmarks (query
 * serialization and bundle size; no Strapi, a few seconds) and writes the JSON the README
 * figures come from. Only the structure is asserted, never a timing.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { emptyDir } from '../../bench/lib/generators.ts';
import { ROOT, WORK_DIR } from '../../bench/lib/paths.ts';
import { formatTable } from '../../bench/lib/report.ts';
import { BENCHMARKS, parseOptions, type RunResults } from '../../bench/run.ts';

function bench(args: string[]) {
  return spawnSync(process.execPath, [join(ROOT, 'bench', 'run.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('npm run bench', () => {
  it('--quick qs bundle prints a table per budget and writes the same as JSON', () => {
    const out = join(emptyDir(join(WORK_DIR, 'smoke')), 'results.json');
    const run = bench(['--quick', '--no-build', '--out', out, 'qs', 'bundle']);
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /^Machine: .+, \d+ cores/m);
    assert.match(run.stdout, /## Budget 4: client bundle size/);
    assert.match(run.stdout, /## Budget 5: query serialization/);
    assert.match(run.stdout, /\| cms-typed-client toQueryString +\|/);
    const results = JSON.parse(readFileSync(out, 'utf8')) as RunResults;
    assert.equal(results.quick, true);
    assert.equal(typeof results.environment.node, 'string');
    assert.ok(results.environment.cores > 0);
    assert.deepEqual(
      results.budgets.map((budget) => budget.id),
      ['bundle', 'qs'],
    );
    for (const budget of results.budgets) {
      assert.equal(budget.error, undefined, budget.error);
      assert.ok(budget.tables.length > 0, `${budget.id} has a table`);
      for (const table of budget.tables) {
        assert.ok(table.rows.length > 0, `${budget.id}: rows`);
        for (const row of table.rows) {
          for (const column of table.columns) assert.ok(column.key in row, `${budget.id}: ${column.key}`);
        }
        assert.ok(run.stdout.includes(formatTable(table).split('\n')[0]!), `${budget.id}: printed`);
      }
      assert.ok(budget.checks.length > 0, `${budget.id} has budget checks`);
      for (const item of budget.checks) {
        assert.equal(typeof item.budget, 'string');
        assert.equal(typeof item.value, 'number');
        assert.equal(typeof item.limit, 'number');
        assert.equal(typeof item.pass, 'boolean');
      }
    }
    const qs = results.budgets.find((budget) => budget.id === 'qs');
    const parse = qs?.checks.find((item) => item.budget.startsWith('identical qs.parse'));
    assert.equal(parse?.pass, true, 'our query strings parse exactly as qs.stringify output does');
    const bundle = results.budgets.find((budget) => budget.id === 'bundle');
    const capabilities = bundle?.tables.find((table) => table.title.startsWith('Capabilities beyond'));
    assert.deepEqual(
      capabilities?.rows.map((row) => typeof row.gzip === 'number' && row.gzip > 0.5),
      [true, true, true],
      'each capability bundled alone weighs something',
    );
  });

  it('selects benchmarks by name or number, and rejects unknown ones', () => {
    assert.deepEqual(
      parseOptions(['--quick', '5', 'codegen']).selected.map((item) => item.id),
      ['codegen', 'qs'],
    );
    assert.equal(parseOptions([]).selected.length, BENCHMARKS.length);
    assert.equal(parseOptions([]).chart, false);
    assert.equal(
      parseOptions(['--chart']).chart,
      true,
      '--chart redraws docs/benchmarks.svg and measures nothing',
    );
    const unknown = bench(['nope']);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown benchmark or flag 'nope'/);
  });
});
