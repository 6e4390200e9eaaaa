/**
 * The schema snapshot: the plugin's `/schema` payload saved as a file (`cms-types pull`), so
 * that `cms-types generate --schema <file>` needs no Strapi. The file is the payload itself,
 * indented for review, in the order the plugin sends it (content types and components by uid,
 * attributes in schema order): the same schema always gives the same bytes. Reading it runs
 * every check a `/schema` answer gets, and refuses a file that is not a valid payload with
 * what is wrong and how to get a good one.
 */
import { readFileSync, statSync } from 'node:fs';
import { isSchemaError } from '../codegen/validate.ts';
import type { SchemaResponse } from '../schema/types.ts';
import { UsageError } from './args.ts';
import { checkContent, checkEnvelope, checkHash, PayloadError } from './payload.ts';

/** A snapshot file that cannot be used; the message names the file, the problem and the fix. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

/** Where a snapshot lives, and how messages and fix commands name it. */
export interface SnapshotFile {
  /** Absolute path. */
  path: string;
  /** As the user gave it (relative to the working directory). */
  label: string;
}

/** The snapshot's text: the payload with its members in a fixed order, indented, one final newline. */
export function snapshotText(payload: SchemaResponse): string {
  const ordered = {
    hash: payload.hash,
    schema: payload.schema,
    ...(payload.strapi === undefined ? {} : { strapi: payload.strapi }),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** The command that writes a good snapshot at `file`. */
export function pullCommand(file: SnapshotFile): string {
  return `cms-types pull --schema ${shellWord(file.label)}`;
}

/**
 * Reads and checks a snapshot: valid JSON, the payload's envelope and format, a schema the
 * generator can type, and a hash that matches the content (a hand edit or a merge breaks it).
 * A missing file is a usage error; anything else a SnapshotError.
 */
export function readSnapshot(file: SnapshotFile): SchemaResponse {
  const source = `The schema snapshot ${file.label}`;
  const again = `Write it again with ${pullCommand(file)} (never edit it by hand).`;
  let text: string;
  try {
    if (statSync(file.path).isDirectory())
      throw new UsageError(
        `--schema ${file.label} is a folder; give the snapshot file, e.g. cms-schema.json`,
      );
    text = readFileSync(file.path, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new UsageError(
        `--schema ${file.label} does not exist. Create it from a running Strapi with ${pullCommand(file)} --url <url>`,
      );
    throw new SnapshotError(`${source} cannot be read (${(error as Error).message}).`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const truncated = isTruncated(text, (error as Error).message);
    throw new SnapshotError(
      `${source} is not valid JSON${truncated ? ': it ends too early (truncated?)' : ''} (${(error as Error).message}). ${again}`,
    );
  }
  let payload: SchemaResponse;
  try {
    payload = checkEnvelope(body, source);
    checkContent(payload);
    checkHash(payload, source, 'was changed after it was pulled');
  } catch (error) {
    if (error instanceof PayloadError) {
      const hint =
        error.problem === 'format'
          ? ` Pull it again with this cms-typed-client version: ${pullCommand(file)}`
          : ` ${again}`;
      throw new SnapshotError(`${error.message}${hint}`);
    }
    if (isSchemaError(error))
      throw new SnapshotError(
        `${source} holds a schema that cannot be typed: ${error.message.replace(/\.$/, '')}. ${again}`,
      );
    throw error;
  }
  return payload;
}

/**
 * Whether JSON.parse failed because the text stops early (a cut-off download or copy) rather
 * than on a wrong character: empty, or the error is at the very end of the text.
 */
function isTruncated(text: string, message: string): boolean {
  if (text.trim() === '' || /end of JSON input|Unterminated string/i.test(message)) return true;
  const position = /at position (\d+)/.exec(message)?.[1];
  return position !== undefined && Number(position) >= text.trimEnd().length;
}

/** A value as one shell word (quoted when it holds anything but plain path characters). */
export function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}
