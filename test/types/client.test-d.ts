/**
 * Type tests of the generated CmsClient on the kitchen-sink schema: return types follow
 * `populate` and `fields`, filters accept only the operators of each field's type, inputs,
 * single types. `scripts/type-fixtures.ts` writes the client; `tsc -p tsconfig.json` checks
 * this file (never run). Each `@ts-expect-error` must meet an error, so a type that became too
 * loose fails the check.
 */
import { expectTypeOf } from 'expect-type';
import type {
  Article,
  ArticleInput,
  ArticlePopulate,
  Author,
  CmsClient,
  CmsEntry,
  CmsFilters,
  CmsLocale,
  CmsQuery,
  CmsResponse,
  MediaFile,
  SectionsHero,
  SharedLink,
  SharedSeo,
  SiteSetting,
  Tag,
} from './generated/kitchen/index.ts';
import type { CmsClient as JsCmsClient } from './generated/kitchen-js/index.js';

declare const cms: CmsClient;

// --- populate ------------------------------------------------------------------------------
// Without populate: scalar fields only.
expectTypeOf(await cms.articles.find()).toEqualTypeOf<Article[]>();
{
  const [entry] = await cms.articles.find();
  // @ts-expect-error relations are absent unless populated
  void entry?.author;
  // @ts-expect-error media too
  void entry?.cover;
  // @ts-expect-error components too
  void entry?.seo;
  // @ts-expect-error and dynamic zones
  void entry?.sections;
}

// `true` adds the target's scalar fields, to-one as `T | null`, to-many as `T[]`.
{
  const [entry] = await cms.articles.find({ populate: { author: true, tags: true, cover: true } });
  expectTypeOf(entry!.author).toEqualTypeOf<Author | null>();
  expectTypeOf(entry!.tags).toEqualTypeOf<Tag[]>();
  expectTypeOf(entry!.cover).toEqualTypeOf<MediaFile | null>();
  expectTypeOf(entry!.title).toEqualTypeOf<string>();
  // @ts-expect-error gallery was not asked for
  void entry!.gallery;
  // @ts-expect-error the author's own relations are not populated
  void entry!.author!.articles;
}

// A list of names works like `true` for each.
{
  const [entry] = await cms.articles.find({ populate: ['author', 'gallery'] });
  expectTypeOf(entry!.author).toEqualTypeOf<Author | null>();
  expectTypeOf(entry!.gallery).toEqualTypeOf<MediaFile[]>();
  // @ts-expect-error tags were not listed
  void entry!.tags;
}

// '*' adds every linked attribute, one level deep.
{
  const entry = await cms.articles.findOne('id', { populate: '*' });
  expectTypeOf(entry).toBeNullable();
  expectTypeOf(entry!.author).toEqualTypeOf<Author | null>();
  expectTypeOf(entry!.seo).toEqualTypeOf<SharedSeo | null>();
  expectTypeOf(entry!.links).toEqualTypeOf<SharedLink[]>();
  expectTypeOf(entry!.gallery).toEqualTypeOf<MediaFile[]>();
  // @ts-expect-error one level only: the component's own media is not populated by '*'
  void entry!.seo!.metaImage;
}

// Nested populate objects nest.
{
  const [entry] = await cms.articles.find({
    populate: { author: { populate: { articles: { fields: ['title'] } } } },
  });
  const nested = entry!.author!.articles[0]!;
  expectTypeOf(nested.title).toEqualTypeOf<string>();
  expectTypeOf(nested.documentId).toEqualTypeOf<string>();
  // @ts-expect-error fields narrowed the nested articles
  void nested.slug;
  expectTypeOf(entry!.author!.name).toEqualTypeOf<string>();
}

