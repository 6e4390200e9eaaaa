/**
 * Strapi apps as today's tools make them, for the tests of the package as installed:
 * - `tsApp()`: a TypeScript app made by `create-strapi-app@5.54.0 --ts`, dependencies installed by
 *   npm (its own lockfile), exactly as that command leaves it;
 * - `pnpmApp()`: the same app's files with its dependencies installed by pnpm (12.21.0, through
 *   npx), better-sqlite3's native build approved in its pnpm-workspace.yaml.
 * Each is made once (2 to 8 minutes cold) and cached under .cache, keyed by the command, the pnpm
 * version and the Node version, like the test Strapi (prepare.ts). A test installs the packed
 * tarball into the cached app (again only when it changed), writes its config/plugins.ts and
 * content types, compiles the app's TypeScript as `npm run build` (`strapi build`) does first,
 * with Strapi's own compiler (the admin panel, which the tests do not use, is not built), and
 * boots `strapi start`, which is what `npm run start` runs.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { freePort, launchStrapi } from './app.ts';
import { CACHE } from './paths.ts';
import { installEnv, npm } from './prepare.ts';

const log = (message: string) => process.stderr.write(`[strapi-apps] ${message}\n`);

export const CREATE_STRAPI_APP = 'create-strapi-app@5.54.0';
/** The README's `--ts` command, non-interactive: no example data, no git, no Strapi Cloud. */
export const CREATE_ARGS = [
  'app',
  '--ts',
  '--use-npm',
  '--no-example',
  '--no-git-init',
  '--skip-cloud',
  '--skip-db',
  '--no-run',
  '--install',
  '--non-interactive',
];
const TS_ROOT = join(CACHE, 'strapi-ts');
const PNPM_ROOT = join(CACHE, 'strapi-pnpm');
/**
 * pnpm, at a pinned version, through npx: it is no devDependency of the repository, because its
 * lockfile entry would need every platform package of pnpm, which this registry lacks.
 */
function pnpm(args: string[]): [string, string[]] {
  return ['npx', ['--yes', 'pnpm@12.21.0', ...args]];
}
/** In an app: the hash of the cms-typed-client tarball installed there. */
const MARKER = '.cms-typed-client-package';

function sha(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}

/** The tests' install environment (prepare.ts), without Strapi's telemetry. */
const toolEnv = (): NodeJS.ProcessEnv => ({ ...installEnv(), STRAPI_TELEMETRY_DISABLED: 'true' });

function run(command: string, args: string[], cwd: string, label: string): string {
  const started = Date.now();
  const timer = setInterval(() => log(`${label}: ${Math.round((Date.now() - started) / 1000)} s...`), 30_000);
  const result = spawnSync(command, args, { cwd, env: toolEnv(), encoding: 'utf8', maxBuffer: 64 << 20 });
  clearInterval(timer);
  if (result.status !== 0)
    throw new Error(
      `${label} failed (${command} ${args.join(' ')} in ${cwd}):\n${result.stdout}\n${result.stderr}`,
    );
  log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.stdout;
}

/** Whether `root` holds what `key` describes; else empties it for a new install. */
function cached(root: string, key: string): boolean {
  const marker = join(root, '.installed');
  if (
    existsSync(marker) &&
    readFileSync(marker, 'utf8') === key &&
    existsSync(join(root, 'app', 'node_modules'))
  )
    return true;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  return false;
}

const tsKey = () => sha(CREATE_STRAPI_APP, CREATE_ARGS.join(' '), process.version);

/** The create-strapi-app TypeScript app (npm), made once. Its first config/plugins.ts is kept beside it. */
export function tsApp(): string {
  const key = tsKey();
  const app = join(TS_ROOT, 'app');
  if (cached(TS_ROOT, key)) return app;
  log(`npx ${CREATE_STRAPI_APP} --ts (${process.version}); a cold install takes 3 to 8 minutes`);
  run('npx', ['--yes', CREATE_STRAPI_APP, ...CREATE_ARGS], TS_ROOT, 'create-strapi-app --ts');
  cpSync(join(app, 'config', 'plugins.ts'), join(TS_ROOT, 'plugins.created.ts'));
  writeFileSync(join(TS_ROOT, '.installed'), key);
  return app;
}

/** The same app's files, its dependencies installed by pnpm, made once. */
export function pnpmApp(): string {
  const source = tsApp();
  const version = spawnSync(...pnpm(['--version']), { encoding: 'utf8', env: toolEnv() }).stdout.trim();
  const key = sha(tsKey(), 'pnpm', version);
  const app = join(PNPM_ROOT, 'app');
  if (!cached(PNPM_ROOT, key)) installPnpmApp(source, app, version, key);
  // enablePlugin() starts from create-strapi-app's config/plugins.ts, kept beside each app.
  cpSync(join(TS_ROOT, 'plugins.created.ts'), join(PNPM_ROOT, 'plugins.created.ts'));
  return app;
}

