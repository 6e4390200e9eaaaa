/**
 * `cmsQueries` without a server where none is needed (keys, refusals, the mutations'
 * invalidation), and cancellation on loopback against a server that never answers, which a live
 * Strapi cannot be made to do: TanStack's `signal` aborts the request, with and without the
 * client's own timeout. The queries against the real Strapi are in test/e2e/client.test.ts.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { authApi } from '../../../src/runtime/auth/api.ts';
import { collectionApi, routeMethods, singleApi } from '../../../src/runtime/content-types.ts';
import { CmsClientCore } from '../../../src/runtime/core/client.ts';
import type { CmsClientConfig } from '../../../src/runtime/core/config.ts';
import { isCmsConnectionError } from '../../../src/runtime/core/errors.ts';
import {
  type CmsQueries,
  createQueries,
  type RouteGroupQueries,
} from '../../../src/runtime/tanstack-query.ts';
import type { ContentTypeTable, RouteMethodNames } from '../../../src/runtime/types/content-types.ts';
import type { CustomRouteMethod } from '../../../src/runtime/types/routes.ts';
import { routeTable } from '../../helpers/route-table.ts';

/** A client shaped like a generated one: a collection type with custom routes, a single type, auth. */
class TestClient extends CmsClientCore {
  readonly articles = collectionApi(this, 'articles') as ReturnType<typeof collectionApi> &
    Record<'popular' | 'byAuthor' | 'like', CustomRouteMethod>;
  readonly siteSetting = singleApi(this, 'site-setting');
  readonly auth = authApi(this, routeTable({}, { me: '/users/me' }), 'me');
  declare readonly navigation: Record<'render' | 'rebuild', CustomRouteMethod>;
  readonly label = 'not an API';
  constructor(config: CmsClientConfig) {
    super(config);
    routeMethods(this, ROUTE_TABLE, ROUTE_METHODS);
  }
}

/** The tables the generator would write for TestClient, plus a member the client lacks. */
const CONTENT_TYPES: ContentTypeTable = {
  articles: {},
  siteSetting: { path: 'site-setting', single: true },
  missing: {},
};
const ROUTE_METHODS: RouteMethodNames = {
  articles: 'popular byAuthor like',
  navigation: 'render rebuild',
};
const ROUTE_TABLE = routeTable({
  articles: {
    popular: { method: 'GET', path: '/articles/popular' },
    byAuthor: { method: 'GET', path: '/articles/by/:author' },
    like: { method: 'POST', path: '/articles/:id/like' },
  },
  navigation: {
    render: { method: 'GET', path: '/navigation/render/:idOrSlug' },
    rebuild: { method: 'POST', path: '/navigation/rebuild' },
  },
});

const client = (config: Partial<CmsClientConfig> = {}) =>
  new TestClient({ baseURL: 'http://127.0.0.1:1', ...config });
const cmsQueries = (from: TestClient) =>
  createQueries(from, CONTENT_TYPES, ROUTE_METHODS, ROUTE_TABLE) as CmsQueries<TestClient> &
    RouteGroupQueries<TestClient, 'navigation'>;

describe('cmsQueries: keys', () => {
  const q = cmsQueries(client());

  it('one key for the client, one per API, one per document, each a prefix of the next', () => {
    assert.deepEqual(q.key, ['cms']);
    assert.deepEqual(q.articles.key, ['cms', 'articles']);
    assert.deepEqual(q.articles.documentKey('d1'), ['cms', 'articles', 'document', 'd1']);
    assert.deepEqual(q.siteSetting.key, ['cms', 'site-setting']);
  });

  it('each read is keyed below its API by operation and parameters; no parameters key as {}', () => {
    const populate = { populate: { author: true } } as const;
    assert.deepEqual(q.articles.find(populate).queryKey, ['cms', 'articles', 'find', populate]);
    assert.deepEqual(q.articles.find().queryKey, ['cms', 'articles', 'find', {}]);
    assert.deepEqual(q.articles.findWithMeta().queryKey, ['cms', 'articles', 'findWithMeta', {}]);
    assert.deepEqual(q.articles.findOne('d1', populate).queryKey, [
      'cms',
      'articles',
      'document',
      'd1',
      populate,
    ]);
    assert.deepEqual(q.siteSetting.find().queryKey, ['cms', 'site-setting', 'find', {}]);
    assert.deepEqual(q.auth.me().queryKey, ['cms', 'users', 'me', {}]);
  });

  it('custom GET routes: path parameters and query parameters in the key, cache options not', () => {
    assert.deepEqual(q.articles.popular({ limit: 2 }, { revalidate: 60 }).queryKey, [
      'cms',
      'articles',
      'route',
      'popular',
      { limit: 2 },
    ]);
    assert.deepEqual(q.articles.byAuthor('ada').queryKey, ['cms', 'articles', 'route', 'byAuthor', 'ada']);
  });

  it('only the members the table names and the client has get queries', () => {
    assert.deepEqual(Object.keys(q).sort(), ['articles', 'auth', 'key', 'navigation', 'siteSetting']);
    assert.deepEqual(Object.keys(q.navigation).sort(), ['key', 'rebuild', 'render']);
    assert.deepEqual(Object.keys(q.siteSetting).sort(), ['delete', 'find', 'key', 'update']);
  });

  it("a plugin's routes: one key for the property, the route's arguments below it; its query runs the route", async () => {
    assert.deepEqual(q.navigation.key, ['cms', 'navigation']);
    const options = q.navigation.render('main', { type: 'TREE' }, { revalidate: 60 });
    assert.deepEqual(options.queryKey, ['cms', 'navigation', 'route', 'render', 'main', { type: 'TREE' }]);
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      return Response.json({ items: [] });
    }) as typeof globalThis.fetch;
    const live = cmsQueries(client({ fetch }));
    const { queryFn } = live.navigation.render<{ items: [] }>('main', { type: 'TREE' });
    assert.deepEqual(await queryFn({ signal: new AbortController().signal } as never), { items: [] });
    assert.deepEqual(urls, ['http://127.0.0.1:1/api/navigation/render/main?type=TREE']);
    await assert.rejects(
      q.navigation.rebuild().queryFn({ signal: new AbortController().signal }),
      /POST \/api\/navigation\/rebuild is not a read/,
    );
  });

  it('a route that is not a GET is refused as a query, with what to do instead, before any request', async () => {
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      return Response.json({});
    }) as typeof globalThis.fetch;
    const { queryKey, queryFn } = cmsQueries(client({ fetch })).articles.like('d1');
    assert.deepEqual(queryKey, ['cms', 'articles', 'route', 'like', 'd1']);
    await assert.rejects(
      queryFn({ signal: new AbortController().signal }),
      (error: unknown) =>
        error instanceof TypeError &&
        error.message ===
          'POST /api/articles/:id/like is not a read: call it in a mutation, not as a query (cmsQueries(...).like)',
    );
    assert.deepEqual(urls, []);
  });

  it('a route call keys on its path parameters and query, whichever of them are given, never on cache options', () => {
    assert.deepEqual(q.articles.byAuthor('ada', undefined, { revalidate: 5 }).queryKey, [
      'cms',
      'articles',
      'route',
      'byAuthor',
      'ada',
      undefined,
    ]);
    assert.deepEqual(q.articles.popular(undefined, { revalidate: 5 }).queryKey, [
      'cms',
      'articles',
      'route',
      'popular',
      undefined,
    ]);
    assert.deepEqual(q.navigation.render(7).queryKey, ['cms', 'navigation', 'route', 'render', 7]);
  });
});

