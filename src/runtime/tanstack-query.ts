/**
 * TanStack Query without a dependency: `cmsQueries(client)` (the generated client's, built on
 * `createQueries` with the tables of its members) gives, for every read of the client,
 * the `{ queryKey, queryFn }` pair `useQuery`, `queryOptions` and `prefetchQuery` take (React,
 * Vue, Solid, Svelte: the options object is the same in each), with the result typed as the
 * client types it (following `populate` and `fields`), and the mutation options of the writes,
 * which invalidate what they change. Nothing here is reachable from the client class, so an app
 * that does not call `cmsQueries` does not ship it.
 *
 * Keys are hierarchical, so one prefix invalidates a whole branch:
 * - `['cms']`: every read of the client (`cmsQueries(cms).key`);
 * - `['cms', path]`: every read of one API (`/api/<path>`: a content type's lists, documents and
 *   custom routes; `['cms', 'users']` holds `auth.me`);
 * - `['cms', path, 'document', documentId]`: the reads of one document (`findOne`);
 * - `['cms', property]`: the reads of a plugin's or an API's routes (`client.navigation`).
 */
import type { CmsClientCore } from './core/client.ts';
import type { MeParams, UserModel } from './types/auth.ts';
import type { CollectionApi, ContentTypeTable, RouteMethodNames, SingleApi } from './types/content-types.ts';
import type { CmsListResponse, PaginationMeta } from './types/meta.ts';
import type {
  Checked,
  DeleteParams,
  FindOneParams,
  NoParams,
  QueryParams,
  SingleParams,
  WriteParams,
} from './types/params.ts';
import type { CacheOptions } from './types/request.ts';
import type { QueryResult } from './types/result.ts';
import type { RouteTableLoader } from './types/routes.ts';
import type { AddedData, AddedQuery, InputFor, IsDraft, ModelOf, SchemaShape } from './types/shape.ts';

/** The key of every read of a client. */
export type CmsRootKey = readonly ['cms'];
/** The key of every read of one API (`/api/<path>`). */
export type CmsApiKey = readonly ['cms', string];
/** The key of the reads of one document. */
export type CmsDocumentKey = readonly ['cms', string, 'document', string];

/** What a query's function receives from TanStack Query that the client uses: the signal that cancels it. */
export interface CmsQueryContext {
  /** Aborted when TanStack Query cancels the query: it aborts the request. */
  signal: AbortSignal;
}

/** A query for TanStack Query: its key and the function that reads `T`. */
export interface CmsQueryOptions<T> {
  /** Where TanStack Query caches the result: below the API's key, by operation and parameters. */
  queryKey: readonly unknown[];
  /** Reads `T` through the client, passing the query's signal to the request. */
  queryFn: (context: CmsQueryContext) => Promise<T>;
}

/** What a mutation's callbacks receive from TanStack Query (v5.89 and later) that the options use. */
export interface CmsMutationContext {
  /** The `QueryClient` the mutation runs in. */
  client: {
    /** Marks the queries under `queryKey` stale and refetches the active ones. */
    invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<unknown>;
  };
}

/** A mutation for TanStack Query: it writes with `variables` and, once done, invalidates `invalidates`. */
export interface CmsMutationOptions<T, V> {
  /** The API's key and the operation: `['cms', 'articles', 'update']`. */
  mutationKey: readonly unknown[];
  /** Writes through the client with what `mutate` was given. */
  mutationFn: (variables: V) => Promise<T>;
  /** Invalidates the API's key: its lists, its documents and its custom routes. */
  onSuccess: (
    data: T,
    variables: V,
    onMutateResult: unknown,
    context: CmsMutationContext,
  ) => Promise<unknown>;
}

