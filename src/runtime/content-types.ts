/**
 * Collection-type and single-type operations, and custom controller routes. Strapi wraps
 * entries in `{data, meta}`; these unwrap them, turn a 404 on one entry into `null`, and put
 * `data` around inputs.
 */
import { contentTypeTag, documentTag } from './core/cache-tags.ts';
import { type CmsClientCore, failures } from './core/client.ts';
import { segmentOf } from './core/path-segment.ts';
import type {
  CollectionApi,
  ContentTypeTable,
  MediaFields,
  RouteMethodNames,
  SingleApi,
} from './types/content-types.ts';
import type { CmsResponse } from './types/envelope.ts';
import type { CacheOptions } from './types/request.ts';
import type { CustomRouteMethod, RouteSpec, RouteSpecs, RouteTableLoader } from './types/routes.ts';
import type { SchemaShape } from './types/shape.ts';

/**
 * `<path>/<documentId>`. A documentId that cannot be a path segment rejects, with the TypeError
 * failures.ts words (loaded then), before any request.
 */
async function documentPath(path: string, documentId: unknown): Promise<string> {
  const segment = typeof documentId === 'string' ? segmentOf(documentId) : undefined;
  if (segment) return `${path}/${segment}`;
  throw (await failures()).documentIdError(path, documentId);
}

/**
 * A create (`POST`), update (`PUT`) or delete, sent by writes.ts, loaded on the first write. A
 * bad `documentId` has already rejected: `documentPath` runs before the call.
 */
function write(...args: Parameters<typeof import('./writes.ts').write>): Promise<unknown> {
  return import('./writes.ts').then((module) => module.write(...args));
}

/**
 * A read of `/api/<path>` with the cache-tag scheme's tags of the type at `/api/<type>`, and of
 * one document when `documentId` is given (the client sends them unless opted out).
 */
async function read<T>(
  client: CmsClientCore,
  type: string,
  params: object | undefined,
  cacheOptions: CacheOptions | undefined,
  documentId?: string,
): Promise<CmsResponse<T>> {
  const path = documentId === undefined ? type : await documentPath(type, documentId);
  return client.call<CmsResponse<T>>(path, {
    query: params,
    cacheOptions,
    envelope: true,
    nullOnNotFound: documentId !== undefined,
    tags:
      documentId === undefined
        ? [contentTypeTag(type)]
        : [contentTypeTag(type), documentTag(type, documentId)],
  });
}

/** The collection type at `/api/<path>`; its reads carry the tags `cms:<path>` (and `cms:<path>:<documentId>`). */
export function collectionApi<S extends SchemaShape, U extends string>(
  client: CmsClientCore,
  path: string,
  media: MediaFields = {},
): CollectionApi<S, U> {
  const api = {
    async find(params?: object, cacheOptions?: CacheOptions) {
      return (await read<unknown[]>(client, path, params, cacheOptions)).data;
    },
    findWithMeta(params?: object, cacheOptions?: CacheOptions) {
      return read<unknown[]>(client, path, params, cacheOptions);
    },
    async findOne(documentId: string, params?: object, cacheOptions?: CacheOptions) {
      // A 404 resolves as null (nullOnNotFound).
      const body = (await read(
        client,
        path,
        params,
        cacheOptions,
        documentId,
      )) as CmsResponse<unknown> | null;
      return body?.data ?? null;
    },
    create(data: unknown, second?: unknown, third?: unknown) {
      return write(client, path, 'POST', data, media, second, third);
    },
    async update(documentId: string, data: unknown, second?: unknown, third?: unknown) {
      return write(client, await documentPath(path, documentId), 'PUT', data, media, second, third);
    },
    async delete(documentId: string, second?: unknown, third?: unknown) {
      return write(client, await documentPath(path, documentId), 'DELETE', undefined, media, second, third);
    },
  };
  return api as unknown as CollectionApi<S, U>;
}

/** The single type at `/api/<path>`; its reads carry the tag `cms:<path>`. */
export function singleApi<S extends SchemaShape, U extends string>(
  client: CmsClientCore,
  path: string,
  media: MediaFields = {},
): SingleApi<S, U> {
  const api = {
    async find(params?: object, cacheOptions?: CacheOptions) {
      return (await read(client, path, params, cacheOptions)).data;
    },
    update(data: unknown, second?: unknown, third?: unknown) {
      return write(client, path, 'PUT', data, media, second, third);
    },
    delete(second?: unknown, third?: unknown) {
      return write(client, path, 'DELETE', undefined, media, second, third);
    },
  };
  return api as unknown as SingleApi<S, U>;
}

/**
 * Sets one property of `client` per entry of `table` (property name -> content type): a
 * `collectionApi`, or a `singleApi` for a single type, at `/api/<path>` (the property's name
 * unless the entry says otherwise).
 */
export function contentTypeApis(client: CmsClientCore, table: ContentTypeTable): void {
  for (const [property, { path = property, single, media }] of Object.entries(table))
    (client as unknown as Record<string, unknown>)[property] = single
      ? singleApi(client, path, media)
      : collectionApi(client, path, media);
}

/**
 * Sets the route methods of `groups` (property name -> method names, separated by spaces):
 * into the API object of a content type (set by `contentTypeApis` before), or into a new object
 * for a plugin or API property. Their methods and paths load with the route table (`ROUTES`, keyed the same way) on
 * the first call of any route, so a page that calls none does not load them.
 */
export function routeMethods(client: CmsClientCore, table: RouteTableLoader, groups: RouteMethodNames): void {
  const members = client as unknown as Record<string, Record<string, CustomRouteMethod> | undefined>;
  for (const [property, names] of Object.entries(groups)) {
    const group = members[property] ?? {};
    members[property] = group;
    for (const name of names.split(' ')) group[name] = customRoute(client, table, property, name);
  }
}

/**
 * The method of the route `property.name`. Path parameters come first, in path order; then,
 * for GET and DELETE, query parameters, and for the other methods a JSON body (or FormData),
 * then query parameters when the route's `query` says so; then cache options. The response
 * body is returned as the server sent it. What sends it is in custom-routes.ts, loaded with the
 * table on the first call.
 */
function customRoute(
  client: CmsClientCore,
  table: RouteTableLoader,
  property: string,
  name: string,
): CustomRouteMethod {
  return <R>(...args: unknown[]) =>
    Promise.all([table(), import('./custom-routes.ts')]).then(([routes, module]) =>
      module.callRoute<R>(client, (routes.ROUTES[property] as RouteSpecs[string])[name] as RouteSpec, args),
    );
}
