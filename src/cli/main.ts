/**
 * `cms-types` (also `npx cms-typed-client`): the command line. Parses the command and flags,
 * runs it, and turns every failure into one clear message and a documented exit code.
 */

import { packageVersion } from '../codegen/runtime-assets.ts';
import { isSchemaError } from '../codegen/validate.ts';
import { type FlagSpecs, type FlagValues, parseFlags, UsageError } from './args.ts';
import { check } from './check.ts';
import type { CliContext } from './context.ts';
import { envFileNames, loadEnvFiles } from './env-files.ts';
import { EXIT } from './exit-codes.ts';
import { runGenerate } from './generate.ts';
import { INIT_FLAGS, init } from './init.ts';
import {
  CHECK_FLAGS,
  checkOptions,
  GENERATE_FLAGS,
  generateOptions,
  PULL_FLAGS,
  pullOptions,
  WATCH_FLAGS,
  watchOptions,
} from './options.ts';
import { createOutput, type Output, redact } from './output.ts';
import { pull } from './pull.ts';
import { RemoteError } from './remote.ts';
import { SnapshotError } from './snapshot-file.ts';
import { watch } from './watch.ts';
import { findProjectRoot, OutputConflictError } from './writer.ts';

/** A command as the table declares it: its flags, and a run that gets them typed. */
interface CommandSpec<Specs extends FlagSpecs> {
  summary: string;
  flags: Specs;
  /** Lines shown under the flags in the command's help. */
  notes?: string[];
  run(flags: FlagValues<Specs>, context: CliContext): Promise<number>;
}

/** A command with its flag types erased: parses its own argv. */
interface Command {
  summary: string;
  flags: FlagSpecs;
  notes: string[];
  run(argv: readonly string[], name: string, context: CliContext): Promise<number>;
}

function command<Specs extends FlagSpecs>(spec: CommandSpec<Specs>): Command {
  return {
    summary: spec.summary,
    flags: spec.flags,
    notes: spec.notes ?? [],
    run: (argv, name, context) => spec.run(parseFlags(argv, spec.flags, name), context),
  };
}

/** Where settings may live besides flags, and which source wins. */
const CONFIG_NOTE = (keys: string) =>
  `Project config: "cms-types": ${keys} in package.json (cms-types init writes it); flags, then CMS_URL, win over it.`;

/** Where CMS_URL and CMS_TOKEN may come from. */
const ENV_NOTE =
  `CMS_URL and CMS_TOKEN: the shell's value, else the first of ${envFileNames(undefined).join(', ')} ` +
  '(as Next.js reads them; .env.production* with NODE_ENV=production) at the project root that sets it.';

/** What --force means, and what happens without it. */
const FORCE_NOTE =
  'Files in the output folder that cms-types did not write are never replaced or removed: where one is in the way, nothing is written and the exit code is 6 (--force replaces them).';

