/**
 * The mock Strapi of the generated `mocks` file, driven through the generated `CmsClient` of the
 * kitchen-sink schema with `fetch: mock.fetch`: reads (filters, sort, fields, populate, both
 * pagination kinds, status, locale), `findOne`'s `null`, writes and their 400 errors, deletes,
 * uploads and the users-permissions routes. Its answers' agreement with a real Strapi is the
 * differential test's (test/e2e/mocks.test.ts); here, that it does what the client asks.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type Any, mockProject } from '../../helpers/mock-project.ts';

let generated: { index: Any; mocks: Any };

before(async () => {
  generated = await mockProject('kitchen');
});

/** A client over a new mock Strapi. */
function client(options: Record<string, unknown> = {}): { cms: Any; mock: Any } {
  const mock = generated.mocks.createMockStrapi(options);
  const cms = new generated.index.CmsClient({ baseURL: mock.url, fetch: mock.fetch });
  return { cms, mock };
}

describe('createMockStrapi: reads', () => {
  it('starts with `count` entries per collection type and one per single type, the same for the same seed', async () => {
    const { cms } = client({ seed: 7 });
    const articles = await cms.articles.find();
    assert.equal(articles.length, 3);
    const again = await client({ seed: 7 }).cms.articles.find();
    assert.deepEqual(again, articles);
    const other = await client({ seed: 8 }).cms.articles.find();
    assert.notDeepEqual(other, articles);
    const setting = await cms.siteSetting.find();
    assert.equal(typeof setting.documentId, 'string');
    assert.equal((await client({ count: 5 }).cms.tags.find()).length, 5);
  });

  it('answers with the fields of an entry and no link unless populated', async () => {
    const { cms } = client();
    const [article] = await cms.articles.find();
    for (const key of [
      'id',
      'documentId',
      'title',
      'slug',
      'createdAt',
      'updatedAt',
      'publishedAt',
      'locale',
    ])
      assert.ok(Object.hasOwn(article, key), key);
    for (const key of ['accessCode', 'internalNote', 'author', 'cover', 'seo', 'sections'])
      assert.ok(!Object.hasOwn(article, key), key);
    assert.equal(article.locale, 'en');
    assert.equal(typeof article.publishedAt, 'string');
  });

  it('populates relations, media, components and zones as asked', async () => {
    const { cms } = client();
    const [article] = await cms.articles.find({
      populate: {
        author: { fields: ['name'] },
        tags: true,
        cover: true,
        seo: true,
        sections: { on: { 'sections.hero': true } },
      },
    });
    assert.deepEqual(Object.keys(article.author).sort(), ['documentId', 'id', 'name']);
    assert.ok(Array.isArray(article.tags));
    assert.equal(typeof article.cover.url, 'string');
    assert.equal(typeof article.seo.id, 'number');
    for (const item of article.sections) assert.equal(typeof item.__component, 'string');
    const star = (await cms.articles.find({ populate: '*' }))[0];
    // `*` populates localizations too, as Strapi 5.54 does (the differential test shows it).
    for (const key of ['author', 'tags', 'cover', 'gallery', 'seo', 'links', 'sections', 'localizations'])
      assert.ok(Object.hasOwn(star, key), key);
  });

  it('the two sides of a relation agree', async () => {
    const { cms } = client();
    const articles = await cms.articles.find({ populate: { author: true } });
    const authors = await cms.authors.find({ populate: { articles: true } });
    for (const article of articles) {
      if (article.author === null) continue;
      const author = authors.find((candidate: Any) => candidate.documentId === article.author.documentId);
      assert.ok(author.articles.some((other: Any) => other.documentId === article.documentId));
    }
  });

  it('filters, sorts, selects fields and paginates', async () => {
    const { cms } = client({ count: 12 });
    const all = await cms.tags.find({ sort: 'name:asc' });
    const names = all.map((tag: Any) => tag.name);
    assert.deepEqual(names, [...names].sort());
    assert.deepEqual(
      (await cms.tags.find({ sort: 'name:desc' })).map((tag: Any) => tag.name),
      [...names].reverse(),
    );
    const first = all[0];
    assert.deepEqual(
      (await cms.tags.find({ filters: { name: { $eq: first.name } } })).map((tag: Any) => tag.documentId),
      [first.documentId],
    );
    assert.equal((await cms.tags.find({ filters: { name: { $ne: first.name } } })).length, 11);
    const selected = await cms.tags.find({ fields: ['name'] });
    assert.deepEqual(Object.keys(selected[0]).sort(), ['documentId', 'id', 'name']);
    const page = await cms.tags.findWithMeta({ pagination: { page: 2, pageSize: 5 } });
    assert.equal(page.data.length, 5);
    assert.deepEqual(page.meta.pagination, { page: 2, pageSize: 5, pageCount: 3, total: 12 });
    const offset = await cms.tags.findWithMeta({ pagination: { start: 10, limit: 5 } });
    assert.equal(offset.data.length, 2);
    assert.deepEqual(offset.meta.pagination, { start: 10, limit: 5, total: 12 });
  });

  it('findOne of a missing entry is null; a refused query is a 400 ValidationError', async () => {
    const { cms } = client();
    assert.equal(await cms.articles.findOne('nosuchdocument000000000'), null);
    await assert.rejects(
      cms.tags.find({ filters: { nope: { $eq: 1 } } }),
      (error: Any) =>
        error.status === 400 &&
        error.errorName === 'ValidationError' &&
        /Invalid key nope/.test(error.message),
    );
  });
});

