/**
 * Type tests of drafts and conditional fields on the kitchen-sink schema. Strapi 5 checks
 * `required` only on publish, and only while a field's `conditions.visible` rule holds: with
 * `status: 'draft'` reads return the `<Name>Draft` interfaces (required fields nullable,
 * `publishedAt: null`, populated relations and components as drafts too) and writes take
 * `<Name>DraftInput`; without `status` everything stays as strict as the published version.
 * `api::promo.promo` has a required scalar, media and component; `shared.smart-link` has a
 * required `href` shown only when `type` is `external`.
 */
import { expectTypeOf } from 'expect-type';
import type {
  Article,
  ArticleDraft,
  CmsClient,
  CmsEntry,
  MediaFile,
  Promo,
  PromoDraft,
  PromoDraftInput,
  PromoDraftPopulatable,
  PromoInput,
  PromoPopulatable,
  SharedSeo,
  SharedSeoDraft,
  SharedSmartLink,
  SharedSmartLinkDraft,
  SharedSmartLinkInput,
  SiteSetting,
} from './generated/kitchen/index.ts';

declare const cms: CmsClient;

// --- published reads stay strict ---------------------------------------------------------------
expectTypeOf(await cms.promos.find()).toEqualTypeOf<Promo[]>();
expectTypeOf(await cms.promos.find({ status: 'published' })).toEqualTypeOf<Promo[]>();
expectTypeOf<Promo['title']>().toEqualTypeOf<string>();
expectTypeOf<Promo['rank']>().toEqualTypeOf<number>();
expectTypeOf<Promo['publishedAt']>().toEqualTypeOf<string>();
// Strapi enforces a required media only with `api.documents.strictRelations` (off by default).
expectTypeOf<PromoPopulatable['image']>().toEqualTypeOf<MediaFile | null>();
expectTypeOf<PromoPopulatable['link']>().toEqualTypeOf<SharedSmartLink>();
expectTypeOf<SharedSeo['metaTitle']>().toEqualTypeOf<string>();

// --- draft reads: required fields nullable, publishedAt null -----------------------------------
expectTypeOf(await cms.promos.find({ status: 'draft' })).toEqualTypeOf<PromoDraft[]>();
expectTypeOf((await cms.promos.findWithMeta({ status: 'draft' })).data).toEqualTypeOf<PromoDraft[]>();
expectTypeOf(await cms.promos.findOne('x', { status: 'draft' })).toEqualTypeOf<PromoDraft | null>();
expectTypeOf(await cms.articles.find({ status: 'draft' })).toEqualTypeOf<ArticleDraft[]>();
expectTypeOf<PromoDraft['title']>().toEqualTypeOf<string | null>();
expectTypeOf<PromoDraft['rank']>().toEqualTypeOf<number | null>();
expectTypeOf<PromoDraft['publishedAt']>().toEqualTypeOf<null>();
expectTypeOf<ArticleDraft['title']>().toEqualTypeOf<string | null>();
// A required field with a default may still be cleared in a draft.
expectTypeOf<ArticleDraft['category']>().toEqualTypeOf<'news' | 'opinion' | 'review' | 'how-to' | null>();
// Optional fields are the same in both.
expectTypeOf<ArticleDraft['summary']>().toEqualTypeOf<Article['summary']>();
{
  const [draft] = await cms.promos.find({ status: 'draft', fields: ['title'] });
  expectTypeOf(draft!.title).toEqualTypeOf<string | null>();
  // @ts-expect-error not selected
  void draft!.rank;
}
// CmsEntry follows status too. A status that may be either (Next.js draft mode): draft-mode.test-d.ts.
expectTypeOf<CmsEntry<'api::promo.promo', { status: 'draft' }>>().toEqualTypeOf<PromoDraft>();
expectTypeOf<CmsEntry<'api::promo.promo', { status: 'published' }>>().toEqualTypeOf<Promo>();
expectTypeOf<CmsEntry<'api::promo.promo'>>().toEqualTypeOf<Promo>();

// --- draft-ness reaches populated media, components and relations ------------------------------
// `.branded`: the result is one plain object type (for the editor's quick info), not this intersection.
expectTypeOf(await cms.promos.find({ status: 'draft', populate: '*' })).branded.toEqualTypeOf<
  (PromoDraft & PromoDraftPopulatable)[]
