/**
 * Flag parsing for every command: `--name value`, `--name=value`, boolean `--flag`, and a
 * clear error (with the closest known flag) for anything else.
 */
export interface FlagSpec {
  /** Takes a value (`--url http://...`) or is a switch (`--force`). */
  type: 'string' | 'boolean';
  description: string;
  /** Placeholder shown in help, e.g. `<url>`. */
  value?: string;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type ParsedFlags = Record<string, string | boolean | undefined>;

export function parseFlags(argv: string[], specs: Record<string, FlagSpec>, command: string): ParsedFlags {
  const flags: ParsedFlags = {};
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (!arg.startsWith('--')) {
      throw new UsageError(
        `unexpected argument '${arg}' for 'cms-types ${command}'. Flags start with --; see cms-types ${command} --help`,
      );
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = specs[name];
    if (!spec) {
      const guess = closest(name, Object.keys(specs));
      throw new UsageError(
        `unknown flag '--${name}' for 'cms-types ${command}'.${guess ? ` Did you mean --${guess}?` : ''} See cms-types ${command} --help`,
      );
    }
    if (spec.type === 'boolean') {
      if (eq !== -1) {
        const raw = arg.slice(eq + 1);
        if (raw !== 'true' && raw !== 'false')
          throw new UsageError(`--${name} is a switch: use --${name} or --${name}=false`);
        flags[name] = raw === 'true';
      } else flags[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) {
        throw new UsageError(`--${name} needs a value, e.g. --${name} ${spec.value ?? '<value>'}`);
      }
      index++;
    }
    if (value === '')
      throw new UsageError(`--${name} needs a value, e.g. --${name} ${spec.value ?? '<value>'}`);
    flags[name] = value;
  }
  return flags;
}

function closest(name: string, candidates: string[]): string | undefined {
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
