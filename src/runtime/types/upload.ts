/** The types of `client.upload` (the upload plugin's routes) and `client.i18n` (its locales). */
import type { Filters } from './filters.ts';
import type { Checked, Fields, SortKey } from './params.ts';
import type { CacheOptions } from './request.ts';
import type { ModelOf, SchemaShape } from './shape.ts';

/** `upload.find` parameters: offset pagination only, flat `start` and `limit` (no `pagination`). */
export interface UploadQueryParams<S extends SchemaShape, M = ModelOf<S, 'plugin::upload.file'>> {
  /** Conditions on the file fields, e.g. `{ mime: { $startsWith: 'image/' } }`. */
  filters?: Filters<S, M> | undefined;
  /** A field, optionally with `:asc` or `:desc`, or a list of them. */
  sort?: SortKey<M> | readonly SortKey<M>[] | undefined;
  /** File fields to return, e.g. `['name', 'url']`. */
  fields?: Fields<M> | undefined;
  /** Skip this many files. */
  start?: number | undefined;
  /** At most this many files. */
  limit?: number | undefined;
}

/** `client.upload`: the upload plugin's routes; `F` is the generated `MediaFile`. */
export interface UploadApi<S extends SchemaShape, F> {
  /**
   * Uploads the files of a multipart form (`POST /api/upload`): file parts under `files`;
   * optional `ref` (content-type uid), `refId` (entry id) and `field` attach them to an entry.
   */
  upload(formData: FormData, cacheOptions?: CacheOptions): Promise<F[]>;
  /** Lists files (`GET /api/upload/files`). */
  find<const P extends UploadQueryParams<S>>(
    params?: Checked<P, UploadQueryParams<S>>,
    cacheOptions?: CacheOptions,
  ): Promise<F[]>;
  /** One file by its numeric id; throws a `NotFoundError` CmsError when there is none. */
  findOne(id: number, cacheOptions?: CacheOptions): Promise<F>;
  /** Deletes a file by its numeric id and returns it. */
  delete(id: number, cacheOptions?: CacheOptions): Promise<F>;
  /** @deprecated Renamed to `delete`; kept until the next major version. */
  destroy(id: number, cacheOptions?: CacheOptions): Promise<F>;
}

/** A locale the CMS accepts (`GET /api/i18n/locales`). */
export interface CmsLocale {
  /** Numeric row id; `locale` parameters take `code`. */
  id: number;
  /** Document id of the locale entry; `locale` parameters take `code`. */
  documentId: string;
  /** Display name, e.g. `French (fr)`. */
  name: string;
  /** The code `locale` parameters take, e.g. `fr`. */
  code: string;
  /** True for the default locale, which content gets when no `locale` is given. */
  isDefault: boolean;
  /** ISO 8601 timestamp. */
  createdAt: string;
  /** ISO 8601 timestamp of the last change. */
  updatedAt: string;
  /** ISO 8601 timestamp: Strapi 5.54 sets it on every locale (typed nullable for older servers). */
  publishedAt: string | null;
}

/** `client.i18n`: the i18n plugin's locales. */
export interface I18nApi {
  /** The locales the CMS accepts; `locale` parameters take their `code`. */
  locales(cacheOptions?: CacheOptions): Promise<CmsLocale[]>;
}
