/** The upload plugin's routes behind `client.upload`, loaded on its first call. */
import type { CacheOptions, CmsClientCore } from './core.ts';
import type { SchemaShape } from './shape.ts';
import type { UploadApi } from './upload.ts';

function fileId(id: unknown): string {
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) {
    throw new TypeError(
      `upload: a file id is a positive integer (uploaded files have numeric ids), got ${JSON.stringify(id)}`,
    );
  }
  return String(id);
}

/** The methods of `client.upload` over a client. */
export function uploadMethods<S extends SchemaShape, F>(client: CmsClientCore): UploadApi<S, F> {
  const remove = async (id: number, cacheOptions?: CacheOptions) =>
    client.request<F>(`upload/files/${fileId(id)}`, { method: 'DELETE', cacheOptions });
  return {
    async upload(formData, cacheOptions) {
      if (!(formData instanceof FormData))
        throw new TypeError('upload.upload(formData): pass a FormData with the files under "files"');
      return client.request<F[]>('upload', { method: 'POST', body: formData, cacheOptions });
    },
    async find(params, cacheOptions) {
      if (params && typeof params === 'object' && 'pagination' in params) {
        throw new TypeError(
          'upload.find: the upload plugin ignores `pagination`; use flat `start` and `limit` instead',
        );
      }
      return client.request<F[]>('upload/files', { query: params as object | undefined, cacheOptions });
    },
    async findOne(id, cacheOptions) {
      return client.request<F>(`upload/files/${fileId(id)}`, { cacheOptions });
    },
    delete: remove,
    destroy: remove,
  };
}
