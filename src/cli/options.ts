/**
 * The one place where `generate`, `watch`, `pull` and `check` learn their settings: argv (typed
 * by the flag tables below), the environment (the shell's, then the project's .env files) and
 * the project config become one fully resolved, typed options object per command. Precedence:
 * flag, then environment, then the project config, then (for the format) the existing output,
 * then the default; a snapshot (`--schema`, or "schema" in the config) reads no URL at all.
 * Nothing downstream asks "was this set?" again.
 */
import { relative, resolve } from 'node:path';
import type { OutputFormat } from '../codegen/output-files.ts';
import { type ImportExtension, isImportExtension } from '../codegen/specifiers.ts';
import { defineFlags, type FlagValues, parseFlags, UsageError } from './args.ts';
import { type LoadedConfig, loadProjectConfig, type ProjectConfig } from './project-config.ts';
import { type Remote, strapiUrl } from './remote.ts';
import type { SnapshotFile } from './snapshot-file.ts';
import { readMeta, resolveOutput } from './writer.ts';

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
    description:
      'js: compiled .js plus .d.ts; ts: raw .ts files (default: the config, else the existing output, else js)',
  },
  force: {
    type: 'boolean',
    description:
      'Regenerate even when the schema hash is unchanged, and replace files in the output folder that cms-types did not write',
  },
  'import-extension': {
    type: 'string',
    value: 'ts|js|none',
    description:
      "With --format ts: the imports' extension ('./types.ts', './types.js', './types'); default: the config, else from tsconfig.json",
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
    description:
      "File to save Strapi's schema payload in, e.g. cms-schema.json (required, here or in the config); commit it",
  },
  force: {
    type: 'boolean',
    description: 'Replace a --schema file that is not a schema snapshot (cms-types pull wrote none there)',
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
  /** The .env file each variable not set in the shell came from (src/cli/env-files.ts). */
  envFiles?: Readonly<Record<string, string>>;
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
  /** Where the format came from, as messages name it (`--format`, the config, the existing output). */
  formatSource: string;
  /** `--force`: regenerate even when the schema hash is unchanged. */
  force: boolean;
  /** `--force`: replace files in the output folder that no generation wrote. */
  takeOver: boolean;
  /** The project root (folder of package.json): the tsconfig.json lookup stops there. */
  projectRoot: string;
  /**
   * `--import-extension` or the config's `importExtension`; without it `--format ts` reads the
   * nearest tsconfig.json (importChoice).
   */
  importExtension?: ImportExtension;
  /** Where importExtension came from (`--import-extension`, the config). */
  importExtensionSource?: string;
  /** Lines to show on stderr before running: what was made of a URL (a trailing /api dropped). */
  notices: string[];
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
  /** Lines to show on stderr before running (see GenerateOptions.notices). */
  notices: string[];
}

/** The settings of `pull`. */
export interface PullOptions {
  remote: Remote;
  snapshot: SnapshotFile;
  /** `--force`: replace a file at the snapshot's path that is not a snapshot. */
  takeOver: boolean;
  /** Lines to show on stderr before running (see GenerateOptions.notices). */
  notices: string[];
}

/** Where a setting's value came from. */
export type Source = 'flag' | 'env' | 'config' | 'output' | 'default';

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
  env: { name: string; context: ResolveContext } | undefined,
  config: { key: keyof ProjectConfig; loaded: LoadedConfig } | undefined,
): Setting<string> | undefined {
  if (flag.value !== undefined) return { value: flag.value, source: 'flag', label: `--${flag.name}` };
  const fromEnv = env?.context.env[env.name];
  if (env && fromEnv !== undefined && fromEnv !== '') {
    const file = env.context.envFiles?.[env.name];
    return { value: fromEnv, source: 'env', label: file ? `${env.name} (from ${file})` : env.name };
  }
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
  return pick({ name: 'url', value: flag }, { name: ENV.url, context }, { key: 'url', loaded });
}

/** The output setting: --output (relative to the working directory), then the config (relative to its package.json). */
export function outputSetting(flag: string | undefined, loaded: LoadedConfig): Setting<string> | undefined {
  return pick({ name: 'output', value: flag }, undefined, { key: 'output', loaded });
}

/**
 * The format setting: --format, then the config, then the format of the output already in the
 * folder (`existing`, so that a plain generate never switches it), then `js`; anything but js
 * or ts is refused.
 */
