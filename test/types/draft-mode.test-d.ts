/**
 * Type tests of a `status` that may be either, as in Next.js draft mode:
 * `status: (await draftMode()).isEnabled ? 'draft' : 'published'` is typed `'draft' | 'published'`,
 * and Strapi returns the draft version under one and the published version under the other. So
 * the result is the union of the draft and the published result, each whole (a draft read
 * populates drafts, a published one published entries), told apart by `publishedAt`; a write
 * that may publish takes the published (complete) input. `status: 'draft'`, `'published'` and
 * none keep their own results (drafts.test-d.ts); a wide `string` is refused.
 */
import { expectTypeOf } from 'expect-type';
import type {
  Article,
  ArticleDraft,
  CmsClient,
  CmsEntry,
  CmsQuery,
  MediaFile,
  Promo,
  PromoDraft,
  PromoDraftInput,
  PromoInput,
  SharedSeo,
  SharedSeoDraft,
  SharedSmartLink,
  SharedSmartLinkDraft,
  SiteSetting,
} from './generated/kitchen/index.ts';
import { cmsQueries } from './generated/kitchen/index.ts';
import type { IsDraft } from './generated/kitchen/runtime/index.ts';
import type {
  Global,
  GlobalDraft,
  CmsClient as LaunchpadClient,
  SharedSeo as LaunchpadSeo,
  SharedSeoDraft as LaunchpadSeoDraft,
} from './generated/launchpad/index.ts';

declare const cms: CmsClient;
declare const launchpad: LaunchpadClient;
/** `(await draftMode()).isEnabled` in a Next.js data layer. */
declare const preview: boolean;
const status = preview ? 'draft' : 'published';
expectTypeOf<typeof status>().toEqualTypeOf<'draft' | 'published'>();

// --- the draft flag ----------------------------------------------------------------------------
expectTypeOf<IsDraft<{ status: 'draft' }>>().toEqualTypeOf<true>();
expectTypeOf<IsDraft<{ status: 'published' }>>().toEqualTypeOf<false>();
expectTypeOf<IsDraft<{ populate: '*' }>>().toEqualTypeOf<false>();
expectTypeOf<IsDraft<{ status: 'draft' | 'published' }>>().toEqualTypeOf<boolean>();
expectTypeOf<IsDraft<{ status: 'draft' | undefined }>>().toEqualTypeOf<boolean>();
expectTypeOf<IsDraft<{ status: 'published' | undefined }>>().toEqualTypeOf<false>();
// A status the type only may carry (CmsQuery's `status?`) reads as Strapi's default, published.
expectTypeOf<IsDraft<{ status?: 'draft' | 'published' }>>().toEqualTypeOf<false>();

// --- reads: the union of the draft and the published entry -------------------------------------
expectTypeOf(await cms.promos.find({ status })).toEqualTypeOf<(PromoDraft | Promo)[]>();
expectTypeOf(await cms.promos.find({ status: preview ? 'draft' : 'published' })).toEqualTypeOf<
  (PromoDraft | Promo)[]
>();
expectTypeOf((await cms.promos.findWithMeta({ status })).data).toEqualTypeOf<(PromoDraft | Promo)[]>();
expectTypeOf(await cms.promos.findOne('x', { status })).toEqualTypeOf<PromoDraft | Promo | null>();
expectTypeOf(await cms.articles.find({ status })).toEqualTypeOf<(ArticleDraft | Article)[]>();
// Leaving the status out in one branch: undefined is published.
expectTypeOf(await cms.promos.find({ status: preview ? 'draft' : undefined })).toEqualTypeOf<
  (PromoDraft | Promo)[]
>();
expectTypeOf(await cms.promos.find({ status: preview ? 'published' : undefined })).toEqualTypeOf<Promo[]>();
// CmsEntry likewise.
expectTypeOf<CmsEntry<'api::promo.promo', { status: 'draft' | 'published' }>>().toEqualTypeOf<
  PromoDraft | Promo
