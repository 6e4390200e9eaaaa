/**
 * The scripts a consumer's npm meets, and the ones a clone's own npm runs:
 * - which script names of a tarball dependency the real npm runs or warns about (npm 11 warns
 *   `npm warn install-scripts ...` until the project approves them), probed with one throwaway
 *   package per name;
 * - the package.json packed into the tarball carries none of them (only `prepack` and
 *   `postpack`: `prepack` writes it, `postpack` restores the tree's, and the next pack heals a
 *   pack that failed in between), and installing the tarball prints no install-scripts warning,
 *   where the same tarball with the repository's scripts gets one;
 * - in a clean checkout, `npm install`, `npm pack` and `npm test` on Node 20 say that Node 22 or
 *   later is needed (no stack trace), and `npm pack` without the dev tools installed says to run
 *   `npm ci` first.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PACK_TREE, ROOT } from '../harness/paths.ts';
import { copyCleanTree, packedTarball } from '../harness/prepare.ts';

const work = mkdtempSync(join(tmpdir(), 'cms-install-scripts-'));
after(() => rmSync(work, { recursive: true, force: true }));

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  scripts: Record<string, string>;
};

/** The four names npm documents as install scripts, and every script the repository has. */
const PROBED = [
  ...new Set(['preinstall', 'install', 'postinstall', 'prepare', ...Object.keys(manifest.scripts)]),
];

/** npm with `node` on PATH being `nodeBinary` (npm's own shebang and every script's `node`). */
function npm(args: string[], cwd: string, nodeBinary = process.execPath, env: Record<string, string> = {}) {
  const bin = join(work, `node-${spawnSync(nodeBinary, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
  if (!existsSync(bin)) {
    mkdirSync(bin);
    symlinkSync(nodeBinary, join(bin, 'node'));
  }
  const result = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_loglevel: 'warn',
      NO_COLOR: '1',
      ...env,
    },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A tarball of `files` under package/, as npm packs it. */
function tarball(name: string, files: Record<string, string>): string {
  const dir = join(work, 'tar', name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'package', file)), { recursive: true });
    writeFileSync(join(dir, 'package', file), content);
  }
  const path = join(work, `${name}.tgz`);
  execFileSync('tar', ['-czf', path, '-C', dir, 'package']);
  return path;
}

function consumer(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name, private: true })}\n`);
  return dir;
}

/** The packages npm's install-scripts warning lists (`  name@version (event: command; ...)`). */
function warnedPackages(output: string): Map<string, string> {
  const listed = new Map<string, string>();
  for (const match of output.matchAll(/^npm warn install-scripts {3}(\S+)@\S+ \((.*)\)$/gm))
    listed.set(match[1] ?? '', match[2] ?? '');
  return listed;
}

/** Would the output show a stack trace (Node's `    at ...` frames, or its error codes)? */
const stackTrace = (output: string) =>
  /^\s+at .+\(?.*:\d+:\d+\)?$/m.test(output) || /ERR_[A-Z_]+/.test(output);

