/**
 * Reads that follow draft mode: the generated `withStatus(client, status)` calls
 * `statusClient` with the client's content types. For `'published'` it is the client itself
 * (Strapi reads published content by default, so those reads are the plain ones and share
 * their cache entries). For `'draft'` it is the client with draft reads: every read of a content
 * type sends `status=draft` (unless the call passes a status), is never stored (`no-store`), and
 * carries the cache tags with `draft:` in front, so a draft neither fills nor is cleared with a
 * published cache entry. Loaded only by an app that calls `withStatus`.
 */

import { contentTypeTag, documentTag, mergeCacheTags } from './core/cache-tags.ts';
import type { CmsClientCore } from './core/client.ts';
import type { ContentTypeTable } from './types/content-types.ts';
import type { CacheOptions } from './types/request.ts';

/** Which version of the content a client's reads return. */
export type ReadStatus = 'draft' | 'published';

/** Options of `withStatus(client, status, options)`. */
export interface StatusOptions {
  /**
   * Draft reads send `strapi-encode-source-maps: true`, so Strapi's core controllers mark each
   * text field with where it came from, which Live Preview's click-to-edit script reads.
   * @default false
   */
  sourceMaps?: boolean | undefined;
}

/** What a draft read's cache tags start with: `draft:cms:articles`. */
export const DRAFT_TAG_PREFIX = 'draft:';

type Read = (...args: unknown[]) => unknown;

/** A read's parameters with `status: 'draft'` unless they name a status. */
const drafts = (params: unknown): object => ({ status: 'draft', ...(params as object | undefined) });

/**
 * The cache options of a draft read of the type at `path` (of one document with `documentId`):
 * never stored, without `revalidate` (Next.js refuses both), with the scheme's tags and the
 * call's, each prefixed with `draft:`.
 */
function draftCache(
  client: CmsClientCore,
  path: string,
  documentId: unknown,
  given: unknown,
  sourceMaps: boolean,
): CacheOptions {
  const cache = given as CacheOptions | undefined;
  const scheme =
    client.core.cacheTags && cache?.cacheTags !== false
      ? typeof documentId === 'string'
        ? [contentTypeTag(path), documentTag(path, documentId)]
        : [contentTypeTag(path)]
      : [];
  const draft = (tag: string) => `${DRAFT_TAG_PREFIX}${tag}`;
  const tags = mergeCacheTags(scheme.map(draft), cache?.tags?.map(draft));
  return {
    ...cache,
    revalidate: undefined,
    cache: 'no-store',
    cacheTags: false,
    tags: tags.length > 0 ? tags : undefined,
    ...(sourceMaps ? { headers: { ...cache?.headers, 'strapi-encode-source-maps': 'true' } } : {}),
  };
}

/**
 * `client` whose reads of the content types in `table` return `status`: the client itself for
 * `'published'`, a view of it with draft reads for `'draft'` (its other members are the client's
 * own, bound to it). Typed `R` by the generated caller's return type (`WithStatus<CmsClient, St>`),
 * so checking the caller compares no client types.
 * @internal For the generated `withStatus`.
 */
export function statusClient<R>(
  client: CmsClientCore,
  table: ContentTypeTable,
  status: ReadStatus,
  options: StatusOptions = {},
): R {
  if (status !== 'draft' && status !== 'published')
    throw new TypeError(`withStatus: status ${JSON.stringify(status)}; pass 'draft' or 'published'`);
  if (status === 'published') return client as R;
  const sourceMaps = options.sourceMaps === true;
  const members = client as unknown as Record<string, Record<string, Read>>;
  const apis = new Map<PropertyKey, object>();
  for (const [property, { path = property, single }] of Object.entries(table)) {
    const api = members[property] as Record<string, Read>;
    // The client's API object underneath: its custom route methods stay reachable.
    const draft = Object.create(api) as Record<string, Read>;
    for (const name of single ? ['find'] : ['find', 'findWithMeta', 'findOne']) {
      // The client's own read (its methods use no `this`), with the draft's parameters.
      const read = api[name] as Read;
      draft[name] =
        name === 'findOne'
          ? (documentId, params, cache) =>
              read(documentId, drafts(params), draftCache(client, path, documentId, cache, sourceMaps))
          : (params, cache) => read(drafts(params), draftCache(client, path, undefined, cache, sourceMaps));
    }
    apis.set(property, draft);
  }
  const view = new Proxy(client, {
    get(target, key) {
      const api = apis.get(key);
      if (api !== undefined) return api;
      const value: unknown = Reflect.get(target, key, target);
      // Bound: the session and state a method writes stay the client's.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return view as R;
}
