/**
 * Collection-type and single-type operations. Strapi wraps entries in `{data, meta}`; these
 * unwrap them, turn a 404 on one entry into `null`, and put `data` around inputs.
 */
import type { CacheOptions, CmsClientCore } from './core.ts';
import type { CmsResponse } from './envelope.ts';
import { isCmsErrorOf } from './errors.ts';

export interface QueryParams {
  filters?: Record<string, unknown>;
  sort?: string | string[];
  pagination?: { page?: number; pageSize?: number; start?: number; limit?: number; withCount?: boolean };
  populate?: '*' | string | string[] | Record<string, unknown>;
  fields?: string[];
  locale?: string;
  status?: 'draft' | 'published';
}

export type FindOneParams = Pick<QueryParams, 'populate' | 'fields' | 'locale' | 'status'>;

export interface CollectionApi<T, TInput> {
  /** Lists entries (`GET /api/<plural>`). */
  find(params?: QueryParams, cacheOptions?: CacheOptions): Promise<T[]>;
  /** Lists entries with Strapi's `meta` (pagination). */
  findWithMeta(params?: QueryParams, cacheOptions?: CacheOptions): Promise<CmsResponse<T[]>>;
  /** One entry by documentId, or `null` when there is none. */
  findOne(documentId: string, params?: FindOneParams, cacheOptions?: CacheOptions): Promise<T | null>;
  /** Creates an entry; a `FormData` carries JSON under `data` and files under `files.<field>`. */
  create(data: TInput | FormData, cacheOptions?: CacheOptions): Promise<T>;
  /** Changes only the given fields. */
  update(documentId: string, data: Partial<TInput> | FormData, cacheOptions?: CacheOptions): Promise<T>;
  /** Deletes an entry; returns it when the server sends it back, otherwise `null` (Strapi answers 204). */
  delete(documentId: string, cacheOptions?: CacheOptions): Promise<T | null>;
}

export interface SingleApi<T, TInput> {
  find(params?: Omit<QueryParams, 'pagination'>, cacheOptions?: CacheOptions): Promise<T>;
  update(data: Partial<TInput> | FormData, cacheOptions?: CacheOptions): Promise<T>;
}

function segment(value: string): string {
  if (typeof value !== 'string' || value === '')
    throw new TypeError('a documentId must be a non-empty string');
  return encodeURIComponent(value);
}

function wrap(data: unknown): unknown {
  return data instanceof FormData ? data : { data };
}

export function collectionApi<T, TInput>(client: CmsClientCore, path: string): CollectionApi<T, TInput> {
  return {
    async find(params, cacheOptions) {
      return (await client.request<CmsResponse<T[]>>(path, { query: params, cacheOptions })).data;
    },
    findWithMeta(params, cacheOptions) {
      return client.request<CmsResponse<T[]>>(path, { query: params, cacheOptions });
    },
    async findOne(documentId, params, cacheOptions) {
      try {
        return (
          await client.request<CmsResponse<T>>(`${path}/${segment(documentId)}`, {
            query: params,
            cacheOptions,
          })
        ).data;
      } catch (error) {
        if (isCmsErrorOf(error, 'NotFoundError')) return null;
        throw error;
      }
    },
    async create(data, cacheOptions) {
      return (await client.request<CmsResponse<T>>(path, { method: 'POST', body: wrap(data), cacheOptions }))
        .data;
    },
    async update(documentId, data, cacheOptions) {
      const url = `${path}/${segment(documentId)}`;
      return (await client.request<CmsResponse<T>>(url, { method: 'PUT', body: wrap(data), cacheOptions }))
        .data;
    },
    async delete(documentId, cacheOptions) {
      const body = await client.request<CmsResponse<T> | null>(`${path}/${segment(documentId)}`, {
        method: 'DELETE',
        cacheOptions,
      });
      return body?.data ?? null;
    },
  };
}

export function singleApi<T, TInput>(client: CmsClientCore, path: string): SingleApi<T, TInput> {
  return {
    async find(params, cacheOptions) {
      return (await client.request<CmsResponse<T>>(path, { query: params, cacheOptions })).data;
    },
    async update(data, cacheOptions) {
      return (await client.request<CmsResponse<T>>(path, { method: 'PUT', body: wrap(data), cacheOptions }))
        .data;
    },
  };
}
