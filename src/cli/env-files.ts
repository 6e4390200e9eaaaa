/**
 * The project's `.env` files, read as Next.js reads them (`@next/env`'s loadEnvConfig), so
 * that `CMS_URL` and `CMS_TOKEN` can live where the app keeps them already. From the project
 * root (the folder of package.json), the first file that sets a variable wins:
 *
 *     .env.<mode>.local   .env.local (not when mode is test)   .env.<mode>   .env
 *
 * and a variable set in the shell (even to an empty value) wins over every file. The mode is
 * `production` or `test` when NODE_ENV says so, else `development` (the CLI is a development
 * tool; Next.js's `next dev` uses the same). Vite reads the same files with the same winner.
 * Only variables whose name starts with `CMS_` are taken; nothing else of the files is used.
 * Values are never printed: messages name the file a value came from, not the value.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The prefix of the variables the CLI takes from the files. */
export const ENV_PREFIX = 'CMS_';

/** The files, first (winning) first, for a NODE_ENV value. */
export function envFileNames(nodeEnv: string | undefined): string[] {
  const mode = nodeEnv === 'production' || nodeEnv === 'test' ? nodeEnv : 'development';
  return [`.env.${mode}.local`, ...(mode === 'test' ? [] : ['.env.local']), `.env.${mode}`, '.env'];
}

/** What the files add to the shell's environment. */
export interface EnvFiles {
  /** The shell's environment plus each `CMS_` variable it lacks that a file sets. */
  env: NodeJS.ProcessEnv;
  /** The file each added variable came from (`.env.local`), by variable name. */
  from: Record<string, string>;
  /** Files that exist but could not be read, with why (never their content). */
  problems: string[];
  /**
   * Every value the files give `CMS_TOKEN`, used or not (the shell's may win): no message may
   * show them.
   */
  secrets: string[];
}

/** The variable whose value is a secret. */
const SECRET = 'CMS_TOKEN';

/** Reads the `.env` files of `root` into a copy of `env`; the shell's values win. */
export function loadEnvFiles(root: string, env: NodeJS.ProcessEnv): EnvFiles {
  const merged: NodeJS.ProcessEnv = { ...env };
  const from: Record<string, string> = {};
  const problems: string[] = [];
  const secrets: string[] = [];
  for (const name of envFileNames(env.NODE_ENV)) {
    let text: string;
    try {
      text = readFileSync(join(root, name), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        problems.push(`cannot read ${name} (${code ?? 'unknown error'}); its variables are not used`);
      continue;
    }
    for (const [key, value] of Object.entries(parseDotenv(text))) {
      if (!key.startsWith(ENV_PREFIX)) continue;
      if (key === SECRET && value !== '') secrets.push(value);
      if (merged[key] !== undefined) continue;
      merged[key] = value;
      from[key] = name;
    }
  }
  return { env: merged, from, problems, secrets };
}

const KEY = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*(?:=|:\s)/;

/**
 * Parses dotenv text as the dotenv package does (the parser Next.js uses): `KEY=value` lines,
 * an optional `export ` prefix, `#` comments on their own line or after an unquoted value
 * (which is trimmed), values in single, double or back quotes (which may span lines; only in
 * double quotes `\n` and `\r` become line breaks; a quote escaped with `\` does not end
 * the value and stays as written), the last of repeated keys winning. Lines it
 * cannot read are skipped, as dotenv does. Variables (`$OTHER`) are not expanded.
 */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const source = text.replace(/\r\n?/g, '\n');
  let position = 0;
  while (position < source.length) {
    let end = source.indexOf('\n', position);
    if (end === -1) end = source.length;
    const line = source.slice(position, end);
    const key = KEY.exec(line);
    if (!key?.[1]) {
      position = end + 1;
      continue;
    }
    const start = position + key[0].length;
    const rest = source.slice(start);
    const leading = /^[ \t]*/.exec(rest)?.[0].length ?? 0;
    const quote = rest[leading];
    if (quote === '"' || quote === "'" || quote === '`') {
      const close = closingQuote(rest, leading + 1, quote);
      if (close !== -1) {
        const inner = rest.slice(leading + 1, close);
        values[key[1]] = quote === '"' ? inner.replace(/\\n/g, '\n').replace(/\\r/g, '\r') : inner;
        const after = source.indexOf('\n', start + close + 1);
        position = after === -1 ? source.length : after + 1;
        continue;
      }
    }
    // Unquoted (or an opening quote never closed): up to a comment or the end of the line.
    const raw = source.slice(start, end);
    const comment = raw.indexOf('#');
    values[key[1]] = (comment === -1 ? raw : raw.slice(0, comment)).trim();
    position = end + 1;
  }
  return values;
}

/** The index of the quote closing one opened before `from` (a backslash-escaped one does not close). */
function closingQuote(text: string, from: number, quote: string): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === '\\' && text[index + 1] === quote) {
      index++;
      continue;
    }
    if (text[index] === quote) return index;
  }
  return -1;
}
