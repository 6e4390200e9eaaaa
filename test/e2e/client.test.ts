/**
 * The generated CmsClient against a real Strapi 5 (the kitchen-sink app): the CLI generates the
 * client from the running server, the test imports that output, and every operation runs over
 * HTTP. Expected results are computed from the data the suite itself created, never written by
 * hand. One boot for the whole suite, plus one restart with a changed schema at the end.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CancelledError, MutationObserver, QueryClient } from '@tanstack/query-core';
import { createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { type Capture, checkCaptures, generateClient } from '../helpers/generated-client.ts';
import { png } from '../helpers/png.ts';

// The generated client is plain JS here; its .d.ts is checked separately below.
// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

interface Seeded {
  authors: Record<string, Any>;
  tags: Record<string, Any>;
  articles: Any[];
  image: Any;
}

const app = createApp('client');
let strapi: RunningStrapi;
let project: string;
let generated: Any;
let cms: Any;
let anonymous: Any;
const seeded: Seeded = { authors: {}, tags: {}, articles: [], image: undefined };

const PNG = png(4, 4);

function imageForm(name: string): FormData {
  const form = new FormData();
  form.append('files', new Blob([PNG], { type: 'image/png' }), name);
  return form;
}

/** Requests the Strapi http logger saw for a path prefix (`GET /api/articles?... 200`). */
function requestsTo(path: string): number {
  return strapi
    .output()
    .split('\n')
    .filter((line) => line.includes(` ${path}`)).length;
}

interface SeedArticle {
  title: string;
  category: 'news' | 'review' | 'how-to' | 'opinion';
  views: number;
  rating: number | null;
  featured?: boolean;
  publishDate?: string | null;
  metadata?: object;
  code?: string;
}

const ARTICLES: readonly SeedArticle[] = [
  {
    title: 'Alpha launch notes',
    category: 'news',
    views: 10,
    rating: 4.5,
    featured: true,
    publishDate: '2025-01-10',
    metadata: { a: 1 },
    code: 'ABC-001',
  },
  {
    title: 'beta Review',
    category: 'review',
    views: 25,
    rating: 3,
    featured: false,
    publishDate: '2025-03-01',
  },
  { title: 'Gamma how-to guide', category: 'how-to', views: 40, rating: 5, publishDate: '2025-06-15' },
  { title: 'Delta opinion!', category: 'opinion', views: 0, rating: null, publishDate: null },
  { title: 'Epsilon news flash', category: 'news', views: 55, rating: 1.5, featured: true },
];

before(async () => {
  strapi = await startStrapi(app);
  ({ project, generated } = await generateClient(strapi, 'client-e2e', strapi.seed.tokens.readOnly));
  cms = new generated.CmsClient({ baseURL: strapi.url, token: strapi.seed.tokens.fullAccess });
  anonymous = new generated.CmsClient({ baseURL: strapi.url });

  [seeded.image] = await cms.upload.upload(imageForm('cover.png'));
  for (const name of ['Ada', 'Grace']) {
    seeded.authors[name] = await cms.authors.create({ name, email: `${name.toLowerCase()}@example.test` });
  }
  for (const name of ['alpha', 'beta', 'gamma']) seeded.tags[name] = await cms.tags.create({ name });
  for (const [index, fields] of ARTICLES.entries()) {
    seeded.articles.push(
      await cms.articles.create({
        ...fields,
        author: seeded.authors[index % 2 === 0 ? 'Ada' : 'Grace'].documentId,
        tags: index === 0 ? [seeded.tags.alpha.documentId, seeded.tags.beta.documentId] : [],
        cover: index === 0 ? seeded.image.id : null,
        seo: { metaTitle: `SEO ${fields.title}`, metaImage: seeded.image.id },
        links: [{ label: 'Home', url: 'https://example.test/' }],
        sections:
          index === 0
            ? [
                { __component: 'sections.hero', heading: 'Welcome', image: seeded.image.id },
                { __component: 'sections.text-block', body: 'Hello', align: 'left' },
              ]
            : [],
      }),
    );
  }
});

after(async () => {
  await strapi?.stop();
});

const titles = (entries: { title: string }[]) => entries.map((entry) => entry.title).sort();
type Seed = SeedArticle;
const expected = (predicate: (article: Seed, index: number) => boolean) =>
  ARTICLES.filter(predicate)
    .map((article) => article.title)
    .sort();

describe('collection types: CRUD', () => {
  it('create returns the entry; findOne reads it; update changes only the given fields', async () => {
    const created = await cms.tags.create({ name: 'crud' });
    assert.equal(created.name, 'crud');
    assert.match(created.documentId, /^[a-z0-9]{24}$/);
    const found = await cms.tags.findOne(created.documentId);
    assert.deepEqual(found, created);
    const author = await cms.authors.create({ name: 'Partial', bio: 'keeps me' });
    const updated = await cms.authors.update(author.documentId, { email: 'partial@example.test' });
    assert.equal(updated.bio, 'keeps me');
    assert.equal(updated.email, 'partial@example.test');
  });

  it('delete resolves null on Strapi 204, then findOne resolves null', async () => {
    const created = await cms.tags.create({ name: 'to-delete' });
    assert.equal(await cms.tags.delete(created.documentId), null);
    assert.equal(await cms.tags.findOne(created.documentId), null);
  });

  it('findOne of an unknown documentId is null without calling onError', async () => {
    const errors: unknown[] = [];
    const client = new generated.CmsClient({
      baseURL: strapi.url,
      token: strapi.seed.tokens.readOnly,
      onError: (error: unknown) => errors.push(error),
    });
    assert.equal(await client.articles.findOne('doesnotexist000000000000'), null);
    assert.deepEqual(errors, []);
  });

  it('a bad documentId is rejected before any request', async () => {
    await assert.rejects(() => cms.articles.findOne(''), /documentId must be a non-empty string/);
    await assert.rejects(() => cms.articles.update(42, {}), /not the numeric id/);
  });

  it('FormData create: JSON under data, a file under files.<field>', async () => {
    const form = new FormData();
    form.append('data', JSON.stringify({ name: 'With avatar' }));
    form.append('files.avatar', new Blob([PNG], { type: 'image/png' }), 'avatar.png');
    const created = await cms.authors.create(form);
    const found = await cms.authors.findOne(created.documentId, { populate: { avatar: true } });
    assert.equal(found.name, 'With avatar');
    assert.equal(found.avatar.mime, 'image/png');
    assert.equal(found.avatar.name, 'avatar.png');
  });

  it('drafts via status: a draft is invisible to the default published read', async () => {
    const draft = await cms.articles.create({ title: 'Draft only', category: 'news' }, { status: 'draft' });
    assert.equal(draft.publishedAt, null);
    const published = await cms.articles.find({ filters: { title: 'Draft only' } });
    assert.deepEqual(published, []);
    const drafts = await cms.articles.find({ filters: { title: 'Draft only' }, status: 'draft' });
    assert.deepEqual(
      drafts.map((entry: Any) => entry.documentId),
      [draft.documentId],
    );
    assert.equal(await cms.articles.findOne(draft.documentId), null);
    assert.equal((await cms.articles.findOne(draft.documentId, { status: 'draft' })).title, 'Draft only');
  });

  it('locale: a French version of an entry, read back by locale', async () => {
    const source = seeded.articles[2];
    const french = await cms.articles.update(
      source.documentId,
      { title: 'Gamma guide pratique', category: 'how-to' },
      { locale: 'fr' },
    );
    assert.equal(french.locale, 'fr');
    assert.equal(french.documentId, source.documentId);
    const read = await cms.articles.findOne(source.documentId, { locale: 'fr' });
    assert.equal(read.title, 'Gamma guide pratique');
    assert.equal((await cms.articles.findOne(source.documentId)).title, source.title);
    const frenchList = await cms.articles.find({ locale: 'fr' });
    assert.deepEqual(titles(frenchList), ['Gamma guide pratique']);
    assert.equal(await cms.articles.delete(source.documentId, { locale: 'fr' }), null);
    assert.equal(await cms.articles.findOne(source.documentId, { locale: 'fr' }), null);
  });
});

