/**
 * `cms-types pull`: saves the plugin's `/schema` payload as a snapshot file, checked exactly as
 * `generate` checks it, so that the snapshot can be committed and `generate --schema` run
 * without Strapi (in CI). Asks `/schema-hash` first and leaves an up-to-date snapshot alone.
 * It replaces only a snapshot (even a broken one): any other file at that path is a refusal,
 * before Strapi is asked, unless `--force`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { CliContext } from './context.ts';
import { EXIT } from './exit-codes.ts';
import type { PullOptions } from './options.ts';
import { fetchHash, fetchSchema } from './remote.ts';
import { readSnapshot, SnapshotError, snapshotText } from './snapshot-file.ts';
import { OutputConflictError, writeFileAtomic } from './writer.ts';

export async function pull(options: PullOptions, context: CliContext): Promise<number> {
  const { out } = context;
  const { snapshot, remote } = options;
  const exists = existsSync(snapshot.path);
  // A folder there is readSnapshot's usage error (below).
  const folder = exists && statSync(snapshot.path).isDirectory();
  if (exists && !folder && !options.takeOver && !isSnapshotFile(snapshot.path))
    throw new OutputConflictError(
      `${snapshot.label} is not a schema snapshot (cms-types pull writes JSON that starts with {"hash": ..., "schema": ...}); ` +
        `it is left as it is and nothing was written. Give --schema another file name (e.g. cms-schema.json), move it away, or run again with --force to replace it.`,
      [snapshot.label],
    );
  const previous = exists ? storedHash(options) : undefined;
  const hash = await out.progress('Checking the schema hash', fetchHash(remote));
  if (previous === hash) {
    out.info(
      `Schema unchanged (hash ${hash.slice(0, 12)}); ${snapshot.label} is up to date, nothing written.`,
    );
    return EXIT.ok;
  }
  const payload = await out.progress('Fetching the schema', fetchSchema(remote));
  context.signal.throwIfAborted();
  for (const notice of payload.strapi?.notices ?? []) out.warn(notice);
  writeFileAtomic(snapshot.path, snapshotText(payload));
  const contentTypes = Object.keys(payload.schema.contentTypes).filter((uid) => uid.startsWith('api::'));
  out.success(
    `Saved the schema in ${snapshot.label} (${previous === undefined ? 'new' : 'schema changed'}; ${contentTypes.length} content types, ` +
      `${Object.keys(payload.schema.components).length} components, hash ${payload.hash.slice(0, 12)}). ` +
      `Commit it; cms-types generate --schema ${snapshot.label} generates from it without Strapi.`,
  );
  return EXIT.ok;
}

/**
 * Whether the file at `path` is a schema snapshot, perhaps a broken one (cut off, edited, a
 * merge conflict inside): a JSON object with a string `hash` and an object `schema`, or text
 * that starts as pull writes it.
 */
export function isSnapshotFile(path: string): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return false;
  }
  if (/^\{\s*"hash"\s*:\s*"[0-9a-f]*"?/.test(text)) return true;
  try {
    const body = JSON.parse(text) as { hash?: unknown; schema?: unknown } | null;
    return typeof body?.hash === 'string' && typeof body.schema === 'object' && body.schema !== null;
  } catch {
    return false;
  }
}

/** The hash of the snapshot already there; undefined when it is not a valid snapshot (it is replaced). */
function storedHash(options: PullOptions): string | undefined {
  try {
    return readSnapshot(options.snapshot).hash;
  } catch (error) {
    if (error instanceof SnapshotError) return undefined;
    throw error;
  }
}
