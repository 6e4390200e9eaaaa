/**
 * Type tests of the webhook events on the kitchen-sink schema (`CmsWebhookEvent`, computed by the
 * runtime from the registry) and of `handleCmsWebhook`. Narrowing by `event` and `uid` gives the
 * entry as Strapi sends it: the draft, deep-populated, for create and update on a
 * draft-and-publish type; the published version for publish; scalar fields only for delete (the
 * draft or the published row); publish and unpublish only on draft-and-publish types. The same
 * assertions hold for the `--format js` declarations.
 */
import { expectTypeOf } from 'expect-type';
import type {
  Article,
  ArticleDraft,
  Author,
  CmsWebhookEvent,
  MediaFile,
  Promo,
  PromoDraft,
  SharedSmartLinkDraft,
  SiteSetting,
  Tag,
  WebhookResult,
} from './generated/kitchen/index.ts';
import { handleCmsWebhook, isCmsWebhookError } from './generated/kitchen/index.ts';
import type { CmsMediaEvent, CmsWebhookEventName } from './generated/kitchen/runtime/index.ts';
import type { CmsWebhookEvent as JsEvent } from './generated/kitchen-js/index.js';

type Of<E extends CmsWebhookEventName, U = unknown> = Extract<
  CmsWebhookEvent,
  { event: E } & (unknown extends U ? unknown : { uid: U })
>;

declare const event: CmsWebhookEvent;

// Narrowing by event, then uid.
if (event.event === 'entry.create' && event.uid === 'api::promo.promo') {
  expectTypeOf(event.model).toEqualTypeOf<'promo'>();
  // The draft: required fields may be null, publishedAt is null.
  expectTypeOf(event.entry.title).toEqualTypeOf<PromoDraft['title']>();
  expectTypeOf(event.entry.publishedAt).toEqualTypeOf<null>();
  // Deep populate: media in full, relations one level (the draft of a draft-and-publish target).
  expectTypeOf(event.entry.image).toEqualTypeOf<MediaFile | null>();
  expectTypeOf(event.entry.article).toEqualTypeOf<ArticleDraft | null>();
  // Components populated (a draft's single component may be missing).
  expectTypeOf(event.entry.link).toEqualTypeOf<SharedSmartLinkDraft | null>();
}
if (event.event === 'entry.publish' && event.uid === 'api::promo.promo') {
  expectTypeOf(event.entry.publishedAt).toEqualTypeOf<string>();
  expectTypeOf(event.entry.rank).toEqualTypeOf<Promo['rank']>();
  expectTypeOf(event.entry.article).toEqualTypeOf<Article | null>();
  expectTypeOf(event.entry.link.label).toEqualTypeOf<string>();
}
if (event.event === 'entry.delete' && event.uid === 'api::promo.promo') {
  // One event per row: the draft's or the published version's fields, nothing populated.
  expectTypeOf(event.entry).toEqualTypeOf<PromoDraft | Promo>();
}
if (event.event === 'entry.unpublish' && event.uid === 'api::promo.promo') {
  // What the unpublishing caller populated: the admin panel reads relations as counts.
  expectTypeOf(event.entry.article).toEqualTypeOf<Article | null | { count: number } | undefined>();
  expectTypeOf(event.entry.publishedAt).toEqualTypeOf<string>();
}

// Article: localized, with a dynamic zone and nested components; `localizations` is never sent.
type ArticleCreate = Of<'entry.create', 'api::article.article'>['entry'];
expectTypeOf<ArticleCreate['locale']>().toEqualTypeOf<ArticleDraft['locale']>();
expectTypeOf<ArticleCreate['tags']>().toEqualTypeOf<Tag[]>();
expectTypeOf<ArticleCreate['author']>().toEqualTypeOf<Author | null>();
expectTypeOf<ArticleCreate>().not.toHaveProperty('localizations');
// Components go all the way down: the SEO component's media and nested link are there.
expectTypeOf<NonNullable<ArticleCreate['seo']>['metaImage']>().toEqualTypeOf<MediaFile | null>();
expectTypeOf<NonNullable<ArticleCreate['seo']>['canonical']>().toEqualTypeOf<{
  id: number;
  label: string | null;
  url: string | null;
  newTab: boolean | null;
} | null>();
type Section = ArticleCreate['sections'][number];
expectTypeOf<Section['__component']>().toEqualTypeOf<'sections.hero' | 'sections.text-block'>();

// Types without drafts: create carries the entry itself; no publish or unpublish events.
expectTypeOf<Of<'entry.create', 'api::author.author'>['entry']['publishedAt']>().toEqualTypeOf<
  Author['publishedAt']
>();
expectTypeOf<Of<'entry.publish', 'api::author.author'>>().toBeNever();
expectTypeOf<Of<'entry.unpublish', 'api::site-setting.site-setting'>>().toBeNever();
expectTypeOf<Of<'entry.update', 'api::site-setting.site-setting'>['model']>().toEqualTypeOf<'site-setting'>();
expectTypeOf<Of<'entry.delete', 'api::site-setting.site-setting'>['entry']>().toEqualTypeOf<SiteSetting>();

// Plugin content types are in the union too (their model is the part after the last dot).
expectTypeOf<Of<'entry.create', 'plugin::users-permissions.user'>['model']>().toEqualTypeOf<'user'>();

// Media events.
expectTypeOf<Of<'media.update'>>().toEqualTypeOf<CmsMediaEvent<'media.update'>>();
expectTypeOf<CmsMediaEvent['media']>().toEqualTypeOf<MediaFile>();

// An unknown uid is not an event of this schema.
expectTypeOf<Extract<CmsWebhookEvent, { uid: 'api::nope.nope' }>>().toBeNever();
// An extra property is an error in a literal; so is a missing one.
export const extra: CmsWebhookEvent = {
  event: 'media.delete',
  createdAt: '',
  // @ts-expect-error: not sent by Strapi
  extra: true,
  media: {} as MediaFile,
};
// @ts-expect-error: createdAt is always sent
export const missing: CmsWebhookEvent = { event: 'media.delete', media: {} as MediaFile };

// The handler: a standard Request in, the schema's event union and the tags out.
expectTypeOf(handleCmsWebhook).parameters.toEqualTypeOf<
  [Request, { secret: string; header?: string | undefined }]
>();
expectTypeOf(handleCmsWebhook).returns.resolves.toEqualTypeOf<WebhookResult<CmsWebhookEvent>>();
expectTypeOf(isCmsWebhookError).guards.toHaveProperty('status').toEqualTypeOf<400 | 401 | 405 | 415 | 422>();

// The `--format js` declarations give the same union.
expectTypeOf<JsEvent>().toEqualTypeOf<CmsWebhookEvent>();
