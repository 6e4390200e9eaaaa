/**
 * Runtime behaviour a live Strapi cannot show: what reaches `fetch` (the Next.js `init.next`
 * extension, the `cache` mode), argument handling before any request, config validation.
 * The fetch here only records calls; real HTTP is covered by test/e2e/client.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectionApi, contentTypeApis, singleApi } from '../../../src/runtime/content-types.ts';
import { CmsClientCore } from '../../../src/runtime/core/client.ts';
import { uploadApi } from '../../../src/runtime/upload/api.ts';
import { routeMethodsOf } from '../../helpers/route-table.ts';

/** The runtime factories are typed by the generated registry; these tests call them untyped. */
type Operation = (...args: unknown[]) => Promise<unknown>;
type Loose = Record<'find' | 'findWithMeta' | 'findOne' | 'create' | 'update' | 'delete', Operation>;
const collection = (...args: Parameters<typeof collectionApi>) => collectionApi(...args) as unknown as Loose;
const single = (...args: Parameters<typeof singleApi>) => singleApi(...args) as unknown as Loose;
const uploads = (client: CmsClientCore) => uploadApi(client) as unknown as Loose;

interface Call {
  url: string;
  init: RequestInit & { next?: unknown };
}

function recorder(
  respond: () => Response = () => Response.json({ data: [] }),
  config: { cacheTags?: boolean } = {},
) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond();
  }) as typeof globalThis.fetch;
  return { calls, client: new CmsClientCore({ baseURL: 'http://cms.test/', fetch, ...config }) };
}

describe('cache options', () => {
  it('revalidate and tags go to init.next, cache to the fetch option, headers merge over defaults', async () => {
    const { calls, client } = recorder();
    client.setToken('t0ken');
    await collection(client, 'articles').find(undefined, {
      revalidate: 60,
      tags: ['articles'],
      cache: 'force-cache',
      headers: { 'x-extra': '1', Accept: 'application/vnd.test' },
    });
    const [call] = calls;
    assert.equal(call?.url, 'http://cms.test/api/articles');
    assert.deepEqual(call?.init.next, { revalidate: 60, tags: ['cms:articles', 'articles'] });
    assert.equal(call?.init.cache, 'force-cache');
    const headers = call?.init.headers as Headers;
    assert.equal(headers.get('x-extra'), '1');
    assert.equal(headers.get('accept'), 'application/vnd.test');
    assert.equal(headers.get('authorization'), 'Bearer t0ken');
  });

  it('revalidate: false is passed on; no cache options means no cache and only the default tags', async () => {
    const { calls, client } = recorder();
    await collection(client, 'articles').find(undefined, { revalidate: false, cacheTags: false });
    await collection(client, 'articles').find();
    await collection(client, 'articles').create({ title: 'x' });
    assert.deepEqual(calls[0]?.init.next, { revalidate: false });
    assert.deepEqual(calls[1]?.init.next, { tags: ['cms:articles'] });
    assert.equal('cache' in (calls[1]?.init ?? {}), false);
    assert.equal('next' in (calls[2]?.init ?? {}), false, 'a write carries no tags');
  });
});

