/**
 * scripts/test-plan.ts on this repository's real test files: what a selection picks, which
 * layer each file runs in, and what each file's imports make the suite set up before it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  allTestFiles,
  byLayer,
  formatDuration,
  layerOf,
  needsOf,
  planTests,
  readCounts,
  SelectionError,
} from '../../../scripts/test-plan.ts';
import { ROOT } from '../../harness/paths.ts';

describe('npm test selections', () => {
  it('selects everything, with the type check, when given nothing', () => {
    const plan = planTests(ROOT, []);
    assert.equal(plan.whole, true);
    assert.equal(plan.typeCheck, true);
    assert.deepEqual(plan.files, allTestFiles(ROOT));
    assert.ok(plan.files.includes('test/e2e/cli.test.ts'));
    assert.deepEqual(plan.needs, { strapi: true, chromium: true, databases: true });
  });

  it('takes a folder, a file, a glob or a word of a path', () => {
    const unit = planTests(ROOT, ['test/unit/cli']);
    assert.ok(unit.files.length > 3);
    assert.ok(unit.files.every((file) => file.startsWith('test/unit/cli/')));
    assert.equal(unit.typeCheck, false);
    assert.deepEqual(planTests(ROOT, ['test/e2e/cli.test.ts']).files, ['test/e2e/cli.test.ts']);
    assert.deepEqual(planTests(ROOT, ['test/e2e/c*.test.ts']).files, [
      'test/e2e/cli.test.ts',
      'test/e2e/client.test.ts',
    ]);
    assert.deepEqual(planTests(ROOT, ['fidelity.test']).files, ['test/e2e/fidelity.test.ts']);
    const both = planTests(ROOT, ['test/e2e/cli.test.ts', 'cli.test']);
    assert.equal(new Set(both.files).size, both.files.length, 'a file selected twice runs once');
  });

  it('type-checks only when the type tests are selected', () => {
    const types = planTests(ROOT, ['test/types']);
    assert.equal(types.typeCheck, true);
    assert.deepEqual(types.files, []);
    assert.equal(planTests(ROOT, ['test/types/drafts.test-d.ts']).typeCheck, true);
  });

  it('says what is wrong with a selection that matches nothing', () => {
    assert.throws(() => planTests(ROOT, ['no-such-test-anywhere']), SelectionError);
    assert.throws(() => planTests(ROOT, ['test/harness/app.ts']), /not a test file/);
    assert.throws(() => planTests(ROOT, ['test/e2e/zz*.test.ts']), /no test file matches/);
  });
});

describe('what a selection sets up', () => {
  it('follows imports: a unit test needs nothing, an e2e test the Strapi, a browser test Chromium', () => {
    assert.deepEqual(needsOf(ROOT, ['test/unit/helpers/type-walker.test.ts']), {
      strapi: false,
      chromium: false,
      databases: false,
    });
    assert.deepEqual(needsOf(ROOT, ['test/e2e/cli.test.ts']), {
      strapi: true,
      chromium: false,
      databases: false,
    });
    assert.equal(needsOf(ROOT, ['test/examples/react.test.ts']).chromium, true);
    assert.equal(needsOf(ROOT, ['test/e2e/fidelity.test.ts']).databases, true);
    assert.equal(planTests(ROOT, ['test/unit/cli']).needs.strapi, false);
  });

  it('ignores type-only imports and follows dynamic ones', () => {
    const root = mkdtempSync(join(tmpdir(), 'cms-test-plan-'));
    try {
      mkdirSync(join(root, 'test', 'harness'), { recursive: true });
      mkdirSync(join(root, 'test', 'unit'), { recursive: true });
      writeFileSync(join(root, 'test', 'harness', 'db.ts'), 'export type Kind = 1;\n');
      writeFileSync(join(root, 'test', 'harness', 'app.ts'), 'export const app = 1;\n');
      writeFileSync(
        join(root, 'test', 'unit', 'typed.test.ts'),
        "import type { Kind } from '../harness/db.ts';\n",
      );
      writeFileSync(join(root, 'test', 'unit', 'lazy.test.ts'), "await import('../harness/app.ts');\n");
      assert.deepEqual(needsOf(root, ['test/unit/typed.test.ts']), {
        strapi: false,
        chromium: false,
        databases: false,
      });
      assert.equal(needsOf(root, ['test/unit/lazy.test.ts']).strapi, true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('layers and the summary', () => {
  it('groups files by the folder under test/, in the order the suite runs them', () => {
    assert.equal(layerOf('test/unit/cli/args.test.ts'), 'unit');
    assert.equal(layerOf('test/versions/versions.test.ts'), 'versions');
    assert.deepEqual(
      byLayer(['test/versions/v.test.ts', 'test/e2e/a.test.ts', 'test/unit/b.test.ts']).map(
        ([layer]) => layer,
      ),
      ['unit', 'e2e', 'versions'],
    );
  });

  it("reads the spec reporter's closing counts", () => {
    const output = 'ℹ tests 12\nℹ suites 3\nℹ pass 10\nℹ fail 1\nℹ cancelled 0\nℹ skipped 1\nℹ todo 0\n';
    assert.deepEqual(readCounts(output), { tests: 12, pass: 10, fail: 1, skipped: 1, todo: 0, cancelled: 0 });
    assert.equal(readCounts('no summary here'), undefined);
    assert.equal(formatDuration(8_400), '8.4 s');
    assert.equal(formatDuration(125_000), '2 min 05 s');
  });
});
