/**
 * `cms-types init`: asks for the Strapi URL, the output folder, the format (and with ts the
 * import extension) and whether to keep a schema snapshot (or takes them as flags), saves them
 * as the project config (`"cms-types"` in package.json, which every command reads) and adds
 * plain generate and check scripts to package.json, keeping its layout; with a snapshot, also a
 * pull script. A different config or script already there is a refusal, unless `--force`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { isImportExtension } from '../codegen/specifiers.ts';
import { defineFlags, type FlagValues, UsageError } from './args.ts';
import type { CliContext } from './context.ts';
import { EXIT } from './exit-codes.ts';
import { CONFIG_KEY, type ProjectConfig, parseConfig } from './project-config.ts';
import { strapiUrl } from './remote.ts';
import { findProjectRoot, OutputConflictError, readMeta, resolveOutput } from './writer.ts';

export const INIT_FLAGS = defineFlags({
  url: { type: 'string', value: '<url>', description: 'Strapi address (asked when missing on a terminal)' },
  output: {
    type: 'string',
    value: '<dir>',
    description: 'Folder for the generated files (asked when missing)',
  },
  format: { type: 'string', value: 'js|ts', description: 'Output format (asked when missing)' },
  'import-extension': {
    type: 'string',
    value: 'ts|js|none',
    description:
      "With format ts: the imports' extension (asked when missing; empty: chosen from tsconfig.json at each generation)",
  },
  schema: {
    type: 'string',
    value: '<file>',
    description:
      'Snapshot workflow: cms:pull saves the schema in this file, and cms:generate and cms:check read it without Strapi',
  },
  yes: {
    type: 'boolean',
    description:
      'Never ask: take flags, else the existing config, else defaults (http://localhost:1337, src/cms, js)',
  },
  force: {
    type: 'boolean',
    description: 'Replace a different "cms-types" config and cms:* scripts already in package.json',
  },
});

const DEFAULTS = { url: 'http://localhost:1337', output: 'src/cms', format: 'js' };
export const SCRIPT_NAMES = { pull: 'cms:pull', generate: 'cms:generate', check: 'cms:check' } as const;

/** The scripts init writes: the settings are in the config, so they take no flags. */
const SCRIPTS = {
  [SCRIPT_NAMES.pull]: 'cms-types pull',
  [SCRIPT_NAMES.generate]: 'cms-types generate',
  [SCRIPT_NAMES.check]: 'cms-types check --strict',
};