// Components populate nested media; dynamic zones populate per component with `on`.
{
  const [entry] = await cms.articles.find({
    populate: {
      seo: { populate: { metaImage: true } },
      sections: { on: { 'sections.hero': { populate: { image: true } }, 'sections.text-block': true } },
    },
  });
  expectTypeOf(entry!.seo!.metaImage).toEqualTypeOf<MediaFile | null>();
  const section = entry!.sections[0]!;
  if (section.__component === 'sections.hero') {
    expectTypeOf(section.image).toEqualTypeOf<MediaFile | null>();
    expectTypeOf(section.heading).toEqualTypeOf<SectionsHero['heading']>();
    // @ts-expect-error cta was not populated in the hero
    void section.cta;
  } else {
    expectTypeOf(section.__component).toEqualTypeOf<'sections.text-block'>();
  }
}

// Media populate may select the file's fields.
{
  const [entry] = await cms.articles.find({ populate: { cover: { fields: ['url', 'alternativeText'] } } });
  expectTypeOf(entry!.cover).toEqualTypeOf<Pick<
    MediaFile,
    'id' | 'documentId' | 'url' | 'alternativeText'
  > | null>();
}

// `count: true` returns how many instead of the entries: `{ count: number }`, never null, for a
// to-many or to-one relation and for a component; `filters` may narrow it; `false` is a plain populate.
{
  const [entry] = await cms.articles.find({
    populate: {
      tags: { count: true, filters: { name: { $startsWith: 'a' } } },
      author: { count: true },
      links: { count: true },
      seo: { count: false },
    },
  });
  expectTypeOf(entry!.tags).toEqualTypeOf<{ count: number }>();
  expectTypeOf(entry!.author).toEqualTypeOf<{ count: number }>();
  expectTypeOf(entry!.links).toEqualTypeOf<{ count: number }>();
  expectTypeOf(entry!.seo).toEqualTypeOf<SharedSeo | null>();
  // @ts-expect-error a count has no entries
  void entry!.tags[0];
  const nested = await cms.authors.findOne('id', {
    populate: { articles: { populate: { tags: { count: true } } } },
  });
  expectTypeOf(nested!.articles[0]!.tags).toEqualTypeOf<{ count: number }>();
  expectTypeOf((await cms.articles.find({ populate: { tags: { count: false } } }))[0]!.tags).toEqualTypeOf<
    Tag[]
  >();
}
// @ts-expect-error a populated relation takes no limit (Strapi 5 answers 400 `Invalid key limit`)
await cms.articles.find({ populate: { tags: { limit: 1 } } });
// @ts-expect-error nor start
await cms.articles.find({ populate: { tags: { start: 1 } } });
// @ts-expect-error count is a boolean (Strapi answers 400 to anything else)
await cms.articles.find({ populate: { tags: { count: 'yes' } } });
// @ts-expect-error Strapi ignores count on media and returns the files, so it is not offered
await cms.articles.find({ populate: { cover: { count: true } } });
// @ts-expect-error nor on a dynamic zone
await cms.articles.find({ populate: { sections: { count: true } } });

// A populate object written ahead of the query has a name per model, `<Name>Populate`, and gives
// the same result as the literal; the options inside it are checked against its targets.
{
  const populate = {
    author: { fields: ['name'] },
    tags: true,
    seo: { populate: { metaImage: true } },
  } as const satisfies ArticlePopulate;
  const entry = await cms.articles.findOne('id', { populate });
  expectTypeOf(entry!.author).toEqualTypeOf<Pick<Author, 'id' | 'documentId' | 'name'> | null>();
  expectTypeOf(entry!.tags).toEqualTypeOf<Tag[]>();
  expectTypeOf(entry!.seo!.metaImage).toEqualTypeOf<MediaFile | null>();
  const none: ArticlePopulate = {};
  void none;
  // @ts-expect-error 'autor' is not populatable
  void ({ autor: true } satisfies ArticlePopulate);
  // @ts-expect-error the author has no field 'titel'
  void ({ author: { fields: ['titel'] } } satisfies ArticlePopulate);
  // @ts-expect-error a dynamic zone is populated per component with `on`
  void ({ sections: { populate: { image: true } } } satisfies ArticlePopulate);
}

