/**
 * Installs the test Strapi once (cached under .cache/strapi-deps, keyed by its package.json,
 * lockfile and the Node version) and installs this package into it from `npm pack`, the way
 * a user installs it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { APP_TEMPLATE, DEPS_DIR, PACK_DIR, ROOT } from './paths.ts';

const log = (message: string) => process.stderr.write(`[strapi-harness] ${message}\n`);

function sha(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}

/** npm, run with the Node that runs this process, building native modules against its headers. */
export function npm(args: string[], cwd: string, label: string): number {
  const nodeDir = join(dirname(process.execPath), '..');
  const env = {
    ...process.env,
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    npm_config_nodedir: existsSync(join(nodeDir, 'include', 'node'))
      ? nodeDir
      : (process.env.npm_config_nodedir ?? ''),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  const started = Date.now();
  const timer = setInterval(() => log(`${label}: ${Math.round((Date.now() - started) / 1000)} s...`), 30_000);
  const result = spawnSync('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  clearInterval(timer);
  if (result.status !== 0) {
    throw new Error(`${label} failed (npm ${args.join(' ')} in ${cwd}):\n${result.stdout}\n${result.stderr}`);
  }
  const elapsed = Date.now() - started;
  log(`${label}: done in ${(elapsed / 1000).toFixed(1)} s`);
  return elapsed;
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
 * Packs this package and installs the tarball into the test Strapi's dependencies (or into
 * `depsDir`, another installed Strapi version).
 */
export function installPackedPackage(depsDir: string = DEPS_DIR): string {
  mkdirSync(PACK_DIR, { recursive: true });
  for (const file of readdirSync(PACK_DIR)) rmSync(join(PACK_DIR, file));
  const output = execFileSync('npm', ['pack', '--pack-destination', PACK_DIR, '--loglevel=error'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const tarball = join(PACK_DIR, output.trim().split('\n').pop() ?? '');
  const key = sha(readFileSync(tarball));
  const marker = join(depsDir, '.package');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === key) return tarball;
  npm(
    ['install', '--no-save', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball],
    depsDir,
    'install cms-typed-client',
  );
  writeFileSync(marker, key);
  return tarball;
}

export function prepareStrapi(): void {
  ensureStrapiDeps();
  installPackedPackage();
}
