/**
 * The import check `npm test` runs before the tests (`npm run check:cycles`: dependency-cruiser
 * with .dependency-cruiser.mjs) on small trees written here: it fails on a cycle, a type-only
 * one and one through a lazy `import()` included, and on a room of src/runtime importing the
 * wrong way, and passes on the same trees without them. So the check cannot pass because its
 * rules stopped reading the code.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ROOT } from '../../harness/paths.ts';

const CONFIG = '.dependency-cruiser.mjs';
const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
  string,
  string
>;
const command = scripts['check:cycles']?.split(' ') ?? [];
const roots: string[] = [];

after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

interface Checked {
  status: number;
  output: string;
}

/** Runs the check in a tree of `files` (path below the tree -> text), with the repository's config. */
async function check(files: Record<string, string>): Promise<Checked> {
  const root = mkdtempSync(join(tmpdir(), 'cms-cycles-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  copyFileSync(join(ROOT, CONFIG), join(root, CONFIG));
  const [bin = '', ...args] = command;
  try {
    const { stdout, stderr } = await promisify(execFile)(join(ROOT, 'node_modules', '.bin', bin), args, {
      cwd: root,
    });
    return { status: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { status: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** The check failed with a violation of `rule`; with `edge` (`from → to`), that one alone. */
async function fails(checked: Promise<Checked>, rule: string, edge?: string): Promise<void> {
  const result = await checked;
  assert.notEqual(result.status, 0, result.output);
  assert.ok(result.output.includes(`error ${rule}:${edge ? ` ${edge}\n` : ''}`), result.output);
  if (edge) assert.match(result.output, /x 1 dependency violations/, result.output);
}

async function passes(checked: Promise<Checked>): Promise<void> {
  const result = await checked;
  assert.equal(result.status, 0, result.output);
  assert.match(result.output, /no dependency violations found/);
}

describe('npm run check:cycles', () => {
  it('is dependency-cruiser on src/ with the committed config', () => {
    assert.deepEqual(command, ['depcruise', '--config', CONFIG, 'src']);
    const suite = readFileSync(join(ROOT, 'scripts', 'test.ts'), 'utf8');
    assert.match(suite, /bin\('depcruise'\), \[\s*'--config',\s*'\.dependency-cruiser\.mjs',\s*'src',?\s*\]/);
  });

  it('fails on a cycle of type-only imports, and passes once one side is gone', async () => {
    const b = 'export type B = { name: string };\n';
    const a = "import type { B } from './b.ts';\n\nexport type A = { b: B };\n";
    await Promise.all([
      fails(
        check({
          'src/codegen/a.ts': a,
          'src/codegen/b.ts': `import type { A } from './a.ts';\n\nexport type B = { a?: A };\n`,
        }),
        'no-circular',
      ),
      passes(check({ 'src/codegen/a.ts': a, 'src/codegen/b.ts': b })),
    ]);
  });

  it('fails on a cycle through a lazy import(): the part that names the core it is loaded by', async () => {
    const core =
      "export class Core {\n  explain(): Promise<unknown> {\n    return import('../failures.ts');\n  }\n}\n";
    await Promise.all([
      fails(
        check({
          'src/runtime/core/client.ts': core,
          'src/runtime/failures.ts':
            "import type { Core } from './core/client.ts';\n\nexport const explain = (core: Core) => core;\n",
        }),
        'no-circular',
      ),
      passes(
        check({
          'src/runtime/core/client.ts': core,
          'src/runtime/types/request.ts': 'export type Explained = { text: string };\n',
          'src/runtime/failures.ts':
            "import type { Explained } from './types/request.ts';\n\nexport const explain = (text: string): Explained => ({ text });\n",
        }),
      ),
    ]);
  });

  it('keeps the rooms of src/runtime: the core loads a part lazily, the types import no code, a part imports its own folder', async () => {
    const part = 'export function write(): number {\n  return 1;\n}\n';
    await Promise.all([
      fails(
        check({
          'src/runtime/writes.ts': part,
          'src/runtime/core/client.ts':
            "import { write } from '../writes.ts';\n\nexport const sent = write();\n",
        }),
        'runtime-core-loads-parts-lazily',
      ),
      passes(
        check({
          'src/runtime/writes.ts': part,
          'src/runtime/core/client.ts':
            "export const sent = () => import('../writes.ts').then((module) => module.write());\n",
        }),
      ),
      fails(
        check({
          'src/runtime/core/errors.ts': 'export class CmsError extends Error {}\n',
          'src/runtime/types/request.ts':
            "import type { CmsError } from '../core/errors.ts';\n\nexport type OnError = (error: CmsError) => void;\n",
        }),
        'runtime-types-are-types',
      ),
      fails(
        check({
          'src/runtime/upload/methods.ts': part,
          'src/runtime/writes.ts': "export { write } from './upload/methods.ts';\n",
        }),
        'runtime-file-parts-import-shared-rooms',
      ),
      fails(
        check({
          'src/runtime/session/flow.ts': part,
          'src/runtime/auth/scope.ts': part,
          'src/runtime/auth/methods.ts':
            "export { write } from '../session/flow.ts';\nexport { write as scope } from './scope.ts';\n",
        }),
        'runtime-folder-parts-import-shared-rooms',
        'src/runtime/auth/methods.ts → src/runtime/session/flow.ts',
      ),
    ]);
  });
});
