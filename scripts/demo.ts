/**
 * `npm run demo`: the whole product in one run, on the bundled example Strapi app.
 *
 * 1. Builds this package if `dist/` is missing or older than `src/`.
 * 2. Installs the example Strapi app's dependencies (first run only, shared with the test suite
 *    under .cache/strapi-deps) and this package into it from `npm pack`.
 * 3. Boots examples/strapi (SQLite, seeded with articles, authors, categories and images; the
 *    plugin enabled with `requireAuth`) under .cache/strapi-apps/demo; its database and uploads
 *    are kept between runs.
 * 4. Runs `cms-types generate` with the read-only API token into examples/node/src/cms,
 *    type-checks examples/node with `tsc`, and runs its script with the full-access token.
 * 5. Stops Strapi, or with `--keep` leaves it running and prints its URL and tokens.
 *
 * `--fresh` starts from an empty database.
 *
 * The functions are exported for the example tests, which boot the same app.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { type RunningStrapi, startStrapi, type TestApp } from '../test/harness/app.ts';
import { APP_TEMPLATE, APPS_DIR, DEPS_DIR, ROOT } from '../test/harness/paths.ts';

/** The bundled example Strapi app (config, src, public). */
export const DEMO_APP_SOURCE = join(ROOT, 'examples', 'strapi');
export const NODE_EXAMPLE = join(ROOT, 'examples', 'node');
const CLI = join(ROOT, 'bin', 'cms-types.js');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

export interface DemoTokens {
  /** Reads content and the schema: what `cms-types generate` needs. */
  readOnly: string;
  /** Creates, updates and deletes content. */
  fullAccess: string;
}

export interface DemoStrapi extends RunningStrapi {
  tokens: DemoTokens;
}

/** Where a step's progress goes: the demo prints to stdout, the tests collect it. */
export type Log = (line: string) => void;

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command; resolves with its exit code and output (both streams, in order). */
function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; inherit?: boolean } = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      stdio: options.inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Newest modification time of the files below `path`. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** True when dist/ is missing or older than the sources it is built from. */
export function buildIsStale(): boolean {
  const outputs = ['dist/cli/main.js', 'dist/server/index.js', 'dist/runtime/js/index.js'].map((file) =>
    join(ROOT, file),
  );
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return (
    Math.max(
      newest(join(ROOT, 'src')),
      newest(join(ROOT, 'scripts', 'build.ts')),
      newest(join(ROOT, 'scripts', 'runtime-build.ts')),
    ) > built
  );
}

/** Builds dist/ (the plugin, the CLI, the runtime) when it is stale. */
export async function ensureBuilt(log: Log): Promise<void> {
  if (!buildIsStale()) return;
  const started = Date.now();
  const result = await run(process.execPath, ['scripts/build.ts']);
  if (result.code !== 0) throw new Error(`npm run build failed:\n${result.output}`);
  log(`Built cms-typed-client (${seconds(started)})`);
}

/**
 * True when the harness would reuse the installed Strapi: the same key it writes after an
 * install (the template's package.json and lockfile, and the Node version).
 */
export function strapiDepsInstalled(): boolean {
  const marker = join(DEPS_DIR, '.installed');
  if (!existsSync(marker) || !existsSync(join(DEPS_DIR, 'node_modules'))) return false;
  const lock = join(APP_TEMPLATE, 'package-lock.json');
  const key = createHash('sha256')
    .update(readFileSync(join(APP_TEMPLATE, 'package.json')))
    .update(existsSync(lock) ? readFileSync(lock) : Buffer.alloc(0))
    .update(process.version)
    .digest('hex')
    .slice(0, 16);
  return readFileSync(marker, 'utf8') === key;
}

/**
 * Installs Strapi's dependencies (first run only) and this package from `npm pack`, in a child
 * process so a progress line can tick meanwhile: in place on a terminal, every 30 s elsewhere.
 */
