/**
 * The kitchen-sink app's fidelity calls and seeding, shared by the fidelity test (the generated
 * types against a real Strapi on each database) and the mocks' test (the mock Strapi against the
 * real one, and its answers against the same types): the entries every attribute of every
 * content type and component gets a value from, written through the generated client.
 */
import assert from 'node:assert/strict';
import type { DatabaseKind } from '../harness/db.ts';
import { blocksSample } from './blocks-sample.ts';
import { png } from './png.ts';

// The generated client is imported as plain JS; the calls file is what gets type-checked.
// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

/** The calls whose results are checked, as TypeScript over the generated `CmsClient`. */
export const KITCHEN_CALLS = `import type { CmsClient } from './src/cms/index.js';

const article = {
  cover: true,
  gallery: true,
  attachment: true,
  author: { populate: { avatar: true, profile: true } },
  tags: true,
  related: true,
  parent: true,
  featuredTag: true,
  seo: { populate: { metaImage: true, canonical: true } },
  links: true,
  sections: { on: { 'sections.hero': { populate: { image: true, cta: true } }, 'sections.text-block': true } },
  localizations: true,
} as const;

const promo = { image: true, link: true, article: { populate: { cover: true } } } as const;

/** A Next.js data layer: \`preview\` is \`(await draftMode()).isEnabled\`. */
const promoPage = (client: CmsClient, preview: boolean) =>
  client.promos.find({
    populate: promo,
    status: preview ? 'draft' : 'published',
    filters: { title: { $startsWith: 'Internal promo' } },
  });

export const calls = {
  articles: (client: CmsClient) => client.articles.find({ populate: article }),
  articlesStar: (client: CmsClient) => client.articles.find({ populate: '*' }),
  articlesWithMeta: (client: CmsClient) =>
    client.articles.findWithMeta({ populate: article, pagination: { page: 1, pageSize: 3 } }),
  articleDrafts: (client: CmsClient) =>
    client.articles.find({ populate: article, status: 'draft', filters: { title: { $notNull: true } } }),
  articlesFr: (client: CmsClient) => client.articles.find({ populate: article, locale: 'fr' }),
  authors: (client: CmsClient) =>
    client.authors.find({
      populate: { avatar: true, profile: { populate: { author: true } }, articles: { populate: '*' } },
    }),
  profiles: (client: CmsClient) => client.profiles.find({ populate: { author: { populate: { avatar: true } } } }),
  tags: (client: CmsClient) => client.tags.find({ populate: { articles: true } }),
  siteSetting: (client: CmsClient) =>
    client.siteSetting.find({
      populate: { logo: true, socialLinks: true, defaultSeo: { populate: { metaImage: true, canonical: true } } },
    }),
  uploads: (client: CmsClient) => client.upload.find(),
  locales: (client: CmsClient) => client.i18n.locales(),
  byStamp: (client: CmsClient) =>
    client.articles.find({ filters: { stamp: { $eq: '2025-01-02T08:30:00.000Z' } }, fields: ['code'] }),
  byStampDate: (client: CmsClient) =>
    client.articles.find({ filters: { stamp: { $eq: new Date('2025-01-02T08:30:00.000Z') } }, fields: ['code'] }),
  byTime: (client: CmsClient) => client.articles.find({ filters: { publishTime: { $eq: '01:15:00' } }, fields: ['code'] }),
  draftMissingRequired: (client: CmsClient) =>
    client.articles.find({ status: 'draft', filters: { code: { $eq: 'DRF-000' } } }),
  promos: (client: CmsClient) => client.promos.find({ populate: promo, sort: 'rank' }),
  promoDrafts: (client: CmsClient) => client.promos.find({ populate: promo, status: 'draft', sort: 'rank' }),
  promoStar: (client: CmsClient) => client.promos.find({ populate: '*', status: 'draft' }),
  previewOn: (client: CmsClient) => promoPage(client, true),
  previewOff: (client: CmsClient) => promoPage(client, false),
};
`;

export const BIG = '9007199254740993';
export const STAMP = '2025-01-02T08:30:00.000Z';

/** Marks a bare JSON value a database refuses (Strapi answers 500; the entry is not stored). */
export const REFUSED = 'refused';

/** Bare values a `json` attribute holds as its whole value, and what each database returns. */
export const BARE_JSON: [string, unknown, Partial<Record<DatabaseKind | 'sqlite', unknown>>][] = [
  ['true', true, { sqlite: 1, mysql: 1 }],
  ['false', false, { sqlite: 0, mysql: 0 }],
  ['number', 42.5, {}],
  ['array', [1, 'two', null, { three: [3] }], {}],
  ['string', 'bare', { postgres: REFUSED, mysql: REFUSED }],
];