describe('filters: every operator, checked against the seeded data', () => {
  const cases: [string, object, (a: Seed, index: number) => boolean][] = [
    ['$eq', { category: { $eq: 'news' } }, (a) => a.category === 'news'],
    ['shorthand $eq', { category: 'review' }, (a) => a.category === 'review'],
    ['$eqi', { title: { $eqi: 'BETA REVIEW' } }, (a) => a.title.toLowerCase() === 'beta review'],
    ['$ne', { category: { $ne: 'news' } }, (a) => a.category !== 'news'],
    ['$nei', { title: { $nei: 'BETA REVIEW' } }, (a) => a.title.toLowerCase() !== 'beta review'],
    ['$lt', { views: { $lt: 25 } }, (a) => a.views < 25],
    ['$lte', { views: { $lte: 25 } }, (a) => a.views <= 25],
    ['$gt', { views: { $gt: 25 } }, (a) => a.views > 25],
    ['$gte', { views: { $gte: 25 } }, (a) => a.views >= 25],
    ['$in', { category: { $in: ['news', 'opinion'] } }, (a) => ['news', 'opinion'].includes(a.category)],
    [
      '$notIn',
      { category: { $notIn: ['news', 'opinion'] } },
      (a) => !['news', 'opinion'].includes(a.category),
    ],
    ['$contains', { title: { $contains: 'how' } }, (a) => a.title.includes('how')],
    ['$notContains', { title: { $notContains: 'a' } }, (a) => !a.title.includes('a')],
    ['$containsi', { title: { $containsi: 'REVIEW' } }, (a) => a.title.toLowerCase().includes('review')],
    ['$notContainsi', { title: { $notContainsi: 'E' } }, (a) => !a.title.toLowerCase().includes('e')],
    ['$startsWith', { title: { $startsWith: 'Gamma' } }, (a) => a.title.startsWith('Gamma')],
    ['$startsWithi', { title: { $startsWithi: 'BETA' } }, (a) => a.title.toLowerCase().startsWith('beta')],
    ['$endsWith', { title: { $endsWith: '!' } }, (a) => a.title.endsWith('!')],
    ['$endsWithi', { title: { $endsWithi: 'FLASH' } }, (a) => a.title.toLowerCase().endsWith('flash')],
    ['$between numbers', { views: { $between: [10, 40] } }, (a) => a.views >= 10 && a.views <= 40],
    [
      '$between dates',
      { publishDate: { $between: ['2025-02-01', '2025-12-31'] } },
      (a) => a.publishDate != null && a.publishDate >= '2025-02-01',
    ],
    ['$null', { rating: { $null: true } }, (a) => a.rating == null],
    ['$notNull', { publishDate: { $notNull: true } }, (a) => a.publishDate != null],
    ['json $notNull', { metadata: { $notNull: true } }, (a) => 'metadata' in a],
    ['boolean $eq', { featured: { $eq: true } }, (a) => a.featured === true],
    [
      '$and',
      { $and: [{ category: 'news' }, { views: { $gt: 20 } }] },
      (a) => a.category === 'news' && a.views > 20,
    ],
    ['$or', { $or: [{ views: 0 }, { rating: { $gte: 5 } }] }, (a) => a.views === 0 || (a.rating ?? 0) >= 5],
    ['top-level $not', { $not: { category: 'news' } }, (a) => a.category !== 'news'],
    ['field $not', { title: { $not: { $contains: 'a' } } }, (a) => !a.title.includes('a')],
    [
      'nested $or inside $and',
      { $and: [{ $or: [{ category: 'news' }, { category: 'review' }] }, { views: { $lt: 30 } }] },
      (a) => (a.category === 'news' || a.category === 'review') && a.views < 30,
    ],
    ['relation by target field', { author: { name: { $eq: 'Grace' } } }, (_a, index) => index % 2 === 1],
    ['component field', { seo: { metaTitle: { $endsWith: 'flash' } } }, (a) => a.title.endsWith('flash')],
  ];
  for (const [name, filters, predicate] of cases) {
    it(name, async () => {
      const found = await cms.articles.find({ filters, pagination: { pageSize: 100 } });
      assert.deepEqual(titles(found), expected(predicate));
    });
  }

  it('media by file field and to-many relation by target field', async () => {
    const withCover = await cms.articles.find({ filters: { cover: { mime: { $eq: 'image/png' } } } });
    assert.deepEqual(titles(withCover), [ARTICLES[0]!.title]);
    const tagged = await cms.articles.find({ filters: { tags: { name: { $in: ['beta'] } } } });
    assert.deepEqual(titles(tagged), [ARTICLES[0]!.title]);
  });
});

