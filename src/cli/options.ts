/**
 * The one place where `generate`, `watch`, `pull` and `check` learn their settings: argv (typed
 * by the flag tables below), the environment and the project config become one fully resolved,
 * typed options object per command. Precedence: flag, then environment, then the project
 * config, then the default; `generate --schema <file>` reads no URL at all. Nothing downstream
 * asks "was this set?" again.
 */
import { relative, resolve } from 'node:path';
import type { OutputFormat } from '../codegen/generate.ts';
import { type ImportExtension, isImportExtension } from '../codegen/specifiers.ts';
import { defineFlags, type FlagValues, parseFlags, UsageError } from './args.ts';
import { type LoadedConfig, loadProjectConfig, type ProjectConfig } from './project-config.ts';
import { normalizeUrl, type Remote } from './remote.ts';
import type { SnapshotFile } from './snapshot.ts';
import { resolveOutput } from './writer.ts';

/** Flags of `watch` (and of `generate`, which adds `--schema`). */
export const WATCH_FLAGS = defineFlags({
  url: {
    type: 'string',
    value: '<url>',
    description: 'Strapi address, e.g. http://localhost:1337 (or CMS_URL)',
  },
  output: {
    type: 'string',
    value: '<dir>',
    description: 'Folder inside this project for the generated files (required, here or in the config)',
  },
  token: {
    type: 'string',
    value: '<token>',
    description: 'API token; prefer the CMS_TOKEN variable, which stays out of shell history',
  },
  format: {
    type: 'string',
    value: 'js|ts',
    description: 'js: compiled .js plus .d.ts (default); ts: raw .ts files',
  },
  force: { type: 'boolean', description: 'Regenerate even when the schema hash is unchanged' },
  'import-extension': {
    type: 'string',
    value: 'ts|js|none',
    description:
      "With --format ts: the imports' extension ('./types.ts', './types.js', './types'); default: from tsconfig.json",
  },
  json: {
    type: 'boolean',
    description: 'Print the result and the schema changes as JSON on stdout (one line per generation)',
  },
});

/** The `--schema` flag of `generate`, `pull` and `check`. */
const SCHEMA_FLAG = {
  type: 'string',
  value: '<file>',
  description: 'Schema snapshot file (written by cms-types pull): generate from it, without Strapi',
} as const;

/** Flags of `generate`: those of `watch`, and `--schema` to generate offline from a snapshot. */
export const GENERATE_FLAGS = defineFlags({ ...WATCH_FLAGS, schema: SCHEMA_FLAG });

/** Flags of `pull`. */
export const PULL_FLAGS = defineFlags({
  url: WATCH_FLAGS.url,
  token: WATCH_FLAGS.token,
  schema: {
    type: 'string',
    value: '<file>',
    description: "File to save Strapi's schema payload in, e.g. cms-schema.json (required); commit it",
  },
});

/** Flags of `check`. */
export const CHECK_FLAGS = defineFlags({
  output: {
    type: 'string',
    value: '<dir>',
    description: 'Folder of the generated files (required, here or in the config)',
  },
  url: {
    type: 'string',
    value: '<url>',
    description: "Also compare the stored hash with this Strapi's (or CMS_URL)",
  },
  token: { type: 'string', value: '<token>', description: 'API token for --url; prefer CMS_TOKEN' },
  schema: {
    type: 'string',
    value: '<file>',
    description: 'Also check that the output was generated from this schema snapshot',
  },
  strict: { type: 'boolean', description: 'Exit non-zero (5) when anything is out of date' },
  json: { type: 'boolean', description: 'Print the findings as a JSON report (for CI annotations)' },
});

export type GenerateFlags = FlagValues<typeof GENERATE_FLAGS>;
export type WatchFlags = FlagValues<typeof WATCH_FLAGS>;
export type PullFlags = FlagValues<typeof PULL_FLAGS>;
export type CheckFlags = FlagValues<typeof CHECK_FLAGS>;

