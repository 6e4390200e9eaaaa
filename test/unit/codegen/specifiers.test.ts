/**
 * The import specifiers of `--format ts`: the rule (src/codegen/specifiers.ts), the specifiers
 * the emitters write, how the CLI reads the project's tsconfig (src/cli/tsconfig.ts), and the
 * `--import-extension` flag. test/package/format-ts-builds.test.ts builds the result with each tool.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { UsageError } from '../../../src/cli/args.ts';
import type { CliContext } from '../../../src/cli/context.ts';
import { importChoice } from '../../../src/cli/generate.ts';
import { generateOptions } from '../../../src/cli/options.ts';
import { createOutput } from '../../../src/cli/output.ts';
import { projectCompilerOptions, stripJsonComments } from '../../../src/cli/tsconfig.ts';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import {
  chooseImportExtension,
  moduleSpecifier,
  type SpecifierCompilerOptions,
  siblingSpecifier,
  withExtensionAt,
} from '../../../src/codegen/specifiers.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { assertCompilesInMemory } from '../../helpers/compile.ts';

const KITCHEN = JSON.parse(
  readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8'),
) as SchemaResponse;

const work = mkdtempSync(join(tmpdir(), 'cms-specifiers-'));
after(() => rmSync(work, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(join(dir, 'src', 'cms'), { recursive: true });
  return dir;
}

describe('the import extension rule', () => {
  const cases: [SpecifierCompilerOptions | undefined, string][] = [
    [undefined, 'ts'],
    [{ moduleResolution: 'bundler', allowImportingTsExtensions: true }, 'ts'],
    [{ module: 'nodenext', rewriteRelativeImportExtensions: true }, 'ts'],
    [{ module: 'NodeNext', moduleResolution: 'NodeNext' }, 'js'],
    [{ module: 'node16' }, 'js'],
    [{ module: 'node20' }, 'js'],
    [{ module: 'nodenext' }, 'js'],
    [{ module: 'esnext', moduleResolution: 'bundler' }, 'none'],
    [{ module: 'preserve' }, 'none'],
    [{ module: 'esnext' }, 'none'],
    [{ target: 'es2022' }, 'none'],
    [{}, 'none'],
    [{ moduleResolution: 'node' }, 'none'],
  ];
  for (const [options, extension] of cases)
    it(`${JSON.stringify(options)} -> ${extension}`, () => {
      assert.equal(chooseImportExtension(options).extension, extension);
    });

  it('names the sibling modules', () => {
    assert.equal(siblingSpecifier('types', 'ts'), './types.ts');
    assert.equal(siblingSpecifier('types', 'js'), './types.js');
    assert.equal(siblingSpecifier('types', 'none'), './types');
  });

  it('names any generated module from the top or from a subfolder', () => {
    assert.equal(moduleSpecifier('runtime/index', 'ts'), './runtime/index.ts');
    assert.equal(moduleSpecifier('runtime/index', 'none', '../'), '../runtime/index');
    assert.equal(moduleSpecifier('client/routes', 'js'), './client/routes.js');
  });

  for (const extension of ['ts', 'js', 'none'] as const)
    it(`the emitters write every specifier between the generated files with '${extension}'`, () => {
      const files = generateFiles(KITCHEN, {
        format: 'ts',
        version: '0.0.0-test',
        runtime: runtimeAssets(),
        importExtension: extension,
      });
      const want = extension === 'none' ? '' : `.${extension}`;
      const found = [
        'types.ts',
        'client.ts',
        'client/routes.ts',
        'validators.ts',
        'mocks.ts',
        'index.ts',
      ].flatMap((name) =>
        [...(files[name] ?? '').matchAll(/(?:from |import\()'(\.\.?\/[^']*)'/g)].map(
          (m) => `${name}: ${m[1]}`,
        ),
      );
      assert.deepEqual(found.sort(), [
        `client.ts: ./client/routes${want}`,
        `client.ts: ./runtime/index${want}`,
        `client.ts: ./types${want}`,
        `client/routes.ts: ../runtime/index${want}`,
        `index.ts: ./client${want}`,
        `index.ts: ./runtime/index${want}`,
        `index.ts: ./runtime/index${want}`,
        `index.ts: ./types${want}`,
        `index.ts: ./validators${want}`,
        `index.ts: ./validators${want}`,
        `mocks.ts: ./runtime/index${want}`,
        `mocks.ts: ./runtime/mock/index${want}`,
        `mocks.ts: ./types${want}`,
        `mocks.ts: ./validators${want}`,
        `types.ts: ./runtime/index${want}`,
        `validators.ts: ./runtime/index${want}`,
        `validators.ts: ./types${want}`,
      ]);
    });
});

describe('the runtime folder', () => {
  it("the runtime's modules get the extension where the build found their specifiers, and nowhere else", () => {
    const text =
      "import { a } from '../core/request.js';\nconst s = './not-a.js';\nawait import('./part.js');\n";
    const at = [text.indexOf('.js'), text.lastIndexOf('.js')];
    assert.equal(
      withExtensionAt(text, at, 'ts'),
      "import { a } from '../core/request.ts';\nconst s = './not-a.js';\nawait import('./part.ts');\n",
    );
    assert.equal(
      withExtensionAt(text, at, 'none'),
      "import { a } from '../core/request';\nconst s = './not-a.js';\nawait import('./part');\n",
    );
    assert.equal(withExtensionAt(text, at, 'js'), text);
    assert.throws(() => withExtensionAt(text, [0], 'ts'), /no \.js specifier at 0/);
  });

  it('every --format ts runtime module as generated compiles with each extension', () => {
    for (const extension of ['ts', 'none'] as const) {
      const runtime = runtimeAssets();
      const files = Object.fromEntries(
        Object.entries(runtime.ts).map(([name, text]) => [
          `/virtual/runtime/${name}`,
          withExtensionAt(text, runtime.specifiers[name] ?? [], extension),
        ]),
      );
      const specifiers = Object.values(files).flatMap((text) =>
        [...text.matchAll(/ from '(\.[^']+)';$/gm)].map((m) => m[1]),
      );
      assert.ok(specifiers.length > 20);
      for (const specifier of specifiers)
        assert.ok(
          extension === 'ts' ? specifier?.endsWith('.ts') : !/\.[jt]s$/.test(specifier ?? ''),
          specifier,
        );
      assertCompilesInMemory(
        files,
        { allowImportingTsExtensions: extension === 'ts', noEmit: true },
        `the runtime with '${extension}' specifiers`,
      );
    }
  });
});

describe("the project's tsconfig", () => {
  it('is the nearest one up to the project root, not above it', () => {
    const dir = tree('nearest', {
      'tsconfig.json': '{"compilerOptions": {"module": "nodenext"}}',
      'app/package.json': '{}',
      'app/src/tsconfig.json': '{"compilerOptions": {"moduleResolution": "bundler"}}',
    });
    const app = join(dir, 'app');
    mkdirSync(join(app, 'src', 'cms'), { recursive: true });
    assert.deepEqual(projectCompilerOptions(join(app, 'src', 'cms'), app), {
      file: join(app, 'src', 'tsconfig.json'),
      options: { moduleResolution: 'bundler' },
    });
    mkdirSync(join(app, 'lib', 'cms'), { recursive: true });
    assert.equal(projectCompilerOptions(join(app, 'lib', 'cms'), app), undefined);
  });

  it('reads comments and trailing commas, and follows extends (relative, arrays, packages)', () => {
    const dir = tree('extends', {
      'node_modules/@tsconfig/node22/tsconfig.json':
        '{"compilerOptions": {"module": "node16", "target": "es2022"}}',
      'base/strict.json': '{"compilerOptions": {"strict": true, "moduleResolution": "node16"}}',
      'tsconfig.json': `{
        // a line comment, and "a string with // inside" below
        "extends": ["@tsconfig/node22/tsconfig.json", "./base/strict"],
        "compilerOptions": {
          /* block */ "outDir": "dist//x",
          "rewriteRelativeImportExtensions": true,
        },
      }`,
    });
    assert.deepEqual(projectCompilerOptions(join(dir, 'src', 'cms'), dir)?.options, {
      target: 'es2022',
      module: 'node16',
      moduleResolution: 'node16',
      rewriteRelativeImportExtensions: true,
    });
    assert.equal(stripJsonComments('{"a": "x // y", /* z */ "b": [1,],}'), '{"a": "x // y",   "b": [1]}');
  });

  it("defers a solution-style config to the reference that includes the folder (create-vite's layout)", () => {
    const dir = tree('solution', {
      'tsconfig.json':
        '{"files": [], "references": [{"path": "./tsconfig.node.json"}, {"path": "./tsconfig.app.json"}]}',
      'tsconfig.node.json': '{"compilerOptions": {"module": "nodenext"}, "include": ["vite.config.ts"]}',
      'tsconfig.app.json':
        '{"compilerOptions": {"moduleResolution": "bundler", "allowImportingTsExtensions": true}, "include": ["src/**/*.ts"]}',
    });
    const found = projectCompilerOptions(join(dir, 'src', 'cms'), dir);
    assert.equal(found?.file, join(dir, 'tsconfig.app.json'));
    assert.equal(chooseImportExtension(found?.options).extension, 'ts');
  });

  it('explains an unreadable config, a missing base and a cycle', () => {
    const broken = tree('broken', { 'tsconfig.json': '{"compilerOptions": {' });
    assert.throws(
      () => projectCompilerOptions(join(broken, 'src', 'cms'), broken),
      /tsconfig\.json is not valid JSON/,
    );
    const missing = tree('missing', { 'tsconfig.json': '{"extends": "@tsconfig/nowhere"}' });
    assert.throws(
      () => projectCompilerOptions(join(missing, 'src', 'cms'), missing),
      /extends '@tsconfig\/nowhere', which cannot be found/,
    );
    const cycle = tree('cycle', {
      'tsconfig.json': '{"extends": "./b.json"}',
      'b.json': '{"extends": "./tsconfig.json"}',
    });
    assert.throws(() => projectCompilerOptions(join(cycle, 'src', 'cms'), cycle), /extends itself/);
  });
});

describe('cms-types generate --import-extension', () => {
  const context = (cwd: string): CliContext => ({
    cwd,
    env: {},
    stdin: process.stdin,
    stdout: process.stdout,
    signal: new AbortController().signal,
    out: createOutput({ stdout: process.stdout, stderr: process.stderr, env: {} }),
  });
  const settings = (cwd: string, ...flags: [string, string][]) =>
    generateOptions(
      { url: 'http://127.0.0.1:1337', output: 'src/cms', ...Object.fromEntries(flags) },
      context(cwd),
      'generate',
    );

  it('overrides the tsconfig, and the tsconfig decides without it', () => {
    const dir = tree('flag', {
      'package.json': '{}',
      'tsconfig.json': '{"compilerOptions": {"module": "nodenext"}}',
    });
    assert.deepEqual(importChoice(settings(dir, ['format', 'ts'], ['import-extension', 'none'])), {
      extension: 'none',
      reason: '--import-extension',
    });
    assert.deepEqual(importChoice(settings(dir, ['format', 'ts'])), {
      extension: 'js',
      reason: `moduleResolution is nodenext in ${join(dir, 'tsconfig.json')}`,
    });
    assert.equal(importChoice(settings(dir)), undefined, 'the js format imports its real .js files');
  });

  it('refuses a wrong value, the js format, and a broken tsconfig with the way out', () => {
    const dir = tree('flag-errors', { 'package.json': '{}', 'tsconfig.json': '{ nope' });
    assert.throws(
      () => settings(dir, ['format', 'ts'], ['import-extension', 'mjs']),
      (error) => error instanceof UsageError && /must be ts, js or none, got 'mjs'/.test(error.message),
    );
    assert.throws(
      () => settings(dir, ['import-extension', 'ts']),
      (error) => error instanceof UsageError && /applies to --format ts only/.test(error.message),
    );
    assert.throws(
      () => importChoice(settings(dir, ['format', 'ts'])),
      (error) => error instanceof UsageError && /pass --import-extension ts\|js\|none/.test(error.message),
    );
  });
});
