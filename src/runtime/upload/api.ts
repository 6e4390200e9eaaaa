/**
 * `client.upload` (Strapi's upload plugin, `/api/upload`) and `client.i18n`. Their responses
 * are flat: no `{data, meta}` envelope, and files are addressed by numeric id. The upload
 * methods are loaded on first call (upload/methods.ts): a page that never uploads does not carry them.
 */
import type { CmsClientCore } from '../core/client.ts';
import { lazyApi } from '../core/lazy.ts';
import type { SchemaShape } from '../types/shape.ts';
import type { CmsLocale, I18nApi, UploadApi } from '../types/upload.ts';

/** `client.i18n` over a client. */
export function i18nApi(client: CmsClientCore): I18nApi {
  return {
    locales(cacheOptions) {
      return client.request<CmsLocale[]>('i18n/locales', { cacheOptions });
    },
  };
}

/** `client.upload` over a client: its methods load upload/methods.ts on first call. */
export function uploadApi<S extends SchemaShape, F>(client: CmsClientCore): UploadApi<S, F> {
  return lazyApi(
    () => import('./methods.ts').then((module) => module.uploadMethods<S, F>(client)),
    'upload find findOne delete destroy',
  );
}