function installPnpmApp(source: string, app: string, version: string, key: string): void {
  const skipped = new Set([
    'node_modules',
    'package-lock.json',
    'dist',
    '.tmp',
    '.strapi',
    'src/api',
    MARKER,
  ]);
  cpSync(source, app, {
    recursive: true,
    filter: (path) => !skipped.has(path.slice(source.length + 1)),
  });
  const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
  delete manifest.dependencies['cms-typed-client'];
  writeFileSync(join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  cpSync(join(TS_ROOT, 'plugins.created.ts'), join(app, 'config', 'plugins.ts'));
  // pnpm runs no dependency's build script until the project allows it, and fails the install
  // on one it was not told about. better-sqlite3 must build (Strapi's SQLite driver); the others
  // ship prebuilt binaries as optional dependencies and need no build.
  writeFileSync(
    join(app, 'pnpm-workspace.yaml'),
    [
      'allowBuilds:',
      '  better-sqlite3: true',
      "  '@swc/core': false",
      '  core-js-pure: false',
      '  esbuild: false',
      '',
    ].join('\n'),
  );
  log(`pnpm ${version} install of the create-strapi-app app; a cold install takes 3 to 6 minutes`);
  // Under CI pnpm defaults to --frozen-lockfile, which refuses an app that has no lockfile yet.
  run(...pnpm(['install', '--no-frozen-lockfile', '--reporter=append-only']), app, 'pnpm install');
  writeFileSync(join(PNPM_ROOT, '.installed'), key);
}

/**
 * Installs a cms-typed-client tarball as `npm install <tarball>` / `pnpm add <tarball>` do (saved
 * in `dependencies`, where Strapi discovers plugins), unless that very tarball is installed.
 */
export function installInto(app: string, tarball: string, manager: 'npm' | 'pnpm'): void {
  const key = sha(readFileSync(tarball));
  const marker = join(app, MARKER);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === key) return;
  rmSync(marker, { force: true });
  // A copy under a name of its own: a package manager may cache a tarball by its path.
  const copy = join(dirname(app), `cms-typed-client-${key}.tgz`);
  for (const old of readdirSync(dirname(app)).filter((file) => /^cms-typed-client-.*\.tgz$/.test(file)))
    rmSync(join(dirname(app), old));
  cpSync(tarball, copy);
  if (manager === 'npm')
    npm(['install', '--offline', '--loglevel=error', copy], app, `npm install ${tarball}`);
  else run(...pnpm(['add', '--offline', '--reporter=append-only', copy]), app, `pnpm add ${tarball}`);
  writeFileSync(marker, key);
}

/**
 * config/plugins.ts as create-strapi-app wrote it, with the plugin enabled: the README's
 * TypeScript setup (`export default`), its entry first in the object.
 */
export function enablePlugin(app: string, pluginConfig: Record<string, unknown>): void {
  const created = readFileSync(join(app, '..', 'plugins.created.ts'), 'utf8');
  const opening = 'const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({\n';
  if (!created.includes(opening) || !created.includes('export default config;'))
    throw new Error(`create-strapi-app's config/plugins.ts no longer has ${JSON.stringify(opening)}`);
  const entry = `  'cms-typed-client': {\n    enabled: true,\n    config: ${JSON.stringify(pluginConfig)},\n  },\n`;
  writeFileSync(join(app, 'config', 'plugins.ts'), created.replace(opening, `${opening}${entry}`));
}

/** A collection type of the app's own, in TypeScript as `strapi generate` writes one. */
export function addContentType(app: string, name: string, attributes: Record<string, unknown>): void {
  const base = join(app, 'src', 'api', name);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(join(base, 'content-types', name), { recursive: true });
  const display = name[0]?.toUpperCase() + name.slice(1);
  writeFileSync(
    join(base, 'content-types', name, 'schema.json'),
    `${JSON.stringify(
      {
        kind: 'collectionType',
        collectionName: `${name}s`,
        info: { singularName: name, pluralName: `${name}s`, displayName: display },
        options: { draftAndPublish: true },
        attributes,
      },
      null,
      2,
    )}\n`,
  );
  for (const [folder, factory] of [
    ['controllers', 'createCoreController'],
    ['services', 'createCoreService'],
    ['routes', 'createCoreRouter'],
  ] as const) {
    mkdirSync(join(base, folder), { recursive: true });
    writeFileSync(
      join(base, folder, `${name}.ts`),
      `import { factories } from '@strapi/strapi';\n\nexport default factories.${factory}('api::${name}.${name}');\n`,
    );
  }
}

/**
 * Compiles the app's TypeScript into dist/ with Strapi's compiler, as `strapi build` does before
 * it builds the admin panel. `strapi start` runs dist/ only.
 */
export function compile(app: string): void {
  const script = [
    "const { createRequire } = require('node:module');",
    "const strapi = createRequire(require.resolve('@strapi/strapi/package.json', { paths: [process.cwd()] }));",
    "strapi('@strapi/typescript-utils').compile(process.cwd(), { configOptions: { ignoreDiagnostics: false } })",
    '  .catch((error) => { console.error(error); process.exit(1); });',
  ].join('\n');
  run(process.execPath, ['-e', script], app, `compile ${app}`);
}

export interface BootedApp {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** `strapi start` (what `npm run start` runs) on a free port, once /_health answers. */
export async function boot(app: string, timeout = 120_000): Promise<BootedApp> {
  const started = Date.now();
  const launched = await launchStrapi(app, toolEnv(), { port: await freePort(), timeout });
  log(`strapi start in ${app}: up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    url: launched.url,
    output: launched.output,
    async stop() {
      await launched.stop();
    },
  };
}