export function formatSetting(
  flag: string | undefined,
  loaded: LoadedConfig,
  existing?: { format: OutputFormat; label: string },
): Setting<OutputFormat> {
  const picked = pick({ name: 'format', value: flag }, undefined, { key: 'format', loaded }) ??
    (existing
      ? { value: existing.format, source: 'output', label: `the existing output in ${existing.label}` }
      : undefined) ?? {
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
  return pick({ name: 'token', value: flag }, { name: ENV.token, context }, undefined)?.value;
}

/**
 * The import extension of `--format ts`: --import-extension, then the config's
 * `importExtension` (which a js format ignores); anything but ts, js or none is refused.
 */
export function importExtensionSetting(
  flag: string | undefined,
  loaded: LoadedConfig,
  format: OutputFormat,
): Setting<ImportExtension> | undefined {
  const picked = pick({ name: 'import-extension', value: flag }, undefined, {
    key: 'importExtension',
    loaded,
  });
  if (!picked) return undefined;
  if (!isImportExtension(picked.value))
    throw new UsageError(`${picked.label} must be ts, js or none, got '${picked.value}'`);
  if (format !== 'ts') {
    if (picked.source === 'flag')
      throw new UsageError(
        '--import-extension applies to --format ts only (the js format imports real .js files)',
      );
    return undefined;
  }
  return { ...picked, value: picked.value };
}

/** The snapshot file: --schema (relative to the working directory), then the config's `schema` (to its package.json). */
function snapshotSetting(
  flag: string | undefined,
  context: ResolveContext,
  loaded: LoadedConfig,
): SnapshotFile | undefined {
  if (flag !== undefined) return snapshotFile(flag, context);
  const configured = loaded.config.schema;
  if (configured === undefined) return undefined;
  const path = resolve(loaded.root, configured);
  return { path, label: relative(context.cwd, path) || configured };
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

/** The remote of a URL setting; a note about the URL (a trailing /api dropped) goes to `notices`. */
function remoteOf(
  url: Setting<string>,
  token: string | undefined,
  context: ResolveContext,
  notices: string[],
): Remote {
  const parsed = strapiUrl(url.value, url.label);
  if (parsed.note) notices.push(parsed.note);
  return {
    url: parsed.url,
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
  // A snapshot: --schema, or the config's "schema" unless --url asks for the live schema (watch is always live).
  const snapshot =
    command === 'generate' && flags.url === undefined
      ? snapshotSetting(flags.schema, context, loaded)
      : undefined;
  const url = snapshot === undefined ? urlSetting(flags.url, context, loaded) : undefined;
  if (!url && snapshot === undefined)
    throw new UsageError(
      `cms-types ${command} needs --url <url> (or CMS_URL), e.g. --url http://localhost:1337` +
        (command === 'generate' ? ', or --schema <file> to generate from a snapshot' : ''),
    );
  const output = outputSetting(flags.output, loaded);
  if (!output)
    throw new UsageError(
      `cms-types ${command} needs --output <dir>, a folder inside your project, e.g. --output src/cms`,
    );
  const folder = outputFolder(output, context, loaded);
  const existing = readMeta(folder.dir)?.format;
  const format = formatSetting(
    flags.format,
    loaded,
    existing === 'js' || existing === 'ts' ? { format: existing, label: folder.label } : undefined,
  );
  const importExtension = importExtensionSetting(flags['import-extension'], loaded, format.value);
  const notices: string[] = [];
  const source: SchemaSource = url
    ? { kind: 'server', remote: remoteOf(url, tokenSetting(flags.token, context), context, notices) }
    : { kind: 'snapshot', snapshot: snapshot ?? snapshotFile(flags.schema ?? '', context) };
  return {
    source,
    outputDir: folder.dir,
    outputLabel: folder.label,
    format: format.value,
    formatSource: format.label,
    force: flags.force === true,
    takeOver: flags.force === true,
    json: flags.json === true,
    projectRoot: folder.root,
    notices,
    ...(importExtension === undefined
      ? {}
      : { importExtension: importExtension.value, importExtensionSource: importExtension.label }),
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
  const snapshot = snapshotSetting(flags.schema, context, loaded);
  // With a snapshot in the config, its "url" is pull's: check asks a server only when told to.
  const { url: _pulls, ...withoutUrl } = loaded.config;
  const url =
    loaded.config.schema !== undefined && flags.schema === undefined
      ? urlSetting(flags.url, context, { ...loaded, config: withoutUrl })
      : urlSetting(flags.url, context, loaded);
  const notices: string[] = [];
  return {
    outputDir: folder.dir,
    outputLabel: folder.label,
    remote: url ? remoteOf(url, tokenSetting(flags.token, context), context, notices) : undefined,
    snapshot,
    strict: flags.strict === true,
    json: flags.json === true,
    notices,
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
  const snapshot = snapshotSetting(flags.schema, context, loaded);
  if (snapshot === undefined)
    throw new UsageError(
      'cms-types pull needs --schema <file>, the snapshot to write, e.g. --schema cms-schema.json',
    );
  const notices: string[] = [];
  return {
    remote: remoteOf(url, tokenSetting(flags.token, context), context, notices),
    snapshot,
    takeOver: flags.force === true,
    notices,
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
