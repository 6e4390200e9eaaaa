/**
 * Type-level tests of the attribute mapping, on the kitchen types (`api::article.article` has
 * every attribute type): the generated output `scripts/type-fixtures.ts` writes, whose types
 * file is the committed snapshot test/fixtures/generated/kitchen/types.ts plus a header, beside
 * the client it imports the filter operators from. Checked by `tsc -p tsconfig.json`; never run.
 */
import { expectTypeOf } from 'expect-type';
import type {
  Article,
  ArticleDraft,
  ArticleInput,
  ArticlePopulatable,
  ArticleSectionsZone,
  Author,
  BlocksContent,
  CmsID,
  CmsResponse,
  CmsSchemaTypes,
  JsonValue,
  MediaFile,
  MediaInput,
  MultiMediaInput,
  RelationInput,
  RelationsInput,
  SectionsHero,
  SectionsHeroInput,
  SectionsTextBlock,
  SharedLink,
  SharedLinkInput,
  SharedSeo,
  SharedSeoInput,
  SiteSetting,
  Tag,
  UploadFilePopulatable,
  UsersPermissionsUser,
} from './generated/kitchen/types.ts';

// --- entry: system fields ------------------------------------------------------------------
expectTypeOf<Article['id']>().toEqualTypeOf<number>();
expectTypeOf<Article['documentId']>().toEqualTypeOf<string>();
expectTypeOf<Article['createdAt']>().toEqualTypeOf<string>();
expectTypeOf<Article['updatedAt']>().toEqualTypeOf<string>();
// Draft and publish: the published version always has it; the draft's is null.
expectTypeOf<Article['publishedAt']>().toEqualTypeOf<string>();
expectTypeOf<ArticleDraft['publishedAt']>().toEqualTypeOf<null>();
expectTypeOf<Author['publishedAt']>().toEqualTypeOf<string>();
// Localized content types only.
expectTypeOf<Article['locale']>().toEqualTypeOf<string>();
// @ts-expect-error Author is not localized
expectTypeOf<Author>().toHaveProperty('locale');

// --- entry: scalars (required -> T, otherwise T | null) --------------------------------------
expectTypeOf<Article['title']>().toEqualTypeOf<string>();
expectTypeOf<Article['slug']>().toEqualTypeOf<string | null>();
expectTypeOf<Article['summary']>().toEqualTypeOf<string | null>();
expectTypeOf<Article['body']>().toEqualTypeOf<string | null>();
expectTypeOf<Article['content']>().toEqualTypeOf<BlocksContent | null>();
expectTypeOf<Article['contactEmail']>().toEqualTypeOf<string | null>();
expectTypeOf<Article['category']>().toEqualTypeOf<'news' | 'opinion' | 'review' | 'how-to'>();
expectTypeOf<Article['views']>().toEqualTypeOf<number | null>();
expectTypeOf<Article['bigViews']>().toEqualTypeOf<string | null>();
expectTypeOf<Article['rating']>().toEqualTypeOf<number | null>();
expectTypeOf<Article['price']>().toEqualTypeOf<number | null>();
expectTypeOf<Article['featured']>().toEqualTypeOf<boolean | null>();
expectTypeOf<Article['publishDate']>().toEqualTypeOf<string | null>();
expectTypeOf<Article['publishTime']>().toEqualTypeOf<string | null>();
expectTypeOf<Article['scheduledAt']>().toEqualTypeOf<string | null>();
expectTypeOf<Article['stamp']>().toEqualTypeOf<string | null>();
expectTypeOf<Article['metadata']>().toEqualTypeOf<JsonValue | null>();
expectTypeOf<Article['code']>().toEqualTypeOf<string | null>();
// Custom field: its underlying type.
expectTypeOf<Article['color']>().toEqualTypeOf<string | null>();
// @ts-expect-error a password is never returned
expectTypeOf<Article>().toHaveProperty('accessCode');
// @ts-expect-error a private attribute is never returned
expectTypeOf<Article>().toHaveProperty('internalNote');
// @ts-expect-error private attributes of plugin types too
expectTypeOf<UsersPermissionsUser>().toHaveProperty('resetPasswordToken');
// @ts-expect-error not a member of the enumeration
const wrongCategory: Article['category'] = 'gossip';

