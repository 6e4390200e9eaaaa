/**
 * The creates, updates and deletes of collection and single types, loaded on the first write:
 * a page that only reads never downloads them. A `FormData` (JSON under `data`, files under
 * `files.<field>`) is written by upload/methods.ts, loaded then: its files are uploaded first.
 */
import type { CmsClientCore } from './core/client.ts';
import type { MediaFields } from './types/content-types.ts';
import type { CmsResponse } from './types/envelope.ts';
import type { CacheOptions } from './types/request.ts';

/**
 * The keys of cache options: an argument after `data` (or `documentId` for `delete`) with any
 * other key is query parameters, including keys apps and plugins added to the route.
 */
const CACHE_OPTION_KEYS = ['revalidate', 'tags', 'cacheTags', 'cache', 'headers', 'signal'];

/** Splits `(params?, cacheOptions?)` from `(cacheOptions?)`. */
function writeArguments(
  second: unknown,
  third: unknown,
): { query: object | undefined; cacheOptions: CacheOptions | undefined } {
  if (third !== undefined)
    return { query: second as object | undefined, cacheOptions: third as CacheOptions };
  if (
    second &&
    typeof second === 'object' &&
    Object.keys(second).some((key) => !CACHE_OPTION_KEYS.includes(key))
  )
    return { query: second, cacheOptions: undefined };
  return { query: undefined, cacheOptions: second as CacheOptions | undefined };
}

/**
 * Sends a create (`POST`), an update (`PUT`) or a delete; a write answers its entry, a delete
 * the entry when the server sends it back, otherwise `null` (Strapi answers 204).
 */
export async function write(
  client: CmsClientCore,
  path: string,
  method: 'POST' | 'PUT' | 'DELETE',
  data: unknown,
  media: MediaFields,
  second: unknown,
  third: unknown,
): Promise<unknown> {
  const { query, cacheOptions } = writeArguments(second, third);
  if (method === 'DELETE') {
    const body = await client.call<CmsResponse<unknown> | null>(path, {
      method,
      query,
      cacheOptions,
      envelope: true,
    });
    return body?.data ?? null;
  }
  if (data instanceof FormData)
    return (await import('./upload/methods.ts')).writeForm(
      client,
      path,
      method,
      data,
      media,
      query,
      cacheOptions,
    );
  return (
    await client.call<CmsResponse<unknown>>(path, {
      method,
      query,
      body: { data },
      cacheOptions,
      envelope: true,
    })
  ).data;
}