/** The queries and mutations of a collection type. */
export interface CollectionQueries<S extends SchemaShape, U extends string, M = ModelOf<S, U>> {
  /** Every read of this API. */
  readonly key: CmsApiKey;
  /** The reads of one document. */
  documentKey(documentId: string): CmsDocumentKey;
  /** `find`: the list, typed as `find` returns it. */
  find<const P extends QueryParams<S, M> & AddedQuery<M, 'find'> = NoParams & AddedQuery<M, 'find'>>(
    params?: Checked<P, QueryParams<S, M> & AddedQuery<M, 'find'>>,
    cacheOptions?: CacheOptions,
  ): CmsQueryOptions<QueryResult<S, M, P, IsDraft<P>>[]>;
  /** `findWithMeta`: the list with its pagination. */
  findWithMeta<const P extends QueryParams<S, M> & AddedQuery<M, 'find'> = NoParams & AddedQuery<M, 'find'>>(
    params?: Checked<P, QueryParams<S, M> & AddedQuery<M, 'find'>>,
    cacheOptions?: CacheOptions,
  ): CmsQueryOptions<CmsListResponse<QueryResult<S, M, P, IsDraft<P>>[], PaginationMeta<P>>>;
  /** `findOne`: one document, or `null` when there is none. */
  findOne<
    const P extends FindOneParams<S, M> & AddedQuery<M, 'findOne'> = NoParams & AddedQuery<M, 'findOne'>,
  >(
    documentId: string,
    params?: Checked<P, FindOneParams<S, M> & AddedQuery<M, 'findOne'>>,
    cacheOptions?: CacheOptions,
  ): CmsQueryOptions<QueryResult<S, M, P, IsDraft<P>> | null>;
  /** `create` with these query parameters; `mutate({ data })`. */
  create<const P extends WriteParams<S, M> & AddedQuery<M, 'create'> = NoParams & AddedQuery<M, 'create'>>(
    params?: Checked<P, WriteParams<S, M> & AddedQuery<M, 'create'>>,
  ): CmsMutationOptions<
    QueryResult<S, M, P, IsDraft<P>>,
    { data: (InputFor<M, P> & AddedData<M, 'create'>) | FormData }
  >;
  /** `update` with these query parameters; `mutate({ documentId, data })`. */
  update<const P extends WriteParams<S, M> & AddedQuery<M, 'update'> = NoParams & AddedQuery<M, 'update'>>(
    params?: Checked<P, WriteParams<S, M> & AddedQuery<M, 'update'>>,
  ): CmsMutationOptions<
    QueryResult<S, M, P, IsDraft<P>>,
    { documentId: string; data: (Partial<InputFor<M, P>> & AddedData<M, 'update'>) | FormData }
  >;
  /** `delete` (of one locale with `{ locale }`); `mutate({ documentId })`. */
  delete(
    params?: DeleteParams & AddedQuery<M, 'delete'>,
  ): CmsMutationOptions<QueryResult<S, M, NoParams> | null, { documentId: string }>;
}

/** The query and mutation of a single type. */
export interface SingleQueries<S extends SchemaShape, U extends string, M = ModelOf<S, U>> {
  /** Every read of this API. */
  readonly key: CmsApiKey;
  /** `find`: the entry, typed as `find` returns it. */
  find<const P extends SingleParams<S, M> & AddedQuery<M, 'find'> = NoParams & AddedQuery<M, 'find'>>(
    params?: Checked<P, SingleParams<S, M> & AddedQuery<M, 'find'>>,
    cacheOptions?: CacheOptions,
  ): CmsQueryOptions<QueryResult<S, M, P, IsDraft<P>>>;
  /** `update` with these query parameters; `mutate({ data })`. */
  update<const P extends WriteParams<S, M> & AddedQuery<M, 'update'> = NoParams & AddedQuery<M, 'update'>>(
    params?: Checked<P, WriteParams<S, M> & AddedQuery<M, 'update'>>,
  ): CmsMutationOptions<
    QueryResult<S, M, P, IsDraft<P>>,
    { data: (Partial<InputFor<M, P>> & AddedData<M, 'update'>) | FormData }
  >;
  /** `delete` (of one locale with `{ locale }`); `mutate()`. */
  delete(
    params?: DeleteParams & AddedQuery<M, 'delete'>,
  ): CmsMutationOptions<QueryResult<S, M, NoParams> | null, void>;
}

/**
 * The custom GET routes of an API as queries: the route's arguments, and its result type: the
 * one its response schema gives, or else `R`, named by the caller.
 */
export type RouteQueries<A, Crud extends PropertyKey> = {
  readonly [K in Exclude<keyof A, Crud>]: A[K] extends (...args: infer Args) => Promise<infer Result>
    ? unknown extends Result
      ? <R = unknown>(...args: Args) => CmsQueryOptions<R>
      : (...args: Args) => CmsQueryOptions<Result>
    : never;
};