// Relations, media, components and dynamic zones are not on the entry.
// @ts-expect-error a relation appears only when populated
expectTypeOf<Article>().toHaveProperty('author');
// @ts-expect-error media appears only when populated
expectTypeOf<Article>().toHaveProperty('cover');
// @ts-expect-error a component appears only when populated
expectTypeOf<Article>().toHaveProperty('seo');
// @ts-expect-error a dynamic zone appears only when populated
expectTypeOf<Article>().toHaveProperty('sections');

// --- populatable ---------------------------------------------------------------------------
expectTypeOf<ArticlePopulatable['cover']>().toEqualTypeOf<MediaFile | null>();
expectTypeOf<ArticlePopulatable['attachment']>().toEqualTypeOf<MediaFile | null>();
expectTypeOf<ArticlePopulatable['gallery']>().toEqualTypeOf<MediaFile[]>();
expectTypeOf<ArticlePopulatable['author']>().toEqualTypeOf<Author | null>();
expectTypeOf<ArticlePopulatable['tags']>().toEqualTypeOf<Tag[]>();
expectTypeOf<ArticlePopulatable['related']>().toEqualTypeOf<Article[]>();
expectTypeOf<ArticlePopulatable['parent']>().toEqualTypeOf<Article | null>();
expectTypeOf<ArticlePopulatable['featuredTag']>().toEqualTypeOf<Tag | null>();
expectTypeOf<ArticlePopulatable['seo']>().toEqualTypeOf<SharedSeo | null>();
expectTypeOf<ArticlePopulatable['links']>().toEqualTypeOf<SharedLink[]>();
expectTypeOf<ArticlePopulatable['sections']>().toEqualTypeOf<ArticleSectionsZone[]>();
// Polymorphic relation without a target: a loose record.
expectTypeOf<UploadFilePopulatable['related']>().toEqualTypeOf<Record<string, unknown>[]>();
// @ts-expect-error a private relation is never returned
expectTypeOf<UploadFilePopulatable>().toHaveProperty('folder');
// @ts-expect-error scalars are on the entry, not here
expectTypeOf<ArticlePopulatable>().toHaveProperty('title');

// A populated relation target carries its scalars only (one populate level).
expectTypeOf<Author['name']>().toEqualTypeOf<string>();
// @ts-expect-error the target's own relations are not populated
expectTypeOf<Author>().toHaveProperty('articles');

// Dynamic zone entries: discriminated by __component, with the component's id and fields.
declare const zone: ArticleSectionsZone;
if (zone.__component === 'sections.hero') {
  expectTypeOf(zone).toExtend<SectionsHero>();
  expectTypeOf(zone.heading).toEqualTypeOf<string>();
} else {
  expectTypeOf(zone.__component).toEqualTypeOf<'sections.text-block'>();
  expectTypeOf(zone).toExtend<SectionsTextBlock>();
  expectTypeOf(zone.align).toEqualTypeOf<'left' | 'center' | 'right' | null>();
}
expectTypeOf(zone.id).toEqualTypeOf<number>();

// Components: id and scalars on the entry.
expectTypeOf<SharedSeo['id']>().toEqualTypeOf<number>();
expectTypeOf<SharedSeo['metaTitle']>().toEqualTypeOf<string>();
expectTypeOf<SharedLink['newTab']>().toEqualTypeOf<boolean | null>();

// --- input ---------------------------------------------------------------------------------
expectTypeOf<ArticleInput['title']>().toEqualTypeOf<string>();
expectTypeOf<ArticleInput['accessCode']>().toEqualTypeOf<string | null | undefined>();
expectTypeOf<ArticleInput['internalNote']>().toEqualTypeOf<string | null | undefined>();
expectTypeOf<ArticleInput['bigViews']>().toEqualTypeOf<string | number | null | undefined>();
// Required with a default: may be left out, but not cleared.
expectTypeOf<ArticleInput['category']>().toEqualTypeOf<
  'news' | 'opinion' | 'review' | 'how-to' | undefined