/** The environment variables the resolver reads. */
export const ENV = {
  url: 'CMS_URL',
  token: 'CMS_TOKEN',
  /** Undocumented tuning for tests and slow proxies: milliseconds of silence before a reconnect. */
  watchIdle: 'CMS_TYPES_WATCH_IDLE_MS',
} as const;

/** What resolving needs from the command's context. */
export interface ResolveContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Cancels every request (Ctrl-C); passed on to the remote. */
  signal?: AbortSignal;
}

/** Where a generation gets the schema: a running Strapi, or a snapshot file (offline). */
export type SchemaSource = ServerSource | SnapshotSource;
export interface ServerSource {
  kind: 'server';
  remote: Remote;
}
export interface SnapshotSource {
  kind: 'snapshot';
  snapshot: SnapshotFile;
}

/** The settings of one `generate` run (and of each regeneration in `watch`). */
export interface GenerateOptions {
  source: SchemaSource;
  /** Absolute output folder, inside the project. */
  outputDir: string;
  /** The output folder as messages show it, relative to the working directory. */
  outputLabel: string;
  format: OutputFormat;
  force: boolean;
  /** The project root (folder of package.json): the tsconfig.json lookup stops there. */
  projectRoot: string;
  /** `--import-extension`; without it `--format ts` reads the nearest tsconfig.json (importChoice). */
  importExtension?: ImportExtension;
  /** `--json`: the result and the schema changes as one JSON line on stdout; messages go to stderr. */
  json: boolean;
}

/** A generation from a running Strapi (what `watch` runs). */
export type LiveGenerateOptions = GenerateOptions & { source: ServerSource };

/** `watch`'s tuning of the event stream: when to reconnect, and how fast. */
export interface WatchOptions {
  /**
   * A stream quiet for this long is reconnected. @default three heartbeats as the server's
   * `X-Heartbeat-Interval` header names them, else 45000 (three of the plugin's default)
   */
  idleTimeout?: number;
  /** First reconnect delay; doubles up to maxBackoff. @default 250 */
  initialBackoff?: number;
  /** @default 5000 */
  maxBackoff?: number;
  /**
   * For this long after a drop, reconnect every `initialBackoff` (a restart takes seconds, and
   * the regeneration should follow Strapi's return closely); then back off. @default 60000
   */
  fastRetryWindow?: number;
}

/** `watch`: a generation's settings, plus the stream's tuning. */
export interface WatchCommandOptions {
  generate: LiveGenerateOptions;
  watch: WatchOptions;
}

/** The settings of `check`. */
export interface CheckOptions {
  outputDir: string;
  outputLabel: string;
  /** Where to compare the stored hash; undefined without --url, CMS_URL or a configured url. */
  remote: Remote | undefined;
  /** `--schema`: the snapshot the output must have been generated from. */
  snapshot: SnapshotFile | undefined;
  strict: boolean;
  /** `--json`: print the report as JSON instead of messages. */
  json: boolean;
}

/** The settings of `pull`. */
export interface PullOptions {
  remote: Remote;
  snapshot: SnapshotFile;
}

/** Where a setting's value came from. */
export type Source = 'flag' | 'env' | 'config' | 'default';

/** A setting's value with its source, and the name messages give that source. */
export interface Setting<T> {
  value: T;
  source: Source;
  /** `--url`, `CMS_URL`, `"cms-types".url in /app/package.json`, ... */
  label: string;
}

/** The first of flag, environment variable, config key that is set. */
function pick(
  flag: { name: string; value: string | undefined },
  env: { name: string; value: string | undefined } | undefined,
  config: { key: keyof ProjectConfig; loaded: LoadedConfig } | undefined,
): Setting<string> | undefined {
  if (flag.value !== undefined) return { value: flag.value, source: 'flag', label: `--${flag.name}` };
  if (env?.value !== undefined && env.value !== '')
    return { value: env.value, source: 'env', label: env.name };
  const fromConfig = config?.loaded.config[config.key];
  if (config && fromConfig !== undefined)
    return { value: fromConfig, source: 'config', label: config.loaded.label(config.key) };
  return undefined;
}

