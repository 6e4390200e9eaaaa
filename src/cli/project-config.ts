/**
 * The project config: a `"cms-types"` object in the project's package.json (the nearest one
 * from the working directory upwards), so that `cms-types generate` needs no flags at all.
 * `cms-types init` writes it from its answers:
 *
 *     "cms-types": { "url": "http://localhost:1337", "output": "src/cms", "format": "ts",
 *                    "importExtension": "js", "schema": "cms-schema.json" }
 *
 * Flags and environment variables win over it. The API token has no place here (package.json
 * is committed): it comes from CMS_TOKEN or --token only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closest, UsageError } from './args.ts';
import { findProjectRoot } from './writer.ts';

/** The key of package.json the config lives under. */
export const CONFIG_KEY = 'cms-types';

/** The settings a project may keep in package.json; each is optional. */
export interface ProjectConfig {
  /** Strapi's address, like `--url`. */
  url?: string;
  /** The output folder, relative to the package.json that names it, like `--output`. */
  output?: string;
  /** `js` or `ts`, like `--format`. */
  format?: string;
  /** `ts`, `js` or `none`, like `--import-extension` (with format ts only). */
  importExtension?: string;
  /**
   * The schema snapshot file, relative to the package.json, like `--schema`: `generate` and
   * `check` read it (unless given --url), `pull` writes it.
   */
  schema?: string;
}

/** The config and where it came from. */
export interface LoadedConfig {
  config: ProjectConfig;
  /** The folder of the package.json (what `output` is relative to). */
  root: string;
  /** How messages name a setting, e.g. `"cms-types".format in /app/package.json`. */
  label(key: keyof ProjectConfig): string;
}

export const CONFIG_KEYS: readonly (keyof ProjectConfig)[] = [
  'url',
  'output',
  'format',
  'importExtension',
  'schema',
];
const KEYS = CONFIG_KEYS;

/** Reads the config of the project `cwd` is in; an empty config when there is none. */
export function loadProjectConfig(cwd: string): LoadedConfig {
  const root = findProjectRoot(cwd);
  const path = join(root, 'package.json');
  const label = (key: string) => `"${CONFIG_KEY}".${key} in ${path}`;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { config: {}, root, label };
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}); fix it and run again`);
  }
  const raw =
    typeof manifest === 'object' && manifest !== null
      ? (manifest as Record<string, unknown>)[CONFIG_KEY]
      : undefined;
  return { config: parseConfig(raw, path), root, label };
}

/** Checks the `"cms-types"` value of a package.json at `path`. */
export function parseConfig(raw: unknown, path: string): ProjectConfig {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new UsageError(
      `"${CONFIG_KEY}" in ${path} must be an object such as { "url": "http://localhost:1337", "output": "src/cms" }, got ${describe(raw)}`,
    );
  }
  const config: ProjectConfig = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'token') {
      throw new UsageError(
        `"${CONFIG_KEY}".token in ${path}: never keep the API token in package.json, which is committed. Remove it and set CMS_TOKEN instead.`,
      );
    }
    if (!isKey(key)) {
      const guess = closest(key, KEYS);
      throw new UsageError(
        `"${CONFIG_KEY}" in ${path} has an unknown key '${key}'.${guess ? ` Did you mean ${guess}?` : ''} Known keys: ${KEYS.join(', ')}`,
      );
    }
    if (typeof value !== 'string' || value === '') {
      throw new UsageError(
        `"${CONFIG_KEY}".${key} in ${path} must be a non-empty string, got ${describe(value)}`,
      );
    }
    config[key] = value;
  }
  return config;
}

function isKey(key: string): key is keyof ProjectConfig {
  return (KEYS as readonly string[]).includes(key);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return value === '' ? 'an empty string' : `the string ${JSON.stringify(value)}`;
  return `${typeof value === 'object' ? 'an' : 'the'} ${typeof value}${typeof value === 'object' ? '' : ` ${String(value)}`}`;
}