const COMMANDS: Record<string, Command> = {
  init: command({
    summary:
      'Save the settings as "cms-types" in package.json and add cms:generate and cms:check scripts (and cms:pull for a schema snapshot) (asks, or takes flags)',
    flags: INIT_FLAGS,
    notes: [
      'A different "cms-types" config or script already in package.json is a refusal (exit 6, nothing written); --force replaces them.',
    ],
    run: init,
  }),
  generate: command({
    summary: 'Fetch the schema and write types, client and index, if the schema hash changed',
    flags: GENERATE_FLAGS,
    notes: [
      CONFIG_NOTE('{ "url", "output", "format", "importExtension", "schema" }'),
      ENV_NOTE,
      'With --schema <file> (or "schema" in the config, unless --url is given) the schema comes from a snapshot written by cms-types pull: no Strapi, no network.',
      'Without --format or a configured format, an existing output keeps its format; a change of format or import extension is announced on stderr.',
      FORCE_NOTE,
    ],
    async run(flags, context) {
      const options = generateOptions(flags, context, 'generate');
      announce(context, options.notices);
      await runGenerate(options, jsonContext(context, options.json));
      return EXIT.ok;
    },
  }),
  watch: command({
    summary: 'Regenerate whenever Strapi restarts with a changed schema (no polling)',
    flags: WATCH_FLAGS,
    notes: [
      CONFIG_NOTE('{ "url", "output", "format", "importExtension" }'),
      ENV_NOTE,
      `${FORCE_NOTE} watch checks before it connects, and at every regeneration (keeping the previous output).`,
    ],
    async run(flags, context) {
      const options = watchOptions(flags, context);
      announce(context, options.generate.notices);
      const messages = jsonContext(context, options.generate.json);
      await watch(options.generate, messages, options.watch);
      messages.out.info('Stopped watching.');
      return EXIT.ok;
    },
  }),
  pull: command({
    summary: "Save Strapi's schema in a snapshot file, to commit and generate from without Strapi",
    flags: PULL_FLAGS,
    notes: [
      CONFIG_NOTE('{ "url", "schema" }'),
      ENV_NOTE,
      'Then: cms-types generate --schema <file> --output <dir> (offline, e.g. in CI).',
      'A --schema file that is not a schema snapshot is never replaced (exit 6, nothing written); --force replaces it.',
    ],
    run(flags, context) {
      const options = pullOptions(flags, context);
      announce(context, options.notices);
      return pull(options, context);
    },
  }),
  check: command({
    summary: 'Warn when the generated code is from another version or schema',
    flags: CHECK_FLAGS,
    notes: [
      CONFIG_NOTE('{ "url", "output", "schema" }'),
      ENV_NOTE,
      'With "schema" in the config, check compares with the snapshot, and with a server only when given --url or CMS_URL.',
    ],
    run(flags, context) {
      const options = checkOptions(flags, context);
      announce(context, options.notices);
      return check(options, context);
    },
  }),
};

const EXIT_HELP = `Exit codes:
  0    success (also: schema unchanged, nothing to do)
  1    unexpected failure
  2    wrong command line (unknown command or flag, missing value, output outside the project, no --schema file)
  3    Strapi unreachable or refused (connection, 401 token, 404 plugin missing, 5xx, bad response)
  4    the schema cannot be turned into types, or the --schema snapshot is not a valid payload
  5    check --strict: the generated code is out of date (version, edited or deleted file, snapshot, server)
  6    a file cms-types did not write is in the way (output folder, snapshot, package.json config or script); nothing was written; --force replaces it
  130  interrupted (Ctrl-C); nothing was changed`;

function mainHelp(): string {
  const lines = [
    'Usage: cms-types <command> [flags]',
    '',
    'Typed Strapi 5 client generator (cms-typed-client).',
    '',
    'Commands:',
  ];
  for (const [name, command] of Object.entries(COMMANDS))
    lines.push(`  ${name.padEnd(10)} ${command.summary}`);
  lines.push(
    '',
    'Flags for every command: --help, --version',
    'Environment: CMS_TOKEN (API token; preferred over --token), CMS_URL (instead of --url), NO_COLOR',
    `  CMS_URL and CMS_TOKEN are also read from ${envFileNames(undefined).join(', ')} at the project root, as Next.js reads them; the shell's value wins. The token is never printed.`,
    'Project config: "cms-types": { "url", "output", "format", "importExtension", "schema" } in package.json, written by cms-types init (flags and environment win)',
    '',
    EXIT_HELP,
    '',
    'Run cms-types <command> --help for its flags.',
  );
  return lines.join('\n');
}

function commandHelp(name: string, command: Command): string {
  const lines = [`Usage: cms-types ${name} [flags]`, '', command.summary, '', 'Flags:'];
  const flags = Object.entries(command.flags).map(
    ([flag, spec]) =>
      [`--${flag}${spec.type === 'string' && spec.value ? ` ${spec.value}` : ''}`, spec.description] as const,
  );
  const width = Math.max(20, ...flags.map(([usage]) => usage.length));
  for (const [usage, description] of flags) lines.push(`  ${usage.padEnd(width)} ${description}`);
  lines.push(`  ${'--help'.padEnd(width)} Show this help`);
  if (command.notes.length > 0) lines.push('', ...command.notes);
  lines.push('', EXIT_HELP);
  return lines.join('\n');
}