describe('sort, pagination, fields, populate', () => {
  it('sort by one field and by several', async () => {
    const byViews = await cms.articles.find({ sort: 'views:desc', fields: ['title', 'views'] });
    assert.deepEqual(
      byViews.map((a: Any) => a.views),
      [...ARTICLES.map((a) => a.views)].sort((x, y) => y - x),
    );
    const twoKeys = await cms.articles.find({ sort: ['category:asc', 'views:desc'], fields: ['title'] });
    const want = [...ARTICLES]
      .sort((x, y) => x.category.localeCompare(y.category) || y.views - x.views)
      .map((a) => a.title);
    assert.deepEqual(
      twoKeys.map((a: Any) => a.title),
      want,
    );
  });

  it('page-based pagination returns the page and its meta', async () => {
    const page = await cms.articles.findWithMeta({ sort: 'views:asc', pagination: { page: 2, pageSize: 2 } });
    assert.deepEqual(page.meta.pagination, { page: 2, pageSize: 2, pageCount: 3, total: ARTICLES.length });
    const sorted = [...ARTICLES].sort((x, y) => x.views - y.views);
    assert.deepEqual(
      page.data.map((a: Any) => a.title),
      sorted.slice(2, 4).map((a) => a.title),
    );
  });

  it('offset pagination returns the slice and start/limit meta', async () => {
    const page = await cms.articles.findWithMeta({ sort: 'views:asc', pagination: { start: 1, limit: 3 } });
    assert.deepEqual(page.meta.pagination, { start: 1, limit: 3, total: ARTICLES.length });
    assert.equal(page.data.length, 3);
  });

  it('fields narrows the scalar fields; id and documentId always come back', async () => {
    const [entry] = await cms.articles.find({ fields: ['title'], sort: 'views:asc' });
    assert.deepEqual(Object.keys(entry).sort(), ['documentId', 'id', 'title']);
  });

  it('without populate there are no relations, media, components or zones', async () => {
    const entry = await cms.articles.findOne(seeded.articles[0].documentId);
    for (const key of ['author', 'tags', 'cover', 'gallery', 'seo', 'links', 'sections'])
      assert.ok(!(key in entry), `${key} should be absent`);
  });

  it("populate '*' adds every linked attribute one level deep", async () => {
    const entry = await cms.articles.findOne(seeded.articles[0].documentId, { populate: '*' });
    assert.equal(entry.author.name, 'Ada');
    assert.deepEqual(entry.tags.map((tag: Any) => tag.name).sort(), ['alpha', 'beta']);
    assert.equal(entry.cover.id, seeded.image.id);
    assert.equal(entry.seo.metaTitle, `SEO ${ARTICLES[0]!.title}`);
    assert.ok(!('metaImage' in entry.seo), "'*' does not go below the first level");
    assert.equal(entry.sections.length, 2);
  });

  it('nested populate objects nest, with fields, sort and filters on a relation', async () => {
    const [entry] = await cms.authors.find({
      filters: { name: 'Ada' },
      populate: {
        articles: {
          fields: ['title', 'views'],
          sort: 'views:desc',
          filters: { views: { $gt: 0 } },
          populate: { tags: { fields: ['name'] } },
        },
      },
    });
    const ada = ARTICLES.filter((_, index) => index % 2 === 0)
      .filter((a) => a.views > 0)
      .sort((x, y) => y.views - x.views);
    assert.deepEqual(
      entry.articles.map((a: Any) => a.title),
      ada.map((a) => a.title),
    );
    const first = entry.articles.find((a: Any) => a.title === ARTICLES[0]!.title);
    assert.deepEqual(first.tags.map((tag: Any) => tag.name).sort(), ['alpha', 'beta']);
    assert.deepEqual(Object.keys(first.tags[0]).sort(), ['documentId', 'id', 'name']);
  });

  it('count: true gives { count } instead of the entries, for relations and components; filters narrow it', async () => {
    const populate = { tags: true, author: true, featuredTag: true, links: true } as const;
    const full = await cms.articles.find({ fields: ['title'], sort: 'title:asc', populate });
    const counted = await cms.articles.find({
      fields: ['title'],
      sort: 'title:asc',
      populate: {
        tags: { count: true },
        author: { count: true },
        featuredTag: { count: true },
        links: { count: true },
      },
    });
    const filtered = await cms.articles.find({
      fields: ['title'],
      sort: 'title:asc',
      populate: { tags: { count: true, filters: { name: 'alpha' } } },
    });
    assert.equal(counted.length, full.length);
    for (const [index, entry] of full.entries()) {
      const sizeOf = (value: Any) => (Array.isArray(value) ? value.length : value === null ? 0 : 1);
      const want = Object.fromEntries(
        Object.keys(populate).map((key) => [key, { count: sizeOf(entry[key]) }]),
      );
      assert.deepEqual(counted[index], {
        id: entry.id,
        documentId: entry.documentId,
        title: entry.title,
        ...want,
      });
      const alpha = entry.tags.filter((tag: Any) => tag.name === 'alpha').length;
      assert.deepEqual(filtered[index].tags, { count: alpha });
    }
    const first = counted.find((entry: Any) => entry.documentId === seeded.articles[0].documentId);
    assert.deepEqual(first.tags, { count: 2 }, 'the first article has two tags');
    assert.deepEqual(first.featuredTag, { count: 0 }, 'an empty to-one relation counts 0, not null');
    // `false` is a plain populate; on media Strapi ignores count (why the types refuse it there).
    const plain = await cms.articles.findOne(seeded.articles[0].documentId, {
      fields: ['title'],
      populate: { tags: { count: false, fields: ['name'] }, cover: { count: true } },
    });
    assert.deepEqual(plain.tags.map((tag: Any) => tag.name).sort(), ['alpha', 'beta']);
    assert.equal(plain.cover.id, seeded.image.id);
  });

  it('a populated relation takes no limit or start: Strapi 5 refuses them with 400 (the types have neither)', async () => {
    for (const option of [{ limit: 1 }, { start: 1 }]) {
      await assert.rejects(cms.articles.find({ populate: { tags: option } } as never), {
        name: 'CmsError',
        status: 400,
        message: new RegExp(`Invalid key ${Object.keys(option)[0]}`),
      });
    }
  });

  it('a dynamic zone populates per component with on', async () => {
    const entry = await cms.articles.findOne(seeded.articles[0].documentId, {
      populate: {
        sections: { on: { 'sections.hero': { populate: { image: true } } } },
        seo: { populate: '*' },
      },
    });
    const hero = entry.sections.find((section: Any) => section.__component === 'sections.hero');
    assert.equal(hero.heading, 'Welcome');
    assert.equal(hero.image.id, seeded.image.id);
    assert.equal(entry.seo.metaImage.id, seeded.image.id);
  });

  it('single type: update creates it, find reads it, populate works', async () => {
    const updated = await cms.siteSetting.update({
      siteName: 'Kitchen',
      socialLinks: [{ label: 'x', url: 'https://example.test/x' }],
      logo: seeded.image.id,
    });
    assert.equal(updated.siteName, 'Kitchen');
    const read = await anonymous.siteSetting.find({ populate: ['logo', 'socialLinks'] });
    assert.equal(read.logo.id, seeded.image.id);
    assert.equal(read.socialLinks[0].url, 'https://example.test/x');
    // Strapi serves DELETE /api/<singular> too: find then answers 404 until update writes it again.
    const deleted = await cms.siteSetting.delete();
    assert.ok(deleted === null || deleted.siteName === 'Kitchen', JSON.stringify(deleted));
    await assert.rejects(anonymous.siteSetting.find(), { name: 'CmsError', status: 404 });
    await cms.siteSetting.update({
      siteName: 'Kitchen',
      socialLinks: [{ label: 'x', url: 'https://example.test/x' }],
      logo: seeded.image.id,
    });
    assert.equal((await anonymous.siteSetting.find()).siteName, 'Kitchen');
  });
});

