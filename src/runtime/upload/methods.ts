/**
 * The upload plugin's routes behind `client.upload`, and the creates and updates whose data is a
 * `FormData` (their files are uploaded first), loaded on first use.
 */
import type { CmsClientCore } from '../core/client.ts';
import type { MediaFields } from '../types/content-types.ts';
import type { CmsResponse } from '../types/envelope.ts';
import type { CacheOptions } from '../types/request.ts';
import type { SchemaShape } from '../types/shape.ts';
import type { UploadApi } from '../types/upload.ts';

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

/**
 * The JSON body of a create or update. A `FormData` (JSON under `data`, files under
 * `files.<field>`) is accepted the way Strapi 4 accepted it; Strapi 5 reads only JSON there, so
 * the files are uploaded first (`POST /api/upload`) and their ids set on the media fields.
 * Returns the ids uploaded, so a failed write can remove them again.
 */
async function writeBody(
  client: CmsClientCore,
  where: string,
  data: FormData,
  media: MediaFields,
): Promise<{ body: unknown; uploaded: number[] }> {
  const json = data.get('data');
  let fields: Record<string, unknown> = {};
  if (json !== null) {
    const text = typeof json === 'string' ? json : await json.text();
    try {
      fields = JSON.parse(text);
    } catch {
      throw new TypeError(
        `${where}: the FormData part "data" must be JSON text, e.g. JSON.stringify({ title: 'x' })`,
      );
    }
    if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
      throw new TypeError(`${where}: the FormData part "data" must be a JSON object`);
  }
  const parts = new Map<string, Blob[]>();
  // forEach rather than entries(): a project whose lib lacks dom.iterable still compiles this.
  const entries: [string, string | Blob][] = [];
  data.forEach((value, name) => {
    entries.push([name, value]);
  });
  for (const [name, value] of entries) {
    if (name === 'data') continue;
    const field = name.startsWith('files.') ? name.slice('files.'.length) : undefined;
    const known = Object.keys(media);
    if (field === undefined || !(field in media)) {
      throw new TypeError(
        `${where}: unexpected FormData part "${name}". Put the fields as JSON under "data" and files under "files.<field>"${
          known.length > 0
            ? `, where <field> is a media attribute: ${known.join(', ')}`
            : ' (this content type has no media attribute)'
        }`,
      );
    }
    if (typeof value === 'string')
      throw new TypeError(`${where}: the FormData part "${name}" must be a file (Blob or File), not text`);
    parts.set(field, [...(parts.get(field) ?? []), value]);
  }
  for (const [field, files] of parts) {
    if (media[field] === 'one' && files.length > 1)
      throw new TypeError(
        `${where}: "${field}" holds one file, but the FormData has ${files.length} under "files.${field}"`,
      );
  }
  const uploaded: number[] = [];
  try {
    for (const [field, files] of parts) {
      const form = new FormData();
      for (const file of files) form.append('files', file, (file as { name?: string }).name ?? field);
      const result = await client.request<{ id: number }[]>('upload', { method: 'POST', body: form });
      const ids = result.map((file) => file.id);
      uploaded.push(...ids);
      fields[field] = media[field] === 'one' ? ids[0] : ids;
    }
  } catch (error) {
    await removeFiles(client, uploaded);
    throw error;
  }
  return { body: { data: fields }, uploaded };
}

/** Best effort: the files of a write that failed. */
async function removeFiles(client: CmsClientCore, ids: number[]): Promise<void> {
  for (const id of ids) {
    try {
      await client.request(`upload/files/${id}`, { method: 'DELETE' });
    } catch {
      // The original error matters more than a failed cleanup.
    }
  }
}

/** A create or update whose data is a `FormData`; its uploads are removed again when the write fails. */
export async function writeForm(
  client: CmsClientCore,
  path: string,
  method: 'POST' | 'PUT',
  data: FormData,
  media: MediaFields,
  query: object | undefined,
  cacheOptions: CacheOptions | undefined,
): Promise<unknown> {
  const { body, uploaded } = await writeBody(client, `${method} /api/${path}`, data, media);
  try {
    return (
      await client.call<CmsResponse<unknown>>(path, { method, query, body, cacheOptions, envelope: true })
    ).data;
  } catch (error) {
    await removeFiles(client, uploaded);
    throw error;
  }
}