describe('createMockStrapi: writes', () => {
  it('creates, reads back, updates and deletes, with drafts and published versions', async () => {
    const { cms } = client({ count: 0 });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'a.png');
    const [image] = await cms.upload.upload(form);
    assert.equal(image.name, 'a.png');
    const link = { type: 'external', label: 'Out', href: 'https://example.test/out' };
    const created = await cms.promos.create({ title: 'First', rank: 1, image: image.id, link });
    assert.equal(typeof created.publishedAt, 'string');
    const draft = await cms.promos.update(created.documentId, { title: 'Changed' }, { status: 'draft' });
    assert.equal(draft.publishedAt, null);
    assert.equal((await cms.promos.findOne(created.documentId)).title, 'First');
    assert.equal((await cms.promos.findOne(created.documentId, { status: 'draft' })).title, 'Changed');
    await cms.promos.update(created.documentId, { rank: 2 });
    const published = await cms.promos.findOne(created.documentId);
    assert.deepEqual([published.title, published.rank], ['Changed', 2]);
    assert.equal(await cms.promos.delete(created.documentId), null);
    assert.equal(await cms.promos.findOne(created.documentId), null);
  });

  it("links relations written by documentId, and answers a bad write with Strapi's 400", async () => {
    const { cms } = client({ count: 0 });
    const author = await cms.authors.create({ name: 'Ada', email: 'ada@example.test' });
    const article = await cms.articles.create(
      { title: 'Hello', category: 'news', code: 'ABC-123', author: author.documentId },
      { populate: { author: true } },
    );
    assert.equal(article.author.documentId, author.documentId);
    const back = await cms.authors.findOne(author.documentId, { populate: { articles: true } });
    assert.deepEqual(
      back.articles.map((item: Any) => item.documentId),
      [article.documentId],
    );
    await assert.rejects(cms.articles.create({ title: 'x', category: 'news' }), (error: Any) => {
      assert.equal(error.status, 400);
      assert.equal(error.errorName, 'ValidationError');
      assert.deepEqual(error.details.errors[0].path, ['title']);
      return true;
    });
    await assert.rejects(
      cms.tags.create({ name: 'a' }).then(() => cms.tags.create({ name: 'a' })),
      (error: Any) => {
        assert.equal(error.userMessage, 'This attribute must be unique');
        return true;
      },
    );
  });
});