/** The URL setting: --url, CMS_URL, then the config. */
export function urlSetting(
  flag: string | undefined,
  context: ResolveContext,
  loaded: LoadedConfig,
): Setting<string> | undefined {
  return pick(
    { name: 'url', value: flag },
    { name: ENV.url, value: context.env[ENV.url] },
    { key: 'url', loaded },
  );
}

/** The output setting: --output (relative to the working directory), then the config (relative to its package.json). */
export function outputSetting(flag: string | undefined, loaded: LoadedConfig): Setting<string> | undefined {
  return pick({ name: 'output', value: flag }, undefined, { key: 'output', loaded });
}

/** The format setting: --format, then the config, then `js`; anything but js or ts is refused. */
export function formatSetting(flag: string | undefined, loaded: LoadedConfig): Setting<OutputFormat> {
  const picked = pick({ name: 'format', value: flag }, undefined, { key: 'format', loaded }) ?? {
    value: 'js',
    source: 'default',
    label: 'the default',
  };
  const { value } = picked;
  if (value !== 'js' && value !== 'ts')
    throw new UsageError(`${picked.label} must be js or ts, got '${value}'`);
  return { ...picked, value };
}

/** The token: --token, then CMS_TOKEN (never the config: package.json is committed). */
export function tokenSetting(flag: string | undefined, context: ResolveContext): string | undefined {
  return pick({ name: 'token', value: flag }, { name: ENV.token, value: context.env[ENV.token] }, undefined)
    ?.value;
}

