/**
 * Flag parsing for every command: `--name value`, `--name=value`, boolean `--flag`, and a
 * clear error (with the closest known flag) for anything else. The flag table declares each
 * flag's type, and the parsed result is typed from it: `--force` is a `boolean`, `--url` a
 * `string`, and a flag the table does not declare is not a property at all.
 */
import { parseArgs } from 'node:util';

/** A flag that takes a value: `--url http://...` or `--url=http://...`. */
export interface StringFlagSpec {
  type: 'string';
  description: string;
  /** Placeholder shown in help, e.g. `<url>`. */
  value?: string;
}

/** A switch: `--force`, `--force=true`, `--force=false`. */
export interface BooleanFlagSpec {
  type: 'boolean';
  description: string;
}

export type FlagSpec = StringFlagSpec | BooleanFlagSpec;

/** A command's flag table, by flag name (without the leading `--`). */
export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/** What a flag of this spec parses to. */
export type FlagValue<Spec extends FlagSpec> = Spec extends BooleanFlagSpec ? boolean : string;

/** The parsed flags of a table: every flag optional (absent when not given), typed from its spec. */
export type FlagValues<Specs extends FlagSpecs> = {
  -readonly [Name in keyof Specs]?: FlagValue<Specs[Name]>;
};

/** Declares a flag table, keeping each flag's literal type so {@link FlagValues} can read it. */
export function defineFlags<const Specs extends FlagSpecs>(specs: Specs): Specs {
  return specs;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * Parses `argv` against `specs`. Node's `util.parseArgs` splits the arguments (in its
 * non-strict mode, with tokens); the rules and messages are ours, because its strict mode
 * names no close flag, refuses `--force=false` and takes `--url --output` as a URL.
 */
export function parseFlags<Specs extends FlagSpecs>(
  argv: readonly string[],
  specs: Specs,
  command: string,
): FlagValues<Specs> {
  const values: Record<string, string | boolean> = {};
  const { tokens } = parseArgs({
    args: [...argv],
    options: Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { type: spec.type }])),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    const raw = argv[token.index] ?? '';
    if (token.kind === 'option-terminator') throw unknownFlag('', specs, command);
    if (token.kind === 'positional' || !token.rawName.startsWith('--')) {
      throw new UsageError(
        `unexpected argument '${raw}' for 'cms-types ${command}'. Flags start with --; see cms-types ${command} --help`,
      );
    }
    const { name } = token;
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) throw unknownFlag(name, specs, command);
    if (spec.type === 'boolean') {
      if (token.inlineValue) {
        if (token.value !== 'true' && token.value !== 'false')
          throw new UsageError(`--${name} is a switch: use --${name} or --${name}=false`);
        values[name] = token.value === 'true';
      } else values[name] = true;
      continue;
    }
    const value = token.value;
    const missing = value === undefined || value === '' || (!token.inlineValue && value.startsWith('--'));
    if (missing) throw new UsageError(`--${name} needs a value, e.g. --${name} ${spec.value ?? '<value>'}`);
    values[name] = value;
  }
  // The loop above stored only declared flags, each with the type its spec names.
  return values as FlagValues<Specs>;
}

function unknownFlag(name: string, specs: FlagSpecs, command: string): UsageError {
  const guess = closest(name, Object.keys(specs));
  return new UsageError(
    `unknown flag '--${name}' for 'cms-types ${command}'.${guess ? ` Did you mean --${guess}?` : ''} See cms-types ${command} --help`,
  );
}

/** The known name within two edits of `name`, if any (for "Did you mean"). */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}