describe('cache tags by default', () => {
  /** `init.next.tags` of each call. */
  const tagsOf = (calls: Call[]) =>
    calls.map((call) => (call.init.next as { tags?: string[] } | undefined)?.tags);

  it('each read kind carries the tags of what it reads: the type, and the document for findOne', async () => {
    const cases: [string, (client: CmsClientCore) => Promise<unknown>, string[]][] = [
      ['find', (client) => collection(client, 'articles').find({ populate: '*' }), ['cms:articles']],
      ['findWithMeta', (client) => collection(client, 'articles').findWithMeta(), ['cms:articles']],
      [
        'findOne',
        (client) => collection(client, 'articles').findOne('d1'),
        ['cms:articles', 'cms:articles:d1'],
      ],
      [
        'findOne of a documentId the path encodes: the tag has it as it is',
        (client) => collection(client, 'articles').findOne('a/b c'),
        ['cms:articles', 'cms:articles:a/b c'],
      ],
      ['a single type', (client) => single(client, 'site-setting').find(), ['cms:site-setting']],
    ];
    for (const [name, read, want] of cases) {
      const { calls, client } = recorder(() => Response.json({ data: {} }));
      await read(client);
      assert.deepEqual(tagsOf(calls), [want], name);
    }
  });

  it("the caller's tags follow, each once, within Next.js's limits; writes keep only the caller's", async () => {
    const { calls, client } = recorder(() => Response.json({ data: {} }));
    const articles = collection(client, 'articles');
    await articles.findOne('d1', undefined, { tags: ['article:d1', 'cms:articles', 'x'.repeat(257)] });
    await articles.find(undefined, { tags: Array.from({ length: 200 }, (_, i) => `t${i}`) });
    await articles.update('d1', { title: 'y' }, { tags: ['mine'] });
    await articles.delete('d1');
    const [one, many, update, remove] = tagsOf(calls);
    assert.deepEqual(one, ['cms:articles', 'cms:articles:d1', 'article:d1']);
    assert.equal(many?.length, 128);
    assert.deepEqual(many?.slice(0, 2), ['cms:articles', 't0']);
    assert.deepEqual(update, ['mine']);
    assert.equal(remove, undefined);
  });

  it("opted out per call (cacheTags: false) or for the client: only the caller's tags", async () => {
    const perCall = recorder();
    await collection(perCall.client, 'articles').find(undefined, { cacheTags: false, tags: ['page'] });
    await collection(perCall.client, 'articles').findOne('d1', undefined, { cacheTags: false });
    await single(perCall.client, 'site-setting').find(undefined, { cacheTags: false });
    await collection(perCall.client, 'articles').find(undefined, { cacheTags: true });
    assert.deepEqual(tagsOf(perCall.calls), [['page'], undefined, undefined, ['cms:articles']]);

    const off = recorder(undefined, { cacheTags: false });
    await collection(off.client, 'articles').find();
    await collection(off.client, 'articles').findOne('d1', undefined, { tags: ['article:d1'] });
    await single(off.client, 'site-setting').find(undefined, { revalidate: 5 });
    assert.deepEqual(
      off.calls.map((call) => call.init.next),
      [undefined, { tags: ['article:d1'] }, { revalidate: 5 }],
    );
  });

  it('a header set to undefined is removed', async () => {
    const { calls, client } = recorder();
    client.setToken('t0ken');
    await collection(client, 'articles').find(undefined, { headers: { Authorization: undefined } });
    assert.equal(new Headers(calls[0]?.init.headers).has('authorization'), false);
  });
});

describe('headers', () => {
  it('without onRequest or cacheOptions.headers, fetch gets a plain record', async () => {
    const { calls, client } = recorder();
    await collection(client, 'articles').find();
    client.setToken('t0ken');
    await collection(client, 'articles').create({ title: 'x' });
    assert.deepEqual(calls[0]?.init.headers, { Accept: 'application/json' });
    assert.deepEqual(calls[1]?.init.headers, {
      Accept: 'application/json',
      Authorization: 'Bearer t0ken',
      'Content-Type': 'application/json',
    });
  });

  it('onError sees Headers with what was sent, and onRequest can change the headers', async () => {
    const seen: [string | null, string | null][] = [];
    const sent: unknown[] = [];
    const client = new CmsClientCore({
      baseURL: 'http://cms.test',
      token: 't0ken',
      fetch: (async (_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers).get('x-hook'));
        return Response.json(
          { data: null, error: { status: 400, name: 'ValidationError', message: 'no' } },
          { status: 400 },
        );
      }) as typeof globalThis.fetch,
      onError: (_error, info) => {
        assert.ok(info.headers instanceof Headers);
        seen.push([info.headers.get('authorization'), info.headers.get('accept')]);
      },
    });
    await assert.rejects(collection(client, 'articles').find());
    assert.deepEqual(seen, [['Bearer t0ken', 'application/json']]);
    const hooked = new CmsClientCore({
      baseURL: 'http://cms.test',
      fetch: (async (_url: string, init: RequestInit) => {
        sent.push((init.headers as Headers).get('x-hook'));
        return Response.json({ data: [] });
      }) as typeof globalThis.fetch,
      onRequest: ({ headers }) => headers.set('x-hook', '1'),
    });
    await collection(hooked, 'articles').find();
    assert.deepEqual(sent, [null, '1']);
  });

  it('a token Headers rejects throws its TypeError before anything is sent', async () => {
    const { calls, client } = recorder();
    client.setToken('bad\ntoken');
    await assert.rejects(collection(client, 'articles').find(), (error: unknown) => {
      assert.ok(error instanceof TypeError && !('isCmsConnectionError' in error), String(error));
      return true;
    });
    assert.equal(calls.length, 0);
  });

  it('a token Headers would trim is sent trimmed, as Headers sends it', async () => {
    const { calls, client } = recorder();
    client.setToken('t0ken ');
    await collection(client, 'articles').find();
    assert.equal(new Headers(calls[0]?.init.headers).get('authorization'), 'Bearer t0ken');
  });
});

