/**
 * Other Strapi versions for the version matrix: the test app's dependencies installed at one
 * Strapi version into `.cache/strapi-deps-<version>` (cached, keyed like ensureStrapiDeps by
 * the manifest and the Node version). The pinned version reuses the main `.cache/strapi-deps`.
 *
 * Every `@strapi/*` package of the Strapi monorepo is pinned to the version with npm
 * `overrides`; below 5.30 `sharp` is overridden to 0.33.5 (the 0.32.6 that `@strapi/upload`
 * pins downloads libvips at install, which fails offline). Install scripts run, except that a
 * better-sqlite3 already compiled for this Node in the main install is reused when it is the
 * same version and loads (same ABI); otherwise it is compiled here (about 100 s).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_TEMPLATE, CACHE, DEPS_DIR } from './paths.ts';
import { ensureStrapiDeps, installPackedPackage, npm } from './prepare.ts';

const log = (message: string) => process.stderr.write(`[strapi-versions] ${message}\n`);

/** The matrix when CMS_STRAPI_VERSIONS is not set: oldest supported, refresh without sessions, pinned. */
export const DEFAULT_VERSIONS = ['5.0.6', '5.43.0', '5.54.0'] as const;

/** Versions whose `/schema` (kitchen sink, `jwtManagement: 'refresh'`) is committed as a payload fixture. */
export const VERSIONED_FIXTURES = ['5.0.6', '5.43.0'] as const;

/** Packages released together with `@strapi/strapi` (the design system is versioned apart). */
const MONOREPO_PACKAGES = [
  'admin',
  'cloud-cli',
  'content-manager',
  'content-releases',
  'content-type-builder',
  'core',
  'data-transfer',
  'database',
  'email',
  'generators',
  'i18n',
  'logger',
  'openapi',
  'permissions',
  'plugin-users-permissions',
  'provider-email-sendmail',
  'provider-upload-local',
  'review-workflows',
  'strapi',
  'types',
  'typescript-utils',
  'upload',
  'utils',
].map((name) => `@strapi/${name}`);

/** Bumped when the install recipe changes, so cached installs are redone. */
const RECIPE = 1;

const VERSION = /^5\.\d+\.\d+$/;

/** The `@strapi/strapi` version of test/strapi/app/package.json (installed in `.cache/strapi-deps`). */
export function pinnedVersion(): string {
  const manifest = JSON.parse(readFileSync(join(APP_TEMPLATE, 'package.json'), 'utf8'));
  return manifest.dependencies['@strapi/strapi'];
}

/** The versions to test: CMS_STRAPI_VERSIONS (comma or space separated) or DEFAULT_VERSIONS. */
export function versionsToTest(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.CMS_STRAPI_VERSIONS?.trim();
  if (!raw) return [...DEFAULT_VERSIONS];
  const versions = raw.split(/[\s,]+/).filter(Boolean);
  for (const version of versions) checkVersion(version);
  return versions;
}

/** Refuses anything but an exact `5.x.y`. */
export function checkVersion(version: string): void {
  if (!VERSION.test(version)) {
    throw new Error(`'${version}' is not an exact Strapi 5 version (5.x.y, e.g. 5.30.0)`);
  }
}

