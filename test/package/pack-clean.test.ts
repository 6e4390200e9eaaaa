/**
 * The package made from a clean checkout, as `npm publish` or a git dependency makes it: the
 * committed HEAD is exported with `git archive` (no dist/, no node_modules), `npm ci` installs
 * its lockfile there (from the npm cache where it can; its `prepare` script builds dist/, as a git
 * dependency's install does), and `npm pack`, with dist/ removed again, runs the `prepack` build
 * and packs a package.json without install scripts. The tarball holds the CLI and the Strapi
 * entry; installed into the test Strapi, Strapi loads the plugin and answers /schema-hash;
 * installed into a fresh consumer, `npx cms-types` generates a client from that Strapi, and the
 * client compiles and reads from it.
 * A consumer that depends on the git repository itself gets a built package too.
 *
 * The test Strapi's dependencies are shared: the harness's tarball (the working tree's) is
 * installed back afterwards. Only committed work is in the archive.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { DEPS_DIR, ROOT } from '../harness/paths.ts';
import { installTarball, npm, packedTarball, packTree } from '../harness/prepare.ts';
import { assertCompilesOffThread } from '../helpers/compile.ts';
import { listFiles, runtimeFiles } from '../helpers/runtime-parts.ts';

const work = mkdtempSync(join(tmpdir(), 'cms-pack-clean-'));
const tree = join(work, 'checkout');
after(() => rmSync(work, { recursive: true, force: true }));

/**
 * Runs npm or npx with the Node that runs this test first on PATH. Asynchronous, so the event
 * loop (and the keep-alive sockets to Strapi in it) keeps running meanwhile.
 */
