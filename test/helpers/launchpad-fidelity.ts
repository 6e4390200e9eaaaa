/**
 * The LaunchPad part of the fidelity suite: entries for every LaunchPad content type that give
 * every attribute a value (each dynamic zone holds every component it allows, nested components,
 * relations inside components, media, blocks, a second locale, drafts), and the calls that read
 * them back with deep `populate`.
 */
import type { DatabaseKind } from '../harness/db.ts';
import { blocksSample } from './blocks-sample.ts';
import type { Coverage } from './fidelity-coverage.ts';
import { png } from './png.ts';

// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

/** The calls whose results are checked, as TypeScript over LaunchPad's generated `CmsClient`. */
export const LAUNCHPAD_CALLS = `import type { CmsClient } from './src/cms/index.js';

const image = { populate: { image: true } } as const;
const user = image;
const seo = { populate: { metaImage: true } } as const;
const links = { populate: { image: true, link: true } } as const;

const hero = { populate: { CTAs: true } } as const;
const cta = { populate: { CTAs: true } } as const;
const brands = { populate: { logos: image } } as const;
const faq = { populate: { faqs: true } } as const;
const features = {
  populate: {
    globe_card: true,
    ray_card: { populate: { before_ray_items: true, after_ray_items: true } },
    graph_card: { populate: { top_items: true } },
    social_media_card: { populate: { logos: image } },
  },
} as const;
const formNextToSection = {
  populate: {
    form: { populate: { inputs: true } },
    section: { populate: { users: user } },
    social_media_icon_links: links,
  },
} as const;
const howItWorks = { populate: { steps: true } } as const;
const launches = { populate: { launches: true } } as const;
const pricing = { populate: { plans: { populate: { CTA: true, perks: true } } } } as const;
const relatedArticles = { populate: { articles: { populate: { image: true } } } } as const;
const relatedProducts = { populate: { products: { populate: { images: true } } } } as const;
const testimonials = { populate: { testimonials: { populate: { user } } } } as const;

const everyZone = {
  on: {
    'dynamic-zone.testimonials': testimonials,
    'dynamic-zone.related-products': relatedProducts,
    'dynamic-zone.related-articles': relatedArticles,
    'dynamic-zone.pricing': pricing,
    'dynamic-zone.launches': launches,
    'dynamic-zone.how-it-works': howItWorks,
    'dynamic-zone.hero': hero,
    'dynamic-zone.form-next-to-section': formNextToSection,
    'dynamic-zone.features': features,
    'dynamic-zone.faq': faq,
    'dynamic-zone.cta': cta,
    'dynamic-zone.brands': brands,
  },
} as const;

const article = {
  seo,
  image: true,
  categories: true,
  localizations: true,
  dynamic_zone: { on: { 'dynamic-zone.related-articles': relatedArticles, 'dynamic-zone.cta': cta } },
} as const;
const page = {
  seo,
  localizations: true,
  dynamic_zone: {
    on: {
      'dynamic-zone.hero': hero,
      'dynamic-zone.features': features,
      'dynamic-zone.testimonials': testimonials,
      'dynamic-zone.how-it-works': howItWorks,
      'dynamic-zone.brands': brands,
      'dynamic-zone.pricing': pricing,
      'dynamic-zone.launches': launches,
      'dynamic-zone.cta': cta,
      'dynamic-zone.form-next-to-section': formNextToSection,
      'dynamic-zone.faq': faq,
    },
  },
} as const;
const product = {
  images: true,
  perks: true,
  plans: true,
  categories: true,
  localizations: true,
  dynamic_zone: { on: { 'dynamic-zone.related-products': relatedProducts, 'dynamic-zone.cta': cta } },
} as const;
const plan = { CTA: true, perks: true, additional_perks: true, product: true } as const;
const navigation = { populate: { logo: image, left_navbar_items: true, right_navbar_items: true } } as const;
const footer = {
  populate: { logo: image, internal_links: true, policy_links: true, social_media_links: true },
} as const;
const global = { seo, navbar: navigation, footer } as const;

export const calls = {
  articles: (client: CmsClient) => client.articles.find({ populate: article }),
  articleDrafts: (client: CmsClient) => client.articles.find({ populate: article, status: 'draft' }),
  articlesFr: (client: CmsClient) => client.articles.find({ populate: article, locale: 'fr' }),
  articlesStar: (client: CmsClient) => client.articles.find({ populate: '*', status: 'draft' }),
  blogPage: (client: CmsClient) => client.blogPage.find({ populate: { seo, dynamic_zone: everyZone } }),
  blogPageFr: (client: CmsClient) =>
    client.blogPage.find({ populate: { seo, dynamic_zone: everyZone }, locale: 'fr' }),
  categories: (client: CmsClient) => client.categories.find({ populate: { product: true, articles: true } }),
  faqs: (client: CmsClient) => client.faqs.find({ populate: { localizations: true } }),
  faqsFr: (client: CmsClient) => client.faqs.find({ locale: 'fr' }),
  global: (client: CmsClient) => client.global.find({ populate: global }),
  globalDraft: (client: CmsClient) => client.global.find({ populate: global, status: 'draft' }),
  globalFr: (client: CmsClient) => client.global.find({ populate: global, locale: 'fr' }),
  logos: (client: CmsClient) => client.logos.find({ populate: { image: true } }),
  pages: (client: CmsClient) => client.pages.find({ populate: page }),
  pageDrafts: (client: CmsClient) => client.pages.find({ populate: page, status: 'draft' }),
  plans: (client: CmsClient) => client.plans.find({ populate: plan }),
  planDrafts: (client: CmsClient) => client.plans.find({ populate: plan, status: 'draft' }),
  productPage: (client: CmsClient) =>
    client.productPage.find({ populate: { seo, dynamic_zone: everyZone } }),
  products: (client: CmsClient) => client.products.find({ populate: product }),
  productDrafts: (client: CmsClient) => client.products.find({ populate: product, status: 'draft' }),
  redirections: (client: CmsClient) => client.redirections.find(),
  redirectionDrafts: (client: CmsClient) => client.redirections.find({ status: 'draft' }),
  testimonials: (client: CmsClient) => client.testimonials.find({ populate: { user } }),
  testimonialDrafts: (client: CmsClient) => client.testimonials.find({ populate: { user }, status: 'draft' }),
  uploads: (client: CmsClient) => client.upload.find(),
  locales: (client: CmsClient) => client.i18n.locales(),
};
`;

