/**
 * Installs the test Strapi once (cached under .cache/strapi-deps, keyed by its package.json,
 * lockfile and the Node version) and installs this package into it from `npm pack` of a clean
 * copy of the working tree (no dist/: the `prepack` script builds it), the way a user installs it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { APP_TEMPLATE, DEPS_DIR, PACK_DIR, PACK_TREE, ROOT } from './paths.ts';

const log = (message: string) => process.stderr.write(`[strapi-harness] ${message}\n`);

function sha(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The environment of a package manager run by the tests: the Node that runs this process first
 * on PATH, native modules built against its headers, and no audit, fund or update chatter.
 */
export function installEnv(): NodeJS.ProcessEnv {
  const nodeDir = join(dirname(process.execPath), '..');
  return {
    ...process.env,
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    npm_config_nodedir: existsSync(join(nodeDir, 'include', 'node'))
      ? nodeDir
      : (process.env.npm_config_nodedir ?? ''),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

/** npm, run with the Node that runs this process, building native modules against its headers. */
export function npm(args: string[], cwd: string, label: string): string {
  const env = installEnv();
  const started = Date.now();
  const timer = setInterval(() => log(`${label}: ${Math.round((Date.now() - started) / 1000)} s...`), 30_000);
  const result = spawnSync('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  clearInterval(timer);
  if (result.status !== 0) {
    throw new Error(`${label} failed (npm ${args.join(' ')} in ${cwd}):\n${result.stdout}\n${result.stderr}`);
  }
  log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.stdout;
}

/** Installs the Strapi app's dependencies unless the cache already holds them. */
export function ensureStrapiDeps(): void {
  const manifest = readFileSync(join(APP_TEMPLATE, 'package.json'));
  const lockPath = join(APP_TEMPLATE, 'package-lock.json');
  const lock = existsSync(lockPath) ? readFileSync(lockPath) : Buffer.alloc(0);
  const key = sha(manifest, lock, process.version);
  const marker = join(DEPS_DIR, '.installed');
  if (
    existsSync(marker) &&
    readFileSync(marker, 'utf8') === key &&
    existsSync(join(DEPS_DIR, 'node_modules'))
  )
    return;
  log(`installing the test Strapi (${process.version}); a cold install takes 4 to 6 minutes`);
  rmSync(DEPS_DIR, { recursive: true, force: true });
  mkdirSync(DEPS_DIR, { recursive: true });
  copyFileSync(join(APP_TEMPLATE, 'package.json'), join(DEPS_DIR, 'package.json'));
  if (lock.length > 0) copyFileSync(lockPath, join(DEPS_DIR, 'package-lock.json'));
  npm(['install', '--no-audit', '--no-fund', '--loglevel=error'], DEPS_DIR, 'npm install (test Strapi)');
  writeFileSync(marker, key);
}

/**
 * The files of a fresh checkout of `source`, copied into `destination`: under git, the tracked
 * and untracked files git does not ignore (so no dist/, node_modules or .cache); elsewhere,
 * everything but those folders.
 */
export function copyCleanTree(source: string, destination: string): void {
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: source,
    encoding: 'utf8',
  });
  if (listed.status === 0) {
    for (const file of listed.stdout.split('\0')) {
      // A tracked file deleted in the working tree is not part of the checkout to pack.
      if (file === '' || !existsSync(join(source, file))) continue;
      mkdirSync(dirname(join(destination, file)), { recursive: true });
      copyFileSync(join(source, file), join(destination, file));
    }
    return;
  }
  const skipped = new Set(['node_modules', 'dist', '.cache', '.git', '.tmp', 'coverage']);
  cpSync(source, destination, {
    recursive: true,
    filter: (path) => !skipped.has(basename(path)) && !path.endsWith('.tgz'),
  });
}

/**
 * `npm pack` of a tree that has no dist/: the package's `prepack` script builds it, as it does
 * for `npm publish`, and writes the package.json the tarball gets (no install scripts; `postpack` puts
 * the tree's back). The tree uses `nodeModules` for its dev tools (linked when it has none of its
 * own). Returns the tarball's path in `destination`.
 */
export function packTree(
  tree: string,
  destination: string,
  nodeModules = join(ROOT, 'node_modules'),
): string {
  if (existsSync(join(tree, 'dist'))) throw new Error(`${tree} has a dist/ folder: pack a clean tree`);
  if (!existsSync(join(tree, 'node_modules'))) symlinkSync(nodeModules, join(tree, 'node_modules'), 'dir');
  mkdirSync(destination, { recursive: true });
  const output = npm(['pack', '--pack-destination', destination, '--loglevel=error'], tree, 'npm pack');
  return join(destination, output.trim().split('\n').pop() ?? '');
}

/**
 * Installs a cms-typed-client tarball into the test Strapi's dependencies, unless that very
 * tarball is the one installed (the `.package` marker holds its hash; it is removed first, so an
 * interrupted install is redone next time).
 */
export function installTarball(tarball: string, depsDir: string = DEPS_DIR): void {
  const key = sha(readFileSync(tarball));
  const marker = join(depsDir, '.package');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === key) return;
  rmSync(marker, { force: true });
  npm(
    ['install', '--no-save', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball],
    depsDir,
    'install cms-typed-client',
  );
  writeFileSync(marker, key);
}

/**
 * Packs this package from a clean copy of the working tree (no dist/: `prepack` builds it) into
 * .cache/pack, and installs the tarball into the test Strapi's dependencies (or into `depsDir`,
 * another installed Strapi version).
 */
export function installPackedPackage(depsDir: string = DEPS_DIR): string {
  mkdirSync(PACK_DIR, { recursive: true });
  for (const file of readdirSync(PACK_DIR)) rmSync(join(PACK_DIR, file), { recursive: true, force: true });
  copyCleanTree(ROOT, PACK_TREE);
  const tarball = packTree(PACK_TREE, PACK_DIR);
  installTarball(tarball, depsDir);
  return tarball;
}

/** The tarball installPackedPackage() made, for tests that install or inspect it. */
export function packedTarball(): string {
  const name = existsSync(PACK_DIR) ? readdirSync(PACK_DIR).find((file) => file.endsWith('.tgz')) : undefined;
  if (!name)
    throw new Error(`no tarball in ${PACK_DIR}: run the tests with npm test, which packs the package`);
  return join(PACK_DIR, name);
}

export function prepareStrapi(): void {
  ensureStrapiDeps();
  installPackedPackage();
}
