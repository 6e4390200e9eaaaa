/**
 * Type tests of `withStatus(client, status)`, the client whose reads follow draft mode: its reads
 * of a content type return the draft types under `'draft'`, the published types under
 * `'published'`, and the union of both under a status that may be either (`isEnabled ? 'draft' :
 * 'published'`); a call's own `status` still decides its read; writes, custom routes and the
 * other members are the client's.
 */
import { expectTypeOf } from 'expect-type';
import type {
  Article,
  ArticleDraft,
  CmsClient,
  Promo,
  PromoDraft,
  StatusOptions,
} from './generated/kitchen/index.ts';
import { withStatus } from './generated/kitchen/index.ts';

declare const cms: CmsClient;
/** `(await draftMode()).isEnabled` in a Next.js page. */
declare const preview: boolean;

const drafts = withStatus(cms, 'draft');
const published = withStatus(cms, 'published');
const either = withStatus(cms, preview ? 'draft' : 'published');

// --- reads --------------------------------------------------------------------------------------
expectTypeOf(await drafts.promos.find()).toEqualTypeOf<PromoDraft[]>();
expectTypeOf((await drafts.promos.findWithMeta()).data).toEqualTypeOf<PromoDraft[]>();
expectTypeOf(await drafts.promos.findOne('x')).toEqualTypeOf<PromoDraft | null>();
expectTypeOf(await drafts.articles.find()).toEqualTypeOf<ArticleDraft[]>();
expectTypeOf(await published.promos.find()).toEqualTypeOf<Promo[]>();
expectTypeOf(await published.promos.find()).toEqualTypeOf(await cms.promos.find());
expectTypeOf(await either.promos.find()).toEqualTypeOf<(PromoDraft | Promo)[]>();
expectTypeOf(await either.promos.findOne('x')).toEqualTypeOf<PromoDraft | Promo | null>();
expectTypeOf(await either.articles.find()).toEqualTypeOf<(ArticleDraft | Article)[]>();
// Populate and fields narrow as on the client.
expectTypeOf(await drafts.promos.find({ fields: ['title'] })).toEqualTypeOf(
  await cms.promos.find({ fields: ['title'], status: 'draft' }),
);
// A call's own status decides its read.
expectTypeOf(await drafts.promos.find({ status: 'published' })).toEqualTypeOf<Promo[]>();
expectTypeOf(await published.promos.find({ status: 'draft' })).toEqualTypeOf<PromoDraft[]>();
// A single type's read.
expectTypeOf(await drafts.siteSetting.find()).toEqualTypeOf(await cms.siteSetting.find({ status: 'draft' }));
expectTypeOf(await published.siteSetting.find()).toEqualTypeOf(await cms.siteSetting.find());

// --- the rest is the client's -------------------------------------------------------------------
expectTypeOf(drafts.promos.create).toEqualTypeOf(cms.promos.create);
expectTypeOf(drafts.promos.update).toEqualTypeOf(cms.promos.update);
expectTypeOf(drafts.siteSetting.update).toEqualTypeOf(cms.siteSetting.update);
// Custom route methods of a content type stay on it.
expectTypeOf(drafts.articles.like).toEqualTypeOf(cms.articles.like);
expectTypeOf(drafts.contract).toEqualTypeOf(cms.contract);
expectTypeOf(drafts.auth).toEqualTypeOf(cms.auth);
expectTypeOf(drafts.upload).toEqualTypeOf(cms.upload);
expectTypeOf(drafts.request).toEqualTypeOf(cms.request);

// --- the arguments ------------------------------------------------------------------------------
expectTypeOf<StatusOptions>().toEqualTypeOf<{ sourceMaps?: boolean | undefined }>();
withStatus(cms, 'draft', { sourceMaps: true });
// @ts-expect-error only 'draft' or 'published'
withStatus(cms, 'modified');
declare const wide: string;
// @ts-expect-error a wide string may be neither
withStatus(cms, wide);
// @ts-expect-error the options are StatusOptions
withStatus(cms, 'draft', { sourcemaps: true });