const PUBLISHED_DRAFT: Pick<Coverage, 'draft' | 'empty'> = { draft: true, empty: ['publishedAt'] };

/** Calls whose entries must give every field of their content type a value. */
export const LAUNCHPAD_COVERED: Record<string, Coverage> = {
  articles: { uid: 'api::article.article' },
  articleDrafts: { uid: 'api::article.article', ...PUBLISHED_DRAFT },
  blogPage: { uid: 'api::blog-page.blog-page' },
  categories: { uid: 'api::category.category' },
  faqs: { uid: 'api::faq.faq' },
  global: { uid: 'api::global.global' },
  globalDraft: { uid: 'api::global.global', ...PUBLISHED_DRAFT },
  logos: { uid: 'api::logo.logo' },
  pages: { uid: 'api::page.page' },
  pageDrafts: { uid: 'api::page.page', ...PUBLISHED_DRAFT },
  plans: { uid: 'api::plan.plan' },
  planDrafts: { uid: 'api::plan.plan', ...PUBLISHED_DRAFT },
  productPage: { uid: 'api::product-page.product-page' },
  products: { uid: 'api::product.product' },
  productDrafts: { uid: 'api::product.product', ...PUBLISHED_DRAFT },
  redirections: { uid: 'api::redirection.redirection' },
  redirectionDrafts: { uid: 'api::redirection.redirection', ...PUBLISHED_DRAFT },
  testimonials: { uid: 'api::testimonial.testimonial' },
  testimonialDrafts: { uid: 'api::testimonial.testimonial', ...PUBLISHED_DRAFT },
  locales: { uid: 'plugin::i18n.locale' },
};

const PNG = png(8, 8);

/** Zone components without relations to localized content types (a French page can hold them). */
const UNRELATED = new Set([
  'dynamic-zone.hero',
  'dynamic-zone.features',
  'dynamic-zone.how-it-works',
  'dynamic-zone.brands',
  'dynamic-zone.launches',
  'dynamic-zone.cta',
  'dynamic-zone.form-next-to-section',
]);

/** What the LaunchPad seed returns for the assertions. */
export interface LaunchpadSeed {
  /** documentId of the article that exists only as a draft, without its required description. */
  draftOnly: string;
}