export async function ensureStrapiInstalled(log: Log): Promise<void> {
  const cold = !strapiDepsInstalled();
  const label = cold
    ? 'Installing the example Strapi app (first run only, 4 to 6 minutes)'
    : 'Installing this package into the example Strapi app (npm pack)';
  const started = Date.now();
  const tty = process.stdout.isTTY === true && log === stdoutLog;
  const elapsed = () => {
    const total = Math.round((Date.now() - started) / 1000);
    return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
  };
  if (tty) process.stdout.write(`${label}... `);
  else log(`${label}...`);
  const timer = setInterval(
    () => {
      if (tty) process.stdout.write(`\r${label}... ${elapsed()}\x1b[K`);
      else log(`${label}... ${elapsed()}`);
    },
    tty ? 1000 : 30_000,
  );
  const prepare = new URL('../test/harness/prepare.ts', import.meta.url).href;
  try {
    const result = await run(process.execPath, [
      '--input-type=module',
      '-e',
      `import { prepareStrapi } from ${JSON.stringify(prepare)}; prepareStrapi();`,
    ]);
    if (result.code !== 0) throw new Error(`${label} failed:\n${result.output}`);
  } finally {
    clearInterval(timer);
  }
  if (tty) process.stdout.write(`\r${label}: done (${seconds(started)})\x1b[K\n`);
  else log(`${label}: done (${seconds(started)})`);
}

/**
 * Lays out the example app under .cache/strapi-apps/<name>: config and src copied fresh from
 * examples/strapi, public merged (uploaded files stay), the installed node_modules linked. The
 * database and uploads survive across boots unless `fresh`. `root` puts it elsewhere: `strapi
 * build` takes the first tsconfig.json above the app for the app's own (Strapi 5.54 looks upward
 * with TypeScript's `findConfigFile`), so an app whose admin is built must live outside this
 * repository.
 */
