/**
 * `withStatus` (the runtime's `statusClient`) as it shapes requests: a draft client's reads send
 * `status=draft` (unless the call names a status), `cache: 'no-store'` without `revalidate`,
 * and the scheme's and the call's cache tags with `draft:` in front, plus Live Preview's header
 * when asked; writes, custom routes and the rest are the client's; `'published'` is the client.
 * What Strapi answers a draft read is in test/examples/nextjs.test.ts, against a real Strapi.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectionApi, routeMethods, singleApi } from '../../../src/runtime/content-types.ts';
import { CmsClientCore } from '../../../src/runtime/core/client.ts';
import type { CmsClientConfig } from '../../../src/runtime/core/config.ts';
import { statusClient } from '../../../src/runtime/status.ts';
import type { ContentTypeTable } from '../../../src/runtime/types/content-types.ts';
import type { CustomRouteMethod } from '../../../src/runtime/types/routes.ts';
import { routeTable } from '../../helpers/route-table.ts';

/** A client shaped like a generated one: a collection type with a custom route, and a single type. */
class TestClient extends CmsClientCore {
  readonly articles = collectionApi(this, 'articles') as ReturnType<typeof collectionApi> &
    Record<'popular', CustomRouteMethod>;
  readonly siteSetting = singleApi(this, 'site-setting');
  constructor(config: CmsClientConfig) {
    super(config);
    routeMethods(this, routeTable({ articles: { popular: { method: 'GET', path: '/articles/popular' } } }), {
      articles: 'popular',
    });
  }
}

const CONTENT_TYPES: ContentTypeTable = { articles: {}, siteSetting: { path: 'site-setting', single: true } };

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  cache: string | undefined;
  next: { revalidate?: number | false; tags?: string[] } | undefined;
  headers: Headers;
}

/** A client whose fetch records each request and answers Strapi's envelope. */
function recording(config: Partial<CmsClientConfig> = {}) {
  const sent: Sent[] = [];
  const client = new TestClient({
    baseURL: 'http://127.0.0.1:1',
    fetch: (async (url: string, init: RequestInit & { next?: Sent['next'] }) => {
      const parsed = new URL(url);
      sent.push({
        method: init.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        cache: init.cache,
        next: init.next,
        headers: new Headers(init.headers),
      });
      const data = parsed.pathname.endsWith('/articles') ? [] : { documentId: 'd1' };
      return Response.json({ data, meta: {} });
    }) as typeof fetch,
    ...config,
  });
  return { client, sent };
}