/** Seeds every LaunchPad content type (see the module comment). */
export async function seedLaunchpad(cms: Any, _kind: DatabaseKind | 'sqlite'): Promise<LaunchpadSeed> {
  const form = new FormData();
  form.append('files', new Blob([PNG], { type: 'image/png' }), 'launch.png');
  const [image] = await cms.upload.upload(form);
  const logos = [
    await cms.logos.create({ image: image.id, company: 'Rocket Co' }),
    await cms.logos.create({ image: image.id, company: 'Orbit Inc' }),
  ];
  const faqs = [await cms.faqs.create({ question: 'Why?', answer: 'Because.' })];
  await cms.faqs.update(
    faqs[0].documentId,
    { question: 'Pourquoi ?', answer: 'Parce que.' },
    { locale: 'fr' },
  );
  const person = { firstname: 'Ada', lastname: 'Lovelace', job: 'Engineer', image: image.id };
  const testimonial = await cms.testimonials.create({ text: 'Great launch', user: person });
  await cms.testimonials.create({ text: 'Only a draft', user: person }, { status: 'draft' });
  const button = { text: 'Go', URL: '/go', target: '_blank', variant: 'outline' };
  const perks = [{ text: 'Fast' }, { text: 'Cheap' }];
  const first = await cms.products.create({
    name: 'Rocket',
    price: 100,
    description: 'A rocket',
    slug: 'rocket',
    images: [image.id],
    perks,
    featured: true,
    dynamic_zone: [{ __component: 'dynamic-zone.cta', heading: 'Buy', sub_heading: 'Now', CTAs: [button] }],
  });
  const product = await cms.products.create({
    name: 'Shuttle',
    price: 200,
    description: 'A shuttle',
    slug: 'shuttle',
    images: [image.id],
    perks,
    featured: false,
    dynamic_zone: [
      {
        __component: 'dynamic-zone.related-products',
        heading: 'Related',
        sub_heading: 'Products',
        products: [first.documentId],
      },
      { __component: 'dynamic-zone.cta', heading: 'Buy', sub_heading: 'Now', CTAs: [button] },
    ],
  });
  await cms.products.update(
    product.documentId,
    { name: 'Navette', price: 200, slug: 'shuttle' },
    { locale: 'fr' },
  );
  const plan = await cms.plans.create({
    name: 'Pro',
    price: 10,
    sub_text: 'per month',
    featured: true,
    CTA: button,
    perks,
    additional_perks: [{ text: 'Support' }],
    product: product.documentId,
  });
  const category = await cms.categories.create({ name: 'Guides', product: product.documentId });
  const seo = {
    metaTitle: 'LaunchPad',
    metaDescription: 'Everything about the launch of LaunchPad, in one long enough description.',
    metaImage: image.id,
    keywords: 'launch,rocket',
    metaRobots: 'index',
    structuredData: { '@type': 'WebPage', list: [1, 'two', null] },
    metaViewport: 'width=device-width',
    canonicalURL: 'https://example.test/',
  };
  const cta = { __component: 'dynamic-zone.cta', heading: 'Try', sub_heading: 'It', CTAs: [button] };
  const related = await cms.articles.create({
    title: 'Related',
    description: 'A related article',
    slug: 'related',
    content: blocksSample(image),
    categories: [category.documentId],
    seo,
    image: image.id,
    dynamic_zone: [cta],
  });
  const fullArticle = (title: string) => ({
    title,
    description: `${title}: the article with every field`,
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    content: blocksSample(image),
    categories: [category.documentId],
    seo,
    image: image.id,
    dynamic_zone: [
      {
        __component: 'dynamic-zone.related-articles',
        heading: 'More',
        sub_heading: 'Reading',
        articles: [related.documentId],
      },
      cta,
    ],
  });
  const article = await cms.articles.create(fullArticle('Launch'));
  // A second locale relates to entries of its own locale only: the French versions leave out the
  // relations to localized content types.
  const { categories: _, ...french } = fullArticle('Lancement');
  await cms.articles.update(article.documentId, { ...french, dynamic_zone: [cta] }, { locale: 'fr' });
  // Strapi checks required fields on publish only: this draft has no description.
  const draftOnly = await cms.articles.create({ title: 'Draft only' }, { status: 'draft' });
  const zone = [
    { __component: 'dynamic-zone.hero', heading: 'Hero', sub_heading: 'Sub', CTAs: [button] },
    {
      __component: 'dynamic-zone.features',
      heading: 'Features',
      sub_heading: 'Sub',
      globe_card: { title: 'Globe', description: 'Round', span: 'one' },
      ray_card: {
        title: 'Ray',
        description: 'Beam',
        before_ray_items: { item_1: 'a', item_2: 'b', item_3: 'c' },
        after_ray_items: { item_1: 'd', item_2: 'e', item_3: 'f' },
        span: 'two',
      },
      graph_card: {
        title: 'Graph',
        description: 'Up',
        top_items: [{ number: '1', text: 'one' }],
        highlighted_text: 'High',
        span: 'three',
      },
      social_media_card: {
        Title: 'Social',
        Description: 'Media',
        logos: logos.map((logo) => logo.documentId),
        span: 'one',
      },
    },
    {
      __component: 'dynamic-zone.testimonials',
      heading: 'Said',
      sub_heading: 'Sub',
      testimonials: [testimonial.documentId],
    },
    {
      __component: 'dynamic-zone.how-it-works',
      heading: 'How',
      sub_heading: 'Sub',
      steps: [{ title: 'Step', description: 'Do' }],
    },
    {
      __component: 'dynamic-zone.brands',
      heading: 'Brands',
      sub_heading: 'Sub',
      logos: [logos[0].documentId],
    },
    { __component: 'dynamic-zone.pricing', heading: 'Pricing', sub_heading: 'Sub', plans: [plan.documentId] },
    {
      __component: 'dynamic-zone.launches',
      heading: 'Launches',
      sub_heading: 'Sub',
      launches: [{ mission_number: '01', title: 'First', description: 'Up' }],
    },
    cta,
    {
      __component: 'dynamic-zone.form-next-to-section',
      heading: 'Contact',
      sub_heading: 'Sub',
      form: { inputs: [{ type: 'email', name: 'email', placeholder: 'you@example.test' }] },
      section: { heading: 'Team', sub_heading: 'Sub', users: [person] },
      social_media_icon_links: [
        { image: image.id, link: [{ text: 'X', URL: 'https://x.test/', target: '_blank' }] },
      ],
    },
    {
      __component: 'dynamic-zone.faq',
      heading: 'FAQ',
      sub_heading: 'Sub',
      faqs: faqs.map((entry) => entry.documentId),
    },
  ];
  const home = await cms.pages.create({ slug: 'home', seo, dynamic_zone: zone });
  const unrelated = zone.filter((item) => UNRELATED.has(item.__component));
  await cms.pages.update(
    home.documentId,
    { slug: 'accueil', seo, dynamic_zone: unrelated },
    { locale: 'fr' },
  );
  await cms.pages.create({ slug: 'draft-page', seo, dynamic_zone: [cta] }, { status: 'draft' });
  const everyZone = [
    ...zone,
    {
      __component: 'dynamic-zone.related-products',
      heading: 'Products',
      sub_heading: 'Sub',
      products: [product.documentId],
    },
    {
      __component: 'dynamic-zone.related-articles',
      heading: 'Articles',
      sub_heading: 'Sub',
      articles: [article.documentId],
    },
  ];
  const page = (heading: string) => ({ seo, heading, sub_heading: 'Sub', dynamic_zone: everyZone });
  await cms.blogPage.update(page('Blog'));
  await cms.blogPage.update({ ...page('Le blog'), dynamic_zone: unrelated }, { locale: 'fr' });
  await cms.productPage.update({
    ...page('Products'),
    featured_heading: 'Featured',
    featured_sub_heading: 'Sub',
    popular_heading: 'Popular',
    popular_sub_heading: 'Sub',
  });
  const link = { text: 'Home', URL: '/', target: '_self' };
  const global = (title: string) => ({
    seo,
    navbar: { logo: logos[0].documentId, left_navbar_items: [link], right_navbar_items: [link] },
    footer: {
      logo: logos[1].documentId,
      description: 'Footer',
      copyright: '(c) LaunchPad',
      designed_developed_by: 'Us',
      built_with: 'Strapi',
      internal_links: [link],
      policy_links: [link],
      social_media_links: [link],
    },
    admin_title: title,
    add_to_cart: 'Add',
    your_cart: 'Cart',
    buy_now: 'Buy',
  });
  await cms.global.update(global('LaunchPad'));
  await cms.global.update(global('LaunchPad FR'), { locale: 'fr' });
  await cms.redirections.create({ source: '/old', destination: '/new' });
  await cms.redirections.create({ source: '/draft', destination: '/later' }, { status: 'draft' });
  return { draftOnly: draftOnly.documentId };
}
