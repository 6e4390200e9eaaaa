/**
 * Preview and draft mode in the client file: `handleCmsPreview`, the runtime's check of a
 * request from Strapi's "Open preview" with the content types that have a preview rule
 * (`schema.preview`), typed with them; and `withStatus`, the client whose reads follow draft
 * mode, over the client's `CONTENT_TYPES`. Nothing else refers to them, so an app that calls
 * neither does not bundle them.
 */
import type { Dialect } from './dialect.ts';
import { stringLiteral } from './identifiers.ts';
import type { Imports } from './imports.ts';
import type { CodegenModel } from './model.ts';

const PREVIEW_DOC = [
  '/**',
  ' * Checks a request from Strapi\'s "Open preview" (the `cmsPreview` handler of `config/admin` sends',
  ' * it): a GET carrying the preview secret, compared in constant time, for a content type with a',
  ' * preview rule. Returns what to show (`path`, `status`, `locale`, `uid`, `documentId`); throws a',
  ' * `CmsPreviewError` whose `status` is the one to answer with otherwise.',
  ' */',
].join('\n');

/** `handleCmsPreview(request, options)`: its declaration, or the call of the runtime's check. */
export function previewFunction(model: CodegenModel, dialect: Dialect, imports: Imports): string {
  const uids = model.previewUids.map(stringLiteral);
  const union = uids.length > 0 ? uids.join(' | ') : 'never';
  const parameters = [
    { name: 'request', type: 'Request' },
    { name: 'options', type: imports.type('PreviewOptions') },
  ];
  const result = `${imports.type('PreviewTarget')}<${union}>`;
  const body = dialect.code
    ? `  return ${imports.value('checkPreview')}${dialect.typeArguments(union)}(request, options, [${uids.join(', ')}]);\n`
    : '';
  return `${PREVIEW_DOC}\n${dialect.exportFunction('handleCmsPreview', parameters, result, body)}`;
}

const STATUS_DOC = [
  '/**',
  " * The client whose reads return `status`: `'published'` gives `client` itself; `'draft'` gives",
  ' * it with every read of a content type sending `status=draft` (unless the call passes one),',
  ' * uncached (`no-store`) and tagged `draft:cms:<path>`, so a draft never fills a published cache',
  " * entry. Typed as the draft results, the published ones, or both for `'draft' | 'published'`:",
  " * `withStatus(cms, (await draftMode()).isEnabled ? 'draft' : 'published')`.",
  ' */',
].join('\n');

/** `withStatus(client, status, options)`: its declaration, or the call of the runtime's `statusClient`. */
export function statusFunction(dialect: Dialect, imports: Imports): string {
  const parameters = [
    { name: 'client', type: 'CmsClient' },
    { name: 'status', type: 'St' },
    { name: 'options?', type: imports.type('StatusOptions') },
  ];
  const result = `${imports.type('WithStatus')}<CmsClient, St>`;
  const body = dialect.code
    ? `  return ${imports.value('statusClient')}(client, CONTENT_TYPES, status, options);\n`
    : '';
  return `${STATUS_DOC}\n${dialect.exportFunction('withStatus', parameters, result, body, "St extends 'draft' | 'published'")}`;
}