>();
{
  const [draft] = await cms.promos.find({
    status: 'draft',
    populate: { image: true, link: true, article: { populate: { seo: true } } },
  });
  expectTypeOf(draft!.image).toEqualTypeOf<MediaFile | null>();
  expectTypeOf(draft!.link).toEqualTypeOf<SharedSmartLinkDraft | null>();
  expectTypeOf(draft!.link!.label).toEqualTypeOf<string | null>();
  expectTypeOf(draft!.article!.title).toEqualTypeOf<string | null>();
  expectTypeOf(draft!.article!.publishedAt).toEqualTypeOf<null>();
  expectTypeOf(draft!.article!.seo).toEqualTypeOf<SharedSeoDraft | null>();
  const [published] = await cms.promos.find({
    populate: { image: true, link: true, article: { populate: { seo: true } } },
  });
  expectTypeOf(published!.image).toEqualTypeOf<MediaFile | null>();
  expectTypeOf(published!.link).toEqualTypeOf<SharedSmartLink>();
  expectTypeOf(published!.article!.title).toEqualTypeOf<string>();
  expectTypeOf(published!.article!.seo).toEqualTypeOf<SharedSeo | null>();
}
{
  // Components of a draft, through a dynamic zone.
  const [draft] = await cms.articles.find({ status: 'draft', populate: { sections: true } });
  const section = draft!.sections[0]!;
  if (section.__component === 'sections.hero') expectTypeOf(section.heading).toEqualTypeOf<string | null>();
  const [published] = await cms.articles.find({ populate: { sections: true } });
  const hero = published!.sections[0]!;
  if (hero.__component === 'sections.hero') expectTypeOf(hero.heading).toEqualTypeOf<string>();
}
// A type without draft and publish reads the same either way.
expectTypeOf(await cms.siteSetting.find({ status: 'draft' })).toEqualTypeOf<SiteSetting>();

// --- writes: drafts may lack required fields ---------------------------------------------------
expectTypeOf(
  await cms.promos.create({ title: 'Only a title' }, { status: 'draft' }),
).toEqualTypeOf<PromoDraft>();
await cms.promos.create({}, { status: 'draft' });
await cms.promos.create({ title: null, link: { type: 'external' } }, { status: 'draft' });
// @ts-expect-error published: rank and link are required
await cms.promos.create({ title: 'Only a title' });
// @ts-expect-error the same with status: 'published'
await cms.promos.create({ title: 'Only a title' }, { status: 'published' });
expectTypeOf(await cms.promos.update('x', { rank: null }, { status: 'draft' })).toEqualTypeOf<PromoDraft>();
// @ts-expect-error a published update cannot clear a required field
await cms.promos.update('x', { rank: null });
expectTypeOf<PromoDraftInput['title']>().toEqualTypeOf<string | null | undefined>();
expectTypeOf<PromoInput['title']>().toEqualTypeOf<string>();
// Repeatable components and zones stay required in drafts (Strapi checks them even there).
// @ts-expect-error links is a repeatable component: null is refused in drafts too
await cms.articles.update('x', { links: null }, { status: 'draft' });

// --- conditional fields ------------------------------------------------------------------------
// `href` is required but shown only when `type` is `external`: nullable, optional in inputs.
expectTypeOf<SharedSmartLink['href']>().toEqualTypeOf<string | null>();
expectTypeOf<SharedSmartLink['label']>().toEqualTypeOf<string>();
expectTypeOf<SharedSmartLinkInput['href']>().toEqualTypeOf<string | null | undefined>();
await cms.promos.create({ title: 't', rank: 1, image: 1, link: { type: 'internal', label: 'Home' } });
// The required media may be left out (Strapi does not enforce it by default).
await cms.promos.create({ title: 't', rank: 1, link: { type: 'internal', label: 'Home' } });
await cms.promos.create({
  title: 't',
  rank: 1,
  image: 1,
  link: { type: 'external', label: 'X', href: 'https://x' },
});
// @ts-expect-error label has no condition: still required
await cms.promos.create({ title: 't', rank: 1, image: 1, link: { type: 'internal' } });
