/**
 * `cms-types init`: asks for the Strapi URL, the output folder, the format and whether to keep a
 * schema snapshot (or takes them as flags), then adds a generate and a check script to
 * package.json, keeping its layout; with a snapshot, also a pull script.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { defineFlags, type FlagValues, UsageError } from './args.ts';
import type { CliContext } from './context.ts';
import { EXIT } from './exit-codes.ts';
import { normalizeUrl } from './remote.ts';
import { shellWord } from './snapshot.ts';
import { findProjectRoot, resolveOutput } from './writer.ts';

export const INIT_FLAGS = defineFlags({
  url: { type: 'string', value: '<url>', description: 'Strapi address (asked when missing on a terminal)' },
  output: {
    type: 'string',
    value: '<dir>',
    description: 'Folder for the generated files (asked when missing)',
  },
  format: { type: 'string', value: 'js|ts', description: 'Output format (asked when missing)' },
  schema: {
    type: 'string',
    value: '<file>',
    description:
      'Snapshot workflow: a cms:pull script saves the schema in this file, and cms:generate reads it without Strapi',
  },
  yes: {
    type: 'boolean',
    description: 'Never ask: take flags, else defaults (http://localhost:1337, src/cms, js)',
  },
  force: { type: 'boolean', description: 'Replace existing cms:generate / cms:check scripts' },
});

const DEFAULTS = { url: 'http://localhost:1337', output: 'src/cms', format: 'js' };
export const SCRIPT_NAMES = { pull: 'cms:pull', generate: 'cms:generate', check: 'cms:check' } as const;

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
  const interactive = flags.yes !== true && context.stdin.isTTY === true;
  const answers = { url: flags.url, output: flags.output, format: flags.format, schema: flags.schema };
  if (interactive) {
    const rl = createInterface({ input: context.stdin, output: context.stdout });
    try {
      answers.url ??= (await rl.question(`Strapi URL (${DEFAULTS.url}): `)).trim() || DEFAULTS.url;
      answers.output ??=
        (await rl.question(`Output folder (${DEFAULTS.output}): `)).trim() || DEFAULTS.output;
      answers.format ??=
        (await rl.question(`Format, js or ts (${DEFAULTS.format}): `)).trim() || DEFAULTS.format;
      answers.schema ??=
        (
          await rl.question(
            'Schema snapshot file to commit and generate from without Strapi, e.g. cms-schema.json (empty: generate from Strapi): ',
          )
        ).trim() || undefined;
    } finally {
      rl.close();
    }
  } else if (flags.yes !== true && (!answers.url || !answers.output)) {
    throw new UsageError(
      'cms-types init is not on a terminal: pass --url and --output (and --format), or --yes for the defaults',
    );
  }
  let url: string;
  try {
    url = normalizeUrl(answers.url ?? DEFAULTS.url);
  } catch (error) {
    throw new UsageError((error as Error).message.replace('--url', 'the Strapi URL'));
  }
  const output = answers.output ?? DEFAULTS.output;
  const format = answers.format ?? DEFAULTS.format;
  if (format !== 'js' && format !== 'ts')
    throw new UsageError(`the format must be js or ts, got '${format}'`);
  try {
    resolveOutput(output, root);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const quoted = shellWord;
  const formatFlag = format === 'ts' ? ' --format ts' : '';
  const { schema } = answers;
  // Live: generate and check ask Strapi. Snapshot: only pull does; generate and check read the file.
  const scripts: Record<string, string> =
    schema === undefined
      ? {
          [SCRIPT_NAMES.generate]: `cms-types generate --url ${quoted(url)} --output ${quoted(output)}${formatFlag}`,
          [SCRIPT_NAMES.check]: `cms-types check --url ${quoted(url)} --output ${quoted(output)} --strict`,
        }
      : {
          [SCRIPT_NAMES.pull]: `cms-types pull --url ${quoted(url)} --schema ${quoted(schema)}`,
          [SCRIPT_NAMES.generate]: `cms-types generate --schema ${quoted(schema)} --output ${quoted(output)}${formatFlag}`,
          [SCRIPT_NAMES.check]: `cms-types check --schema ${quoted(schema)} --output ${quoted(output)} --strict`,
        };
  const updated = addScripts(text, scripts, flags.force === true);
  for (const name of updated.kept) {
    out.warn(`package.json already has a different "${name}" script; kept it (use --force to replace it)`);
  }
  writeFileSync(manifestPath, updated.text);
  const names = updated.added.map((name) => `"${name}"`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  out.success(`Added ${list ?? 'no'} script${names.length === 1 ? '' : 's'} to package.json.`);
  out.info(
    schema === undefined
      ? `Next: set CMS_TOKEN to a read-only Strapi API token, then run npm run ${SCRIPT_NAMES.generate}.`
      : `Next: set CMS_TOKEN to a read-only Strapi API token, run npm run ${SCRIPT_NAMES.pull} and commit ${schema}; ` +
          `npm run ${SCRIPT_NAMES.generate} and ${SCRIPT_NAMES.check} then need no Strapi (CI).`,
  );
  return EXIT.ok;
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
