/**
 * The npm package as users get it, the tarball the harness packed from a clean copy of the
 * working tree (no dist/: `prepack` built it; `npm test` packs it before the tests): publint and
 * attw find nothing, it holds only what is needed, and from a consumer that installed it, a plain
 * `require()` (and an `import`) of the Strapi entry works, Strapi's plugin discovery fields are
 * there, and the `cms-types` command runs.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from '../harness/paths.ts';
import { packedTarball } from '../harness/prepare.ts';
import { RUNTIME_MODULES, RUNTIME_PARTS, runtimeFiles, SHARED_CHUNK } from '../helpers/runtime-parts.ts';

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  files: string[];
};

function run(command: string, args: string[], cwd = ROOT): { code: number | null; output: string } {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', npm_config_update_notifier: 'false' },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Every file of the tarball, besides package.json, and what it is for. */
const EXPECTED: Record<string, string> = {
  'README.md': 'the documentation npm shows',
  LICENSE: 'the licence',
  'CHANGELOG.md': 'the release notes',
  'bin/cms-types.js': 'the cms-types command (a thin launcher)',
  'dist/cli/main.js': 'the CLI, bundled',
  'dist/server/index.js': 'the Strapi plugin entry (CommonJS)',
  'dist/server/index.d.ts': 'its types',
  'dist/server/package.json': 'marks dist/server CommonJS',
  'dist/server/preview.js':
    "cmsPreview for a Strapi app's config/admin (cms-typed-client/strapi-preview, CommonJS)",
  'dist/server/preview.d.ts': 'its types',
  'dist/runtime/js/index.js': "the client runtime's core, copied into `--format js` output's runtime/",
  'dist/runtime/js/index.d.ts': 'its declarations, copied next to it',
  'dist/runtime/surface.json': 'what the runtime exports: the names codegen imports, re-exports and reserves',
  'dist/runtime/specifiers.json': 'where the `--format ts` modules name each other, for the import extension',
  ...Object.fromEntries(
    RUNTIME_PARTS.map((part) => [`dist/runtime/js/${part}.js`, 'a runtime part loaded on first use']),
  ),
  ...Object.fromEntries(
    RUNTIME_MODULES.map((module) => [
      `dist/runtime/js/${module}.js`,
      'a runtime module a generated file imports (the mocks file), never loaded by the core',
    ]),
  ),
  ...Object.fromEntries(
    runtimeFiles('ts').map((file) => [
      `dist/runtime/ts/${file.slice('runtime/'.length)}`,
      'a module of `--format ts` output',
    ]),
  ),
};

/** The files the package holds: EXPECTED, and the chunks the runtime's parts share (named by their content). */
function expected(packed: string[]): string[] {
  return [
    ...Object.keys(EXPECTED),
    ...packed.filter((path) => path.startsWith('dist/runtime/js/') && SHARED_CHUNK.test(path)),
  ].sort();
}

const work = mkdtempSync(join(tmpdir(), 'cms-package-'));
after(() => rmSync(work, { recursive: true, force: true }));

describe('the npm package', () => {
  const tarball = packedTarball();

  it('is clean for publint (errors, warnings and suggestions)', () => {
    const result = run(bin('publint'), ['run', tarball, '--level', 'suggestion', '--strict']);
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /All good!/, result.output);
  });

  // The importable entries are `./strapi-server`, a subpath export that Strapi's loader
  // (Node 18+, which reads `exports`) requires, and `./strapi-preview`, which config/admin requires. The `node16` profile checks Node's CommonJS and
  // ESM resolution and bundlers; it leaves out TypeScript's legacy `node10` resolution, which
  // cannot see subpath exports at all and which no one uses to import a Strapi plugin entry.
  it('is clean for attw (node16 profile)', () => {
    const result = run(bin('attw'), [tarball, '--profile', 'node16', '--format', 'table-flipped']);
    assert.equal(result.code, 0, result.output);
  });

  it('packs only what a user needs', () => {
    const entries = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((entry) => entry.replace(/^package\//, ''));
    const files = entries.filter((path) => path !== 'package.json');
    assert.deepEqual(files.sort(), expected(files));
    assert.ok(
      !files.some((path) => /\.map$|(^|\/)(test|src|examples|scripts|\.cache)\//.test(path)),
      files.join('\n'),
    );
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
    const size = entries.reduce((total, path) => total + statSync(join(unpacked, 'package', path)).size, 0);
    // 1.23 MB once the mocks came (their runtime room: about 120 KB bundled for the js output, and
    // its modules again for --format ts); under 1 MB before.
    assert.ok(size < 1_300_000, `unpacked size ${size} bytes`);
  });

  describe('installed from the tarball into a consumer', () => {
    const consumer = join(work, 'consumer');

    before(() => {
      mkdirSync(consumer, { recursive: true });
      writeFileSync(
        join(consumer, 'package.json'),
        `${JSON.stringify({ name: 'consumer', private: true })}\n`,
      );
      // No dependencies: the install needs no registry.
      const install = run(
        'npm',
        ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball],
        consumer,
      );
      assert.equal(install.code, 0, install.output);
    });

    it('loads the Strapi entry with a plain require()', () => {
      const script = `
        const plugin = require('cms-typed-client/strapi-server');
        const pkg = require('cms-typed-client/package.json');
        console.log(JSON.stringify({
          members: Object.keys(plugin).sort(),
          functions: ['register', 'bootstrap', 'destroy'].map((name) => typeof plugin[name]),
          config: typeof plugin.config.default === 'function' && typeof plugin.config.validator === 'function',
          routes: Object.keys(plugin.routes),
          strapi: pkg.strapi,
        }));`;
      const result = run(process.execPath, ['-e', script], consumer);
      assert.equal(result.code, 0, result.output);
      const loaded = JSON.parse(result.output) as {
        members: string[];
        functions: string[];
        config: boolean;
        routes: string[];
        strapi: { kind: string; name: string };
      };
      for (const member of ['bootstrap', 'config', 'controllers', 'destroy', 'register', 'routes'])
        assert.ok(loaded.members.includes(member), `missing ${member}: ${loaded.members.join(', ')}`);
      assert.deepEqual(loaded.functions, ['function', 'function', 'function']);
      assert.equal(loaded.config, true);
      assert.deepEqual(loaded.routes, ['content-api']);
      assert.deepEqual(
        { kind: loaded.strapi.kind, name: loaded.strapi.name },
        { kind: 'plugin', name: manifest.name },
      );
    });

    it('loads the Strapi entry with import, default and named', () => {
      const script = `
        import plugin, { register } from 'cms-typed-client/strapi-server';
        console.log(typeof plugin.register, register === plugin.register);`;
      const result = run(process.execPath, ['--input-type=module', '-e', script], consumer);
      assert.equal(result.code, 0, result.output);
      assert.equal(result.output.trim(), 'function true');
    });

    it('runs the cms-types command from node_modules/.bin', () => {
      const result = run(join(consumer, 'node_modules', '.bin', 'cms-types'), ['--version'], consumer);
      assert.equal(result.code, 0, result.output);
      assert.match(result.output, new RegExp(manifest.version.replaceAll('.', '\\.')));
      const help = run(join(consumer, 'node_modules', '.bin', 'cms-typed-client'), ['--help'], consumer);
      assert.equal(help.code, 0, help.output);
      assert.match(help.output, /generate/);
    });
  });
});