describe('cmsQueries: mutations invalidate their API', () => {
  it('create, update and delete invalidate the API key once they succeed', async () => {
    const q = cmsQueries(client());
    const invalidated: unknown[] = [];
    const context = {
      client: {
        invalidateQueries: async (filters: { queryKey: readonly unknown[] }) => {
          invalidated.push(filters.queryKey);
        },
      },
    };
    for (const options of [
      q.articles.create(),
      q.articles.update(),
      q.articles.delete(),
      q.siteSetting.update(),
      q.siteSetting.delete(),
    ])
      await options.onSuccess(null as never, {} as never, undefined, context);
    assert.deepEqual(invalidated, [
      ['cms', 'articles'],
      ['cms', 'articles'],
      ['cms', 'articles'],
      ['cms', 'site-setting'],
      ['cms', 'site-setting'],
    ]);
    assert.deepEqual(q.articles.update().mutationKey, ['cms', 'articles', 'update']);
  });
});

describe('cmsQueries: the query signal aborts the request', () => {
  let server: Server;
  let silent: string;
  const sockets = new Set<Socket>();

  before(async () => {
    // Accepts requests and never answers.
    server = createServer(() => {});
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    silent = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  for (const timeout of [undefined, 10_000]) {
    it(`a cancelled query rejects at once with the signal's reason (client timeout ${timeout ?? 'none'})`, async () => {
      let hooked = 0;
      const q = cmsQueries(
        client({ baseURL: silent, ...(timeout === undefined ? {} : { timeout }), onError: () => hooked++ }),
      );
      const controller = new AbortController();
      const started = Date.now();
      const pending = q.articles.find().queryFn({ signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await assert.rejects(pending, (error: unknown) => {
        assert.ok(error instanceof DOMException && error.name === 'AbortError', String(error));
        assert.ok(!isCmsConnectionError(error));
        return true;
      });
      assert.ok(Date.now() - started < 2_000, `took ${Date.now() - started} ms`);
      assert.equal(hooked, 0, 'a cancellation is not reported to onError');
    });
  }

  it('a signal aborted before the request starts: rejected without waiting', async () => {
    const q = cmsQueries(client({ baseURL: silent, timeout: 10_000 }));
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await assert.rejects(q.articles.findOne('d1').queryFn({ signal: controller.signal }), /gone/);
  });

  it("the client's own timeout still applies when the signal never fires", async () => {
    const q = cmsQueries(client({ baseURL: silent, timeout: 100 }));
    await assert.rejects(
      q.siteSetting.find().queryFn({ signal: new AbortController().signal }),
      (error: unknown) => isCmsConnectionError(error) && /timed out after 100 ms/.test(error.message),
    );
  });
});

describe('cmsQueries: cache tags', () => {
  it("every read's queryFn carries the client's tags, the caller's after them, or only the caller's when opted out", async () => {
    const sent: unknown[] = [];
    const fetch = (async (_url: string, init: RequestInit & { next?: { tags?: string[] } }) => {
      sent.push(init.next?.tags);
      return Response.json({ data: {} });
    }) as typeof globalThis.fetch;
    const q = cmsQueries(client({ fetch }));
    const signal = new AbortController().signal;
    await q.articles.find().queryFn({ signal });
    await q.articles.findWithMeta(undefined, { tags: ['page'] }).queryFn({ signal });
    await q.articles.findOne('d1').queryFn({ signal });
    await q.siteSetting.find().queryFn({ signal });
    await q.articles.find(undefined, { cacheTags: false, tags: ['page'] }).queryFn({ signal });
    assert.deepEqual(sent, [
      ['cms:articles'],
      ['cms:articles', 'page'],
      ['cms:articles', 'cms:articles:d1'],
      ['cms:site-setting'],
      ['page'],
    ]);
  });
});