export function createDemoApp(name = 'demo', options: { fresh?: boolean; root?: string } = {}): TestApp {
  const dir = join(options.root ?? APPS_DIR, name);
  if (options.fresh) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ['config', 'src']) {
    rmSync(join(dir, entry), { recursive: true, force: true });
    cpSync(join(DEMO_APP_SOURCE, entry), join(dir, entry), { recursive: true });
  }
  cpSync(join(DEMO_APP_SOURCE, 'public'), join(dir, 'public'), { recursive: true });
  const template = JSON.parse(readFileSync(join(APP_TEMPLATE, 'package.json'), 'utf8'));
  const manifest = {
    ...template,
    name: 'cms-typed-client-demo',
    description: 'The example Strapi 5 app of `npm run demo` (laid out from examples/strapi)',
    dependencies: { ...template.dependencies, 'cms-typed-client': '*' },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (!existsSync(join(dir, 'node_modules')))
    symlinkSync(join(DEPS_DIR, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { name, dir };
}

/** Resolves with `port` when it is free on the loopback interface, otherwise with a free one. */
function preferredPort(port: number): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => {
      const fallback = createServer();
      fallback.unref();
      fallback.listen(0, '127.0.0.1', () => {
        const address = fallback.address();
        fallback.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
  });
}

/** Boots the example app (`env` over this process's: e.g. CTC_WEBHOOK_URL); resolves once it answers and has written its tokens. */
export async function startDemoStrapi(
  app: TestApp,
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<DemoStrapi> {
  const strapi = await startStrapi(app, {
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  const tokens = strapi.seed.tokens as Partial<Record<string, string>>;
  if (!tokens.readOnly || !tokens.fullAccess)
    throw new Error(`the example Strapi app wrote no API tokens:\n${strapi.output().slice(-2000)}`);
  return Object.assign(strapi, { tokens: { readOnly: tokens.readOnly, fullAccess: tokens.fullAccess } });
}

/** Runs `cms-types generate` (the built CLI) in `project`; returns the line it printed. */
export async function generateInto(
  project: string,
  options: { url: string; token: string; output: string; format: 'js' | 'ts' },
): Promise<string> {
  const env = { ...process.env, CMS_TOKEN: options.token, CMS_URL: undefined, NO_COLOR: '1' };
  // --force: the demo always writes, so the example shows what this checkout's generator makes
  // (an unchanged schema would otherwise keep files from an older build of the same version).
  const args = [
    'generate',
    '--url',
    options.url,
    '--output',
    options.output,
    '--format',
    options.format,
    '--force',
  ];
  const result = await run(process.execPath, [CLI, ...args], { cwd: project, env });
  if (result.code !== 0)
    throw new Error(`cms-types generate failed (exit ${result.code}):\n${result.output}`);
  return result.output.trim();
}

/** Type-checks a project with the repository's TypeScript; throws with the diagnostics. */
export async function typecheck(project: string): Promise<void> {
  const result = await run(process.execPath, [TSC, '-p', join(project, 'tsconfig.json')]);
  if (result.code !== 0) throw new Error(`tsc -p ${relative(ROOT, project)} failed:\n${result.output}`);
}

const stdoutLog: Log = (line) => process.stdout.write(`${line}\n`);

const HELP = `Usage: npm run demo [-- [--keep] [--fresh]]

Boots the bundled example Strapi 5 app (examples/strapi), generates the typed client into
examples/node/src/cms, type-checks examples/node and runs its script, then stops Strapi.

  --keep    leave Strapi running (on port 1337 when free) and print its URL and API tokens
  --fresh   start from an empty database (the seed runs again)
  --help    show this help
`;

async function main(argv: string[]): Promise<number> {
  const [major] = process.versions.node.split('.').map(Number);
  if ((major ?? 0) < 22) {
    process.stderr.write(`The demo needs Node.js 22 or later; this is ${process.version}.\n`);
    return 1;
  }
  let keep = false;
  let fresh = false;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        keep: { type: 'boolean' },
        fresh: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    keep = values.keep === true;
    fresh = values.fresh === true;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }

  const log = stdoutLog;
  const started = Date.now();
  log('cms-typed-client demo: a Strapi 5 app, its generated types and a typed client\n');
  await ensureBuilt(log);
  await ensureStrapiInstalled(log);

  const app = createDemoApp('demo', { fresh });
  const booting = Date.now();
  log('Starting the example Strapi app (examples/strapi, SQLite)...');
  const strapi = await startDemoStrapi(app, keep ? { port: await preferredPort(1337) } : {});
  log(`Strapi is up at ${strapi.url} (${seconds(booting)})`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await strapi.stop();
  };
  process.once('SIGINT', () => {
    log('\nStopping Strapi...');
    void stop().then(() => process.exit(130));
  });

  try {
    const output = 'src/cms';
    log(
      `\n$ cms-types generate --url ${strapi.url} --output ${output}   (in examples/node, read-only token)`,
    );
    log(
      await generateInto(NODE_EXAMPLE, {
        url: strapi.url,
        token: strapi.tokens.readOnly,
        output,
        format: 'js',
      }),
    );
    log('\n$ tsc -p examples/node   (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess)');
    await typecheck(NODE_EXAMPLE);
    log('No type errors.');
    log('\n$ node examples/node/src/main.ts   (full-access token)\n');
    const example = await run(process.execPath, [join(NODE_EXAMPLE, 'src', 'main.ts')], {
      env: { ...process.env, CMS_URL: strapi.url, CMS_TOKEN: strapi.tokens.fullAccess },
      inherit: true,
    });
    if (example.code !== 0) throw new Error(`examples/node/src/main.ts exited with ${example.code}`);
  } catch (error) {
    await stop();
    throw error;
  }

  if (!keep) {
    await stop();
    log(`\nStopped Strapi. The demo took ${seconds(started)}; \`npm run demo -- --keep\` leaves it running.`);
    return 0;
  }
  log(
    [
      '',
      `Strapi is still running at ${strapi.url}`,
      `  read-only API token:   ${strapi.tokens.readOnly}`,
      `  full-access API token: ${strapi.tokens.fullAccess}`,
      '',
      'Try it:',
      `  curl -H "Authorization: Bearer ${strapi.tokens.readOnly}" ${strapi.url}/api/articles`,
      `  CMS_URL=${strapi.url} CMS_TOKEN=${strapi.tokens.fullAccess} node examples/node/src/main.ts`,
      '',
      'Press Ctrl-C to stop it.',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => strapi.process.once('exit', () => resolve()));
  return 0;
}

if (import.meta.main) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`\nThe demo failed: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