describe('upload, i18n, custom routes', () => {
  it('upload find (flat start/limit, sort, filters), findOne, delete and the deprecated destroy', async () => {
    const [a] = await cms.upload.upload(imageForm('a.png'));
    const [b] = await cms.upload.upload(imageForm('b.png'));
    assert.equal(a.mime, 'image/png');
    const listed = await cms.upload.find({
      filters: { name: { $in: ['a.png', 'b.png'] } },
      sort: 'name:desc',
    });
    assert.deepEqual(
      listed.map((file: Any) => file.name),
      ['b.png', 'a.png'],
    );
    const limited = await cms.upload.find({ sort: 'id:asc', start: 1, limit: 1 });
    assert.equal(limited.length, 1);
    assert.equal((await cms.upload.findOne(a.id)).name, 'a.png');
    assert.equal((await cms.upload.delete(a.id)).id, a.id);
    assert.equal((await cms.upload.destroy(b.id)).id, b.id);
    await assert.rejects(
      () => cms.upload.findOne(a.id),
      (error: Any) =>
        generated.isCmsErrorOf(error, 'NotFoundError') &&
        error.url === `${strapi.url}/api/upload/files/${a.id}`,
    );
    await assert.rejects(() => cms.upload.find({ pagination: { page: 1 } }), /flat `start` and `limit`/);
  });

  it('i18n.locales() lists the locales the server accepts', async () => {
    const locales = await anonymous.i18n.locales();
    assert.deepEqual(locales.map((locale: Any) => locale.code).sort(), ['en', 'fr']);
    assert.equal(locales.find((locale: Any) => locale.isDefault).code, 'en');
  });

  it('custom routes: GET with query parameters, POST with a path parameter', async () => {
    const popular = await anonymous.articles.popular({ limit: 2 });
    const top = [...ARTICLES].sort((x, y) => y.views - x.views).slice(0, 2);
    assert.deepEqual(
      popular.data.map((a: Any) => a.title),
      top.map((a) => a.title),
    );
    const target = seeded.articles[1];
    const liked = await cms.articles.like(target.documentId);
    assert.deepEqual(liked.data, { documentId: target.documentId, views: ARTICLES[1]!.views + 1 });
    await assert.rejects(() => cms.articles.like(), /path parameter :id/);
  });
});

describe('keys the app added to core routes (contentAPI.addQueryParams and addInputParams)', () => {
  it('an added query key reaches the article reads, which accept it; a route it was not added to refuses it', async () => {
    const plain = await anonymous.articles.find({ fields: ['title'] });
    assert.deepEqual(
      titles(await anonymous.articles.find({ audience: 'web', fields: ['title'] })),
      titles(plain),
    );
    const first = seeded.articles[0];
    assert.equal(
      (await anonymous.articles.findOne(first.documentId, { audience: 'app' }))?.title,
      first.title,
    );
    await assert.rejects(anonymous.tags.find({ audience: 'web' } as never), {
      name: 'CmsError',
      status: 400,
      message: /Invalid key audience/,
    });
  });

  it('an added data key is accepted inside data on create and update; a key nobody added is refused', async () => {
    const created = await cms.articles.create({ title: 'Written with a note', editorNote: 'first pass' });
    try {
      const updated = await cms.articles.update(
        created.documentId,
        { editorNote: 'second pass' },
        { locale: 'en' },
      );
      assert.equal(updated.title, 'Written with a note');
      await assert.rejects(cms.articles.update(created.documentId, { reviewerNote: 'x' } as never), {
        name: 'CmsError',
        status: 400,
        message: /Invalid key reviewerNote/,
      });
    } finally {
      await cms.articles.delete(created.documentId);
    }
  });
});

describe('routes typed from their zod contracts (api::contract, no content type)', () => {
  it('each route answers through its method, and what it returns satisfies the type its schemas gave', async () => {
    const order = {
      kind: 'order' as const,
      items: [{ sku: 'A-1', qty: 2 }],
      payment: { type: 'card' as const, last4: '4242' },
      counts: { a: 1 },
      address: { street: '1 Main St', city: 'Springfield', zip: '12345' },
      clientRef: 'ref-1',
    };
    const calls: [string, string, () => Promise<unknown>][] = [
      [
        'tree',
        "cms.contract.tree('root', { mode: 'nested', depth: 2 })",
        () => anonymous.contract.tree('root', { mode: 'nested', depth: 2 }),
      ],
      [
        'treePreview',
        "cms.contract.tree('x', { mode: 'flat', preview: 'on' })",
        () => anonymous.contract.tree('x', { mode: 'flat', preview: 'on' }),
      ],
      [
        'order',
        `cms.contract.order(${JSON.stringify(order)}, { preview: 'off' })`,
        () => anonymous.contract.order(order, { preview: 'off' }),
      ],
      ['featuredTag', 'cms.contract.featuredTag()', () => anonymous.contract.featuredTag()],
      ['variant', 'cms.contract.variant()', () => anonymous.contract.variant()],
    ];
    const captures: Capture[] = [];
    for (const [name, call, run] of calls) captures.push({ name, call, value: await run() });
    assert.deepEqual(captures[0]?.value, {
      root: { label: 'root', children: [{ label: 'child', children: [] }] },
      mode: 'nested',
      generatedAt: null,
    });
    assert.deepEqual((captures[2]!.value as { address: unknown }).address, order.address);
    assert.ok((captures[3]!.value as { data: { name?: string } | null }).data?.name, 'a seeded tag');
    assert.deepEqual(await checkCaptures(project, captures), [], `see ${join(project, 'captured.ts')}`);
    // Strapi 5.54 does not enforce a custom route's query contract (neither a required key left
    // out nor a key it does not declare is refused): only the types require `mode`.
    assert.equal(((await anonymous.contract.tree('root', {} as never)) as { mode: string }).mode, 'flat');
  });
});