// --- fields --------------------------------------------------------------------------------
{
  const [entry] = await cms.articles.find({ fields: ['title', 'views'] });
  expectTypeOf(entry!).toEqualTypeOf<Pick<Article, 'id' | 'documentId' | 'title' | 'views'>>();
  // @ts-expect-error not selected
  void entry!.slug;
  const both = await cms.articles.findOne('id', { fields: ['title'], populate: { author: true } });
  expectTypeOf(both!.author).toEqualTypeOf<Author | null>();
  expectTypeOf(both!).not.toHaveProperty('summary');
}

// --- misspellings are errors that name the key --------------------------------------------------
// @ts-expect-error 'autor' is not populatable
await cms.articles.find({ populate: { autor: true } });
// @ts-expect-error a misspelled key next to a valid one
await cms.articles.find({ populate: { author: true, tgs: true } });
// @ts-expect-error a name in a populate list
await cms.articles.find({ populate: ['author', 'tgs'] });
// @ts-expect-error 'titel' is not a field
await cms.articles.find({ fields: ['titel'] });
// @ts-expect-error nested fields are checked against the target
await cms.articles.find({ populate: { author: { fields: ['title'] } } });
// @ts-expect-error sort by an unknown field
await cms.articles.find({ sort: 'titel:asc' });
// @ts-expect-error sort direction
await cms.articles.find({ sort: ['title:up'] });
// @ts-expect-error an unknown filter field
await cms.articles.find({ filters: { titel: 'x' } });
// @ts-expect-error an unknown filter field next to a valid one
await cms.articles.find({ filters: { title: 'x', titel: 'y' } });
// @ts-expect-error an unknown parameter
await cms.articles.find({ populat: '*' });
// @ts-expect-error private fields cannot be filtered (Strapi rejects them)
await cms.articles.find({ filters: { internalNote: 'x' } });

// A misspelled key is TypeScript's own excess-property error, at any depth of populate and filters.
// @ts-expect-error a misspelled option inside a nested populate
await cms.articles.find({ populate: { author: { populate: { articles: { fieldz: ['title'] } } } } });
// @ts-expect-error a misspelled operator
await cms.articles.find({ filters: { title: { $containz: 'x' } } });
// @ts-expect-error a misspelled field inside $or
await cms.articles.find({ filters: { $or: [{ title: 'x' }, { titel: 'y' }] } });

// Parameters built beforehand: typed with CmsQuery, or a const object whose populate still types the result.
{
  const query: CmsQuery<'api::article.article'> = { filters: { title: 'x' }, sort: 'title:asc' };
  expectTypeOf(await cms.articles.find(query)).toEqualTypeOf<Article[]>();
  const params = { populate: { author: true }, fields: ['title'] } as const;
  const [entry] = await cms.articles.find(params);
  expectTypeOf(entry!.author).toEqualTypeOf<Author | null>();
  expectTypeOf(entry!).toHaveProperty('title');
  // @ts-expect-error not selected
  void entry!.slug;
}

