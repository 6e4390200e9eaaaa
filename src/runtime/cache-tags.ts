/**
 * The cache-tag scheme: which tags a read carries and which tags a change revalidates, so that a
 * cache keyed by tags (Next.js `fetch(url, { next: { tags } })` and `revalidateTag`) forgets
 * exactly what a change in Strapi made stale.
 *
 * - `cms:<uid>` tags every read that returns or populates entries of content type `<uid>`
 *   (`cms:api::article.article`; uploaded files are `cms:plugin::upload.file`).
 * - `cms:<uid>:<documentId>` tags a read of one document (`findOne`, a single type).
 * - A change to document `<documentId>` of `<uid>` (a webhook) revalidates both.
 *
 * Pure functions of strings, the same in every runtime, so an application can compute the tags
 * a request carries or a webhook clears without the client.
 */

/** The uid Strapi gives uploaded files: media reads and media webhooks use it in their tags. */
export const MEDIA_UID = 'plugin::upload.file';

/** Next.js ignores a tag longer than this many characters (`NEXT_CACHE_TAG_MAX_LENGTH`). */
export const MAX_CACHE_TAG_LENGTH = 256;

/** Next.js keeps at most this many tags per fetch (`NEXT_CACHE_TAG_MAX_ITEMS`) and drops the rest. */
export const MAX_CACHE_TAGS = 128;

/** The tag of every read that returns or populates entries of content type `uid`: `cms:<uid>`. */
export function contentTypeTag(uid: string): string {
  return `cms:${uid}`;
}

/** The tag of a read of one document: `cms:<uid>:<documentId>`. */
export function documentTag(uid: string, documentId: string): string {
  return `cms:${uid}:${documentId}`;
}

/**
 * The tags a change to document `documentId` of `uid` makes stale: the content type's and the
 * document's (the content type's alone when the document is unknown).
 */
export function changeTags(uid: string, documentId?: string | undefined): string[] {
  return documentId === undefined
    ? [contentTypeTag(uid)]
    : [contentTypeTag(uid), documentTag(uid, documentId)];
}

/**
 * The tags to send with a read: `derived` (the scheme's, first, so the tags a webhook revalidates
 * are never the ones cut) then the caller's, each once, without tags Next.js would ignore (empty
 * or over {@link MAX_CACHE_TAG_LENGTH} characters), at most {@link MAX_CACHE_TAGS}.
 */
export function mergeCacheTags(
  derived: readonly string[],
  caller: readonly string[] | undefined = [],
): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const tag of [...derived, ...caller]) {
    if (tags.length === MAX_CACHE_TAGS) break;
    if (typeof tag !== 'string' || tag === '' || tag.length > MAX_CACHE_TAG_LENGTH || seen.has(tag)) continue;
    seen.add(tag);
    tags.push(tag);
  }
  return tags;
}