describe('inputs that try to escape', () => {
  const ESCAPES = [
    '../../admin',
    '../tags',
    '..%2Ftags',
    'a?b=1',
    'a#b',
    'a/b',
    '100%',
    '%2e%2e',
    ' ',
    'é🎉',
  ];

  it('documentIds stay one path segment: every one reaches the articles route and is not found there', async () => {
    const urls: string[] = [];
    const client = new generated.CmsClient({
      baseURL: strapi.url,
      token: strapi.seed.tokens.fullAccess,
      onRequest: (info: { url: string }) => urls.push(info.url),
    });
    for (const id of ESCAPES) assert.equal(await client.articles.findOne(id), null, id);
    assert.deepEqual(
      urls,
      ESCAPES.map((id) => `${strapi.url}/api/articles/${encodeURIComponent(id)}`),
    );
    const tagsBefore = await cms.tags.find({ pagination: { pageSize: 100 } });
    for (const id of ['../tags', 'a/b']) {
      await assert.rejects(client.articles.update(id, { title: 'changed' }), {
        name: 'CmsError',
        status: 404,
      });
      assert.equal(await client.articles.delete(id), null, 'not found at the articles route');
    }
    assert.deepEqual(await cms.tags.find({ pagination: { pageSize: 100 } }), tagsBefore, 'no tag touched');
    // Three levels up, Strapi's public-folder middleware decodes the path, sees it leave the
    // root and answers 403 itself: the request still reached no other route.
    await assert.rejects(client.articles.findOne('../../../outside'), {
      name: 'CmsError',
      status: 403,
      errorName: 'ForbiddenError',
    });
    const log = strapi.output();
    for (const id of ESCAPES) assert.ok(log.includes(`GET /api/articles/${encodeURIComponent(id)} `), id);
  });

  it('"." and ".." are refused before any request: URL parsing would resolve them to another route', async () => {
    const urls: string[] = [];
    const client = new generated.CmsClient({
      baseURL: strapi.url,
      onRequest: (info: { url: string }) => urls.push(info.url),
    });
    for (const id of ['.', '..']) {
      await assert.rejects(
        client.articles.findOne(id),
        /may not be "\.{1,2}": as a path segment it would address/,
      );
      await assert.rejects(client.articles.update(id, {}), TypeError);
      await assert.rejects(client.articles.like(id), /path parameter :id may not be/);
    }
    assert.deepEqual(urls, []);
  });

  it('custom-route parameters are encoded the same way', async () => {
    const before = await anonymous.articles.popular({ limit: 5 });
    for (const id of ['../popular', 'x?limit=1', 'x#y']) {
      await assert.rejects(cms.articles.like(id), { name: 'CmsError', status: 404 });
    }
    assert.deepEqual(await anonymous.articles.popular({ limit: 5 }), before, 'no view counted');
  });

  it('baseURL with or without a trailing slash or behind a path prefix reads the same', async () => {
    // A reverse proxy on loopback that serves Strapi under /cms and nothing else.
    const seen: string[] = [];
    const proxy = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (!req.url?.startsWith('/cms/')) {
        res.writeHead(418).end('outside the prefix');
        return;
      }
      const upstream = httpRequest(
        `${strapi.url}${req.url.slice(4)}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const prefix = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/cms`;
    try {
      const query = { sort: ['title:asc'], fields: ['title'] };
      const direct = await new generated.CmsClient({ baseURL: strapi.url }).articles.find(query);
      for (const baseURL of [`${strapi.url}/`, `${strapi.url}///`, prefix, `${prefix}/`]) {
        assert.deepEqual(await new generated.CmsClient({ baseURL }).articles.find(query), direct, baseURL);
      }
      const behind = new generated.CmsClient({ baseURL: prefix, token: strapi.seed.tokens.fullAccess });
      for (const id of ['../../admin', '../x']) assert.equal(await behind.articles.findOne(id), null, id);
      assert.ok(
        seen.every((url) => url.startsWith('/cms/api/')),
        `every request stayed under the prefix: ${seen.join(' ')}`,
      );
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it('query values with & = [ ] %, unicode and a long string reach Strapi exactly as given', async () => {
    const values = [
      'a&b=c',
      '[x][y]',
      '100%25 %',
      'ünïcødé 日本語 🎉',
      'line\nbreak',
      `${'long '.repeat(1_500)}end`,
    ];
    const echo = await anonymous.request('probe/echo', {
      query: { filters: { title: { $in: values } }, locale: values[3], 'a&b=c': values[0] },
    });
    assert.deepEqual(echo.query.filters.title.$in, values);
    assert.equal(echo.query.locale, values[3]);
    assert.equal(echo.query['a&b=c'], values[0], 'keys are encoded too');
  });

  it('keys Strapi would drop (__proto__, constructor) fail before sending; nothing touches a prototype', async () => {
    // What Strapi does with them: its query parser drops the keys, so the filter would vanish.
    const raw = await (
      await fetch(`${strapi.url}/api/probe/echo?filters[constructor][$eq]=x&filters[__proto__][polluted]=1`)
    ).json();
    assert.deepEqual(raw.query, {}, 'Strapi dropped both keys');
    for (const key of ['__proto__', 'constructor']) {
      const filters = JSON.parse(`{"${key}": {"$eq": "x"}}`);
      await assert.rejects(cms.articles.find({ filters }), new RegExp(`filters\\.${key}: .*drops`));
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(({} as Record<string, unknown>).$eq, undefined);
  });
});

describe('query strings as Strapi reads them', () => {
  it('nested filters, populate, sort and null round-trip through Strapi parser', async () => {
    const query = {
      filters: { $or: [{ title: { $in: ['a&b', 'c=d', 'e+f', '100%', '[x]'] } }, { slug: { $null: true } }] },
      populate: { author: { fields: ['name'], populate: { articles: true } } },
      sort: ['title:asc', 'views:desc'],
      pagination: { page: 1, pageSize: 5 },
      locale: 'fr',
      empty: null,
    };
    const echo = await anonymous.request('probe/echo', { query });
    assert.deepEqual(echo.query, {
      filters: {
        $or: [{ title: { $in: ['a&b', 'c=d', 'e+f', '100%', '[x]'] } }, { slug: { $null: 'true' } }],
      },
      populate: { author: { fields: ['name'], populate: { articles: 'true' } } },
      sort: ['title:asc', 'views:desc'],
      pagination: { page: '1', pageSize: '5' },
      locale: 'fr',
      empty: null,
    });
  });

  it('a $in over the array limit (150 ids) still returns the right entries', async () => {
    const ids = seeded.articles.map((article) => article.id);
    const wanted = [ids[0], ids[3]];
    const padding = Array.from({ length: 148 }, (_, index) => 100_000 + index);
    const found = await cms.articles.find({ filters: { id: { $in: [...padding, ...wanted] } } });
    assert.deepEqual(titles(found), [ARTICLES[0]!.title, ARTICLES[3]!.title].sort());
    const excluded = await cms.articles.find({ filters: { id: { $notIn: [...padding, ...wanted] } } });
    assert.deepEqual(
      titles(excluded),
      expected((_, index) => index !== 0 && index !== 3),
    );
  });

  it('a $in with 500 numeric ids fails before sending, saying why and what to do', async () => {
    const before = requestsTo('/api/articles?');
    const ids = Array.from({ length: 500 }, (_, index) => 1_000_000 + index);
    await assert.rejects(
      () => cms.articles.find({ filters: { id: { $in: ids } } }),
      (error: Error) =>
        error instanceof TypeError && /16 KB/.test(error.message) && /batches/.test(error.message),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(requestsTo('/api/articles?'), before, 'nothing was sent');
  });

  it('a $in with 500 documentIds fails before sending, saying why', async () => {
    const before = requestsTo('/api/articles?');
    const documentIds = Array.from({ length: 500 }, (_, index) => `doc${String(index).padStart(21, '0')}`);
    await assert.rejects(
      () => cms.articles.find({ filters: { documentId: { $in: documentIds } } }),
      (error: Error) => error instanceof TypeError && /batches|split/i.test(error.message),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(requestsTo('/api/articles?'), before, 'nothing was sent');
  });
});

describe('hooks and headers on a real request', () => {
  it('onRequest sets headers; cacheOptions.headers merge over defaults and can remove one', async () => {
    const seen: string[] = [];
    const client = new generated.CmsClient({
      baseURL: strapi.url,
      token: 'secret-token',
      onRequest: (request: Any) => {
        seen.push(`${request.method} ${request.url}`);
        request.headers.set('x-from-hook', 'hook');
      },
    });
    const echo = await client.request('probe/echo', {
      cacheOptions: { headers: { 'x-per-call': 'call', Authorization: undefined } },
    });
    assert.equal(echo.headers['x-from-hook'], 'hook');
    assert.equal(echo.headers['x-per-call'], 'call');
    assert.equal(echo.headers.authorization, undefined);
    assert.deepEqual(seen, [`GET ${strapi.url}/api/probe/echo`]);
  });
});

describe('the query surface: _q, publicationFilter, meta.pagination', () => {
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
  const nonce = `pf${Date.now().toString(36)}`;
  /** Created published; created as a draft only; published, then its draft changed. */
  const made: Record<'plain' | 'draft' | 'modified', Any> = { plain: null, draft: null, modified: null };
  const names = (entries: Any[]) =>
    entries
      .map((entry) =>
        Object.keys(made).find((key) => made[key as keyof typeof made].documentId === entry.documentId),
      )
      .sort();

  before(async () => {
    made.plain = await cms.articles.create({ title: `Plain ${nonce}`, category: 'news' });
    made.draft = await cms.articles.create(
      { title: `Draft ${nonce}`, category: 'news' },
      { status: 'draft' },
    );
    made.modified = await cms.articles.create({ title: `Modified ${nonce}`, category: 'news' });
    // `modified` compares updatedAt of the two versions: the draft's change must come later.
    await sleep(1100);
    await cms.articles.update(made.modified.documentId, { summary: 'changed' }, { status: 'draft' });
  });
  after(async () => {
    for (const entry of Object.values(made))
      if (entry) await cms.articles.delete(entry.documentId, { locale: '*' });
  });

  it('_q finds entries by a text field, case-insensitively, ANDed with filters', async () => {
    assert.deepEqual(names(await cms.articles.find({ _q: nonce.toUpperCase() })), ['modified', 'plain']);
    assert.deepEqual(names(await cms.articles.find({ _q: `plain ${nonce}` })), ['plain']);
    assert.deepEqual(names(await cms.articles.find({ _q: nonce, status: 'draft' })), [
      'draft',
      'modified',
      'plain',
    ]);
    assert.deepEqual(
      names(await cms.articles.find({ _q: nonce, filters: { title: { $startsWith: 'Modified' } } })),
      ['modified'],
    );
    const page = await cms.articles.findWithMeta({ _q: nonce, pagination: { pageSize: 1 } });
    assert.deepEqual(page.meta.pagination, { page: 1, pageSize: 1, pageCount: 2, total: 2 });
  });

  it('each publicationFilter value selects what Strapi says it does, in both statuses', async () => {
    // Per value and status: which of the three entries come back (plain: published and
    // unchanged; draft: never published; modified: published with a newer draft).
    const want: Record<string, { published: string[]; draft: string[] }> = {
      'never-published': { published: [], draft: ['draft'] },
      'has-published-version': { published: ['modified', 'plain'], draft: ['modified', 'plain'] },
      modified: { published: ['modified'], draft: ['modified'] },
      unmodified: { published: ['plain'], draft: ['plain'] },
      'never-published-document': { published: [], draft: ['draft'] },
      'has-published-version-document': { published: ['modified', 'plain'], draft: ['modified', 'plain'] },
      'published-without-draft': { published: [], draft: [] },
      'published-with-draft': { published: ['modified', 'plain'], draft: [] },
    };
    assert.deepEqual([...generated.PUBLICATION_FILTERS].sort(), Object.keys(want).sort());
    for (const publicationFilter of generated.PUBLICATION_FILTERS as string[]) {
      for (const status of ['published', 'draft'] as const) {
        const found = await cms.articles.find({
          filters: { title: { $endsWith: nonce } },
          publicationFilter,
          status,
          fields: ['title', 'publishedAt'],
        });
        assert.deepEqual(names(found), want[publicationFilter]?.[status], `${publicationFilter} ${status}`);
        for (const entry of found)
          assert.equal(
            entry.publishedAt === null,
            status === 'draft',
            `${publicationFilter} ${status}: the version`,
          );
      }
    }
    const bad = await cms.articles.find({ publicationFilter: 'drafts' }).catch((error: unknown) => error);
    assert.ok(generated.isCmsErrorOf(bad, 'ValidationError'));
    assert.match(bad.message, /publicationFilter/);
  });

  it('the deprecated hasPublishedVersion still works', async () => {
    const filters = { title: { $endsWith: nonce } };
    assert.deepEqual(names(await cms.articles.find({ filters, hasPublishedVersion: true })), [
      'modified',
      'plain',
    ]);
    assert.deepEqual(
      names(await cms.articles.find({ filters, hasPublishedVersion: false, status: 'draft' })),
      ['draft'],
    );
  });

  it('findOne with filters is null when the entry does not match', async () => {
    const { documentId } = made.plain;
    assert.equal(
      (await cms.articles.findOne(documentId, { filters: { category: 'news' } })).title,
      `Plain ${nonce}`,
    );
    assert.equal(await cms.articles.findOne(documentId, { filters: { category: 'review' } }), null);
  });

  it('findWithMeta: meta.pagination has exactly the keys its query asked for', async () => {
    const total = (await cms.tags.find({ pagination: { pageSize: 100 } })).length;
    assert.ok(total > 2);
    const cases: [object | undefined, object][] = [
      [undefined, { page: 1, pageSize: 25, pageCount: Math.ceil(total / 25), total }],
      [
        { pagination: { page: 2, pageSize: 2 } },
        { page: 2, pageSize: 2, pageCount: Math.ceil(total / 2), total },
      ],
      [
        { pagination: { pageSize: 2, withCount: true } },
        { page: 1, pageSize: 2, pageCount: Math.ceil(total / 2), total },
      ],
      [{ pagination: { start: 1, limit: 2 } }, { start: 1, limit: 2, total }],
      [{ pagination: { limit: 2 } }, { start: 0, limit: 2, total }],
      [{ pagination: { page: 2, pageSize: 2, withCount: false } }, { page: 2, pageSize: 2 }],
      [{ pagination: { withCount: false } }, { page: 1, pageSize: 25 }],
      [{ pagination: { start: 1, limit: 2, withCount: false } }, { start: 1, limit: 2 }],
    ];
    for (const [query, pagination] of cases)
      assert.deepEqual((await cms.tags.findWithMeta(query)).meta, { pagination }, JSON.stringify(query));
    // Outside `pagination` Strapi refuses a page and ignores a start: why the types allow neither.
    const topLevel = await cms.tags.find({ page: 2 }).catch((error: unknown) => error);
    assert.ok(generated.isCmsErrorOf(topLevel, 'PaginationError'), String(topLevel));
    assert.equal(topLevel.status, 400);
    assert.deepEqual((await cms.tags.findWithMeta({ start: 1 })).meta, { pagination: cases[0]?.[1] });
  });
});

/** A query fetched through TanStack Query's own cache (the generated module is untyped here). */
const fetchQuery = (queryClient: QueryClient, options: Any): Promise<Any> => queryClient.fetchQuery(options);

describe('TanStack Query: cmsQueries with a real QueryClient', () => {
  it('each query fetches what the client call returns, under its hierarchical key', async () => {
    const queryClient = new QueryClient();
    const q = generated.cmsQueries(anonymous);
    const populate = { populate: { author: true, tags: { fields: ['name'] } }, sort: 'title:asc' };
    assert.deepEqual(
      await fetchQuery(queryClient, q.articles.find(populate)),
      await anonymous.articles.find(populate),
    );
    const meta = { pagination: { page: 1, pageSize: 2 } };
    assert.deepEqual(
      await fetchQuery(queryClient, q.articles.findWithMeta(meta)),
      await anonymous.articles.findWithMeta(meta),
    );
    const { documentId } = seeded.articles[0];
    assert.deepEqual(
      await fetchQuery(queryClient, q.articles.findOne(documentId, { populate: ['cover'] })),
      await anonymous.articles.findOne(documentId, { populate: ['cover'] }),
    );
    assert.equal(await fetchQuery(queryClient, q.articles.findOne('no-such-document')), null);
    assert.deepEqual(
      await fetchQuery(queryClient, q.siteSetting.find({ populate: ['logo'] })),
      await anonymous.siteSetting.find({ populate: ['logo'] }),
    );
    assert.deepEqual(
      await fetchQuery(queryClient, q.articles.popular({ limit: 2 })),
      await anonymous.articles.popular({ limit: 2 }),
    );
    const cached = (key: readonly unknown[]) => queryClient.getQueryCache().findAll({ queryKey: key }).length;
    assert.equal(cached(q.key), 6);
    assert.equal(cached(q.articles.key), 5);
    assert.equal(cached(q.articles.documentKey(documentId)), 1);
    assert.equal(cached(q.siteSetting.key), 1);
    queryClient.clear();
  });

  it('auth.me as a query, keyed under the users API', async () => {
    const user = strapi.seed.user;
    const signedIn = new generated.CmsClient({ baseURL: strapi.url });
    // Legacy mode (the kitchen app's): the caller keeps the JWT.
    signedIn.setToken((await signedIn.auth.login({ identifier: user.email, password: user.password })).jwt);
    const queryClient = new QueryClient();
    const me = await fetchQuery(queryClient, generated.cmsQueries(signedIn).auth.me());
    assert.equal(me.username, user.username);
    assert.deepEqual(me, await signedIn.auth.me());
    assert.equal(queryClient.getQueryCache().findAll({ queryKey: ['cms', 'users'] }).length, 1);
  });

  it("cancelling a query aborts its request: TanStack's signal reaches fetch", async () => {
    for (const timeout of [undefined, 30_000]) {
      const signals: AbortSignal[] = [];
      const observed = new generated.CmsClient({
        baseURL: strapi.url,
        ...(timeout === undefined ? {} : { timeout }),
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          if (init?.signal) signals.push(init.signal);
          return fetch(input, init);
        },
      });
      const queryClient = new QueryClient();
      const q = generated.cmsQueries(observed);
      const pending = fetchQuery(queryClient, q.articles.find({ populate: '*' }));
      await new Promise((resolve) => setImmediate(resolve));
      await queryClient.cancelQueries({ queryKey: q.articles.key });
      await assert.rejects(pending, (error: unknown) => error instanceof CancelledError);
      assert.equal(signals.length, 1, `timeout ${timeout}: one request, with a signal`);
      assert.equal(signals[0]!.aborted, true, `timeout ${timeout}: the request's signal was aborted`);
    }
  });

  it('mutations write through the client and invalidate the API: the next read sees the change', async () => {
    const queryClient = new QueryClient();
    const q = generated.cmsQueries(cms);
    const mutate = (options: Any, variables: Any): Promise<Any> =>
      new MutationObserver(queryClient, options).mutate(variables);
    const created = await mutate(q.tags.create(), { data: { name: 'tanstack' } });
    assert.equal(created.name, 'tanstack');
    const list = q.tags.find({ filters: { name: { $startsWith: 'tanstack' } } });
    const one = q.tags.findOne(created.documentId);
    assert.deepEqual(
      (await fetchQuery(queryClient, list)).map((tag: Any) => tag.name),
      ['tanstack'],
    );
    assert.equal((await fetchQuery(queryClient, one)).name, 'tanstack');
    const updated = await mutate(q.tags.update(), {
      documentId: created.documentId,
      data: { name: 'tanstack-2' },
    });
    assert.equal(updated.name, 'tanstack-2');
    assert.equal(queryClient.getQueryState(list.queryKey)?.isInvalidated, true);
    assert.equal(queryClient.getQueryState(one.queryKey)?.isInvalidated, true);
    assert.equal((await fetchQuery(queryClient, one)).name, 'tanstack-2');
    await mutate(q.tags.delete(), { documentId: created.documentId });
    assert.deepEqual(await fetchQuery(queryClient, list), []);
    assert.equal(await fetchQuery(queryClient, one), null);
    await assert.rejects(
      () => mutate(q.tags.update(), { documentId: created.documentId, data: { name: 'gone' } }),
      (error: Any) => generated.isCmsErrorOf(error, 'NotFoundError'),
    );
  });
});

describe('client.users: the users-permissions user routes', () => {
  it('list with populate, fields, sort, filters, search and flat start/limit; count; one by id', async () => {
    const all = await cms.users.find({ sort: 'username:asc' });
    assert.deepEqual(
      all.map((user: Any) => user.username),
      [strapi.seed.user.username, strapi.seed.otherUser.username].sort(),
    );
    assert.equal(all[0].password, undefined, 'private fields stay out');
    const [first] = await cms.users.find({
      populate: { role: true },
      fields: ['username'],
      sort: 'username:asc',
      limit: 1,
    });
    assert.deepEqual(Object.keys(first).sort(), ['documentId', 'id', 'role', 'username']);
    assert.equal(first.role.type, 'authenticated');
    const second = await cms.users.find({ sort: 'username:asc', start: 1, limit: 1 });
    assert.deepEqual(
      second.map((user: Any) => user.username),
      [all[1].username],
    );
    const filtered = await cms.users.find({ filters: { username: { $eq: strapi.seed.user.username } } });
    assert.deepEqual(
      filtered.map((user: Any) => user.id),
      [all.find((u: Any) => u.username === strapi.seed.user.username).id],
    );
    assert.equal((await cms.users.find({ _q: strapi.seed.otherUser.email })).length, 1);
    assert.equal(await cms.users.count(), all.length);
    assert.equal(await cms.users.count({ filters: { username: { $eq: 'nobody' } } }), 0);
    const one = await cms.users.findOne(all[0].id, { populate: ['role'] });
    assert.equal(one.username, all[0].username);
    assert.equal(one.role.type, 'authenticated');
    assert.equal(await cms.users.findOne(999_999), null, 'Strapi answers 204: null');
    await assert.rejects(() => cms.users.findOne(all[0].documentId), /numeric id \(a positive integer\)/);
  });

  it('create (with its role), update, delete, and delete of a missing user', async () => {
    const [{ role }] = await cms.users.find({ populate: { role: true }, limit: 1 });
    const created = await cms.users.create({
      username: 'users-api',
      email: 'Users-Api@Example.test',
      password: 'secret-123',
      role: role.id,
    });
    assert.equal(created.email, 'users-api@example.test', 'Strapi lowercases the email');
    assert.equal(created.role.id, role.id, 'create returns the user with its role');
    await assert.rejects(
      () => cms.users.create({ username: 'no-role', email: 'no-role@example.test', password: 'secret-123' }),
      (error: Any) => generated.isCmsErrorOf(error, 'ValidationError') && /role/.test(error.message),
    );
    const updated = await cms.users.update(created.id, { blocked: true });
    assert.equal(updated.blocked, true);
    assert.equal(updated.role.id, role.id);
    const deleted = await cms.users.delete(created.id);
    assert.equal(deleted.id, created.id);
    assert.equal(await cms.users.delete(created.id), null, 'Strapi answers 204: null');
    await assert.rejects(
      () => cms.users.update(created.id, { blocked: false }),
      (error: Any) => generated.isCmsErrorOf(error, 'NotFoundError'),
    );
  });

  it('the types describe what the user routes return', async () => {
    const id = (await cms.users.find({ limit: 1 }))[0].id;
    const captures: Capture[] = [];
    const calls: [string, string, () => Promise<unknown>][] = [
      ['users', 'cms.users.find()', () => cms.users.find()],
      [
        'usersRole',
        "cms.users.find({ populate: { role: true }, fields: ['username'] })",
        () => cms.users.find({ populate: { role: true }, fields: ['username'] }),
      ],
      ['user', `cms.users.findOne(${id}, { populate: '*' })`, () => cms.users.findOne(id, { populate: '*' })],
      ['userCount', 'cms.users.count()', () => cms.users.count()],
    ];
    for (const [name, call, run] of calls) captures.push({ name, call, value: await run() });
    assert.deepEqual(await checkCaptures(project, captures), [], `see ${join(project, 'captured.ts')}`);
  });
});

describe('the types describe what Strapi returns', () => {
  it('captured responses satisfy the generated types, with no extra or missing property', async () => {
    const queries: [string, string, () => Promise<unknown>][] = [
      ['find', 'cms.articles.find()', () => cms.articles.find()],
      ['findStar', "cms.articles.find({ populate: '*' })", () => cms.articles.find({ populate: '*' })],
      [
        'findNested',
        "cms.articles.find({ populate: { author: { populate: { avatar: true, profile: true } }, tags: { fields: ['name'] }, seo: { populate: '*' }, sections: { on: { 'sections.hero': { populate: '*' }, 'sections.text-block': true } } } })",
        () =>
          cms.articles.find({
            populate: {
              author: { populate: { avatar: true, profile: true } },
              tags: { fields: ['name'] },
              seo: { populate: '*' },
              sections: { on: { 'sections.hero': { populate: '*' }, 'sections.text-block': true } },
            },
          }),
      ],
      [
        'fields',
        "cms.articles.find({ fields: ['title', 'views'], populate: { cover: { fields: ['url'] } } })",
        () => cms.articles.find({ fields: ['title', 'views'], populate: { cover: { fields: ['url'] } } }),
      ],
      ['withMeta', 'cms.authors.findWithMeta()', () => cms.authors.findWithMeta()],
      [
        'offset',
        'cms.tags.findWithMeta({ pagination: { start: 0, limit: 2 } })',
        () => cms.tags.findWithMeta({ pagination: { start: 0, limit: 2 } }),
      ],
      [
        'uncounted',
        'cms.tags.findWithMeta({ pagination: { page: 1, pageSize: 2, withCount: false } })',
        () => cms.tags.findWithMeta({ pagination: { page: 1, pageSize: 2, withCount: false } }),
      ],
      [
        'uncountedOffset',
        'cms.tags.findWithMeta({ pagination: { limit: 2, withCount: false } })',
        () => cms.tags.findWithMeta({ pagination: { limit: 2, withCount: false } }),
      ],
      ['single', "cms.siteSetting.find({ populate: '*' })", () => cms.siteSetting.find({ populate: '*' })],
      ['uploads', 'cms.upload.find()', () => cms.upload.find()],
      ['locales', 'cms.i18n.locales()', () => cms.i18n.locales()],
      ['authorStar', "cms.authors.find({ populate: '*' })", () => cms.authors.find({ populate: '*' })],
      [
        'counted',
        "cms.articles.find({ populate: { tags: { count: true, filters: { name: 'alpha' } }, author: { count: true }, links: { count: true }, seo: { count: false } } })",
        () =>
          cms.articles.find({
            populate: {
              tags: { count: true, filters: { name: 'alpha' } },
              author: { count: true },
              links: { count: true },
              seo: { count: false },
            },
          }),
      ],
    ];
    const captures: Capture[] = [];
    for (const [name, call, run] of queries) captures.push({ name, call, value: await run() });
    assert.deepEqual(await checkCaptures(project, captures), [], `see ${join(project, 'captured.ts')}`);
  });
});

describe('validateSchema', () => {
  it('is valid against the server it was generated from', async () => {
    const result = await cms.validateSchema();
    assert.equal(result.valid, true, JSON.stringify(result));
    assert.equal(result.localHash, generated.SCHEMA_HASH);
    assert.equal(result.remoteHash, generated.SCHEMA_HASH);
  });

  it('after the server schema changed: invalid, with both hashes, and a warning on construction', async () => {
    await strapi.stop();
    const schemaPath = join(app.dir, 'src/api/tag/content-types/tag/schema.json');
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
    schema.attributes.color = { type: 'string' };
    writeFileSync(schemaPath, JSON.stringify(schema, null, 2));
    strapi = await startStrapi(app, { port: strapi.port });
    const result = await cms.validateSchema();
    assert.equal(result.valid, false);
    assert.equal(result.localHash, generated.SCHEMA_HASH);
    assert.match(result.remoteHash, /^[0-9a-f]{64}$/);
    assert.notEqual(result.remoteHash, result.localHash);

    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      new generated.CmsClient({ baseURL: strapi.url, validateSchema: true });
      for (let wait = 0; wait < 50 && warnings.length === 0; wait++)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      console.warn = original;
    }
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0] ?? '',
      /differs from the one this client was generated from.*cms-types generate/,
    );
  });
});