describe('createMockStrapi: users-permissions', () => {
  it('signs a known user in, answers /users/me with the token, refuses a wrong password', async () => {
    const { cms } = client({
      users: [{ username: 'ada', email: 'ada@example.test', password: 'secret-pass' }],
    });
    const { jwt, user } = await cms.auth.login({ identifier: 'ada@example.test', password: 'secret-pass' });
    assert.equal(typeof jwt, 'string');
    assert.equal(user.username, 'ada');
    assert.ok(!Object.hasOwn(user, 'password'));
    const me = await new generated.index.CmsClient({
      baseURL: 'http://localhost:1337',
      fetch: cms.config?.fetch ?? undefined,
      token: jwt,
    });
    void me;
    await assert.rejects(cms.auth.login({ identifier: 'ada', password: 'wrong' }), (error: Any) => {
      assert.equal(error.status, 400);
      assert.equal(error.userMessage, 'Invalid identifier or password');
      return true;
    });
  });
});

describe('createMocks: the factories', () => {
  it('make the same entries for the same seed, others for another, with overrides kept', () => {
    const params = { populate: { author: true, seo: true, sections: true, cover: true } };
    const a = generated.mocks.createMocks({ seed: 5 }).articles.list(3, params);
    const b = generated.mocks.createMocks({ seed: 5 }).articles.list(3, params);
    const c = generated.mocks.createMocks({ seed: 6 }).articles.list(3, params);
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
    const fixed = generated.mocks.createMocks({ seed: 5 }).articles.entry({}, { title: 'Fixed', views: 7 });
    assert.deepEqual([fixed.title, fixed.views], ['Fixed', 7]);
  });

  it('give exactly the fields the parameters ask for, and values Strapi accepts', () => {
    const mocks = generated.mocks.createMocks({ seed: 9 });
    const picked = mocks.tags.entry({ fields: ['name'] });
    assert.deepEqual(Object.keys(picked).sort(), ['documentId', 'id', 'name']);
    const article = mocks.articles.entry({
      populate: { author: { populate: { avatar: true } }, tags: true },
    });
    assert.equal(typeof article.author.avatar.url, 'string');
    assert.equal(article.tags.length, 2);
    const draft = mocks.articles.entry({ status: 'draft' });
    assert.equal(draft.publishedAt, null);
    // The published entries' own fields pass the create validator (relations, media left to it).
    const validators = generated.index.cmsValidators;
    for (const entry of mocks.articles.list(20, { populate: { seo: true, links: true } })) {
      const {
        id: _id,
        documentId: _d,
        createdAt: _c,
        updatedAt: _u,
        publishedAt: _p,
        locale: _l,
        ...data
      } = entry;
      for (const component of [data.seo, ...data.links]) if (component) delete component.id;
      const result = validators.articles.create['~standard'].validate(data);
      const issues = (result.issues ?? []).filter(
        (issue: Any) => !['sections'].includes(String(issue.path?.[0])),
      );
      assert.deepEqual(issues, [], JSON.stringify(data));
    }
  });
});

describe('createMockStrapi: requests, reset and MSW', () => {
  it('records the requests it answered and goes back to its first entries on reset', async () => {
    const { cms, mock } = client({ count: 2 });
    await cms.tags.create({ name: 'added' });
    assert.equal((await cms.tags.find()).length, 3);
    assert.deepEqual(
      mock.requests.map((request: Any) => [request.method, request.url.split('?')[0], request.status]),
      [
        ['POST', '/api/tags', 201],
        ['GET', '/api/tags', 200],
      ],
    );
    mock.reset();
    assert.equal((await cms.tags.find()).length, 2);
    assert.equal(mock.requests.length, 1);
  });

  it('gives MSW one handler for every method under its url, answering as its fetch does', async () => {
    const mock = generated.mocks.createMockStrapi({ url: 'http://cms.test', count: 1 });
    const registered: [string, (info: { request: Request }) => Promise<Response>][] = [];
    const handlers = mock.handlers({
      http: { all: (path: string, resolver: Any) => registered.push([path, resolver]) },
    });
    assert.equal(handlers.length, 1);
    const [path, resolver] = registered[0] ?? ['', undefined];
    assert.equal(path, 'http://cms.test/api/*');
    assert.ok(resolver);
    const response = await resolver({ request: new Request('http://cms.test/api/tags') });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as Any).data.length, 1);
  });
});
