/**
 * `cms-types` (also `npx cms-typed-client`): the command line. Parses the command and flags,
 * runs it, and turns every failure into one clear message and a documented exit code.
 */
import { isSchemaError } from '../codegen/model.ts';
import { packageVersion } from '../codegen/runtime-assets.ts';
import { type FlagSpec, parseFlags, UsageError } from './args.ts';
import { CHECK_FLAGS, check } from './check.ts';
import type { CliContext } from './context.ts';
import { EXIT } from './exit-codes.ts';
import { GENERATE_FLAGS, generateSettings, runGenerate } from './generate.ts';
import { INIT_FLAGS, init } from './init.ts';
import { createOutput, type Output, redact } from './output.ts';
import { RemoteError } from './remote.ts';
import { watch } from './watch.ts';

interface Command {
  summary: string;
  flags: Record<string, FlagSpec>;
  run(flags: Record<string, string | boolean | undefined>, context: CliContext): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  init: {
    summary: 'Add cms:generate and cms:check scripts to this project (asks, or takes flags)',
    flags: INIT_FLAGS,
    run: init,
  },
  generate: {
    summary: 'Fetch the schema and write types, client and index, if the schema hash changed',
    flags: GENERATE_FLAGS,
    async run(flags, context) {
      await runGenerate(generateSettings(flags, context, 'generate'), context);
      return EXIT.ok;
    },
  },
  watch: {
    summary: 'Regenerate whenever Strapi restarts with a changed schema (no polling)',
    flags: GENERATE_FLAGS,
    async run(flags, context) {
      const idle = Number(context.env.CMS_TYPES_WATCH_IDLE_MS);
      await watch(
        generateSettings(flags, context, 'watch'),
        context,
        Number.isFinite(idle) && idle > 0 ? { idleTimeout: idle } : {},
      );
      context.out.info('Stopped watching.');
      return EXIT.ok;
    },
  },
  check: {
    summary: 'Warn when the generated code is from another version or schema',
    flags: CHECK_FLAGS,
    run: check,
  },
};

const EXIT_HELP = `Exit codes:
  0    success (also: schema unchanged, nothing to do)
  1    unexpected failure
  2    wrong command line (unknown command or flag, missing value, output outside the project)
  3    Strapi unreachable or refused (connection, 401 token, 404 plugin missing, 5xx, bad response)
  4    the schema cannot be turned into types
  5    check --strict: the generated code is out of date
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
    ([flag, spec]) => [`--${flag}${spec.value ? ` ${spec.value}` : ''}`, spec.description] as const,
  );
  const width = Math.max(20, ...flags.map(([usage]) => usage.length));
  for (const [usage, description] of flags) lines.push(`  ${usage.padEnd(width)} ${description}`);
  lines.push(`  ${'--help'.padEnd(width)} Show this help`, '', EXIT_HELP);
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
  // Every message, progress and error alike, shows at most a short prefix of a token.
  const secrets = [
    context.env.CMS_TOKEN,
    ...rest.filter((_, index) => rest[index - 1] === '--token'),
    ...rest.filter((arg) => arg.startsWith('--token=')).map((arg) => arg.slice(8)),
  ].filter((value): value is string => typeof value === 'string' && value.length > 0);
  const hide = (message: string) =>
    secrets.reduce((text, secret) => text.replaceAll(secret, redact(secret)), message);
  const out = redacting(
    createOutput({ stdout: context.stdout, stderr: context.stderr, env: context.env }),
    hide,
  );
  const full: CliContext = { ...context, out, signal: context.signal ?? new AbortController().signal };
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out.info(mainHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    out.info(packageVersion());
    return EXIT.ok;
  }
  const command = COMMANDS[name];
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
  try {
    return await command.run(parseFlags(rest, command.flags, name), full);
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
    if (isSchemaError(error)) {
      out.error(`${error.message}\nThe previous output and stored hash are unchanged.`);
      return EXIT.schema;
    }
    out.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return EXIT.failure;
  }
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