// --- filters per field type -----------------------------------------------------------------
await cms.articles.find({
  filters: {
    title: { $containsi: 'strapi', $startsWith: 'A', $notContains: 'x', $eqi: 'a' },
    category: { $in: ['news', 'review'] },
    views: { $between: [1, 10], $gt: 0 },
    rating: { $lte: 4.5 },
    publishDate: { $between: ['2025-01-01', new Date()] },
    createdAt: { $gte: '2025-01-01T00:00:00.000Z' },
    featured: { $eq: true },
    metadata: { $notNull: true },
    slug: { $null: true },
    author: { name: { $eq: 'Ada' }, articles: { views: { $gt: 5 } } },
    tags: { name: { $in: ['a', 'b'] } },
    seo: { metaTitle: { $contains: 'x' } },
    cover: { mime: { $startsWith: 'image/' } },
    $or: [{ title: 'x' }, { category: 'news' }, { $and: [{ views: 1 }, { $not: { featured: true } }] }],
    $not: { title: { $endsWith: '!' } },
  },
});
// @ts-expect-error $containsi only on strings
await cms.articles.find({ filters: { views: { $containsi: '1' } } });
// @ts-expect-error $between needs numbers for a number field
await cms.articles.find({ filters: { views: { $between: ['a', 'b'] } } });
// @ts-expect-error $between is a pair
await cms.articles.find({ filters: { views: { $between: [1] } } });
// @ts-expect-error $lt is not a boolean operator
await cms.articles.find({ filters: { featured: { $lt: true } } });
// @ts-expect-error $in holds the field's type
await cms.articles.find({ filters: { views: { $in: ['1'] } } });
// @ts-expect-error an enumeration takes its values only
await cms.articles.find({ filters: { category: { $eq: 'gossip' } } });
// @ts-expect-error JSON fields: presence only
await cms.articles.find({ filters: { metadata: { $eq: 'x' } } });
// @ts-expect-error relation filters use the target's fields
await cms.articles.find({ filters: { author: { title: 'x' } } });
// @ts-expect-error dynamic zones cannot be filtered
await cms.articles.find({ filters: { sections: {} } });
expectTypeOf<CmsFilters<'api::tag.tag'>>().toHaveProperty('name');

// --- pagination, locale, status ------------------------------------------------------------------
await cms.articles.find({ pagination: { page: 2, pageSize: 10 }, locale: 'fr', status: 'draft' });
await cms.articles.find({ pagination: { start: 0, limit: 5 } });
// @ts-expect-error page-based and offset-based do not mix
await cms.articles.find({ pagination: { page: 1, limit: 5 } });
// @ts-expect-error status is draft or published
await cms.articles.find({ status: 'archived' });
{
  const page = await cms.articles.findWithMeta({ populate: { author: true } });
  expectTypeOf(page).toMatchTypeOf<CmsResponse<unknown[]>>();
  expectTypeOf(page.data[0]!.author).toEqualTypeOf<Author | null>();
}

// --- inputs ----------------------------------------------------------------------------------
{
  const input: ArticleInput = {
    title: 'Hello',
    category: 'news',
    cover: 12,
    gallery: [1, 2],
    author: 'documentid',
    tags: { connect: ['a'], disconnect: [{ documentId: 'b' }] },
    featuredTag: null,
    seo: { metaTitle: 'x' },
    links: [{ label: 'a', url: 'https://example.test' }],
    sections: [{ __component: 'sections.text-block', body: 'x' }],
  };
  const created = await cms.articles.create(input);
  expectTypeOf(created).toEqualTypeOf<Article>();
  const draft = await cms.articles.create(input, { status: 'draft', populate: { author: true } });
  expectTypeOf(draft.author).toEqualTypeOf<Author | null>();
  const updated = await cms.articles.update('id', { views: 3, cover: null, tags: null });
  expectTypeOf(updated).toEqualTypeOf<Article>();
  expectTypeOf(await cms.articles.delete('id')).toEqualTypeOf<Article | null>();
  await cms.articles.create(new FormData());
  await cms.articles.update('id', new FormData(), { tags: ['x'] });
  // @ts-expect-error media inputs are ids, not files
  await cms.articles.update('id', { cover: { url: 'x' } });
  // @ts-expect-error required fields are required on create
  await cms.articles.create({ category: 'news' });
  // @ts-expect-error unknown input field
  await cms.articles.update('id', { titel: 'x' });
  // @ts-expect-error an enumeration takes its values only
  await cms.articles.update('id', { category: 'gossip' });
  // @ts-expect-error a zone entry names its component
  await cms.articles.update('id', { sections: [{ body: 'x' }] });
}

