/**
 * `handleCmsPreview` of the client file: the runtime's check of a request from Strapi's "Open
 * preview" with the content types that have a preview rule (`schema.preview`), typed with them.
 * Nothing else refers to it, so an app that does not call it does not bundle it.
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