/** The scripts init of cms-typed-client 0.1 wrote (settings as flags): replaced without --force. */
const EARLIER_SCRIPTS: Record<string, RegExp> = {
  [SCRIPT_NAMES.pull]: /^cms-types pull --url \S+ --schema (?:\S+|'[^']*')$/,
  [SCRIPT_NAMES.generate]:
    /^cms-types generate --(?:url \S+|schema (?:\S+|'[^']*')) --output (?:\S+|'[^']*')(?: --format ts)?$/,
  [SCRIPT_NAMES.check]:
    /^cms-types check --(?:url \S+|schema (?:\S+|'[^']*')) --output (?:\S+|'[^']*') --strict$/,
};

export async function init(flags: FlagValues<typeof INIT_FLAGS>, context: CliContext): Promise<number> {
  const { out } = context;
  const root = findProjectRoot(context.cwd);
  const manifestPath = join(root, 'package.json');
  let text: string;
  try {
    text = readFileSync(manifestPath, 'utf8');
  } catch {
    throw new UsageError(
      `no package.json in ${context.cwd} or above: run cms-types init at your frontend project's root`,
    );
  }
  const manifest = parseManifest(text);
  // An existing config gives the defaults (and is checked as every command checks it).
  const existing = parseConfig(manifest[CONFIG_KEY], manifestPath);
  const defaults = {
    url: existing.url ?? DEFAULTS.url,
    output: existing.output ?? DEFAULTS.output,
  };
  const interactive = flags.yes !== true && context.stdin.isTTY === true;
  const answers = {
    url: flags.url,
    output: flags.output,
    format: flags.format,
    importExtension: flags['import-extension'],
    schema: flags.schema,
  };
  const formatDefault = (output: string) =>
    existing.format ?? readMeta(resolve(root, output))?.format ?? DEFAULTS.format;
  if (interactive) {
    const rl = createInterface({ input: context.stdin, output: context.stdout });
    try {
      answers.url ??= (await rl.question(`Strapi URL (${defaults.url}): `)).trim() || defaults.url;
      answers.output ??=
        (await rl.question(`Output folder (${defaults.output}): `)).trim() || defaults.output;
      const format = formatDefault(answers.output);
      answers.format ??= (await rl.question(`Format, js or ts (${format}): `)).trim() || format;
      if (answers.format === 'ts' && flags['import-extension'] === undefined) {
        const configured = existing.importExtension;
        answers.importExtension =
          (
            await rl.question(
              `Import extension between the .ts files, ts, js or none (${configured ?? 'empty: from tsconfig.json'}): `,
            )
          ).trim() || configured;
      }
      answers.schema ??=
        (
          await rl.question(
            `Schema snapshot file to commit and generate from without Strapi, e.g. cms-schema.json (${existing.schema ?? 'empty: generate from Strapi'}): `,
          )
        ).trim() || existing.schema;
    } finally {
      rl.close();
    }
  } else if (flags.yes !== true && (!(answers.url ?? existing.url) || !(answers.output ?? existing.output))) {
    throw new UsageError(
      'cms-types init is not on a terminal: pass --url and --output (and --format), or --yes for the defaults',
    );
  } else {
    answers.url ??= defaults.url;
    answers.output ??= defaults.output;
    answers.format ??= formatDefault(answers.output);
    if (answers.format === 'ts') answers.importExtension ??= existing.importExtension;
    answers.schema ??= existing.schema;
  }
  const { config, note } = checkAnswers(answers, root);
  if (note) out.warn(note);
  const scripts: Record<string, string> =
    config.schema === undefined
      ? { [SCRIPT_NAMES.generate]: SCRIPTS['cms:generate'], [SCRIPT_NAMES.check]: SCRIPTS['cms:check'] }
      : SCRIPTS;
  const updated = updateManifest(text, manifest, config, scripts, flags.force === true);
  if (updated.conflicts.length > 0)
    throw new OutputConflictError(
      `package.json already has settings that cms-types init did not write:\n${updated.conflicts.map((line) => `  ${line}`).join('\n')}\n` +
        'Nothing was written. Run cms-types init --force to replace them, or remove them first.',
      updated.conflicts,
    );
  if (updated.text !== text) writeFileSync(manifestPath, updated.text);
  const settings = Object.entries(config)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
  out.success(
    updated.configChanged
      ? `Saved the settings as "${CONFIG_KEY}" in package.json (${settings}); every cms-types command reads them.`
      : `package.json already has these settings as "${CONFIG_KEY}" (${settings}).`,
  );
  const names = updated.added.map((name) => `"${name}"`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  out.success(`Added ${list ?? 'no'} script${names.length === 1 ? '' : 's'} to package.json.`);
  const { schema } = config;
  out.info(
    schema === undefined
      ? `Next: set CMS_TOKEN to a read-only Strapi API token (in the shell or .env.local), then run npm run ${SCRIPT_NAMES.generate}.`
      : `Next: set CMS_TOKEN to a read-only Strapi API token (in the shell or .env.local), run npm run ${SCRIPT_NAMES.pull} and commit ${schema}; ` +
          `npm run ${SCRIPT_NAMES.generate} and ${SCRIPT_NAMES.check} then need no Strapi (CI).`,
  );
  return EXIT.ok;
}

/** The answers checked and made the config to save; a usage error names the bad one. */
function checkAnswers(
  answers: {
    url: string | undefined;
    output: string | undefined;
    format: string | undefined;
    importExtension: string | undefined;
    schema: string | undefined;
  },
  root: string,
): { config: ProjectConfig; note?: string } {
  let url: string;
  let note: string | undefined;
  try {
    ({ url, note } = strapiUrl(answers.url ?? DEFAULTS.url, 'the Strapi URL'));
  } catch (error) {
    throw new UsageError((error as Error).message.replace('--url', 'the Strapi URL'));
  }
  const output = answers.output ?? DEFAULTS.output;
  const format = answers.format ?? DEFAULTS.format;
  if (format !== 'js' && format !== 'ts')
    throw new UsageError(`the format must be js or ts, got '${format}'`);
  const { importExtension, schema } = answers;
  if (importExtension !== undefined && importExtension !== '') {
    if (!isImportExtension(importExtension))
      throw new UsageError(`the import extension must be ts, js or none, got '${importExtension}'`);
    if (format !== 'ts')
      throw new UsageError(
        '--import-extension applies to format ts only (the js format imports real .js files)',
      );
  }
  try {
    resolveOutput(output, root);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const config: ProjectConfig = {
    url,
    output,
    format,
    ...(importExtension ? { importExtension } : {}),
    ...(schema ? { schema } : {}),
  };
  return note ? { config, note } : { config };
}

function parseManifest(text: string): Record<string, unknown> {
  try {
    const manifest = JSON.parse(text) as unknown;
    if (typeof manifest === 'object' && manifest !== null && !Array.isArray(manifest))
      return manifest as Record<string, unknown>;
    throw new Error('not an object');
  } catch (error) {
    throw new UsageError(
      `package.json is not valid JSON (${(error as Error).message}); fix it, then run init again`,
    );
  }
}

/**
 * package.json with the config and scripts set, keeping its indentation, key order and final
 * newline; `conflicts` names what is in the way (a different config, a script of the same name
 * init did not write), and then nothing is to be written unless `force`.
 */
export function updateManifest(
  text: string,
  manifest: Record<string, unknown>,
  config: ProjectConfig,
  scripts: Record<string, string>,
  force: boolean,
): { text: string; added: string[]; conflicts: string[]; configChanged: boolean } {
  const conflicts: string[] = [];
  const current = manifest[CONFIG_KEY];
  const configChanged = JSON.stringify(current) !== JSON.stringify(config);
  if (current !== undefined && configChanged && !force && !sameSettings(current, config))
    conflicts.push(`"${CONFIG_KEY}": ${JSON.stringify(current)} (init would save ${JSON.stringify(config)})`);
  const existing = (manifest.scripts ?? {}) as Record<string, string>;
  for (const [name, command] of Object.entries(scripts)) {
    const script = existing[name];
    if (script === undefined || script === command || force) continue;
    if (EARLIER_SCRIPTS[name]?.test(script)) continue;
    conflicts.push(
      `script "${name}": ${JSON.stringify(script)} (init would write ${JSON.stringify(command)})`,
    );
  }
  if (conflicts.length > 0) return { text, added: [], conflicts, configChanged };
  const added = addScripts(text, scripts, true);
  const withScripts = JSON.parse(added.text) as Record<string, unknown>;
  withScripts[CONFIG_KEY] = config;
  return {
    text: layoutLike(text, withScripts),
    added: added.added,
    conflicts,
    configChanged,
  };
}

/** Whether an existing config holds the same settings as `config` (key order aside). */
function sameSettings(current: unknown, config: ProjectConfig): boolean {
  if (typeof current !== 'object' || current === null || Array.isArray(current)) return false;
  const entries = Object.entries(current as Record<string, unknown>);
  return (
    entries.length === Object.keys(config).length &&
    entries.every(([key, value]) => config[key as keyof ProjectConfig] === value)
  );
}

/** `manifest` as JSON in the layout of `original`: its indentation, line endings and final newline. */
function layoutLike(original: string, manifest: Record<string, unknown>): string {
  const indent = /^[ \t]+(?=")/m.exec(original)?.[0] ?? '  ';
  const newline = original.includes('\r\n') ? '\r\n' : '\n';
  let output = JSON.stringify(manifest, null, indent);
  if (newline !== '\n') output = output.replaceAll('\n', newline);
  return original.endsWith('\n') ? `${output}${newline}` : output;
}

/** Adds scripts to a package.json text, keeping its indentation, key order and final newline. */
export function addScripts(
  text: string,
  scripts: Record<string, string>,
  force: boolean,
): { text: string; added: string[]; kept: string[] } {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `package.json is not valid JSON (${(error as Error).message}); fix it, then run init again`,
    );
  }
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  const existing = (manifest.scripts ?? {}) as Record<string, string>;
  const added: string[] = [];
  const kept: string[] = [];
  for (const [name, command] of Object.entries(scripts)) {
    if (existing[name] === command) continue;
    if (existing[name] !== undefined && !force) {
      kept.push(name);
      continue;
    }
    existing[name] = command;
    added.push(name);
  }
  manifest.scripts = existing;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  let output = JSON.stringify(manifest, null, indent);
  if (newline !== '\n') output = output.replaceAll('\n', newline);
  return { text: text.endsWith('\n') ? `${output}${newline}` : output, added, kept };
}