// --- single types -------------------------------------------------------------------------------
{
  expectTypeOf(await cms.siteSetting.find()).toEqualTypeOf<SiteSetting>();
  const populated = await cms.siteSetting.find({ populate: '*' });
  expectTypeOf(populated.logo).toEqualTypeOf<MediaFile | null>();
  expectTypeOf(populated.socialLinks).toEqualTypeOf<SharedLink[]>();
  expectTypeOf(await cms.siteSetting.update({ siteName: 'x' })).toEqualTypeOf<SiteSetting>();
  // @ts-expect-error no findOne on a single type
  void cms.siteSetting.findOne;
  // @ts-expect-error no create
  void cms.siteSetting.create;
  // Strapi 5.54 registers DELETE /api/<singular> for a single type (its core router's `delete`).
  expectTypeOf(await cms.siteSetting.delete()).toEqualTypeOf<SiteSetting | null>();
  expectTypeOf(
    await cms.siteSetting.delete({ locale: 'fr' }, { cache: 'no-store' }),
  ).toEqualTypeOf<SiteSetting | null>();
  // @ts-expect-error a single type has no documentId
  await cms.siteSetting.delete('doc-1');
  // @ts-expect-error no pagination on a single type
  await cms.siteSetting.find({ pagination: { page: 1 } });
}

// --- upload, i18n, custom routes, helpers ---------------------------------------------------------
expectTypeOf(await cms.upload.find({ start: 0, limit: 10, sort: 'createdAt:desc' })).toEqualTypeOf<
  MediaFile[]
>();
expectTypeOf(await cms.upload.upload(new FormData())).toEqualTypeOf<MediaFile[]>();
expectTypeOf(await cms.upload.findOne(1)).toEqualTypeOf<MediaFile>();
expectTypeOf(await cms.upload.delete(1)).toEqualTypeOf<MediaFile>();
// @ts-expect-error upload listing takes flat start/limit, not pagination
await cms.upload.find({ pagination: { page: 1 } });
// @ts-expect-error file ids are numbers
await cms.upload.findOne('abc');
expectTypeOf(await cms.i18n.locales()).toEqualTypeOf<CmsLocale[]>();
expectTypeOf(await cms.articles.popular({ limit: 2 })).toEqualTypeOf<unknown>();
expectTypeOf(await cms.articles.like<{ data: { views: number } }>('doc')).toEqualTypeOf<{
  data: { views: number };
}>();
// @ts-expect-error the path parameter comes first
await cms.articles.like();
expectTypeOf<
  CmsEntry<'api::article.article', { populate: { author: true } }>['author']
>().toEqualTypeOf<Author | null>();
expectTypeOf<CmsQuery<'api::article.article'>>().toHaveProperty('filters');
expectTypeOf(cms.authMode).toEqualTypeOf<'legacy' | 'refresh'>();

// --- the .js + .d.ts output has the same types ------------------------------------------------------
declare const jsClient: JsCmsClient;
{
  const [entry] = await jsClient.articles.find({ populate: { author: true }, fields: ['title'] });
  expectTypeOf(entry!.author!.name).toEqualTypeOf<string>();
  // @ts-expect-error not selected
  void entry!.slug;
}

// --- cache tags ----------------------------------------------------------------------------
// On by default; `cacheTags: false` opts out for the client or for one read.
expectTypeOf<{ baseURL: string; cacheTags: false }>().toMatchTypeOf<
  ConstructorParameters<typeof CmsClient>[0]
>();
expectTypeOf<{ baseURL: string; cacheTags: 'no' }>().not.toMatchTypeOf<
  ConstructorParameters<typeof CmsClient>[0]
>();
await cms.articles.find(undefined, { cacheTags: false, tags: ['page'] });
await cms.articles.findOne('d1', undefined, { cacheTags: false });
await cms.siteSetting.find(undefined, { cacheTags: false });
