/**
 * Test Strapi apps: a copy of the template (or of LaunchPad's or FoodAdvisor's schemas on the
 * template's config) under .cache/strapi-apps/<name>, sharing the one installed node_modules, and a
 * process handle that boots it on a free loopback port and stops it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  APP_TEMPLATE,
  APPS_DIR,
  DEPS_DIR,
  FOODADVISOR_SCHEMAS,
  LAUNCHPAD_SCHEMAS,
  VALIDATION_SCHEMAS,
} from './paths.ts';

export interface AppOptions {
  /**
   * `kitchen` (every attribute type), `validation` (the kitchen sink plus the content types and
   * components of test/strapi/validation, which hold every rule Strapi 5 validates), or the
   * real schemas of `launchpad` or `foodadvisor`.
   */
  variant?: 'kitchen' | 'validation' | 'launchpad' | 'foodadvisor';
  /** Start from an empty database. @default true */
  fresh?: boolean;
  /** The installed Strapi to run on (test/harness/versions.ts). @default the pinned one */
  depsDir?: string;
}

export interface TestApp {
  name: string;
  dir: string;
}

/** Lays out an app directory. Its database survives across boots unless `fresh`. */
export function createApp(name: string, options: AppOptions = {}): TestApp {
  const dir = join(APPS_DIR, name);
  if (options.fresh !== false) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ['config', 'src', 'public']) {
    rmSync(join(dir, entry), { recursive: true, force: true });
    cpSync(join(APP_TEMPLATE, entry), join(dir, entry), { recursive: true });
  }
  if (options.variant === 'validation')
    cpSync(join(VALIDATION_SCHEMAS, 'src'), join(dir, 'src'), { recursive: true });
  if (options.variant === 'launchpad') installSchemas(dir, LAUNCHPAD_SCHEMAS);
  if (options.variant === 'foodadvisor') installFoodadvisor(dir);
  const depsDir = options.depsDir ?? DEPS_DIR;
  const manifest = JSON.parse(readFileSync(join(depsDir, 'package.json'), 'utf8'));
  delete manifest.overrides;
  const pack = readdirSync(join(depsDir, 'node_modules', 'cms-typed-client')).length > 0;
  if (!pack)
    throw new Error('cms-typed-client is not installed in the test Strapi; run prepareStrapi() first');
  manifest.dependencies['cms-typed-client'] = '*';
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (!existsSync(join(dir, 'node_modules')))
    symlinkSync(join(depsDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { name, dir };
}

/** A real app's content types and components (LaunchPad's, FoodAdvisor's) replace the kitchen-sink ones. */
function installSchemas(dir: string, schemas: string): void {
  rmSync(join(dir, 'src', 'api'), { recursive: true, force: true });
  rmSync(join(dir, 'src', 'components'), { recursive: true, force: true });
  cpSync(join(schemas, 'components'), join(dir, 'src', 'components'), { recursive: true });
  cpSync(join(APP_TEMPLATE, 'src', 'api', 'probe'), join(dir, 'src', 'api', 'probe'), { recursive: true });
  for (const api of readdirSync(join(schemas, 'api'))) {
    for (const type of readdirSync(join(schemas, 'api', api, 'content-types'))) {
      const base = join(dir, 'src', 'api', api);
      cpSync(join(schemas, 'api', api, 'content-types', type), join(base, 'content-types', type), {
        recursive: true,
      });
      const uid = `api::${api}.${type}`;
      for (const [folder, factory] of [
        ['controllers', 'createCoreController'],
        ['services', 'createCoreService'],
        ['routes', 'createCoreRouter'],
      ] as const) {
        mkdirSync(join(base, folder), { recursive: true });
        writeFileSync(
          join(base, folder, `${type}.js`),
          `const { factories } = require('@strapi/strapi');\n\nmodule.exports = factories.${factory}('${uid}');\n`,
        );
      }
    }
  }
  // The kitchen-sink bootstrap seeds kitchen-sink permissions; a real app's schemas only need tokens.
  writeFileSync(join(dir, 'src', 'index.js'), readFileSync(join(APP_TEMPLATE, 'src', 'index.js'), 'utf8'));
}

/** What a real app's schema folder declares: its content types' uids and its components', sorted. */
export function declaredUids(schemas: string): { contentTypes: string[]; components: string[] } {
  const contentTypes = readdirSync(join(schemas, 'api')).flatMap((api) =>
    readdirSync(join(schemas, 'api', api, 'content-types')).map((type) => `api::${api}.${type}`),
  );
  const components = readdirSync(join(schemas, 'components')).flatMap((category) =>
    readdirSync(join(schemas, 'components', category)).map(
      (file) => `${category}.${file.replace(/\.json$/, '')}`,
    ),
  );
  return { contentTypes: contentTypes.sort(), components: components.sort() };
}

/**
 * How the FoodAdvisor suite boots it: registration accepts the `job` its user extension
 * requires (without it no registration can succeed; the version matrix boots it so).
 */
export const FOODADVISOR_ENV = { UP_REGISTER_FIELDS: JSON.stringify(['job']) };

/**
 * FoodAdvisor as its app runs: its schemas, its extension of the users-permissions user, and
 * the server side of the CKEditor plugin its articles use (`plugin::ckeditor.CKEditor`, a
 * custom field stored as `richtext`, as @ckeditor/strapi-plugin-ckeditor registers it), a
 * local plugin here.
 */
function installFoodadvisor(dir: string): void {
  installSchemas(dir, FOODADVISOR_SCHEMAS);
  cpSync(join(FOODADVISOR_SCHEMAS, 'extensions'), join(dir, 'src', 'extensions'), { recursive: true });
  const plugin = join(dir, 'src', 'plugins', 'ckeditor');
  mkdirSync(plugin, { recursive: true });
  writeFileSync(
    join(plugin, 'package.json'),
    `${JSON.stringify({ name: 'ckeditor', version: '0.0.0', strapi: { kind: 'plugin', name: 'ckeditor' } }, null, 2)}\n`,
  );
  writeFileSync(
    join(plugin, 'strapi-server.js'),
    "module.exports = () => ({\n  register({ strapi }) {\n    strapi.customFields.register({ name: 'CKEditor', plugin: 'ckeditor', type: 'richtext' });\n  },\n});\n",
  );
  const plugins = join(dir, 'config', 'plugins.js');
  const config = readFileSync(plugins, 'utf8');
  const opening = 'module.exports = ({ env }) => ({\n';
  if (!config.includes(opening))
    throw new Error(`${plugins} no longer starts its object with ${opening.trim()}`);
  writeFileSync(
    plugins,
    config.replace(opening, `${opening}  ckeditor: { enabled: true, resolve: './src/plugins/ckeditor' },\n`),
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Seed {
  tokens: Record<'readOnly' | 'fullAccess' | 'custom' | 'customNoRead' | 'revoked' | 'expired', string>;
  user: { username: string; email: string; password: string };
  otherUser: { username: string; email: string; password: string };
}

export interface RunningStrapi {
  url: string;
  port: number;
  seed: Seed;
  process: ChildProcess;
  output(): string;
  /** SIGTERM, then resolves with the milliseconds until the process exited. */
  stop(): Promise<number>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  port?: number;
  /** @default 90000 */
  timeout?: number;
  /** Node flags for the Strapi process, e.g. `--expose-gc` for the probe's `/memory`. */
  nodeArgs?: string[];
}

export async function startStrapi(app: TestApp, options: StartOptions = {}): Promise<RunningStrapi> {
  const port = options.port ?? (await freePort());
  const seedFile = join(app.dir, '.tmp', 'seed.json');
  mkdirSync(join(app.dir, '.tmp'), { recursive: true });
  rmSync(seedFile, { force: true });
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...options.env })) {
    if (value !== undefined) env[key] = value;
  }
  Object.assign(env, { CTC_SEED_FILE: seedFile, STRAPI_TELEMETRY_DISABLED: 'true' });
  if (!options.env || !('NODE_ENV' in options.env)) env.NODE_ENV = 'development';
  const launched = await launchStrapi(app.dir, env, {
    port,
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    timeout: options.timeout ?? 90_000,
    ready: () => existsSync(seedFile),
  });
  const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as Seed;
  return { ...launched, port, seed };
}