export const PNG = png(8, 8);

/** Seeds the entries; returns the article with every field. */
export async function seedKitchen(cms: Any, kind: DatabaseKind | 'sqlite'): Promise<Any> {
  const form = (name: string, type: string, body: BlobPart) => {
    const data = new FormData();
    data.append('files', new Blob([body], { type }), name);
    return data;
  };
  const [image] = await cms.upload.upload(form('cover.png', 'image/png', PNG));
  const [file] = await cms.upload.upload(form('notes.txt', 'text/plain', 'notes\n'));
  const tags = [await cms.tags.create({ name: 'one' }), await cms.tags.create({ name: 'two' })];
  const profile = await cms.profiles.create({ headline: 'Writes things' });
  const author = await cms.authors.create({
    name: 'Ada',
    email: 'ada@example.test',
    bio: 'Bio',
    avatar: image.id,
    profile: profile.documentId,
  });
  const seo = {
    metaTitle: 'SEO title',
    metaDescription: 'SEO description',
    metaImage: image.id,
    canonical: { label: 'Canonical', url: 'https://example.test/a', newTab: true },
  };
  const full = (title: string, code: string) => ({
    title,
    slug: code.toLowerCase(),
    summary: 'Summary',
    body: '# Markdown\n\nBody',
    content: blocksSample(image),
    contactEmail: 'contact@example.test',
    accessCode: 'secret-code',
    category: 'review',
    views: 12,
    bigViews: BIG,
    rating: 4.25,
    price: 1234.57,
    featured: true,
    publishDate: '2025-01-02',
    publishTime: '01:15:00',
    scheduledAt: STAMP,
    stamp: STAMP,
    metadata: { nested: { list: [1, 'two', true, null] } },
    code,
    color: '#ff8800',
    internalNote: 'private note',
    cover: image.id,
    gallery: [image.id, image.id],
    attachment: file.id,
    author: author.documentId,
    tags: tags.map((tag) => tag.documentId),
    featuredTag: tags[0].documentId,
    seo,
    links: [
      { label: 'Home', url: 'https://example.test/', newTab: false },
      { url: 'https://example.test/b' },
    ],
    sections: [
      {
        __component: 'sections.hero',
        heading: 'Hero',
        image: image.id,
        cta: { label: 'Go', url: 'https://example.test/go', newTab: true },
      },
      { __component: 'sections.text-block', body: 'Text', align: 'center' },
    ],
  });
  const article = await cms.articles.create(full('Every field', 'ALL-001'));
  await cms.articles.create({
    title: 'Child',
    category: 'news',
    parent: article.documentId,
    code: 'KID-001',
  });
  await cms.articles.update(
    article.documentId,
    { ...full('Tous les champs', 'ALL-001'), slug: 'all-fr' },
    { locale: 'fr' },
  );
  await cms.articles.create(full('A draft', 'DRF-001'), { status: 'draft' });
  // Strapi checks required fields on publish only: this draft has no title (see the test below).
  await cms.articles.create({ code: 'DRF-000' }, { status: 'draft' });
  for (const [name, value, returned] of BARE_JSON) {
    const create = cms.articles.create({ title: `JSON ${name}`, category: 'news', metadata: value });
    if (returned[kind] === REFUSED) await assert.rejects(create, (error: Any) => error.status === 500);
    else await create;
  }
  // Published promos with an external link (href set) and an internal one (href hidden, so
  // null), and a draft without any of the required fields.
  await cms.promos.create({
    title: 'External promo',
    rank: 1,
    image: image.id,
    link: { type: 'external', label: 'Out', href: 'https://example.test/out' },
    article: article.documentId,
  });
  const internal = await cms.promos.create({
    title: 'Internal promo',
    rank: 2,
    image: image.id,
    link: { type: 'internal', label: 'In' },
  });
  // A newer draft of a published entry, without a required field: what draft mode shows.
  await cms.promos.update(
    internal.documentId,
    { title: 'Internal promo, edited', rank: null },
    { status: 'draft' },
  );
  await cms.promos.create({ title: 'Draft promo' }, { status: 'draft' });
  await cms.siteSetting.update({
    siteName: 'Site',
    description: 'Description',
    logo: image.id,
    socialLinks: [{ label: 'Social', url: 'https://example.test/s', newTab: true }],
    defaultSeo: seo,
  });
  return article;
}
