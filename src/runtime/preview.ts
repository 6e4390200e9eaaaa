/**
 * Receiving Strapi's "Open preview": the request the preview handler of `config/admin` points
 * the admin's preview panel at carries the preview secret and what to show (the content type,
 * the document, its status and locale, and the path the handler built from its fields). The
 * generated client's `handleCmsPreview` calls `checkPreview` with the uids of its schema that
 * have a preview, so an application turns on its draft mode only for a request Strapi sent.
 */
import { constantTimeEqual } from './core/constant-time.ts';
import { CmsPreviewError } from './core/errors.ts';

/** Options of `handleCmsPreview(request, options)`. */
export interface PreviewOptions {
  /** The preview secret Strapi's preview handler puts in the URL (`secret=`). */
  secret: string;
}

/** What to show, as Strapi's preview handler asked for it. */
export interface PreviewTarget<U extends string = string> {
  /** The content type. */
  uid: U;
  /** The document. */
  documentId: string;
  /** `draft` (the draft, or the "modified" version Strapi's panel asks for) or `published`. */
  status: 'draft' | 'published';
  /** The locale, when the content type is localized and the editor has one open. */
  locale: string | undefined;
  /** Where to send the editor: a path of this application (`/blog/hello-world`), never another site. */
  path: string;
}

/**
 * A path of this application: one leading slash, no second one or backslash after it (`//x`
 * and `/\x` leave the site in a browser), no control character.
 */
function isLocalPath(path: string): boolean {
  if (!/^\/(?![/\\])/.test(path) || path.includes('\\')) return false;
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/**
 * Checks a preview request and returns what it asks to show, or throws the `CmsPreviewError`
 * whose `status` is the one to answer with. The secret is compared in constant time; `uids` are
 * the content types that have a preview, `U` their union (the generated caller names it).
 * @internal For the generated `handleCmsPreview`.
 */
export function checkPreview<U extends string>(
  request: Request,
  options: PreviewOptions,
  uids: readonly string[],
): PreviewTarget<U> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    throw new CmsPreviewError('method', 405, `a preview is a GET, not a ${request.method}`);
  if (typeof options?.secret !== 'string' || options.secret === '')
    throw new TypeError('handleCmsPreview: pass { secret }, the preview secret of config/admin');
  const query = new URL(request.url).searchParams;
  const encoder = new TextEncoder();
  const received = query.get('secret');
  if (received === null || !constantTimeEqual(encoder.encode(options.secret), encoder.encode(received)))
    throw new CmsPreviewError('secret', 401, 'the preview secret is missing or wrong');
  const uid = query.get('uid') ?? '';
  if (!uids.includes(uid))
    throw new CmsPreviewError(
      'uid',
      404,
      `no preview for ${JSON.stringify(uid)}: it has no preview rule in config/admin`,
    );
  const documentId = query.get('documentId') ?? '';
  if (documentId === '') throw new CmsPreviewError('document', 400, 'the preview names no documentId');
  const asked = query.get('status') ?? 'draft';
  if (asked !== 'draft' && asked !== 'published' && asked !== 'modified')
    throw new CmsPreviewError('status', 400, `status ${JSON.stringify(asked)}: draft, published or modified`);
  const locale = query.get('locale');
  if (locale === '') throw new CmsPreviewError('locale', 400, 'an empty locale');
  const path = query.get('path') ?? '';
  if (!isLocalPath(path))
    throw new CmsPreviewError('path', 400, `path ${JSON.stringify(path)} is not a path of this application`);
  return {
    uid: uid as U,
    documentId,
    status: asked === 'published' ? 'published' : 'draft',
    locale: locale ?? undefined,
    path,
  };
}