>();
{
  // Not collapsed: publishedAt is a string on the published member, and it tells them apart.
  const [entry] = await cms.promos.find({ status });
  expectTypeOf(entry!.publishedAt).toEqualTypeOf<string | null>();
  expectTypeOf(entry!.rank).toEqualTypeOf<number | null>();
  if (entry!.publishedAt === null) expectTypeOf(entry!).toEqualTypeOf<PromoDraft>();
  else {
    expectTypeOf(entry!).toEqualTypeOf<Promo>();
    expectTypeOf(entry!.rank).toEqualTypeOf<number>();
  }
  const published: Promo = { ...entry!, publishedAt: '2026-01-01T00:00:00.000Z', title: 't', rank: 1 };
  const draft: PromoDraft = { ...published, publishedAt: null, title: null, rank: null };
  const either: NonNullable<typeof entry>[] = [published, draft];
  void either;
}
{
  // fields narrow both members.
  const [entry] = await cms.promos.find({ status, fields: ['title'] });
  expectTypeOf(entry!.title).toEqualTypeOf<string | null>();
  // @ts-expect-error not selected
  void entry!.rank;
}

// The README's data layer, with `draftMode` as next/headers declares it.
declare function draftMode(): Promise<{ readonly isEnabled: boolean }>;
async function getArticle(slug: string) {
  const preview = (await draftMode()).isEnabled;
  const [article] = await cms.articles.find({
    filters: { slug },
    populate: { cover: true },
    status: preview ? 'draft' : 'published',
  });
  return article;
}
{
  const article = await getArticle('x');
  expectTypeOf(article!.publishedAt).toEqualTypeOf<string | null>();
  expectTypeOf(article!.title).toEqualTypeOf<string | null>();
  if (article && article.publishedAt !== null) expectTypeOf(article.title).toEqualTypeOf<string>();
  expectTypeOf(article!.cover).toEqualTypeOf<MediaFile | null>();
}

// --- populated relations, media, components and zones: each member whole ----------------------
{
  const populate = { image: true, link: true, article: { populate: { seo: true } } } as const;
  const [draft] = await cms.promos.find({ status: 'draft', populate });
  const [published] = await cms.promos.find({ status: 'published', populate });
  const [either] = await cms.promos.find({ status, populate });
  expectTypeOf(either!).toEqualTypeOf<NonNullable<typeof draft> | NonNullable<typeof published>>();
  expectTypeOf(either!.link).toEqualTypeOf<SharedSmartLinkDraft | null | SharedSmartLink>();
  // A draft populates drafts, a published entry published ones: never a mixture.
  if (either!.publishedAt === null) {
    expectTypeOf(either!.link).toEqualTypeOf<SharedSmartLinkDraft | null>();
    expectTypeOf(either!.article!.publishedAt).toEqualTypeOf<null>();
    expectTypeOf(either!.article!.seo).toEqualTypeOf<SharedSeoDraft | null>();
  } else {
    expectTypeOf(either!.link).toEqualTypeOf<SharedSmartLink>();
    expectTypeOf(either!.article!.publishedAt).toEqualTypeOf<string>();
    expectTypeOf(either!.article!.seo).toEqualTypeOf<SharedSeo | null>();
  }
}
{
  // Components through a dynamic zone.
  const [entry] = await cms.articles.find({ status, populate: { sections: true } });
  const section = entry!.sections[0]!;
  if (section.__component === 'sections.hero') expectTypeOf(section.heading).toEqualTypeOf<string | null>();
  if (entry!.publishedAt !== null) {
    const hero = entry!.sections[0]!;
    if (hero.__component === 'sections.hero') expectTypeOf(hero.heading).toEqualTypeOf<string>();
  }
}
// `populate: '*'`: the draft and the published populatable interfaces.
expectTypeOf(await cms.promos.findOne('x', { status, populate: '*' })).toEqualTypeOf<
  | Awaited<ReturnType<typeof cms.promos.findOne<{ status: 'draft'; populate: '*' }>>>
  | Awaited<ReturnType<typeof cms.promos.findOne<{ status: 'published'; populate: '*' }>>>
>();

// --- types without drafts, single types --------------------------------------------------------
// A type without draft and publish reads the same either way: no union of two equal members.
expectTypeOf(await cms.siteSetting.find({ status })).toEqualTypeOf<SiteSetting>();
expectTypeOf(await cms.tags.find({ status, fields: ['name'] })).toEqualTypeOf<
  Awaited<ReturnType<typeof cms.tags.find<{ fields: ['name'] }>>>