>();
expectTypeOf<ArticleInput['cover']>().toEqualTypeOf<MediaInput | undefined>();
expectTypeOf<ArticleInput['gallery']>().toEqualTypeOf<MultiMediaInput | undefined>();
expectTypeOf<ArticleInput['author']>().toEqualTypeOf<RelationInput | undefined>();
expectTypeOf<ArticleInput['tags']>().toEqualTypeOf<RelationsInput | undefined>();
expectTypeOf<ArticleInput['seo']>().toEqualTypeOf<SharedSeoInput | null | undefined>();
expectTypeOf<ArticleInput['links']>().toEqualTypeOf<SharedLinkInput[] | undefined>();
expectTypeOf<MediaInput>().toEqualTypeOf<CmsID | null>();
expectTypeOf<MultiMediaInput>().toEqualTypeOf<CmsID[] | null>();
expectTypeOf<CmsID>().toEqualTypeOf<string | number>();

const minimal: ArticleInput = { title: 'Hello' };
const full: ArticleInput = {
  title: 'Hello',
  summary: null,
  content: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi', bold: true }] }],
  accessCode: 'secret',
  category: 'how-to',
  bigViews: 9007199254740993n.toString(),
  metadata: { nested: [1, 'two', null] },
  cover: 12,
  gallery: [1, 2],
  author: 'k3j4h5documentid',
  tags: { connect: ['a', { documentId: 'b', locale: 'fr' }], disconnect: [3] },
  parent: null,
  seo: { metaTitle: 'Hello', canonical: { url: 'https://example.com' } },
  links: [{ id: 4, url: '/about' }],
  sections: [
    { __component: 'sections.hero', heading: 'Welcome', cta: null },
    { __component: 'sections.text-block', align: 'center' },
  ],
};
const hero: SectionsHeroInput = { heading: 'x', image: null };
// @ts-expect-error title is required
const missingTitle: ArticleInput = { summary: 'x' };
// @ts-expect-error a required attribute with a default cannot be cleared
const clearedCategory: ArticleInput = { title: 'x', category: null };
// @ts-expect-error media input is a file id, not a file object
const fileObject: ArticleInput = { title: 'x', cover: { id: 1 } };
// @ts-expect-error a component input needs its required fields
const badSeo: ArticleInput = { title: 'x', seo: { metaDescription: 'x' } };
// @ts-expect-error a dynamic zone entry must name a component of the zone
const badZone: ArticleInput = { title: 'x', sections: [{ __component: 'shared.seo', metaTitle: 'x' }] };
// @ts-expect-error exactOptionalPropertyTypes: leave an attribute out rather than set undefined
const undefinedSummary: ArticleInput = { title: 'x', summary: undefined };

// --- responses and registry ----------------------------------------------------------------
declare const list: CmsResponse<Article[]>;
const pagination = list.meta?.pagination;
if (pagination !== undefined && 'page' in pagination)
  expectTypeOf(pagination.pageCount).toEqualTypeOf<number>();
if (pagination !== undefined && 'start' in pagination) expectTypeOf(pagination.limit).toEqualTypeOf<number>();
expectTypeOf<CmsSchemaTypes['contentTypes']['api::article.article']['entry']>().toEqualTypeOf<Article>();
expectTypeOf<CmsSchemaTypes['contentTypes']['api::article.article']['input']>().toEqualTypeOf<ArticleInput>();
expectTypeOf<
  CmsSchemaTypes['contentTypes']['api::site-setting.site-setting']['kind']
>().toEqualTypeOf<'singleType'>();
expectTypeOf<
  CmsSchemaTypes['contentTypes']['api::site-setting.site-setting']['entry']
>().toEqualTypeOf<SiteSetting>();
expectTypeOf<
  CmsSchemaTypes['components']['shared.seo']['populatable']['metaImage']
>().toEqualTypeOf<MediaFile | null>();

export const values = [
  wrongCategory,
  minimal,
  full,
  hero,
  missingTitle,
  clearedCategory,
  fileObject,
  badSeo,
  badZone,
  undefinedSummary,
];