function run(
  command: 'npm' | 'npx',
  args: string[],
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        npm_config_update_notifier: 'false',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        NO_COLOR: '1',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function ok(command: 'npm' | 'npx', args: string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd);
  assert.equal(result.code, 0, `${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Every file path of a package folder, relative to it. */
function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(dir, posix.join(prefix, entry.name)) : [posix.join(prefix, entry.name)],
  );
}

describe('the package packed from a clean checkout', () => {
  let tarball = '';
  let builtByInstall = false;
  let unpacked = '';
  let manifest: {
    version: string;
    bin: Record<string, string>;
    exports: Record<string, Record<string, string> | string>;
  };

  before(() => {
    const archive = join(work, 'head.tar');
    const exported = spawnSync('git', ['archive', '--format=tar', '-o', archive, 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(exported.status, 0, `git archive HEAD failed: ${exported.stderr ?? exported.error}`);
    mkdirSync(tree);
    execFileSync('tar', ['-xf', archive, '-C', tree]);
    assert.ok(!existsSync(join(tree, 'dist')), 'the checkout has no dist/');
    assert.ok(!existsSync(join(tree, 'node_modules')), 'the checkout has no node_modules');
    npm(['ci', '--prefer-offline', '--loglevel=error'], tree, 'npm ci (clean checkout)');
    builtByInstall = existsSync(join(tree, 'dist', 'cli', 'main.js'));
    // What is packed must be built by `npm pack` itself.
    rmSync(join(tree, 'dist'), { recursive: true, force: true });
    tarball = packTree(tree, work);
    unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
    unpacked = join(unpacked, 'package');
    manifest = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'));
  });

  it('npm ci installed the dev tools from the lockfile alone, then built dist/ (prepare)', () => {
    for (const tool of ['biome', 'esbuild', 'tsc'])
      assert.ok(existsSync(join(tree, 'node_modules', '.bin', tool)), `${tool} is installed`);
    assert.ok(builtByInstall, 'the prepare script built dist/cli/main.js');
  });

  it('a consumer that depends on the git repository gets the built package', async () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const consumer = join(work, 'git-consumer');
    mkdirSync(consumer);
    await ok('npm', ['init', '-y', '--loglevel=error'], consumer);
    // npm clones the repository, installs its dev dependencies and runs its `prepare` script.
    await ok(
      'npm',
      ['install', '--prefer-offline', '--loglevel=error', `git+file://${ROOT}#${head}`],
      consumer,
    );
    const installed = join(consumer, 'node_modules', 'cms-typed-client');
    for (const file of ['dist/cli/main.js', 'dist/server/index.js', 'dist/runtime/js/index.js'])
      assert.ok(existsSync(join(installed, file)), `${file} is installed`);
    const version = await ok('npx', ['--no', '--', 'cms-types', '--version'], consumer);
    assert.equal(version.trim(), manifest.version);
  });

  it('the tarball holds the built CLI that the cms-types command launches', () => {
    const launcher = manifest.bin['cms-types'];
    assert.ok(launcher, 'package.json names the cms-types command');
    const source = readFileSync(join(unpacked, launcher), 'utf8');
    const imported = /from '(\.\.\/dist\/[^']+)'/.exec(source)?.[1];
    assert.ok(imported, `${launcher} imports the built CLI from dist/`);
    const cli = join(unpacked, dirname(launcher), imported);
    assert.ok(existsSync(cli), `${posix.join(dirname(launcher), imported)} is in the tarball`);
    const run = spawnSync(process.execPath, [join(unpacked, launcher), '--version'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), manifest.version);
  });

  it('the tarball holds package.json with only prepack and postpack, the rest as committed', () => {
    const committed = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8'));
    assert.ok(committed.scripts?.prepare, 'the checkout keeps all its scripts (postpack restored them)');
    const { prepack, postpack } = committed.scripts;
    assert.deepEqual(manifest, { ...committed, scripts: { prepack, postpack } });
  });

  it("the tarball holds the Strapi entry that exports['./strapi-server'] names", () => {
    const entry = manifest.exports['./strapi-server'];
    assert.ok(entry && typeof entry === 'object', "package.json exports './strapi-server'");
    for (const condition of ['types', 'require', 'default']) {
      const target = entry[condition] ?? '';
      assert.ok(target.startsWith('./dist/'), `${condition}: '${target}' is built into dist/`);
      assert.ok(existsSync(join(unpacked, target)), `${condition}: ${target} is in the tarball`);
    }
  });

  describe('installed into the test Strapi and into a fresh consumer', () => {
    let strapi: RunningStrapi | undefined;
    let restore: string | undefined;

    before(async () => {
      try {
        restore = packedTarball();
      } catch {
        restore = undefined; // run on its own: the next prepareStrapi() installs the right one
      }
      installTarball(tarball);
      strapi = await startStrapi(createApp('pack-clean'));
    });

    after(async () => {
      await strapi?.stop();
      if (restore) installTarball(restore);
    });

    it('the test Strapi has exactly the tarball installed', () => {
      const installed = join(DEPS_DIR, 'node_modules', 'cms-typed-client');
      const files = filesOf(unpacked).filter((file) => file !== 'package.json');
      assert.deepEqual(
        filesOf(installed)
          .filter((file) => file !== 'package.json')
          .sort(),
        files.sort(),
      );
      for (const file of files)
        assert.ok(
          readFileSync(join(installed, file)).equals(readFileSync(join(unpacked, file))),
          `${file} is the tarball's`,
        );
    });

    it('Strapi loads the plugin: /api/cms-typed-client/schema-hash answers 200 with a hash', async () => {
      assert.ok(strapi);
      const response = await fetch(`${strapi.url}/api/cms-typed-client/schema-hash`);
      assert.equal(response.status, 200);
      const body = (await response.json()) as { hash?: unknown };
      assert.match(String(body.hash), /^[0-9a-f]{64}$/);
    });

    it('a fresh consumer installs the tarball offline; npx cms-types generates a client that compiles and reads', async () => {
      assert.ok(strapi);
      const consumer = join(work, 'consumer');
      mkdirSync(consumer);
      await ok('npm', ['init', '-y', '--loglevel=error'], consumer);
      // npm 11's `npm init -y` writes "type": "commonjs", where `--format ts` without a
      // tsconfig.json (output for Node's type stripping) is refused (test/package/module-systems).
      await ok('npm', ['pkg', 'set', 'type=module'], consumer);
      await ok('npm', ['install', '--offline', '--loglevel=error', tarball], consumer);

      // `--no`: fail rather than download; `--`: the flags after it are the command's.
      const version = await ok('npx', ['--no', '--', 'cms-types', '--version'], consumer);
      assert.equal(version.trim(), manifest.version);

      const token = strapi.seed.tokens.readOnly;
      for (const format of ['ts', 'js'] as const) {
        const output = `src/cms-${format}`;
        const args = ['generate', '--url', strapi.url, '--output', output, '--format', format];
        await ok('npx', ['--no', '--', 'cms-types', ...args, '--token', token], consumer);
        const written = listFiles(join(consumer, output)).filter((file) => file !== '.cms-types.json');
        const expected =
          format === 'ts'
            ? [
                'client.ts',
                'client/routes.ts',
                'index.ts',
                'mocks.ts',
                ...runtimeFiles('ts'),
                'types.ts',
                'validators.ts',
              ].sort()
            : [
                'client.d.ts',
                'client.js',
                'client/routes.d.ts',
                'client/routes.js',
                'index.d.ts',
                'index.js',
                'mocks.d.ts',
                'mocks.js',
                'package.json',
                ...runtimeFiles('js', written),
                'types.d.ts',
                'types.js',
                'validators.d.ts',
                'validators.js',
              ].sort();
        assert.deepEqual(written, expected);
        const program: Record<string, string> = {
          '/virtual/consumer.ts': [
            "import { CmsClient, SCHEMA_HASH, type Article } from './index.js';",
            "const cms = new CmsClient({ baseURL: 'http://127.0.0.1:1337', token: 't' });",
            'export const list: Promise<Article[]> = cms.articles.find();',
            'export const hash: string = SCHEMA_HASH;',
            '',
          ].join('\n'),
        };
        for (const file of written.filter((name) => !name.endsWith('.js') && name !== 'package.json'))
          program[`/virtual/${file}`] = readFileSync(join(consumer, output, file), 'utf8');
        // Without a tsconfig.json in the consumer, --format ts imports './x.ts' (what Node's type
        // stripping runs): a project that type-checks such imports allows them.
        await assertCompilesOffThread(
          program,
          {
            noUnusedLocals: false,
            ...(format === 'ts' ? { allowImportingTsExtensions: true, noEmit: true } : {}),
          },
          `the generated --format ${format} client`,
        );
      }

      const generated = (await import(new URL(`file://${join(consumer, 'src/cms-js/index.js')}`).href)) as {
        CmsClient: new (config: object) => { articles: { find(): Promise<unknown[]> } };
      };
      const cms = new generated.CmsClient({ baseURL: strapi.url, token: strapi.seed.tokens.fullAccess });
      assert.ok(Array.isArray(await cms.articles.find()));
    });
  });
});