>();
// A draft-and-publish single type.
expectTypeOf(await launchpad.global.find({ status })).toEqualTypeOf<GlobalDraft | Global>();
{
  const global = await launchpad.global.find({ status, populate: { seo: true } });
  if (global.publishedAt === null) expectTypeOf(global.seo).toEqualTypeOf<LaunchpadSeoDraft | null>();
  else expectTypeOf(global.seo).toEqualTypeOf<LaunchpadSeo | null>();
}

// --- what is refused, and what stays -----------------------------------------------------------
declare const wide: string;
// @ts-expect-error a wide string is not a status: give it the type 'draft' | 'published'
await cms.promos.find({ status: wide });
// @ts-expect-error the same on findOne
await cms.promos.findOne('x', { status: wide });
// @ts-expect-error and on writes
await cms.promos.update('x', { rank: 1 }, { status: wide });
// Where nothing checks the parameters (CmsEntry, IsDraft), a string may be either: the union.
expectTypeOf<IsDraft<{ status: string }>>().toEqualTypeOf<boolean>();
expectTypeOf<CmsEntry<'api::promo.promo', { status: string }>>().toEqualTypeOf<PromoDraft | Promo>();
// A parameter object typed CmsQuery (status optional, not written) reads as published, as before;
// to read either, type the status itself.
{
  const query: CmsQuery<'api::promo.promo'> = { sort: 'rank' };
  expectTypeOf(await cms.promos.find(query)).toEqualTypeOf<Promo[]>();
  const either: CmsQuery<'api::promo.promo'> & { status: 'draft' | 'published' } = { status };
  expectTypeOf(await cms.promos.find(either)).toEqualTypeOf<(PromoDraft | Promo)[]>();
}

// --- writes: data that may be published must be complete ---------------------------------------
// Strapi checks `required` when a write publishes, so a write whose status may be either takes
// the published input, which every draft write accepts too.
expectTypeOf<PromoInput>().toExtend<PromoDraftInput>();
// @ts-expect-error may publish: rank and link are required
await cms.promos.create({ title: 'Only a title' }, { status });
// @ts-expect-error may publish: a required field cannot be cleared
await cms.promos.update('x', { rank: null }, { status });
expectTypeOf(
  await cms.promos.create({ title: 't', rank: 1, link: { type: 'internal', label: 'Home' } }, { status }),
).toEqualTypeOf<PromoDraft | Promo>();
expectTypeOf(await cms.promos.update('x', { rank: 2 }, { status })).toEqualTypeOf<PromoDraft | Promo>();
// A draft write still takes the looser input.
await cms.promos.create({ title: 'Only a title' }, { status: 'draft' });
// @ts-expect-error a single type's write that may publish: the published input
await launchpad.global.update({ seo: { metaTitle: null } }, { status });

// --- cmsQueries (TanStack Query) ---------------------------------------------------------------
{
  const q = cmsQueries(cms);
  expectTypeOf(q.promos.find({ status }).queryFn).returns.resolves.toEqualTypeOf<(PromoDraft | Promo)[]>();
  expectTypeOf(q.promos.findOne('x', { status }).queryFn).returns.resolves.toEqualTypeOf<
    PromoDraft | Promo | null
  >();
  expectTypeOf(q.promos.findWithMeta({ status }).queryFn).returns.resolves.toHaveProperty('data');
  expectTypeOf(q.siteSetting.find({ status }).queryFn).returns.resolves.toEqualTypeOf<SiteSetting>();
  const create = q.promos.create({ status });
  expectTypeOf(create.mutationFn).returns.resolves.toEqualTypeOf<PromoDraft | Promo>();
  expectTypeOf(create.mutationFn).parameter(0).toEqualTypeOf<{ data: PromoInput | FormData }>();
  expectTypeOf(q.promos.create({ status: 'draft' }).mutationFn)
    .parameter(0)
    .toEqualTypeOf<{ data: PromoDraftInput | FormData }>();
}
