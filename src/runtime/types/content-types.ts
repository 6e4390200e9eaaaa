/**
 * The operations of collection and single types (`client.articles`, `client.siteSetting`), as
 * types; content-types.ts builds them.
 */
import type { CmsListResponse, PaginationMeta } from './meta.ts';
import type {
  Checked,
  DeleteParams,
  FindOneParams,
  NoParams,
  QueryParams,
  SingleParams,
  WriteParams,
} from './params.ts';
import type { CacheOptions } from './request.ts';
import type { QueryResult } from './result.ts';
import type { AddedData, AddedQuery, InputFor, InputOf, IsDraft, ModelOf, SchemaShape } from './shape.ts';

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

/** Top-level media attributes of a content type: `one` file or `many`. */
export type MediaFields = Record<string, 'one' | 'many'>;

/** One content type of the generated client, as its `CONTENT_TYPES` table describes it. */
export interface ContentTypeEntry {
  /** Below `/api`, when it is not the client property's name. */
  readonly path?: string;
  /** A single type (`find`, `update`, `delete` of one entry). */
  readonly single?: true;
  /** Its top-level media fields. */
  readonly media?: MediaFields;
}

/** The generated client's content types by client property. */
export type ContentTypeTable = Readonly<Record<string, ContentTypeEntry>>;

/**
 * The generated client's route methods by client property, their names separated by spaces
 * (`'like popular'`); the route table holds their methods and paths.
 */
export type RouteMethodNames = Readonly<Record<string, string>>;

/**
 * The reads of a collection type on a `withStatus` client: those of `CollectionApi`, with the
 * client's status `St` where the parameters name none. Declared apart, so that a client that
 * does not use `withStatus` costs the type checker nothing more.
 */
export interface CollectionReadsWithStatus<S extends SchemaShape, M, St> {
  /** Lists entries (`GET /api/<plural>`) in the client's status unless `params` name one. */
  find<const P extends QueryParams<S, M> & AddedQuery<M, 'find'> = NoParams & AddedQuery<M, 'find'>>(
    params?: Checked<P, QueryParams<S, M> & AddedQuery<M, 'find'>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, P, IsDraft<P, St>>[]>;
  /** Lists entries with Strapi's `meta.pagination`, in the client's status unless `params` name one. */
  findWithMeta<const P extends QueryParams<S, M> & AddedQuery<M, 'find'> = NoParams & AddedQuery<M, 'find'>>(
    params?: Checked<P, QueryParams<S, M> & AddedQuery<M, 'find'>>,
    cacheOptions?: CacheOptions,
  ): Promise<CmsListResponse<QueryResult<S, M, P, IsDraft<P, St>>[], PaginationMeta<P>>>;
  /** One entry by documentId, or `null`, in the client's status unless `params` name one. */
  findOne<
    const P extends FindOneParams<S, M> & AddedQuery<M, 'findOne'> = NoParams & AddedQuery<M, 'findOne'>,
  >(
    documentId: string,
    params?: Checked<P, FindOneParams<S, M> & AddedQuery<M, 'findOne'>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, P, IsDraft<P, St>> | null>;
}

/** The read of a single type on a `withStatus` client (see {@link CollectionReadsWithStatus}). */
export interface SingleReadWithStatus<S extends SchemaShape, M, St> {
  /** Reads the entry (`GET /api/<singular>`) in the client's status unless `params` name one. */
  find<const P extends SingleParams<S, M> & AddedQuery<M, 'find'> = NoParams & AddedQuery<M, 'find'>>(
    params?: Checked<P, SingleParams<S, M> & AddedQuery<M, 'find'>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, M, P, IsDraft<P, St>>>;
}

/** The methods of a collection type that read. */
type CollectionReads = 'find' | 'findWithMeta' | 'findOne';

/**
 * The client `C` as `withStatus(client, status)` returns it: the reads of its collection and
 * single types default to `St` (the draft results for `'draft'`, the published ones for
 * `'published'`, both for `'draft' | 'published'`); their writes and custom route methods, and
 * the client's other members, are the client's.
 */
export type WithStatus<C, St extends 'draft' | 'published'> = {
  readonly [K in keyof C]: C[K] extends CollectionApi<infer S extends SchemaShape, string, infer M>
    ? CollectionReadsWithStatus<S, M, St> & Omit<C[K], CollectionReads>
    : C[K] extends SingleApi<infer S extends SchemaShape, string, infer M>
      ? SingleReadWithStatus<S, M, St> & Omit<C[K], 'find'>
      : C[K];
};
