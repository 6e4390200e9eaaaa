/**
 * Type tests of `handleCmsPreview`: the target's `uid` is the union of the content types the
 * server published preview rules for (none: `never`, so nothing narrows to a type without a
 * preview), `status` is draft or published, `locale` may be absent; a refusal is a
 * `CmsPreviewError` with the status to answer.
 */
import { expectTypeOf } from 'expect-type';
import { handleCmsPreview as withoutPreview } from './generated/kitchen/index.ts';
import {
  type CmsPreviewError,
  handleCmsPreview,
  isCmsPreviewError,
  listenToStrapiPreview,
  type PreviewOptions,
  type PreviewTarget,
} from './generated/kitchen-preview/index.ts';
import type { PreviewFrameWindow } from './generated/kitchen-preview/runtime/index.ts';

declare const request: Request;

const target = handleCmsPreview(request, { secret: 's' });
expectTypeOf(target.uid).toEqualTypeOf<'api::article.article' | 'api::site-setting.site-setting'>();
expectTypeOf(target.status).toEqualTypeOf<'draft' | 'published'>();
expectTypeOf(target.locale).toEqualTypeOf<string | undefined>();
expectTypeOf(target.path).toEqualTypeOf<string>();
expectTypeOf(target.documentId).toEqualTypeOf<string>();
expectTypeOf(target).toEqualTypeOf<
  PreviewTarget<'api::article.article' | 'api::site-setting.site-setting'>
>();

// A switch over the uid is exhaustive over exactly the types with a preview.
switch (target.uid) {
  case 'api::article.article':
  case 'api::site-setting.site-setting':
    break;
  default:
    expectTypeOf(target.uid).toBeNever();
}
// @ts-expect-error a content type without a preview rule is not a possible uid
if (target.uid === 'api::tag.tag') void target;

// A schema without preview rules: no uid at all.
expectTypeOf(withoutPreview(request, { secret: 's' }).uid).toBeNever();

// The options: a secret, required.
expectTypeOf<PreviewOptions>().toEqualTypeOf<{ secret: string }>();
// @ts-expect-error the secret is required
handleCmsPreview(request, {});
// @ts-expect-error a Request, not a URL
handleCmsPreview('https://w.example/api/preview', { secret: 's' });

try {
  handleCmsPreview(request, { secret: 's' });
} catch (error) {
  if (isCmsPreviewError(error)) {
    expectTypeOf(error).toEqualTypeOf<CmsPreviewError>();
    expectTypeOf(error.status).toEqualTypeOf<400 | 401 | 404 | 405>();
  }
}

// Live Preview: the DOM's window is what the listener takes, though its types need no DOM.
declare const frameWindow: Window;
const asOption: PreviewFrameWindow = frameWindow;
listenToStrapiPreview({ strapiOrigin: 'https://cms.example.com', onUpdate: () => {}, window: asOption });
// @ts-expect-error onUpdate is required
listenToStrapiPreview({ strapiOrigin: 'https://cms.example.com' });
expectTypeOf(listenToStrapiPreview).returns.toEqualTypeOf<() => void>();