export interface LaunchedStrapi {
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM (SIGKILL after 15 s), then resolves with the milliseconds until the process exited. */
  stop(): Promise<number>;
}

/**
 * `strapi start` in `dir` on `port` (loopback), resolved once `/_health` answers below 500 and
 * `ready()` holds; a `StrapiBootError` with its output if it exits or `timeout` ms pass first.
 */
export async function launchStrapi(
  dir: string,
  env: NodeJS.ProcessEnv,
  options: { port: number; timeout: number; nodeArgs?: string[]; ready?: () => boolean },
): Promise<LaunchedStrapi> {
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      join(dir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'),
      'start',
    ],
    {
      cwd: dir,
      env: { ...env, HOST: '127.0.0.1', PORT: String(options.port), BROWSER: 'none', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + options.timeout;
  let ready = false;
  while (!ready) {
    if (child.exitCode !== null) throw new StrapiBootError(child.exitCode, output);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new StrapiBootError(null, `${output}\n(timed out waiting for ${url})`);
    }
    try {
      const response = await fetch(`${url}/_health`);
      ready = response.status < 500 && (options.ready?.() ?? true);
    } catch {
      // not listening yet
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return 0;
      const started = Date.now();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      return Date.now() - started;
    },
  };
}

export class StrapiBootError extends Error {
  readonly exitCode: number | null;
  readonly output: string;
  constructor(exitCode: number | null, output: string) {
    super(`Strapi did not start (exit code ${exitCode}):\n${output.slice(-4000)}`);
    this.name = 'StrapiBootError';
    this.exitCode = exitCode;
    this.output = output;
  }
}

/** Runs a boot that is expected to fail and returns its exit code and output. */
export async function bootFailure(app: TestApp, options: StartOptions = {}): Promise<StrapiBootError> {
  try {
    const running = await startStrapi(app, options);
    await running.stop();
  } catch (error) {
    if (error instanceof StrapiBootError) return error;
    throw error;
  }
  throw new Error('Strapi started although the boot was expected to fail');
}