describe("a tarball dependency's scripts, as the real npm treats them", () => {
  const ran = new Set<string>();
  let warned = new Map<string, string>();
  const flagged = () => new Set([...ran, ...warned.keys()].map((name) => name.replace(/^probe-/, '')));

  before(() => {
    const marks = join(work, 'marks');
    mkdirSync(marks);
    const tarballs = PROBED.map((script) =>
      tarball(`probe-${script.replace(/:/g, '-')}`, {
        'package.json': `${JSON.stringify({
          name: `probe-${script.replace(/:/g, '-')}`,
          version: '1.0.0',
          scripts: { [script]: `node mark.js ${script.replace(/:/g, '-')}` },
        })}\n`,
        'mark.js':
          "require('node:fs').writeFileSync(require('node:path').join(process.env.PROBE_MARKS, process.argv[2]), '');\n",
      }),
    );
    const install = npm(['install', '--offline', ...tarballs], consumer('probes'), process.execPath, {
      PROBE_MARKS: marks,
    });
    assert.equal(install.code, 0, install.output);
    for (const mark of readdirSync(marks)) ran.add(mark);
    warned = warnedPackages(install.output);
  });

  it('npm runs postinstall (and the other install scripts), and warns about them and prepare', () => {
    // What npm 11.19 does; if a later npm changes it, the list the next test checks changes too.
    assert.ok(ran.has('postinstall'), `ran: ${[...ran].join(', ')}`);
    for (const name of ['preinstall', 'install', 'postinstall', 'prepare'])
      assert.ok(warned.has(`probe-${name}`), `npm warns about ${name}:\n${[...warned.keys()].join('\n')}`);
    assert.ok(
      !ran.has('build') && !warned.has('probe-build'),
      'a plain `build` script is neither run nor warned',
    );
  });

  it('the packed package.json keeps only prepack and postpack, none that npm runs or warns about', () => {
    const packed = JSON.parse(
      execFileSync('tar', ['-xzOf', packedTarball(), 'package/package.json'], { encoding: 'utf8' }),
    );
    assert.deepEqual(Object.keys(packed.scripts).sort(), ['postpack', 'prepack']);
    for (const name of Object.keys(packed.scripts))
      assert.ok(!flagged().has(name), `npm runs or warns about ${name}`);
    assert.deepEqual(packed.scripts, {
      prepack: manifest.scripts.prepack,
      postpack: manifest.scripts.postpack,
    });
    const repositoryFlagged = Object.keys(manifest.scripts).filter((name) => flagged().has(name));
    assert.ok(
      repositoryFlagged.length > 0,
      'the repository has scripts npm would run or warn about: the strip matters',
    );
    const { scripts: _scripts, ...rest } = manifest as Record<string, unknown>;
    const { scripts: _packedScripts, ...packedRest } = packed;
    assert.deepEqual(packedRest, rest, 'everything else is the repository package.json');
  });

  it('installing the tarball prints no install-scripts warning; the same tarball with the repository scripts does', () => {
    const clean = npm(['install', '--offline', packedTarball()], consumer('installs-tarball'));
    assert.equal(clean.code, 0, clean.output);
    assert.ok(!/install-scripts/.test(clean.output), clean.output);

    // The control: the tarball's files with the repository's package.json, as packs were before.
    const files: Record<string, string> = {};
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', packedTarball(), '-C', unpacked]);
    const walk = (dir: string, prefix: string): void => {
      for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
        const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
        if (entry.isDirectory()) walk(dir, path);
        else files[path] = readFileSync(join(dir, path), 'utf8');
      }
    };
    walk(join(unpacked, 'package'), '');
    files['package.json'] = readFileSync(join(ROOT, 'package.json'), 'utf8');
    const control = npm(
      ['install', '--offline', tarball('with-scripts', files)],
      consumer('installs-control'),
    );
    assert.equal(control.code, 0, control.output);
    assert.match(warnedPackages(control.output).get(manifest.name) ?? '', /prepare: /, control.output);
  });

  it('npm pack leaves the packed tree its own package.json, byte for byte', () => {
    assert.equal(
      readFileSync(join(PACK_TREE, 'package.json'), 'utf8'),
      readFileSync(join(ROOT, 'package.json'), 'utf8'),
    );
    assert.ok(!existsSync(join(PACK_TREE, '.cache', 'package.json.packing')), 'no saved copy is left behind');
  });

  it('a pack that fails after prepack leaves package.json stripped; the next npm pack puts it back', () => {
    const tree = join(work, 'heal');
    copyCleanTree(ROOT, tree);
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    const original = readFileSync(join(tree, 'package.json'), 'utf8');
    // npm writes the tarball after prepack: a destination that does not exist fails it there.
    const failed = npm(['pack', '--pack-destination', join(work, 'missing')], tree);
    assert.notEqual(failed.code, 0, failed.output);
    assert.notEqual(readFileSync(join(tree, 'package.json'), 'utf8'), original, 'postpack did not run');
    const packed = npm(['pack', '--pack-destination', work], tree);
    assert.equal(packed.code, 0, packed.output);
    assert.equal(readFileSync(join(tree, 'package.json'), 'utf8'), original);
    assert.ok(!existsSync(join(tree, '.cache', 'package.json.packing')), 'no saved copy is left behind');
  });
});

/** A Node.js before 22 to run npm with: the system's (Node 20 on CI and on Debian 13). */
function oldNode(): { binary: string; version: string } | undefined {
  for (const binary of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(binary)) continue;
    const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (Number(/^v(\d+)/.exec(version)?.[1] ?? 99) < 22) return { binary, version };
  }
  return undefined;
}

describe('a clean checkout, on Node before 22 and without its dev tools', () => {
  const old = oldNode();
  const tree = join(work, 'checkout');

  before(() => copyCleanTree(ROOT, tree));

  it('npm install, npm pack and npm test on Node 20 say that Node 22 or later is needed', {
    skip: old ? false : 'no Node.js before 22 at /usr/bin/node or /usr/local/bin/node',
  }, () => {
    assert.ok(old);
    const needed = new RegExp(
      `needs Node\\.js 22 or later to build and test; this is ${old.version.replaceAll('.', '\\.')}`,
    );
    // The prepare script's check runs before anything installed is used, so this install
    // leaves the dev tools out: it is what `npm install` runs after installing them.
    const install = join(work, 'checkout-install');
    copyCleanTree(tree, install);
    const json = JSON.parse(readFileSync(join(install, 'package.json'), 'utf8'));
    delete json.devDependencies;
    writeFileSync(join(install, 'package.json'), `${JSON.stringify(json, null, 2)}\n`);
    rmSync(join(install, 'package-lock.json'));
    for (const [args, cwd] of [
      [['install', '--offline'], install],
      [['pack', '--dry-run'], tree],
      [['test'], tree],
    ] as const) {
      const result = npm([...args], cwd, old.binary);
      assert.notEqual(result.code, 0, `npm ${args.join(' ')} on ${old.version} failed:\n${result.output}`);
      assert.match(result.output, needed, `npm ${args.join(' ')}:\n${result.output}`);
      assert.ok(!stackTrace(result.output), `npm ${args.join(' ')} shows no stack trace:\n${result.output}`);
    }
    assert.equal(
      readFileSync(join(tree, 'package.json'), 'utf8'),
      readFileSync(join(ROOT, 'package.json'), 'utf8'),
    );
  });

  it('npm pack without the dev tools installed says to run npm ci first, and changes nothing', () => {
    const result = npm(['pack', '--dry-run'], tree);
    assert.notEqual(result.code, 0, result.output);
    assert.match(
      result.output,
      /dev tools are not installed \(esbuild, typescript not found\)/,
      result.output,
    );
    assert.match(result.output, /Run `npm ci` \(or `npm install`\) in the repository first/, result.output);
    assert.ok(!stackTrace(result.output), result.output);
    assert.equal(
      readFileSync(join(tree, 'package.json'), 'utf8'),
      readFileSync(join(ROOT, 'package.json'), 'utf8'),
    );
    assert.ok(!existsSync(join(tree, 'dist')), 'nothing was built');
  });
});