export async function main(
  argv: string[],
  context: Omit<CliContext, 'out' | 'signal'> & {
    stderr: NodeJS.WritableStream & { isTTY?: boolean };
    signal?: AbortSignal;
  },
): Promise<number> {
  const [name, ...rest] = argv;
  // CMS_URL and CMS_TOKEN from the project's .env files, where the shell does not set them.
  const files = loadEnvFiles(findProjectRoot(context.cwd), context.env);
  const env = files.env;
  // Every message, progress and error alike, shows at most a short prefix of a token.
  const secrets = [
    env.CMS_TOKEN,
    ...files.secrets,
    ...rest.filter((_, index) => rest[index - 1] === '--token'),
    ...rest.filter((arg) => arg.startsWith('--token=')).map((arg) => arg.slice(8)),
  ].filter((value): value is string => typeof value === 'string' && value.length > 0);
  const hide = (message: string) =>
    secrets.reduce((text, secret) => text.replaceAll(secret, redact(secret)), message);
  const out = redacting(
    createOutput({ stdout: context.stdout, stderr: context.stderr, env: context.env }),
    hide,
  );
  const stderrOut = redacting(
    createOutput({ stdout: context.stderr, stderr: context.stderr, env: context.env }),
    hide,
  );
  const full: CliContext = {
    ...context,
    env,
    envFiles: files.from,
    out,
    stderrOut,
    signal: context.signal ?? new AbortController().signal,
  };
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out.info(mainHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    out.info(packageVersion());
    return EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    out.error(
      `unknown command '${name}'. Commands: ${Object.keys(COMMANDS).join(', ')}. See cms-types --help`,
    );
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    out.info(commandHelp(name, command));
    return EXIT.ok;
  }
  if (rest.includes('--version')) {
    out.info(packageVersion());
    return EXIT.ok;
  }
  for (const problem of files.problems) stderrOut.warn(problem);
  try {
    return await command.run(rest, name, full);
  } catch (error) {
    if (full.signal.aborted) {
      out.error('Interrupted; the previous output and stored hash are unchanged.');
      return EXIT.interrupted;
    }
    if (error instanceof UsageError) {
      out.error(error.message);
      return EXIT.usage;
    }
    if (error instanceof RemoteError) {
      out.error(error.message);
      return EXIT.remote;
    }
    if (error instanceof OutputConflictError) {
      out.error(error.message);
      return EXIT.conflict;
    }
    if (error instanceof SnapshotError) {
      out.error(`${error.message}\nNothing was written.`);
      return EXIT.schema;
    }
    if (isSchemaError(error)) {
      out.error(`${error.message}\nThe previous output and stored hash are unchanged.`);
      return EXIT.schema;
    }
    out.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return EXIT.failure;
  }
}

/** The notes resolving made (a URL's trailing /api dropped), on stderr. */
function announce(context: CliContext, notices: readonly string[]): void {
  for (const notice of notices) (context.stderrOut ?? context.out).warn(notice);
}

/** With `--json`, every message goes to stderr: stdout carries only the JSON. */
function jsonContext(context: CliContext, json: boolean): CliContext {
  return json && context.stderrOut ? { ...context, out: context.stderrOut } : context;
}

/** The output with `hide` applied to every message. */
function redacting(out: Output, hide: (message: string) => string): Output {
  return {
    info: (message) => out.info(hide(message)),
    success: (message) => out.success(hide(message)),
    warn: (message) => out.warn(hide(message)),
    error: (message) => out.error(hide(message)),
    progress: (label, work) => out.progress(hide(label), work),
  };
}