function older(version: string, than: string): boolean {
  const a = version.split('.').map(Number);
  const b = than.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

/** The test app's manifest at `version`, with the overrides that make it install here. */
export function manifestFor(version: string): Record<string, unknown> {
  checkVersion(version);
  const template = JSON.parse(readFileSync(join(APP_TEMPLATE, 'package.json'), 'utf8'));
  const overrides: Record<string, string> = {};
  for (const name of MONOREPO_PACKAGES) overrides[name] = version;
  if (older(version, '5.30.0')) overrides.sharp = '0.33.5';
  return {
    ...template,
    dependencies: {
      ...template.dependencies,
      '@strapi/strapi': version,
      '@strapi/plugin-users-permissions': version,
    },
    overrides,
  };
}

export function depsDirFor(version: string): string {
  return version === pinnedVersion() ? DEPS_DIR : join(CACHE, `strapi-deps-${version}`);
}

export interface VersionInstall {
  version: string;
  depsDir: string;
  /** Milliseconds spent installing now; 0 when the cache was used. */
  installMs: number;
}

/** Installs the test app's dependencies at `version` (unless cached) and this package into them. */
export function ensureStrapiVersion(version: string): VersionInstall {
  checkVersion(version);
  const depsDir = depsDirFor(version);
  let installMs = 0;
  if (depsDir === DEPS_DIR) ensureStrapiDeps();
  else installMs = installVersion(version, depsDir);
  installPackedPackage(depsDir);
  return { version, depsDir, installMs };
}

function installVersion(version: string, depsDir: string): number {
  const manifest = `${JSON.stringify(manifestFor(version), null, 2)}\n`;
  const key = createHash('sha256')
    .update(manifest)
    .update(process.version)
    .update(String(RECIPE))
    .digest('hex');
  const marker = join(depsDir, '.installed');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === key && existsSync(join(depsDir, 'node_modules')))
    return 0;
  log(
    `installing Strapi ${version} (${process.version}) into ${depsDir}; a cold install takes 3 to 6 minutes`,
  );
  const started = Date.now();
  rmSync(depsDir, { recursive: true, force: true });
  mkdirSync(depsDir, { recursive: true });
  writeFileSync(join(depsDir, 'package.json'), manifest);
  npm(
    ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
    depsDir,
    `npm install (Strapi ${version})`,
  );
  const scripted = packagesWithInstallScripts(join(depsDir, 'node_modules'));
  const others = [...scripted].filter((name) => name !== 'better-sqlite3');
  if (others.length > 0) npm(['rebuild', ...others], depsDir, `install scripts (${others.join(', ')})`);
  if (scripted.has('better-sqlite3') && !reuseBetterSqlite(depsDir))
    npm(['rebuild', 'better-sqlite3'], depsDir, 'compile better-sqlite3');
  checkStrapiPackages(version, depsDir);
  writeFileSync(marker, key);
  const elapsed = Date.now() - started;
  writeFileSync(join(depsDir, '.install-ms'), String(elapsed));
  log(`Strapi ${version} installed in ${(elapsed / 1000).toFixed(1)} s`);
  return elapsed;
}

/** Names of installed packages with a preinstall, install or postinstall script. */
function packagesWithInstallScripts(modules: string): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(path);
        continue;
      }
      const manifest = join(path, 'package.json');
      if (existsSync(manifest)) {
        const { name, scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
        if (scripts.preinstall || scripts.install || scripts.postinstall) names.add(name);
      }
      if (existsSync(join(path, 'node_modules'))) visit(join(path, 'node_modules'));
    }
  };
  visit(modules);
  return names;
}

/**
 * Copies the main install's compiled better-sqlite3 when it is the same version, then checks
 * that it opens a database in this Node (a module built for another ABI does not load).
 */
function reuseBetterSqlite(depsDir: string): boolean {
  const source = join(DEPS_DIR, 'node_modules', 'better-sqlite3');
  const target = join(depsDir, 'node_modules', 'better-sqlite3');
  const version = (dir: string) =>
    existsSync(join(dir, 'package.json'))
      ? JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version
      : null;
  if (!existsSync(join(source, 'build', 'Release', 'better_sqlite3.node'))) return false;
  if (version(source) !== version(target)) return false;
  cpSync(join(source, 'build'), join(target, 'build'), { recursive: true });
  const probe = spawnSync(
    process.execPath,
    ['-e', `const D = require(${JSON.stringify(target)}); new D(':memory:').prepare('select 1').get();`],
    { encoding: 'utf8' },
  );
  if (probe.status === 0) {
    log(`better-sqlite3 ${version(target)}: reused the module compiled for ${process.version}`);
    return true;
  }
  rmSync(join(target, 'build'), { recursive: true, force: true });
  return false;
}

/** Every installed monorepo `@strapi/*` package must be at `version` (a stray one means a mixed install). */
function checkStrapiPackages(version: string, depsDir: string): void {
  const strays: string[] = [];
  const visit = (modules: string) => {
    const scope = join(modules, '@strapi');
    if (existsSync(scope)) {
      for (const name of readdirSync(scope)) {
        const manifest = join(scope, name, 'package.json');
        if (!existsSync(manifest)) continue;
        const found = JSON.parse(readFileSync(manifest, 'utf8')).version;
        if (MONOREPO_PACKAGES.includes(`@strapi/${name}`) && found !== version)
          strays.push(`@strapi/${name}@${found}`);
        if (existsSync(join(scope, name, 'node_modules'))) visit(join(scope, name, 'node_modules'));
      }
    }
  };
  visit(join(depsDir, 'node_modules'));
  if (strays.length > 0)
    throw new Error(`Strapi ${version} install has other versions: ${strays.join(', ')}`);
}
