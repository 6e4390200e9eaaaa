/**
 * `cms-types pull`: saves the plugin's `/schema` payload as a snapshot file, checked exactly as
 * `generate` checks it, so that the snapshot can be committed and `generate --schema` run
 * without Strapi (in CI). Asks `/schema-hash` first and leaves an up-to-date snapshot alone.
 */
import { existsSync } from 'node:fs';
import type { CliContext } from './context.ts';
import { EXIT } from './exit-codes.ts';
import type { PullOptions } from './options.ts';
import { fetchHash, fetchSchema } from './remote.ts';
import { readSnapshot, SnapshotError, snapshotText } from './snapshot.ts';
import { writeFileAtomic } from './writer.ts';

export async function pull(options: PullOptions, context: CliContext): Promise<number> {
  const { out } = context;
  const { snapshot, remote } = options;
  const previous = existsSync(snapshot.path) ? storedHash(options) : undefined;
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

/** The hash of the snapshot already there; undefined when it is not a valid snapshot (it is replaced). */
function storedHash(options: PullOptions): string | undefined {
  try {
    return readSnapshot(options.snapshot).hash;
  } catch (error) {
    if (error instanceof SnapshotError) return undefined;
    throw error;
  }
}
