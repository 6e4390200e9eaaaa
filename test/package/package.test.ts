/**
 * The npm package as users get it: publint and `attw --pack` find nothing, the tarball holds
 * only what is needed, and from a consumer that installed the tarball, a plain `require()` (and
 * an `import`) of the Strapi entry works, Strapi's plugin discovery fields are there, and the
 * `cms-types` command runs. Needs the build (`npm test` builds first).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from '../harness/paths.ts';

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
  'dist/runtime/runtime.ts': 'the client runtime copied into `--format ts` output',
  'dist/runtime/runtime.js': 'the client runtime copied into `--format js` output',
  'dist/runtime/runtime.d.ts': 'its declarations, copied next to it',
};

const work = mkdtempSync(join(tmpdir(), 'cms-package-'));
after(() => rmSync(work, { recursive: true, force: true }));

describe('the npm package', () => {
  before(() => {
    assert.ok(existsSync(join(ROOT, 'dist', 'server', 'index.js')), 'dist/ is missing: run npm run build');
  });

  it('is clean for publint (errors, warnings and suggestions)', () => {
    const result = run(bin('publint'), ['run', '--level', 'suggestion', '--strict']);
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /All good!/, result.output);
  });

  // The only importable entry is `./strapi-server`, a subpath export that Strapi's loader
  // (Node 18+, which reads `exports`) requires. The `node16` profile checks Node's CommonJS and
  // ESM resolution and bundlers; it leaves out TypeScript's legacy `node10` resolution, which
  // cannot see subpath exports at all and which no one uses to import a Strapi plugin entry.
  it('is clean for attw --pack (node16 profile)', () => {
    const result = run(bin('attw'), ['--pack', '.', '--profile', 'node16', '--format', 'table-flipped']);
    assert.equal(result.code, 0, result.output);
  });

  it('packs only what a user needs', () => {
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    ) as { files: { path: string; size: number }[]; unpackedSize: number }[];
    assert.ok(pack);
    const files = pack.files.map((file) => file.path).filter((path) => path !== 'package.json');
    assert.deepEqual(files.sort(), Object.keys(EXPECTED).sort());
    assert.ok(
      !files.some((path) => /\.map$|(^|\/)(test|src|examples|scripts|\.cache)\//.test(path)),
      files.join('\n'),
    );
    assert.ok(pack.unpackedSize < 1_000_000, `unpacked size ${pack.unpackedSize} bytes`);
  });

  describe('installed from the tarball into a consumer', () => {
    const consumer = join(work, 'consumer');

    before(() => {
      const tarballs = join(work, 'pack');
      mkdirSync(tarballs, { recursive: true });
      const name = execFileSync('npm', ['pack', '--pack-destination', tarballs, '--loglevel=error'], {
        cwd: ROOT,
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .pop();
      mkdirSync(consumer, { recursive: true });
      writeFileSync(
        join(consumer, 'package.json'),
        `${JSON.stringify({ name: 'consumer', private: true })}\n`,
      );
      // No dependencies: the install needs no registry.
      const install = run(
        'npm',
        ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(tarballs, name ?? '')],
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