describe('arguments', () => {
  it('create/update/delete tell query parameters from cache options', async () => {
    const { calls, client } = recorder(() => Response.json({ data: {} }));
    const api = collection(client, 'articles');
    await api.create({ title: 'x' }, { tags: ['t'] });
    await api.create({ title: 'x' }, { status: 'draft', locale: 'fr' });
    await api.update('doc1', { title: 'y' }, { locale: 'fr' }, { cache: 'no-store' });
    await api.delete('doc1', { locale: 'fr' });
    assert.equal(calls[0]?.url, 'http://cms.test/api/articles');
    assert.deepEqual(calls[0]?.init.next, { tags: ['t'] });
    assert.equal(calls[1]?.url, 'http://cms.test/api/articles?status=draft&locale=fr');
    assert.equal(calls[2]?.url, 'http://cms.test/api/articles/doc1?locale=fr');
    assert.equal(calls[2]?.init.cache, 'no-store');
    assert.equal(calls[2]?.init.body, '{"data":{"title":"y"}}');
    assert.equal(calls[3]?.init.method, 'DELETE');
    assert.equal(calls[3]?.url, 'http://cms.test/api/articles/doc1?locale=fr');
  });

  it('an argument with a key that is no cache option is query parameters: keys apps and plugins added too', async () => {
    const { calls, client } = recorder(() => Response.json({ data: {} }));
    const api = collection(client, 'articles');
    await api.create({ title: 'x', editorNote: 'n' }, { audience: 'web' });
    await api.update(
      'doc1',
      { title: 'y' },
      { revalidate: 5, cache: 'no-store', headers: {}, cacheTags: false },
    );
    await api.delete('doc1', { audience: 'app' });
    await single(client, 'site-setting').update({ siteName: 'x' }, { audience: 'web' });
    assert.equal(calls[0]?.url, 'http://cms.test/api/articles?audience=web');
    assert.equal(calls[0]?.init.body, '{"data":{"title":"x","editorNote":"n"}}');
    assert.equal(calls[1]?.url, 'http://cms.test/api/articles/doc1');
    assert.equal(calls[1]?.init.cache, 'no-store');
    assert.equal(calls[2]?.url, 'http://cms.test/api/articles/doc1?audience=app');
    assert.equal(calls[3]?.url, 'http://cms.test/api/site-setting?audience=web');
  });

  it('a single type deletes at its own path, with or without query parameters', async () => {
    const { calls, client } = recorder(() => new Response(null, { status: 204 }));
    const api = single(client, 'site-setting');
    assert.equal(await api.delete(), null);
    assert.equal(await api.delete({ locale: 'fr' }, { cache: 'no-store' }), null);
    assert.equal(calls[0]?.init.method, 'DELETE');
    assert.equal(calls[0]?.url, 'http://cms.test/api/site-setting');
    assert.equal(calls[1]?.url, 'http://cms.test/api/site-setting?locale=fr');
    assert.equal(calls[1]?.init.cache, 'no-store');
  });

  it('documentIds are path-encoded; a single type has no id in its path', async () => {
    const { calls, client } = recorder(() => Response.json({ data: {} }));
    await collection(client, 'articles').findOne('a/b c');
    await single(client, 'site-setting').update({ siteName: 'x' });
    assert.equal(calls[0]?.url, 'http://cms.test/api/articles/a%2Fb%20c');
    assert.equal(calls[1]?.url, 'http://cms.test/api/site-setting');
    assert.equal(calls[1]?.init.method, 'PUT');
  });

  it('custom routes: path parameters in order, query for GET, JSON body otherwise, cache options last', async () => {
    const { calls, client } = recorder(() => Response.json({ ok: true }));
    const { like, byYear } = routeMethodsOf(client, {
      like: { method: 'POST', path: '/articles/:id/like' },
      byYear: { method: 'GET', path: '/articles/:tag/:year(\\d+)' },
    });
    assert.deepEqual(await like('d 1', { by: 'me' }, { tags: ['likes'] }), { ok: true });
    await byYear('news', 2025, { limit: 2 });
    assert.equal(calls[0]?.url, 'http://cms.test/api/articles/d%201/like');
    assert.equal(calls[0]?.init.body, '{"by":"me"}');
    assert.deepEqual(calls[0]?.init.next, { tags: ['likes'] });
    assert.equal(calls[1]?.url, 'http://cms.test/api/articles/news/2025?limit=2');
    await assert.rejects(() => like(), /path parameter :id \(argument 1 of 1\)/);
    assert.equal(calls.length, 2);
  });

  it('custom routes with `query`: the body, then query parameters, then cache options', async () => {
    const { calls, client } = recorder(() => Response.json({ ok: true }));
    const { order, plain } = routeMethodsOf(client, {
      order: { method: 'POST', path: '/orders/:shop', query: true },
      plain: { method: 'POST', path: '/orders/:shop' },
    });
    await order('s1', { sku: 'a' }, { preview: 'on' }, { tags: ['orders'] });
    await order('s1', undefined, { preview: 'off' });
    await plain('s1', { sku: 'a' }, { tags: ['plain'] });
    assert.equal(calls[0]?.url, 'http://cms.test/api/orders/s1?preview=on');
    assert.equal(calls[0]?.init.body, '{"sku":"a"}');
    assert.deepEqual(calls[0]?.init.next, { tags: ['orders'] });
    assert.equal(calls[1]?.url, 'http://cms.test/api/orders/s1?preview=off');
    assert.equal(calls[2]?.url, 'http://cms.test/api/orders/s1');
    assert.deepEqual(calls[2]?.init.next, { tags: ['plain'] });
  });

  it('FormData: unknown parts, text files, several files for one, bad JSON fail before any request', async () => {
    const { calls, client } = recorder();
    const api = collection(client, 'articles', { cover: 'one', gallery: 'many' });
    const form = (build: (form: FormData) => void) => {
      const data = new FormData();
      build(data);
      return data;
    };
    const file = new Blob(['x'], { type: 'text/plain' });
    await assert.rejects(
      () => api.create(form((f) => f.append('files.avatar', file, 'a.txt'))),
      /unexpected FormData part "files.avatar".*media attribute: cover, gallery/,
    );
    await assert.rejects(
      () => api.create(form((f) => f.append('title', 'x'))),
      /unexpected FormData part "title"/,
    );
    await assert.rejects(
      () => api.create(form((f) => f.append('files.cover', 'text'))),
      /must be a file \(Blob or File\), not text/,
    );
    await assert.rejects(
      () =>
        api.create(
          form((f) => {
            f.append('files.cover', file, 'a.txt');
            f.append('files.cover', file, 'b.txt');
          }),
        ),
      /"cover" holds one file, but the FormData has 2/,
    );
    await assert.rejects(() => api.create(form((f) => f.append('data', '{nope'))), /must be JSON text/);
    assert.equal(calls.length, 0);
  });

  it('FormData: files are uploaded first, their ids set, and removed when the write fails', async () => {
    const calls: Call[] = [];
    let nextId = 10;
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/api/upload')) {
        const files = (init.body as FormData).getAll('files');
        return Response.json(
          files.map(() => ({ id: nextId++ })),
          { status: 201 },
        );
      }
      if (init.method === 'DELETE') return Response.json({});
      return Response.json(
        { data: null, error: { status: 400, name: 'ValidationError', message: 'title is required' } },
        { status: 400 },
      );
    }) as typeof globalThis.fetch;
    const client = new CmsClientCore({ baseURL: 'http://cms.test', fetch });
    const api = collection(client, 'articles', { cover: 'one', gallery: 'many' });
    const data = new FormData();
    data.append('data', JSON.stringify({ views: 1 }));
    data.append('files.cover', new Blob(['a']), 'a.png');
    data.append('files.gallery', new Blob(['b']), 'b.png');
    data.append('files.gallery', new Blob(['c']), 'c.png');
    await assert.rejects(() => api.create(data), /title is required/);
    const write = calls.find((call) => call.url === 'http://cms.test/api/articles');
    assert.deepEqual(JSON.parse(String(write?.init.body)), {
      data: { views: 1, cover: 10, gallery: [11, 12] },
    });
    assert.deepEqual(
      calls.filter((call) => call.init.method === 'DELETE').map((call) => call.url),
      [10, 11, 12].map((id) => `http://cms.test/api/upload/files/${id}`),
    );
  });

  it('upload: numeric ids only, no pagination', async () => {
    const { calls, client } = recorder(() => Response.json([]));
    const upload = uploads(client);
    await assert.rejects(() => upload.findOne('12' as unknown as number), /positive integer/);
    await assert.rejects(
      () => upload.find({ pagination: { page: 1 } } as never),
      /use flat `start` and `limit` instead/,
    );
    await upload.find({ start: 2, limit: 5, sort: 'name:asc' } as never);
    assert.equal(calls[0]?.url, 'http://cms.test/api/upload/files?start=2&limit=5&sort=name:asc');
  });
});

