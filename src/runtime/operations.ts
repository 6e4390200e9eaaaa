/**
 * Collection-type and single-type operations, and custom controller routes. Strapi wraps
 * entries in `{data, meta}`; these unwrap them, turn a 404 on one entry into `null`, and put
 * `data` around inputs.
 */
import type { AuthRoutes } from './auth.ts';
import { contentTypeTag, documentTag } from './cache-tags.ts';
import { type CacheOptions, type CmsClientCore, failures } from './core.ts';
import type { CmsResponse } from './envelope.ts';
import type { CmsListResponse, PaginationMeta } from './meta.ts';
import type {
  Checked,
  DeleteParams,
  FindOneParams,
  QueryParams,
  SingleParams,
  WriteParams,
} from './params.ts';
import { segmentOf } from './path-segment.ts';
import type { QueryResult } from './result.ts';
import type { AddedData, AddedQuery, InputFor, InputOf, IsDraft, ModelOf, SchemaShape } from './shape.ts';

/** No parameters: what a call without `params` is typed as. */
export type NoParams = Record<never, never>;

/** Operations of a collection type `U` (`client.articles`). */
export interface CollectionApi<S extends SchemaShape, U extends string, M = ModelOf<S, U>> {
  /** Lists entries (`GET /api/<plural>`); the entry type follows `populate` and `fields`. */
  find<const P extends QueryParams<S, M> & AddedQuery<M, 'find'> = NoParams & AddedQuery<M, 'find'>>(
    params?: Checked<P, QueryParams<S, M> & AddedQuery<M, 'find'>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, P, IsDraft<P>>[]>;
  /**
   * Lists entries with Strapi's `meta.pagination`, typed by the query: page-based
   * (`page`, `pageSize`, `pageCount`, `total`) or, with `start`/`limit`, offset (`start`, `limit`,
   * `total`); `withCount: false` leaves out `pageCount` and `total`.
   */
  findWithMeta<const P extends QueryParams<S, M> & AddedQuery<M, 'find'> = NoParams & AddedQuery<M, 'find'>>(
    params?: Checked<P, QueryParams<S, M> & AddedQuery<M, 'find'>>,
    cacheOptions?: CacheOptions,
  ): Promise<CmsListResponse<QueryResult<S, M, P, IsDraft<P>>[], PaginationMeta<P>>>;
  /** One entry by documentId, or `null` when there is none. */
  findOne<
    const P extends FindOneParams<S, M> & AddedQuery<M, 'findOne'> = NoParams & AddedQuery<M, 'findOne'>,
  >(
    documentId: string,
    params?: Checked<P, FindOneParams<S, M> & AddedQuery<M, 'findOne'>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, P, IsDraft<P>> | null>;
  /** Creates an entry; a `FormData` carries JSON under `data` and files under `files.<field>`. */
  create(
    data: (InputOf<M> & AddedData<M, 'create'>) | FormData,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, NoParams>>;
  /**
   * Creates an entry with query parameters (`locale`, `status: 'draft'`, `populate`...). With
   * `status: 'draft'` the data may leave required fields out, and the draft comes back.
   */
  create<const P extends WriteParams<S, M> & AddedQuery<M, 'create'>>(
    data: (InputFor<M, P> & AddedData<M, 'create'>) | FormData,
    params: Checked<P, WriteParams<S, M> & AddedQuery<M, 'create'>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, P, IsDraft<P>>>;
  /** Changes only the given fields. */
  update(
    documentId: string,
    data: (Partial<InputOf<M>> & AddedData<M, 'update'>) | FormData,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, NoParams>>;
  /** Changes only the given fields, with query parameters (`locale`, `status`, `populate`...); `status: 'draft'` changes the draft. */
  update<const P extends WriteParams<S, M> & AddedQuery<M, 'update'>>(
    documentId: string,
    data: (Partial<InputFor<M, P>> & AddedData<M, 'update'>) | FormData,
    params: Checked<P, WriteParams<S, M> & AddedQuery<M, 'update'>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, P, IsDraft<P>>>;
  /** Deletes an entry (or one locale of it); returns it when the server sends it back, otherwise `null` (Strapi answers 204). */
  delete(documentId: string, cacheOptions?: CacheOptions): Promise<QueryResult<S, M, NoParams> | null>;
  /** Deletes one locale of an entry (`{ locale: 'fr' }`, `'*'` for all); returns it when the server sends it back, otherwise `null`. */
  delete(
    documentId: string,
    params: DeleteParams & AddedQuery<M, 'delete'>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, NoParams> | null>;
}

/** Operations of a single type `U` (`client.siteSetting`): no `findOne`, `create` or `delete`. */
export interface SingleApi<S extends SchemaShape, U extends string, M = ModelOf<S, U>> {
  /** Reads the entry (`GET /api/<singular>`); Strapi answers 404 until it has content. */
  find<const P extends SingleParams<S, M> & AddedQuery<M, 'find'> = NoParams & AddedQuery<M, 'find'>>(
    params?: Checked<P, SingleParams<S, M> & AddedQuery<M, 'find'>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, P, IsDraft<P>>>;
  /** Creates or changes the entry; only the given fields change. */
  update(
    data: (Partial<InputOf<M>> & AddedData<M, 'update'>) | FormData,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, NoParams>>;
  /** Creates or changes the entry, with query parameters (`locale`, `status`, `populate`...); `status: 'draft'` changes the draft. */
  update<const P extends WriteParams<S, M> & AddedQuery<M, 'update'>>(
    data: (Partial<InputFor<M, P>> & AddedData<M, 'update'>) | FormData,
    params: Checked<P, WriteParams<S, M> & AddedQuery<M, 'update'>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, P, IsDraft<P>>>;
  /**
   * Deletes the entry (`DELETE /api/<singular>`); returns it when the server sends it back,
   * otherwise `null` (Strapi answers 204). `find` then answers 404 until `update` writes it again.
   */
  delete(cacheOptions?: CacheOptions): Promise<QueryResult<S, M, NoParams> | null>;
  /** Deletes one locale of the entry (`{ locale: 'fr' }`, `'*'` for all); `null` unless the server sends it back. */
  delete(
    params: DeleteParams & AddedQuery<M, 'delete'>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, NoParams> | null>;
}

/**
 * `<path>/<documentId>`. A documentId that cannot be a path segment rejects, with the TypeError
 * failures.ts words (loaded then), before any request.
 */
async function documentPath(path: string, documentId: unknown): Promise<string> {
  const segment = typeof documentId === 'string' ? segmentOf(documentId) : undefined;
  if (segment) return `${path}/${segment}`;
  throw (await failures()).documentIdError(path, documentId);
}

/** Top-level media attributes of a content type: `one` file or `many`. */
export type MediaFields = Record<string, 'one' | 'many'>;

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
 * One content type of the generated client's table: its top-level media fields, `true` for a
 * single type, and its path below `/api` when that is not the property's name.
 */
export type ContentTypeRow = readonly [media?: MediaFields, single?: boolean, path?: string];

/**
 * Sets one property of `client` per row of `table` (property name -> row): a `collectionApi`, or
 * a `singleApi` for a single type. One call over a table costs a bundle less than a line per
 * content type.
 */
export function contentTypeApis(client: CmsClientCore, table: Record<string, ContentTypeRow>): void {
  for (const [property, [media, single, path = property]] of Object.entries(table))
    (client as unknown as Record<string, unknown>)[property] = single
      ? singleApi(client, path, media)
      : collectionApi(client, path, media);
}

/** A custom controller route: `(…pathParams, queryOrBody?, cacheOptions?)`. */
export interface RouteSpec {
  /** HTTP method, as the server's route declares it. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below `/api`, with `:param` segments, e.g. `/articles/:id/like`. */
  path: string;
  /** A route sent with a body (not GET or DELETE) that also takes query parameters: they come after the body. */
  query?: true;
}

/** A custom route method before its types: any arguments, the response body as `R`. */
export type CustomRouteMethod = <R = unknown>(...args: unknown[]) => Promise<R>;

/** The generated `routes.js`: the method and path of every route the client calls. */
export interface RouteTable {
  /** The custom and plugin routes, numbered as `routeMethods` numbers them. */
  readonly ROUTES: readonly RouteSpec[];
  /** The users-permissions routes behind `client.auth`, by method name. */
  readonly AUTH_ROUTES: AuthRoutes;
}

/** Loads the route table: the generated client's `() => import('./routes.js')`. */
export type RouteTableLoader = () => Promise<RouteTable>;

/**
 * Sets the route methods of `groups` (property name -> method names): into the API object of a
 * content type (set by `contentTypeApis` before), or into a new object for a plugin or API
 * property. The routes are numbered in `groups` order, as the generated `ROUTES` lists them;
 * their methods and paths load with the table on the first call of any route, so a page that
 * calls none does not load them.
 */
export function routeMethods(
  client: CmsClientCore,
  table: RouteTableLoader,
  groups: Record<string, readonly string[]>,
): void {
  const members = client as unknown as Record<string, Record<string, CustomRouteMethod> | undefined>;
  let index = 0;
  for (const [property, names] of Object.entries(groups)) {
    const group = members[property] ?? {};
    members[property] = group;
    for (const name of names) group[name] = customRoute(client, table, index++);
  }
}

/**
 * The method of route `index` of the table. Path parameters come first, in path order; then,
 * for GET and DELETE, query parameters, and for the other methods a JSON body (or FormData),
 * then query parameters when the route's `query` says so; then cache options. The response
 * body is returned as the server sent it. What sends it is in custom-routes.ts, loaded with the
 * table on the first call.
 */
function customRoute(client: CmsClientCore, table: RouteTableLoader, index: number): CustomRouteMethod {
  return <R>(...args: unknown[]) =>
    Promise.all([table(), import('./custom-routes.ts')]).then(([routes, module]) =>
      module.callRoute<R>(client, routes.ROUTES[index] as RouteSpec, args),
    );
}