/** Resolves an output setting to its folder, a usage error when it lies outside the project. */
function outputFolder(
  output: Setting<string>,
  context: ResolveContext,
  loaded: LoadedConfig,
): { dir: string; root: string; label: string } {
  try {
    const base = output.source === 'config' ? loaded.root : context.cwd;
    const { dir, root } = resolveOutput(output.value, base, output.label);
    return { dir, root, label: relative(context.cwd, dir) || '.' };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function remoteOf(url: Setting<string>, token: string | undefined, context: ResolveContext): Remote {
  return {
    url: normalizeUrl(url.value, url.label),
    token,
    ...(context.signal ? { signal: context.signal } : {}),
  };
}

/** A `--schema` flag's file, resolved against the working directory. */
function snapshotFile(flag: string, context: ResolveContext): SnapshotFile {
  return { path: resolve(context.cwd, flag), label: flag };
}

/** `generate` (and `watch`, named by `command` in messages) from parsed flags. */
export function generateOptions(
  flags: GenerateFlags,
  context: ResolveContext,
  command: 'generate' | 'watch' = 'generate',
  loaded: LoadedConfig = loadProjectConfig(context.cwd),
): GenerateOptions {
  if (flags.schema !== undefined && flags.url !== undefined)
    throw new UsageError(
      `give --url or --schema, not both: --schema generates from the snapshot without Strapi; to refresh the snapshot from Strapi run cms-types pull --url ${flags.url} --schema ${flags.schema}`,
    );
  const url = flags.schema === undefined ? urlSetting(flags.url, context, loaded) : undefined;
  if (!url && flags.schema === undefined)
    throw new UsageError(
      `cms-types ${command} needs --url <url> (or CMS_URL), e.g. --url http://localhost:1337` +
        (command === 'generate' ? ', or --schema <file> to generate from a snapshot' : ''),
    );
  const output = outputSetting(flags.output, loaded);
  if (!output)
    throw new UsageError(
      `cms-types ${command} needs --output <dir>, a folder inside your project, e.g. --output src/cms`,
    );
  const format = formatSetting(flags.format, loaded).value;
  const folder = outputFolder(output, context, loaded);
  const importExtension = flags['import-extension'];
  if (importExtension !== undefined) {
    if (!isImportExtension(importExtension))
      throw new UsageError(`--import-extension must be ts, js or none, got '${importExtension}'`);
    if (format !== 'ts')
      throw new UsageError(
        '--import-extension applies to --format ts only (the js format imports real .js files)',
      );
  }
  const source: SchemaSource = url
    ? { kind: 'server', remote: remoteOf(url, tokenSetting(flags.token, context), context) }
    : { kind: 'snapshot', snapshot: snapshotFile(flags.schema ?? '', context) };
  return {
    source,
    outputDir: folder.dir,
    outputLabel: folder.label,
    format,
    force: flags.force === true,
    json: flags.json === true,
    projectRoot: folder.root,
    ...(importExtension === undefined ? {} : { importExtension }),
  };
}

/** `watch` from parsed flags: a generation's options plus the idle timeout CMS_TYPES_WATCH_IDLE_MS may set. */
export function watchOptions(
  flags: WatchFlags,
  context: ResolveContext,
  loaded: LoadedConfig = loadProjectConfig(context.cwd),
): WatchCommandOptions {
  const resolved = generateOptions(flags, context, 'watch', loaded);
  // Without --schema (not a watch flag) the source is always the server.
  if (resolved.source.kind !== 'server') throw new Error('watch resolved a snapshot source');
  const generate = { ...resolved, source: resolved.source };
  const raw = context.env[ENV.watchIdle];
  if (raw === undefined || raw === '') return { generate, watch: {} };
  const idle = Number(raw);
  if (!Number.isInteger(idle) || idle <= 0)
    throw new UsageError(`${ENV.watchIdle} must be a whole number of milliseconds above 0, got '${raw}'`);
  return { generate, watch: { idleTimeout: idle } };
}

/** `check` from parsed flags. */
export function checkOptions(
  flags: CheckFlags,
  context: ResolveContext,
  loaded: LoadedConfig = loadProjectConfig(context.cwd),
): CheckOptions {
  const output = outputSetting(flags.output, loaded);
  if (!output) throw new UsageError('cms-types check needs --output <dir>, the folder you generate into');
  const folder = outputFolder(output, context, loaded);
  const url = urlSetting(flags.url, context, loaded);
  return {
    outputDir: folder.dir,
    outputLabel: folder.label,
    remote: url ? remoteOf(url, tokenSetting(flags.token, context), context) : undefined,
    snapshot: flags.schema === undefined ? undefined : snapshotFile(flags.schema, context),
    strict: flags.strict === true,
    json: flags.json === true,
  };
}

/** `pull` from parsed flags. */
export function pullOptions(
  flags: PullFlags,
  context: ResolveContext,
  loaded: LoadedConfig = loadProjectConfig(context.cwd),
): PullOptions {
  const url = urlSetting(flags.url, context, loaded);
  if (!url)
    throw new UsageError('cms-types pull needs --url <url> (or CMS_URL), e.g. --url http://localhost:1337');
  if (flags.schema === undefined)
    throw new UsageError(
      'cms-types pull needs --schema <file>, the snapshot to write, e.g. --schema cms-schema.json',
    );
  return {
    remote: remoteOf(url, tokenSetting(flags.token, context), context),
    snapshot: snapshotFile(flags.schema, context),
  };
}

/** `cms-types generate <argv>` resolved. */
export function resolveGenerate(argv: readonly string[], context: ResolveContext): GenerateOptions {
  return generateOptions(parseFlags(argv, GENERATE_FLAGS, 'generate'), context, 'generate');
}

/** `cms-types watch <argv>` resolved. */
export function resolveWatch(argv: readonly string[], context: ResolveContext): WatchCommandOptions {
  return watchOptions(parseFlags(argv, WATCH_FLAGS, 'watch'), context);
}

/** `cms-types pull <argv>` resolved. */
export function resolvePull(argv: readonly string[], context: ResolveContext): PullOptions {
  return pullOptions(parseFlags(argv, PULL_FLAGS, 'pull'), context);
}

/** `cms-types check <argv>` resolved. */
export function resolveCheck(argv: readonly string[], context: ResolveContext): CheckOptions {
  return checkOptions(parseFlags(argv, CHECK_FLAGS, 'check'), context);
}