describe('configuration', () => {
  it('rejects a missing or relative baseURL, a bad timeout and a bad authMode, naming the fix', () => {
    assert.throws(() => new CmsClientCore({} as never), /baseURL` is required/);
    assert.throws(
      () => new CmsClientCore({ baseURL: 'localhost:1337/x y' }),
      /not an absolute http\(s\) URL/,
    );
    assert.throws(() => new CmsClientCore({ baseURL: 'http://x', timeout: 0 }), /positive number/);
    assert.throws(
      () => new CmsClientCore({ baseURL: 'http://x', authMode: 'sessions' as never }),
      /"legacy" or "refresh"/,
    );
  });

  it('authMode: the config wins over the generated default', () => {
    assert.equal(
      new CmsClientCore({ baseURL: 'http://x' }, { schemaHash: 'h', authMode: 'refresh' }).authMode,
      'refresh',
    );
    assert.equal(
      new CmsClientCore({ baseURL: 'http://x', authMode: 'legacy' }, { schemaHash: 'h', authMode: 'refresh' })
        .authMode,
      'legacy',
    );
  });

  it('a base URL with a path prefix keeps it', async () => {
    const calls: string[] = [];
    const fetch = (async (url: string) => {
      calls.push(url);
      return Response.json({ data: [] });
    }) as typeof globalThis.fetch;
    await collection(new CmsClientCore({ baseURL: 'http://x/cms//', fetch }), 'tags').find();
    assert.deepEqual(calls, ['http://x/cms/api/tags']);
  });
});

describe("contentTypeApis: the generated constructor's table", () => {
  it("a collection or single type per entry, at the property's name unless the entry gives a path", async () => {
    const { calls, client } = recorder(() => Response.json({ data: {} }));
    contentTypeApis(client, {
      articles: {},
      blogPosts: { path: 'blog-posts' },
      homepage: { single: true, media: { logo: 'one' } },
    });
    const apis = client as unknown as Record<string, Loose>;
    assert.deepEqual(Object.keys(apis).slice(-3), ['articles', 'blogPosts', 'homepage']);
    await apis.articles?.findOne('a1');
    await apis.blogPosts?.find();
    await apis.homepage?.find();
    assert.equal(typeof apis.articles?.findWithMeta, 'function');
    assert.equal(apis.homepage?.findOne, undefined, 'a single type has no findOne');
    assert.deepEqual(
      calls.map((call) => call.url),
      ['http://cms.test/api/articles/a1', 'http://cms.test/api/blog-posts', 'http://cms.test/api/homepage'],
    );
  });
});
