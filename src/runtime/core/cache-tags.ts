/**
 * The cache-tag scheme: which tags a read carries and which tags a change revalidates, so that a
 * cache keyed by tags (Next.js `fetch(url, { next: { tags } })` and `revalidateTag`) forgets
 * what a change in Strapi made stale. Tags are keyed on the REST path the client reads a type at
 * (`/api/<path>`), which every API object already has, so reads carry no uid strings.
 *
 * - `cms:<path>` tags every read of a content type (`cms:articles`, `cms:site-setting`).
 * - `cms:<path>:<documentId>` tags a read of one document (`findOne`).
 * - A change to document `<documentId>` of a type (a webhook) revalidates both, and the type tag
 *   of every content type whose reads can populate it (through relations, components, dynamic
 *   zones or media): its referrers.
 *
 * Uploaded files are `upload/files` (`MEDIA_PATH`), users-permissions' users `users`; a type the
 * client reads at no path (`plugin::i18n.locale`) is keyed on its uid. Pure functions of strings,
 * the same in every runtime, so an application can compute the tags a request carries or a
 * webhook clears without the client.
 */

/** The REST path of uploaded files (`/api/upload/files`): media webhooks revalidate `cms:upload/files`. */
export const MEDIA_PATH = 'upload/files';

/** Next.js ignores a tag longer than this many characters (`NEXT_CACHE_TAG_MAX_LENGTH`). */
export const MAX_CACHE_TAG_LENGTH = 256;

/** Next.js keeps at most this many tags per fetch (`NEXT_CACHE_TAG_MAX_ITEMS`) and drops the rest. */
export const MAX_CACHE_TAGS = 128;

/** The tag of every read of the content type at `/api/<path>`: `cms:<path>` (`cms:articles`). */
export function contentTypeTag(path: string): string {
  return `cms:${path}`;
}

/** The tag of a read of one document: `cms:<path>:<documentId>` (`cms:articles:a1b2c3`). */
export function documentTag(path: string, documentId: string): string {
  return `cms:${path}:${documentId}`;
}

/**
 * The tags a change to document `documentId` of the type at `path` makes stale: the type's, the
 * document's (unless the document is unknown), then the type tag of each of `referrers` (the
 * paths of the types whose reads can populate it), each once, at most {@link MAX_CACHE_TAGS}.
 */
export function changeTags(
  path: string,
  documentId?: string | undefined,
  referrers: readonly string[] = [],
): string[] {
  const own =
    documentId === undefined ? [contentTypeTag(path)] : [contentTypeTag(path), documentTag(path, documentId)];
  return mergeCacheTags(own, referrers.map(contentTypeTag));
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
  // A Set keeps each tag's first place; short, as it runs in every read of the first load.
  return [...new Set([...derived, ...caller])]
    .filter((tag) => tag && tag.length <= MAX_CACHE_TAG_LENGTH)
    .slice(0, MAX_CACHE_TAGS);
}