/**
 * The routes of the client's plugin and API properties `K` (`navigation`, `probe`) as queries,
 * each under the key `['cms', property]`: the generated `cmsQueries` adds them to `CmsQueries`.
 */
export type RouteGroupQueries<C, K extends keyof C & string> = {
  readonly [P in K]: {
    /** Every read of this property's routes. */
    readonly key: CmsApiKey;
  } & RouteQueries<C[P], never>;
};

/** `auth.me` as a query (key `['cms', 'users', 'me', params]`), where the server has the route. */
export interface AuthQueries<S extends SchemaShape> {
  /** The signed-in user; `populate` and `fields` type it as `auth.me` does. */
  me<const P extends MeParams<S> = NoParams>(
    params?: Checked<P, MeParams<S>>,
    cacheOptions?: CacheOptions,
  ): CmsQueryOptions<QueryResult<S, UserModel<S>, P>>;
}

/** The schema of a client `C`, read off its collection and single types. */
export type SchemaOf<C> = {
  [K in keyof C]: C[K] extends CollectionApi<infer S, string>
    ? S
    : C[K] extends SingleApi<infer S, string>
      ? S
      : never;
}[keyof C];

/** The queries of an API member `A` of a client of schema `S`: collection types, single types, `auth`. */
export type ApiQueries<A, S> =
  A extends CollectionApi<infer T, infer U, infer M>
    ? CollectionQueries<T, U, M> & RouteQueries<A, keyof CollectionApi<T, U, M>>
    : A extends SingleApi<infer T, infer U, infer M>
      ? SingleQueries<T, U, M> & RouteQueries<A, keyof SingleApi<T, U, M>>
      : A extends { me: unknown; clearToken(): void }
        ? S extends SchemaShape
          ? AuthQueries<S>
          : never
        : never;

/** What `cmsQueries(client)` returns: `key`, and the queries of each API member by its name. */
export type CmsQueries<C> = {
  /** Every read of the client: `['cms']`. */
  readonly key: CmsRootKey;
} & {
  readonly [K in keyof C as ApiQueries<C[K], SchemaOf<C>> extends never ? never : K]: ApiQueries<
    C[K],
    SchemaOf<C>
  >;
};

const ROOT: CmsRootKey = ['cms'];

type Method = (...args: unknown[]) => Promise<unknown>;
/**
 * An API object as this file calls it: the methods by name, untyped. Each is called only where
 * the table says the object has it (no `findOne` on a single type...).
 */
interface Loose {
  find: Method;
  findWithMeta: Method;
  findOne: Method;
  create: Method;
  update: Method;
  delete: Method;
  me: Method;
}
/** What `mutate` is called with. */
interface Variables {
  data?: unknown;
  documentId?: unknown;
}

/** The options with the query's signal merged in. */
const withSignal = (cacheOptions: CacheOptions | undefined, signal: AbortSignal): CacheOptions => ({
  ...cacheOptions,
  signal,
});

function query(
  queryKey: readonly unknown[],
  read: (signal: AbortSignal) => Promise<unknown>,
): CmsQueryOptions<unknown> {
  return { queryKey, queryFn: ({ signal }) => read(signal) };
}

function mutation(
  key: CmsApiKey,
  name: string,
  write: (variables: Variables) => Promise<unknown>,
): CmsMutationOptions<unknown, Variables> {
  return {
    mutationKey: [...key, name],
    mutationFn: write,
    onSuccess: (_data, _variables, _result, context) => context.client.invalidateQueries({ queryKey: key }),
  };
}

/** Arguments of a write: the data, then the query parameters when there are any. */
const writeArgs = (data: unknown, params: object | undefined): unknown[] =>
  params === undefined ? [data] : [data, params];