describe('withStatus: draft reads', () => {
  it("every read of a content type sends status=draft, no-store, and the scheme's tags as draft: tags", async () => {
    const { client, sent } = recording();
    const drafts = statusClient<TestClient>(client, CONTENT_TYPES, 'draft');
    await drafts.articles.find({ fields: ['title'] } as never);
    await drafts.articles.findWithMeta();
    await drafts.articles.findOne('d1');
    await drafts.siteSetting.find();
    assert.deepEqual(
      sent.map((request) => [request.path, request.query.get('status'), request.cache, request.next?.tags]),
      [
        ['/api/articles', 'draft', 'no-store', ['draft:cms:articles']],
        ['/api/articles', 'draft', 'no-store', ['draft:cms:articles']],
        ['/api/articles/d1', 'draft', 'no-store', ['draft:cms:articles', 'draft:cms:articles:d1']],
        ['/api/site-setting', 'draft', 'no-store', ['draft:cms:site-setting']],
      ],
    );
    assert.equal(sent[0]?.query.get('fields[0]'), 'title', "the call's own parameters go too");
    for (const request of sent) {
      assert.equal(request.next?.revalidate, undefined, 'no revalidate beside no-store');
      assert.equal(request.headers.get('strapi-encode-source-maps'), null);
    }
  });

  it("the call's tags follow, prefixed; its revalidate is dropped; cacheTags: false keeps only its own", async () => {
    const { client, sent } = recording();
    const drafts = statusClient<TestClient>(client, CONTENT_TYPES, 'draft');
    await drafts.articles.find(undefined, { revalidate: 60, tags: ['page:home'], headers: { 'x-a': '1' } });
    await drafts.articles.find(undefined, { cacheTags: false, tags: ['page:home'] });
    await drafts.articles.find(undefined, { cacheTags: false });
    assert.deepEqual(sent[0]?.next, { tags: ['draft:cms:articles', 'draft:page:home'] });
    assert.equal(sent[0]?.headers.get('x-a'), '1');
    assert.deepEqual(sent[1]?.next?.tags, ['draft:page:home']);
    assert.equal(sent[2]?.next, undefined);
    assert.equal(sent[2]?.cache, 'no-store');
  });

  it("a client made with cacheTags: false keeps the scheme's tags off its drafts too", async () => {
    const { client, sent } = recording({ cacheTags: false });
    await statusClient<TestClient>(client, CONTENT_TYPES, 'draft').articles.find(undefined, {
      tags: ['mine'],
    });
    assert.deepEqual(sent[0]?.next?.tags, ['draft:mine']);
  });

  it("a call's own status decides its read", async () => {
    const { client, sent } = recording();
    await statusClient<TestClient>(client, CONTENT_TYPES, 'draft').articles.find({
      status: 'published',
    } as never);
    assert.equal(sent[0]?.query.get('status'), 'published');
  });

  it('sourceMaps: draft reads ask Strapi for the source maps Live Preview reads', async () => {
    const { client, sent } = recording();
    const drafts = statusClient<TestClient>(client, CONTENT_TYPES, 'draft', { sourceMaps: true });
    await drafts.articles.findOne('d1', undefined, { headers: { 'x-a': '1' } });
    await drafts.siteSetting.find();
    assert.equal(sent[0]?.headers.get('strapi-encode-source-maps'), 'true');
    assert.equal(sent[0]?.headers.get('x-a'), '1');
    assert.equal(sent[1]?.headers.get('strapi-encode-source-maps'), 'true');
  });

  it('writes, custom routes and the other members are the client’s own', async () => {
    const { client, sent } = recording();
    const drafts = statusClient<TestClient>(client, CONTENT_TYPES, 'draft');
    await drafts.articles.update('d1', { title: 'x' } as never);
    await drafts.articles.popular();
    await drafts.request('things');
    assert.deepEqual(
      sent.map((request) => [request.method, request.path, request.query.get('status'), request.cache]),
      [
        ['PUT', '/api/articles/d1', null, undefined],
        ['GET', '/api/articles/popular', null, undefined],
        ['GET', '/api/things', null, undefined],
      ],
    );
    assert.ok(drafts instanceof TestClient);
    assert.equal(drafts.core, client.core);
  });

  it('a bad documentId still rejects before any request', async () => {
    const { client, sent } = recording();
    await assert.rejects(
      statusClient<TestClient>(client, CONTENT_TYPES, 'draft').articles.findOne('..'),
      TypeError,
    );
    assert.equal(sent.length, 0);
  });
});

describe('withStatus: published, and refusals', () => {
  it("'published' is the client itself: plain reads, their cache entries shared", async () => {
    const { client, sent } = recording();
    assert.equal(statusClient<TestClient>(client, CONTENT_TYPES, 'published'), client);
    await statusClient<TestClient>(client, CONTENT_TYPES, 'published').articles.find(undefined, {
      revalidate: 60,
    });
    assert.equal(sent[0]?.query.get('status'), null);
    assert.deepEqual(sent[0]?.next, { revalidate: 60, tags: ['cms:articles'] });
  });

  it('a status other than draft or published is a TypeError that says what to pass', () => {
    const { client } = recording();
    for (const status of ['modified', '', undefined, 'Draft'])
      assert.throws(
        () => statusClient<TestClient>(client, CONTENT_TYPES, status as 'draft'),
        (error: Error) => error instanceof TypeError && /pass 'draft' or 'published'/.test(error.message),
      );
  });
});