/** The queries of a collection-type or single-type API object at `/api/<path>`. */
function apiQueries(api: Loose, path: string, single: boolean): Record<string, unknown> {
  const key: CmsApiKey = ['cms', path];
  const documentKey = (documentId: string): CmsDocumentKey => [...key, 'document', documentId];
  const queries: Record<string, unknown> = {
    key,
    find: (params?: object, cacheOptions?: CacheOptions) =>
      query([...key, 'find', params ?? {}], (signal) => api.find(params, withSignal(cacheOptions, signal))),
    update: (params?: object) =>
      mutation(key, 'update', (v) =>
        single
          ? api.update(...writeArgs(v.data, params))
          : api.update(v.documentId, ...writeArgs(v.data, params)),
      ),
    delete: (params?: object) =>
      mutation(key, 'delete', (v) =>
        api.delete(...(single ? [] : [v.documentId]), ...(params === undefined ? [] : [params])),
      ),
  };
  if (!single) {
    Object.assign(queries, {
      documentKey,
      findWithMeta: (params?: object, cacheOptions?: CacheOptions) =>
        query([...key, 'findWithMeta', params ?? {}], (signal) =>
          api.findWithMeta(params, withSignal(cacheOptions, signal)),
        ),
      findOne: (documentId: string, params?: object, cacheOptions?: CacheOptions) =>
        query([...documentKey(documentId), params ?? {}], (signal) =>
          api.findOne(documentId, params, withSignal(cacheOptions, signal)),
        ),
      create: (params?: object) => mutation(key, 'create', (v) => api.create(...writeArgs(v.data, params))),
    });
  }
  return queries;
}

/**
 * How many of a route call's arguments key its query: the path parameters (the leading strings
 * and numbers) and the query parameters after them; the cache options that may follow do not.
 */
const keyedArguments = (args: readonly unknown[]): number => {
  const params = args.findIndex((arg) => typeof arg !== 'string' && typeof arg !== 'number');
  return (params === -1 ? args.length : params) + 1;
};

/**
 * A custom route's query: its path parameters and query parameters are in the key. GET only: the
 * query of any other route fails with a `TypeError` saying so, before any request, once the
 * route table (loaded with the first route call) shows its method.
 */
function routeQuery(key: CmsApiKey, table: RouteTableLoader, property: string, name: string, method: Method) {
  return (...args: unknown[]) => {
    const count = keyedArguments(args);
    const call = args.slice(0, count);
    return query([...key, 'route', name, ...call], async (signal) => {
      const route = (await table()).ROUTES[property]?.[name];
      if (route !== undefined && route.method !== 'GET')
        throw new TypeError(
          `${route.method} /api${route.path} is not a read: call it in a mutation, not as a query (cmsQueries(...).${name})`,
        );
      return method(...call, withSignal(args[count] as CacheOptions | undefined, signal));
    });
  };
}

/** `auth.me` as a query; its key sits under the users API's. */
function authQueries(auth: Loose): Record<string, unknown> {
  return {
    me: (params?: object, cacheOptions?: CacheOptions) =>
      query(['cms', 'users', 'me', params ?? {}], (signal) =>
        auth.me(params, withSignal(cacheOptions, signal)),
      ),
  };
}

/**
 * The TanStack Query options of every read and write of `client`: of its content types (the
 * generated `CONTENT_TYPES`), of its route methods (`ROUTE_METHODS`, whose methods and paths
 * `routes` loads) and of `auth.me` when the client has it. The queries of its plugin and API
 * properties `K` are typed as the caller names them.
 * @internal
 */
export function createQueries<C extends CmsClientCore, K extends keyof C & string = never>(
  client: C,
  contentTypes: ContentTypeTable,
  routeMethods: RouteMethodNames = {},
  routes?: RouteTableLoader,
): CmsQueries<C> & RouteGroupQueries<C, K> {
  const members = client as unknown as Record<string, Loose | undefined> & { auth?: Loose };
  const queries: Record<string, unknown> & { auth?: unknown } = { key: ROOT };
  for (const [property, { path = property, single }] of Object.entries(contentTypes)) {
    const member = members[property];
    if (member !== undefined) queries[property] = apiQueries(member, path, single === true);
  }
  for (const [property, names] of Object.entries(routeMethods)) {
    const member = members[property] as unknown as Record<string, Method> | undefined;
    if (member === undefined || routes === undefined) continue;
    const key: CmsApiKey = ['cms', contentTypes[property]?.path ?? property];
    const group = (queries[property] ?? { key }) as Record<string, unknown>;
    queries[property] = group;
    for (const name of names.split(' '))
      group[name] = routeQuery(key, routes, property, name, member[name] as Method);
  }
  const auth = members.auth;
  if (typeof auth?.me === 'function') queries.auth = authQueries(auth);
  return queries as CmsQueries<C> & RouteGroupQueries<C, K>;
}
