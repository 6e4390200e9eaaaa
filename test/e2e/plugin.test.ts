/**
 * The schema plugin against a real Strapi 5.54 (SQLite, headless), installed from `npm pack`.
 * Boots, in order: development (default config), production (requireAuth by default), refresh
 * mode on the same port (watch reconnect), production with requireAuth off, disabled plugin,
 * a changed content type, and invalid configs that must fail the boot.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { schemaHash } from '../../src/schema/hash.ts';
import { customRoutesByType } from '../../src/schema/route-kinds.ts';
import { stableStringify } from '../../src/schema/stable-json.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { bootFailure, createApp, type RunningStrapi, startStrapi, type TestApp } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';
import { generateClient } from '../helpers/generated-client.ts';
import { eventually, openWatch } from '../helpers/watch-client.ts';

/** The committed payload fixtures the generator's tests use must be what Strapi serves. */
function assertMatchesFixture(body: unknown, file: string): void {
  const committed = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/payloads', file), 'utf8'));
  assert.equal(stableStringify(body), stableStringify(committed), `${file} is stale: run npm run fixtures`);
}

const BASE = '/api/cms-typed-client';

interface CannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { total: number };
  latency: { p99: number };
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  amount: number;
  timeout: number;
}) => Promise<CannonResult>;
const app: TestApp = createApp('plugin');
let developmentHash = '';

async function getJson(strapi: RunningStrapi, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${strapi.url}${path}`, { headers });
  const text = await response.text();
  return { response, text, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/**
 * A request through node:http, which sends what fetch refuses to (odd header bytes) and shows
 * a HEAD answer as it is. An open watch stream resolves with its head.
 */
function raw(
  strapi: RunningStrapi,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  timeout = 5_000,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${strapi.url}${path}`, { method, headers, timeout }, (res) => {
      if (method === 'GET' && path.endsWith('/schema-watch') && res.statusCode === 200) {
        // An open stream: its head is the answer.
        res.destroy();
        resolve({ status: 200, headers: res.headers, body: '' });
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('timeout', () =>
      req.destroy(new Error(`${method} ${path}: no complete answer within ${timeout} ms`)),
    );
    req.on('error', reject);
    req.end();
  });
}

async function probe(strapi: RunningStrapi) {
  const { json } = await getJson(strapi, '/api/probe/resources');
  return json as { resources: Record<string, number>; plugin: { hash: string; watchClients: number } };
}

describe('plugin in development (requireAuth off by default)', () => {
  let strapi: RunningStrapi;
  before(async () => {
    strapi = await startStrapi(app, { env: { CTC_CONFIG: JSON.stringify({ heartbeatInterval: 1000 }) } });
  });
  after(() => strapi?.stop());

  it('GET /schema answers the hash and every api:: and plugin:: content type and component', async () => {
    const { response, json } = await getJson(strapi, `${BASE}/schema`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const body = json as SchemaResponse;
    assert.match(body.hash, /^[0-9a-f]{64}$/);
    assert.equal(
      body.hash,
      schemaHash(body.schema),
      'hash is the SHA-256 of the stable serialization of schema',
    );
    assert.equal(response.headers.get('etag'), `"${body.hash}"`);
    developmentHash = body.hash;
    const uids = Object.keys(body.schema.contentTypes);
    for (const uid of [
      'api::article.article',
      'api::author.author',
      'api::tag.tag',
      'api::site-setting.site-setting',
    ]) {
      assert.ok(uids.includes(uid), `${uid} is published`);
    }
    for (const uid of ['plugin::users-permissions.user', 'plugin::upload.file', 'plugin::i18n.locale']) {
      assert.ok(uids.includes(uid), `${uid} is published`);
    }
    assert.deepEqual(
      uids.filter((uid) => !uid.startsWith('api::') && !uid.startsWith('plugin::')),
      [],
      'only api:: and plugin:: content types',
    );
    assert.deepEqual(Object.keys(body.schema.components).sort(), [
      'sections.hero',
      'sections.text-block',
      'shared.link',
      'shared.seo',
      'shared.smart-link',
    ]);
    // Strapi 5 conditional fields: the visible rule is published as schema.json declares it.
    assert.deepEqual(body.schema.components['shared.smart-link']?.attributes.href, {
      type: 'string',
      required: true,
      conditions: { visible: { '==': [{ var: 'type' }, 'external'] } },
    });
  });

  it('describes every attribute type with its rules', async () => {
    const { json } = await getJson(strapi, `${BASE}/schema`);
    const { schema } = json as SchemaResponse;
    const article = schema.contentTypes['api::article.article']!;
    assert.equal(article.kind, 'collectionType');
    assert.equal(article.singularName, 'article');
    assert.equal(article.pluralName, 'articles');
    assert.equal(article.draftAndPublish, true);
    assert.equal(article.localized, true);
    const a = article.attributes;
    const types = new Set(Object.values(a).map((attribute) => attribute.type));
    for (const type of [
      'string',
      'text',
      'richtext',
      'blocks',
      'email',
      'password',
      'uid',
      'enumeration',
      'integer',
      'biginteger',
      'float',
      'decimal',
      'boolean',
      'date',
      'time',
      'datetime',
      'timestamp',
      'json',
      'media',
      'relation',
      'component',
      'dynamiczone',
    ]) {
      assert.ok(types.has(type), `attribute type ${type} is present`);
    }
    assert.deepEqual(a.title, {
      type: 'string',
      required: true,
      minLength: 2,
      maxLength: 120,
      localized: true,
    });
    assert.deepEqual(a.category, {
      type: 'enumeration',
      required: true,
      enum: ['news', 'opinion', 'review', 'how-to'],
      default: 'news',
    });
    assert.deepEqual(a.rating, { type: 'float', min: 0, max: 5 });
    assert.equal(a.code?.regex, '^[A-Z]{3}-[0-9]{3}$');
    assert.deepEqual(a.color, { type: 'string', customField: 'global::color' });
    assert.equal(a.internalNote?.private, true);
    assert.deepEqual(a.gallery, { type: 'media', multiple: true, allowedTypes: ['images', 'videos'] });
    assert.deepEqual(a.author, {
      type: 'relation',
      relation: 'manyToOne',
      target: 'api::author.author',
      inversedBy: 'articles',
    });
    assert.deepEqual(a.parent, {
      type: 'relation',
      relation: 'manyToOne',
      target: 'api::article.article',
      inversedBy: 'related',
    });
    assert.equal(a.featuredTag?.relation, 'oneToOne');
    assert.equal(a.tags?.relation, 'manyToMany');
    assert.equal(a.related?.relation, 'oneToMany');
    assert.deepEqual(a.seo, { type: 'component', component: 'shared.seo', repeatable: false });
    assert.deepEqual(a.links, { type: 'component', component: 'shared.link', repeatable: true });
    assert.deepEqual(a.sections, {
      type: 'dynamiczone',
      components: ['sections.hero', 'sections.text-block'],
    });
    for (const system of [
      'id',
      'documentId',
      'createdAt',
      'updatedAt',
      'publishedAt',
      'createdBy',
      'updatedBy',
      'locale',
      'localizations',
    ]) {
      assert.equal(a[system], undefined, `system attribute ${system} is derived from flags, not published`);
    }
    assert.deepEqual(schema.components['shared.seo']?.attributes.canonical, {
      type: 'component',
      component: 'shared.link',
      repeatable: false,
    });
    assert.equal(schema.contentTypes['api::site-setting.site-setting']?.kind, 'singleType');
    assert.equal(schema.contentTypes['api::author.author']?.draftAndPublish, false);
  });

  it('publishes every content-API route Strapi registers, with its zod contracts as JSON Schema', async () => {
    const first = await getJson(strapi, `${BASE}/schema`);
    const second = await getJson(strapi, `${BASE}/schema`);
    assert.equal(stableStringify(first.json), stableStringify(second.json), 'the same payload on every read');
    const { schema } = first.json as SchemaResponse;
    // Strapi's own list (the permissions page reads it), keyed the same way.
    const map = (await getJson(strapi, '/api/probe/routes')).json as Record<
      string,
      { method: string; path: string; handler: unknown }[]
    >;
    const strapiKeys = Object.entries(map)
      .filter(([owner]) => owner !== 'plugin::cms-typed-client')
      .flatMap(([owner, routes]) =>
        routes
          .filter((route) => typeof route.handler === 'string')
          .map((route) => `${owner} ${route.method} ${route.path.replace(/^\/api/, '')}`),
      );
    const published = schema.routes.map((route) => `${route.owner} ${route.method} ${route.path}`);
    assert.deepEqual([...published].sort(), [...new Set(strapiKeys)].sort());
    assert.deepEqual(
      published,
      [...schema.routes]
        .sort((a, b) =>
          a.owner !== b.owner
            ? a.owner < b.owner
              ? -1
              : 1
            : a.path !== b.path
              ? a.path < b.path
                ? -1
                : 1
              : a.method < b.method
                ? -1
                : 1,
        )
        .map((route) => `${route.owner} ${route.method} ${route.path}`),
      'sorted by owner, path, method',
    );
    const route = (method: string, path: string) => {
      const found = schema.routes.find((r) => r.method === method && r.path === path);
      assert.ok(found, `${method} ${path} is published`);
      return found;
    };
    assert.deepEqual(customRoutesByType(schema).get('api::article.article'), [
      { method: 'POST', path: '/articles/:id/like', handler: 'like' },
      { method: 'GET', path: '/articles/popular', handler: 'popular' },
    ]);
    assert.equal(customRoutesByType(schema).get('api::tag.tag'), undefined);
    assert.deepEqual(route('GET', '/articles/popular'), {
      method: 'GET',
      path: '/articles/popular',
      handler: 'api::article.article.popular',
      owner: 'api::article',
      auth: false,
    });
    // Core CRUD routes carry only what the app added (contentAPI.addQueryParams and
    // addInputParams): the client types the rest from the content model.
    assert.deepEqual(Object.keys(route('GET', '/tags')).sort(), [
      'auth',
      'handler',
      'method',
      'owner',
      'path',
    ]);
    assert.deepEqual(route('GET', '/articles').query, { audience: { type: 'string', enum: ['web', 'app'] } });
    assert.deepEqual(Object.keys(route('GET', '/articles')).sort(), [
      'auth',
      'handler',
      'method',
      'owner',
      'path',
      'query',
    ]);
    assert.deepEqual(route('PUT', '/articles/:id').inputParams, {
      editorNote: { type: 'string', maxLength: 200 },
    });
    assert.equal(route('PUT', '/articles/:id').body, undefined);
    const tree = route('GET', '/contract/tree/:slug');
    assert.deepEqual(tree.params, { slug: { type: 'string', minLength: 1 } });
    assert.deepEqual(tree.query?.mode, { type: 'string', enum: ['flat', 'nested'] });
    assert.deepEqual(tree.query?.preview, { type: 'string', enum: ['on', 'off'] }, 'addQueryParams key');
    assert.deepEqual(tree.requiredQuery, ['mode']);
    const treeResponse = tree.response as { properties: Record<string, unknown>; required: string[] };
    assert.deepEqual(treeResponse.properties.generatedAt, { anyOf: [{ type: 'string' }, { type: 'null' }] });
    assert.deepEqual(treeResponse.required, ['root', 'mode', 'generatedAt'], 'note is optional');
    const nodeRef = (treeResponse.properties.root as { $ref: string }).$ref;
    const nodeId = nodeRef.replace('#/definitions/', '');
    assert.deepEqual(schema.definitions[nodeId], {
      type: 'object',
      properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: nodeRef } } },
      required: ['label', 'children'],
      additionalProperties: false,
    });
    const order = route('POST', '/contract/orders');
    const body = order.body as { properties: Record<string, unknown>; required: string[] };
    assert.deepEqual(body.properties.kind, { type: 'string', const: 'order' });
    assert.deepEqual(body.properties.counts, {
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: { type: 'number' },
    });
    assert.equal((body.properties.payment as { oneOf: unknown[] }).oneOf.length, 2);
    assert.deepEqual(body.properties.address, { $ref: '#/definitions/ContractAddress' });
    assert.deepEqual(body.properties.clientRef, { type: 'string', maxLength: 64 }, 'addInputParams key');
    assert.equal(body.required.includes('clientRef'), false);
    assert.equal(
      (schema.definitions.ContractAddress as { additionalProperties: unknown }).additionalProperties,
      false,
    );
    const orderResponse = order.response as { properties: Record<string, unknown> };
    assert.deepEqual(orderResponse.properties.labels, {
      type: 'object',
      properties: {},
      additionalProperties: { type: 'string' },
    });
    assert.deepEqual(orderResponse.properties.status, { type: 'string', enum: ['new', 'paid'] });
    assert.deepEqual(route('GET', '/contract/featured-tag').response, {
      type: 'object',
      properties: { data: { anyOf: [{ 'x-cms-uid': 'api::tag.tag' }, { type: 'null' }] } },
      required: ['data'],
      additionalProperties: false,
    });
    const unconvertible = route('GET', '/contract/unconvertible');
    assert.equal(unconvertible.response, undefined, 'a schema zod cannot convert is left out');
    assert.deepEqual(Object.keys(unconvertible.query ?? {}), ['preview'], 'the rest of the route stays');
    // Definition ids are derived from names and handlers, never zod's or Strapi's random UUIDs.
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
    for (const id of Object.keys(schema.definitions)) assert.doesNotMatch(id, uuid);
    for (const ref of JSON.stringify(schema).matchAll(/"\$ref":"([^"]*)"/g)) {
      assert.match(ref[1] ?? '', /^#\/definitions\//);
      assert.doesNotMatch(ref[1] ?? '', uuid);
    }
    assert.equal(schema.auth?.jwtManagement, 'legacy-support');
    assert.equal(schema.auth?.sessionsHttpOnly, false);
    assert.deepEqual(schema.auth?.routes.login, { method: 'POST', path: '/auth/local' });
    assert.deepEqual(schema.auth?.routes.me, { method: 'GET', path: '/users/me' });
    assert.deepEqual(Object.keys(schema.auth?.routes ?? {}).sort(), [
      'callback',
      'changePassword',
      'emailConfirmation',
      'forgotPassword',
      'login',
      'me',
      'register',
      'resetPassword',
      'sendEmailConfirmation',
    ]);
  });

  it('serves the payload committed as test/fixtures/payloads/kitchen.json', async () => {
    assertMatchesFixture((await getJson(strapi, `${BASE}/schema`)).json, 'kitchen.json');
  });

  it('GET /schema-hash answers {hash} with the same ETag', async () => {
    const { response, json } = await getJson(strapi, `${BASE}/schema-hash`);
    assert.equal(response.status, 200);
    assert.deepEqual(json, { hash: developmentHash });
    assert.equal(response.headers.get('etag'), `"${developmentHash}"`);
  });

  it('answers 304 with no body to a matching If-None-Match, 200 otherwise', async () => {
    for (const path of ['/schema', '/schema-hash']) {
      for (const tag of [
        `"${developmentHash}"`,
        `W/"${developmentHash}"`,
        `"other", "${developmentHash}"`,
        '*',
      ]) {
        const { response, text } = await getJson(strapi, `${BASE}${path}`, { 'If-None-Match': tag });
        assert.equal(response.status, 304, `${path} with If-None-Match ${tag}`);
        assert.equal(text, '');
        assert.equal(response.headers.get('etag'), `"${developmentHash}"`);
      }
      const { response } = await getJson(strapi, `${BASE}${path}`, { 'If-None-Match': '"stale"' });
      assert.equal(response.status, 200);
    }
  });

  it('gzips /schema for a client that accepts it (fetch does), with Vary; the same JSON either way', async () => {
    const get = (headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        request(`${strapi.url}${BASE}/schema`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        })
          .on('error', reject)
          .end();
      });
    const plain = await get({});
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    const zipped = await get({ 'Accept-Encoding': 'gzip, deflate' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(zipped.headers.vary, 'Accept-Encoding');
    assert.match(zipped.headers['content-type'] ?? '', /^application\/json/);
    assert.equal(zipped.headers['content-length'], String(zipped.body.length));
    assert.ok(
      zipped.body.length * 5 < plain.body.length,
      `${zipped.body.length} B gzipped, ${plain.body.length} B plain`,
    );
    assert.equal(gunzipSync(zipped.body).toString(), plain.body.toString());
    const refused = await get({ 'Accept-Encoding': 'gzip;q=0, deflate' });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.equal(refused.body.toString(), plain.body.toString());
    const { response, json } = await getJson(strapi, `${BASE}/schema`);
    assert.equal(response.headers.get('content-encoding'), 'gzip', 'fetch asked for gzip and read it');
    assert.deepEqual(json, JSON.parse(plain.body.toString()));
  });

  it('contains no admin:: model and no secret of any kind', async () => {
    const { text } = await getJson(strapi, `${BASE}/schema`);
    const around = (needle: string) =>
      text.slice(Math.max(0, text.indexOf(needle) - 200), text.indexOf(needle) + 50);
    assert.ok(!text.includes('admin::'), `an admin:: model is named: ...${around('admin::')}`);
    assert.ok(!text.includes('SECRETVALUE'), 'no configured secret (app keys, salts, JWT secrets)');
    for (const token of Object.values(strapi.seed.tokens)) assert.ok(!text.includes(token), 'no API token');
    assert.ok(!text.includes(strapi.seed.user.password), 'no user password');
  });

  it('/schema-watch sends `connected` with the hash, then heartbeats', async () => {
    const watch = await openWatch(strapi.url);
    try {
      assert.equal(watch.status, 200);
      assert.match(watch.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.equal(watch.headers.get('cache-control'), 'no-cache, no-transform');
      assert.equal(
        watch.headers.get('x-heartbeat-interval'),
        '1000',
        'the configured interval, for watchers',
      );
      assert.equal(await watch.connected(), developmentHash);
      const item = await watch.next(3_000);
      assert.deepEqual(item, { kind: 'comment', text: 'heartbeat' });
    } finally {
      watch.close();
    }
  });

  it('200 watch clients connected then gone leave no open handle behind', async () => {
    const baseline = await probe(strapi);
    await eventually(async () => (await probe(strapi)).plugin.watchClients === 0, 5_000, 'no watch client');
    const clients = await Promise.all(Array.from({ length: 200 }, () => openWatch(strapi.url)));
    const hashes = await Promise.all(clients.map((client) => client.connected()));
    assert.ok(hashes.every((hash) => hash === developmentHash));
    assert.equal((await probe(strapi)).plugin.watchClients, 200);
    for (const client of clients) client.close();
    await eventually(
      async () => (await probe(strapi)).plugin.watchClients === 0,
      5_000,
      'watch clients to be freed',
    );
    await eventually(
      async () => {
        const now = (await probe(strapi)).resources;
        return (
          (now.TCPSocketWrap ?? 0) <= (baseline.resources.TCPSocketWrap ?? 0) + 1 &&
          (now.Timeout ?? 0) <= (baseline.resources.Timeout ?? 0)
        );
      },
      5_000,
      'sockets and heartbeat timer to be released',
    );
  });

  it('stops within 3 s with watch clients still connected, ending their streams', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => openWatch(strapi.url)));
    await Promise.all(clients.map((client) => client.connected()));
    const stopMs = await strapi.stop();
    assert.ok(stopMs < 3_000, `stopped in ${stopMs} ms`);
    for (const client of clients) assert.equal(await client.next(2_000), null, 'stream ended');
  });
});

describe('plugin in production (requireAuth on by default)', () => {
  let strapi: RunningStrapi;
  before(async () => {
    strapi = await startStrapi(createApp('plugin', { fresh: false }), {
      env: { NODE_ENV: 'production' },
      nodeArgs: ['--expose-gc'],
    });
  });
  after(() => strapi?.stop());

  const endpoints = ['/schema', '/schema-hash', '/schema-watch'];

  async function status(path: string, headers: Record<string, string>): Promise<number> {
    if (path === '/schema-watch') {
      const watch = await openWatch(strapi.url, headers);
      watch.close();
      return watch.status;
    }
    return (await getJson(strapi, `${BASE}${path}`, headers)).response.status;
  }

  it('has the same hash as the development boot of the same app', async () => {
    const { json } = await getJson(strapi, `${BASE}/schema-hash`, {
      Authorization: `Bearer ${strapi.seed.tokens.readOnly}`,
    });
    assert.ok(developmentHash, 'the development boot ran first');
    assert.deepEqual(json, { hash: developmentHash });
  });

  it('refuses anonymous, malformed, random, revoked, expired and non-reading tokens with 401', async () => {
    const { tokens } = strapi.seed;
    const refused: Record<string, Record<string, string>> = {
      'no header': {},
      'empty header': { Authorization: '' },
      'Basic scheme': { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      'Bearer without token': { Authorization: 'Bearer' },
      'Bearer with two parts': { Authorization: `Bearer ${tokens.readOnly} extra` },
      'huge header': { Authorization: `Bearer ${'x'.repeat(8_000)}` },
      'random token': { Authorization: `Bearer ${'ab12'.repeat(64)}` },
      'revoked token': { Authorization: `Bearer ${tokens.revoked}` },
      'expired token': { Authorization: `Bearer ${tokens.expired}` },
      'custom token without read permission': { Authorization: `Bearer ${tokens.customNoRead}` },
    };
    for (const [label, headers] of Object.entries(refused)) {
      for (const path of endpoints) assert.equal(await status(path, headers), 401, `${label} on ${path}`);
    }
  });

  it('answers 401 with Strapi error body, also for a matching If-None-Match', async () => {
    const { response, json } = await getJson(strapi, `${BASE}/schema`, {
      'If-None-Match': `"${developmentHash}"`,
    });
    assert.equal(response.status, 401);
    assert.deepEqual(json, {
      data: null,
      error: {
        status: 401,
        name: 'UnauthorizedError',
        message: 'Missing or invalid credentials',
        details: {},
      },
    });
    const expired = await getJson(strapi, `${BASE}/schema`, {
      Authorization: `Bearer ${strapi.seed.tokens.expired}`,
    });
    assert.equal((expired.json as { error: { message: string } }).error.message, 'Token expired');
  });

  it('accepts read-only, full-access and custom API tokens on every endpoint', async () => {
    const { tokens } = strapi.seed;
    for (const token of [tokens.readOnly, tokens.fullAccess, tokens.custom]) {
      for (const path of endpoints)
        assert.equal(await status(path, { Authorization: `Bearer ${token}` }), 200, path);
      const conditional = await getJson(strapi, `${BASE}/schema-hash`, {
        Authorization: `bearer ${token}`,
        'If-None-Match': `"${developmentHash}"`,
      });
      assert.equal(conditional.response.status, 304);
    }
  });

  it('HEAD answers the GET head with no body; HEAD on /schema-watch holds nothing open', async () => {
    const auth = { Authorization: `Bearer ${strapi.seed.tokens.readOnly}` };
    for (const path of ['/schema', '/schema-hash']) {
      const get = await raw(strapi, 'GET', `${BASE}${path}`, auth);
      const head = await raw(strapi, 'HEAD', `${BASE}${path}`, auth);
      assert.equal(head.status, 200, path);
      assert.equal(head.body, '', path);
      assert.equal(head.headers['content-length'], String(Buffer.byteLength(get.body)), path);
      assert.equal(head.headers.etag, `"${developmentHash}"`, path);
      assert.equal((await raw(strapi, 'HEAD', `${BASE}${path}`)).status, 401, `${path} without a token`);
    }
    const before = (await probe(strapi)).plugin.watchClients;
    const head = await raw(strapi, 'HEAD', `${BASE}/schema-watch`, auth, 2_000);
    assert.equal(head.status, 200);
    assert.match(head.headers['content-type'] ?? '', /^text\/event-stream/);
    assert.equal(head.headers['x-heartbeat-interval'], '15000');
    assert.equal((await probe(strapi)).plugin.watchClients, before, 'no stream was registered');
    assert.equal((await raw(strapi, 'HEAD', `${BASE}/schema-watch`)).status, 401);
  });

  it('OPTIONS, other methods, unknown or malformed query parameters and odd headers never get a 500', async () => {
    const auth = { Authorization: `Bearer ${strapi.seed.tokens.readOnly}` };
    for (const path of endpoints) {
      const options = await raw(strapi, 'OPTIONS', `${BASE}${path}`);
      assert.equal(options.status, 200, `OPTIONS ${path}`);
      assert.equal(options.headers.allow, 'HEAD, GET', `OPTIONS ${path}`);
      assert.equal(options.body, '');
      const preflight = await raw(strapi, 'OPTIONS', `${BASE}${path}`, {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      });
      assert.equal(preflight.status, 204, `preflight ${path}`);
      assert.match(preflight.headers['access-control-allow-headers'] ?? '', /Authorization/);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const answer = await raw(strapi, method, `${BASE}${path}`, auth);
        assert.equal(answer.status, 405, `${method} ${path}`);
        assert.equal(answer.headers.allow, 'HEAD, GET');
      }
    }
    const expected = (await raw(strapi, 'GET', `${BASE}/schema-hash`, auth)).body;
    const queries = [
      'foo=bar',
      'populate=*&filters[title][$eq]=x&pagination[page]=1',
      '%E0%A4%A=1&%ZZ=%',
      `${'a'.repeat(200)}=${'b'.repeat(4_000)}`,
      `${'[x]'.repeat(40)}=deep`,
      Array.from({ length: 1_500 }, (_, i) => `p${i}=${i}`).join('&'),
      '__proto__[polluted]=1&constructor[prototype][polluted]=1',
      'hash=0000&token=x',
    ];
    for (const query of queries) {
      const answer = await raw(strapi, 'GET', `${BASE}/schema-hash?${query}`, auth);
      assert.equal(answer.status, 200, query.slice(0, 60));
      assert.equal(answer.body, expected, query.slice(0, 60));
      assert.equal((await raw(strapi, 'GET', `${BASE}/schema?${query}`, auth)).status, 200);
      assert.equal((await raw(strapi, 'GET', `${BASE}/schema-hash?${query}`)).status, 401);
    }
    const odd: Record<string, Record<string, string>> = {
      'If-None-Match garbage': { ...auth, 'If-None-Match': '"\u00ff\u00fe", W/, *x, ""' },
      'Authorization in latin-1': { Authorization: 'Bearer caf\u00e9' },
      'Authorization with a tab': { Authorization: `Bearer\t${strapi.seed.tokens.readOnly}` },
      'token of 1,024 characters': { Authorization: `Bearer ${'f'.repeat(1_024)}` },
      'token of 1,025 characters': { Authorization: `Bearer ${'f'.repeat(1_025)}` },
      'Accept: text/html': { ...auth, Accept: 'text/html' },
      'Content-Type with a body-less GET': { ...auth, 'Content-Type': 'application/json' },
    };
    for (const [label, headers] of Object.entries(odd)) {
      for (const path of endpoints) {
        const answer = await raw(strapi, 'GET', `${BASE}${path}`, headers, 1_000);
        assert.ok(answer.status < 500, `${label} on ${path}: ${answer.status}`);
        assert.ok([200, 304, 401].includes(answer.status), `${label} on ${path}: ${answer.status}`);
      }
    }
    // Past Node's 16 KiB header limit Strapi never sees the request: a bare 431.
    const huge = await raw(strapi, 'GET', `${BASE}/schema`, {
      Authorization: `Bearer ${'x'.repeat(20_000)}`,
    });
    assert.equal(huge.status, 431);
    assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
    const log = strapi.output();
    assert.match(log, /GET \/api\/cms-typed-client\/schema-hash/, 'the requests were logged');
    for (const token of Object.values(strapi.seed.tokens))
      assert.ok(!log.includes(token), 'no token in the log');
  });

  it('holds /schema-hash, /schema and /schema-watch connects under load with zero errors and no memory growth', {
    timeout: 180_000,
  }, async (t) => {
    const auth = { Authorization: `Bearer ${strapi.seed.tokens.readOnly}` };
    const memory = async () => {
      const { json } = await getJson(strapi, '/api/probe/memory');
      const usage = json as { collected: boolean; rss: number; heapUsed: number; external: number };
      assert.ok(usage.collected, 'Strapi runs with --expose-gc');
      return usage;
    };
    const round = async () => {
      const results = [];
      for (const path of ['/schema-hash', '/schema']) {
        const started = performance.now();
        const result = await autocannon({
          url: `${strapi.url}${BASE}${path}`,
          headers: auth,
          connections: 50,
          amount: 2_000,
          timeout: 10,
        });
        results.push({ path, result, seconds: (performance.now() - started) / 1000 });
      }
      let watchErrors = 0;
      for (let wave = 0; wave < 5; wave++) {
        const clients = await Promise.all(Array.from({ length: 200 }, () => openWatch(strapi.url, auth)));
        const hashes = await Promise.all(clients.map((client) => client.connected().catch(() => '')));
        watchErrors += hashes.filter((hash) => hash !== developmentHash).length;
        for (const client of clients) client.close();
      }
      return { results, watchErrors };
    };
    await round(); // warm-up: JIT, pools, caches
    await eventually(async () => (await probe(strapi)).plugin.watchClients === 0, 5_000, 'streams freed');
    const before = await memory();
    let last: Awaited<ReturnType<typeof round>> | undefined;
    for (let i = 0; i < 2; i++) {
      last = await round();
      for (const { path, result } of last.results) {
        assert.equal(result.errors, 0, `${path}: connection errors`);
        assert.equal(result.timeouts, 0, `${path}: timeouts`);
        assert.equal(result.non2xx, 0, `${path}: non-2xx answers`);
        assert.equal(result.requests.total, 2_000, `${path}: every request answered`);
      }
      assert.equal(last.watchErrors, 0, 'every watch stream got its connected event');
    }
    await eventually(async () => (await probe(strapi)).plugin.watchClients === 0, 5_000, 'streams freed');
    const after = await memory();
    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    for (const { path, result, seconds } of last?.results ?? [])
      t.diagnostic(
        `${path}: ${Math.round(result.requests.total / seconds)} req/s, p99 ${result.latency.p99} ms`,
      );
    t.diagnostic(
      `RSS ${mb(before.rss)} MB before, ${mb(after.rss)} MB after; heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} MB (8,000 requests and 2,000 watch connects)`,
    );
    assert.ok(after.heapUsed - before.heapUsed < 4 * 2 ** 20, 'the heap after a full GC did not grow');
    assert.ok(after.rss - before.rss < 24 * 2 ** 20, 'RSS did not grow');
  });

  it('a watcher reconnecting after a restart receives the new hash', async () => {
    const headers = { Authorization: `Bearer ${strapi.seed.tokens.readOnly}` };
    const first = await openWatch(strapi.url, headers);
    assert.equal(await first.connected(), developmentHash);
    const { port } = strapi;
    await strapi.stop();
    assert.equal(await first.next(2_000), null, 'the stream ends when Strapi stops');
    strapi = await startStrapi(createApp('plugin', { fresh: false }), {
      port,
      env: { NODE_ENV: 'production', UP_JWT_MANAGEMENT: 'refresh' },
    });
    const fresh = { Authorization: `Bearer ${strapi.seed.tokens.readOnly}` };
    const second = await openWatch(strapi.url, fresh);
    assert.equal(second.status, 200);
    try {
      const hash = await second.connected();
      assert.notEqual(hash, developmentHash, 'switching jwtManagement to refresh changes the hash');
      const { json } = await getJson(strapi, `${BASE}/schema`, fresh);
      const { schema } = json as SchemaResponse;
      assertMatchesFixture(json, 'kitchen-refresh.json');
      assert.equal(schema.auth?.jwtManagement, 'refresh');
      assert.deepEqual(schema.auth?.routes.refresh, { method: 'POST', path: '/auth/refresh' });
      assert.deepEqual(schema.auth?.routes.logout, { method: 'POST', path: '/auth/logout' });
      assert.deepEqual(schema.auth?.routes.sessions, { method: 'GET', path: '/auth/sessions' });
      assert.deepEqual(schema.auth?.routes.revokeSession, {
        method: 'DELETE',
        path: '/auth/sessions/:sessionId',
      });
    } finally {
      second.close();
    }
  });
});

describe('plugin configuration', () => {
  it('requireAuth: false in production leaves the endpoints public; maxWatchClients caps the streams', async () => {
    const strapi = await startStrapi(createApp('plugin', { fresh: false }), {
      env: {
        NODE_ENV: 'production',
        CTC_CONFIG: JSON.stringify({ requireAuth: false, maxWatchClients: 3 }),
        // Also: one route's response schema changed, and strapi-plugin-navigation enabled.
        CTC_CONTRACT_VARIANT: 'number',
        CTC_NAVIGATION: 'true',
      },
    });
    const open: Awaited<ReturnType<typeof openWatch>>[] = [];
    try {
      assert.equal((await getJson(strapi, `${BASE}/schema-hash`)).response.status, 200);
      const body = (await getJson(strapi, `${BASE}/schema`)).json as SchemaResponse;
      assert.notEqual(body.hash, developmentHash);
      const { schema } = body;
      // strapi-plugin-navigation's content-API routes and content types are published.
      const navigation = schema.routes.filter((route) => route.owner === 'plugin::navigation');
      assert.deepEqual(
        navigation.map(({ method, path, handler, auth }) => ({ method, path, handler, auth })),
        [
          { method: 'GET', path: '/navigation/', handler: 'plugin::navigation.client.readAll', auth: true },
          {
            method: 'GET',
            path: '/navigation/render/:idOrSlug',
            handler: 'plugin::navigation.client.render',
            auth: true,
          },
          {
            method: 'GET',
            path: '/navigation/render/:idOrSlug/:childUIKey',
            handler: 'plugin::navigation.client.renderChild',
            auth: true,
          },
        ],
      );
      const navigationTypes = Object.keys(schema.contentTypes).filter((uid) =>
        uid.startsWith('plugin::navigation.'),
      );
      assert.ok(navigationTypes.includes('plugin::navigation.navigation-item'), navigationTypes.join());
      const variant = schema.routes.find((route) => route.path === '/contract/variant');
      assert.deepEqual((variant?.response as { properties?: unknown } | undefined)?.properties, {
        value: { type: 'number' },
      });
      // Without navigation and with the development boot's variant schema, the payload is the development one.
      const development = readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8');
      const developmentSchema = (JSON.parse(development) as SchemaResponse).schema;
      const stripped = {
        ...schema,
        contentTypes: Object.fromEntries(
          Object.entries(schema.contentTypes).filter(([uid]) => !uid.startsWith('plugin::navigation.')),
        ),
        routes: schema.routes
          .filter((route) => route.owner !== 'plugin::navigation')
          .map((route) =>
            route.path === '/contract/variant'
              ? (developmentSchema.routes.find((r) => r.path === '/contract/variant') ?? route)
              : route,
          ),
      };
      assert.equal(stableStringify(stripped), stableStringify(developmentSchema));
      assert.equal(schemaHash(developmentSchema), developmentHash);
      for (let i = 0; i < 3; i++) open.push(await openWatch(strapi.url));
      assert.deepEqual(
        open.map((watch) => watch.status),
        [200, 200, 200],
      );
      const over = await getJson(strapi, `${BASE}/schema-watch`);
      assert.equal(over.response.status, 503);
      assert.equal(over.response.headers.get('retry-after'), '5');
      assert.deepEqual(over.json, {
        data: null,
        error: {
          status: 503,
          name: 'ServiceUnavailableError',
          message: 'Too many open schema-watch streams; retry later',
          details: {},
        },
      });
      assert.equal(
        (await getJson(strapi, `${BASE}/schema`)).response.status,
        200,
        'the other endpoints still answer',
      );
      open.shift()?.close();
      await eventually(async () => (await probe(strapi)).plugin.watchClients === 2, 5_000, 'a slot to free');
      const again = await openWatch(strapi.url);
      open.push(again);
      assert.equal(again.status, 200, 'a freed slot is reused');
      for (const watch of open.splice(0)) watch.close();

      // The plugin's routes through the generated client: one property, a method per route.
      const { generated } = await generateClient(strapi, 'plugin-navigation');
      const Client = generated.CmsClient as new (
        config: object,
      ) => {
        navigation: Record<string, (...args: unknown[]) => Promise<unknown>>;
      };
      const cms = new Client({ baseURL: strapi.url, token: strapi.seed.tokens.fullAccess });
      assert.deepEqual(Object.keys(cms.navigation).sort(), ['readAll', 'render', 'renderChild']);
      const navigations = (await cms.navigation.readAll!()) as { documentId: string; slug: string }[];
      assert.ok(Array.isArray(navigations) && navigations.length > 0, JSON.stringify(navigations));
      const rendered = await cms.navigation.render!(navigations[0]!.slug);
      assert.ok(Array.isArray(rendered), JSON.stringify(rendered));
    } finally {
      for (const watch of open) watch.close();
      await strapi.stop();
    }
  });

  it('a disabled plugin answers 404 on every endpoint', async () => {
    const strapi = await startStrapi(createApp('plugin', { fresh: false }), {
      env: { CTC_ENABLED: 'false' },
    });
    try {
      for (const path of ['/schema', '/schema-hash', '/schema-watch']) {
        assert.equal((await getJson(strapi, `${BASE}${path}`)).response.status, 404, path);
      }
    } finally {
      await strapi.stop();
    }
  });

  it('invalid config values fail the boot with a message that says what to fix', async () => {
    const app = createApp('plugin', { fresh: false });
    const wrongType = await bootFailure(app, { env: { CTC_CONFIG: JSON.stringify({ requireAuth: 'yes' }) } });
    assert.match(wrongType.output, /'requireAuth' must be true or false, got the string "yes"/);
    const unknown = await bootFailure(app, { env: { CTC_CONFIG: JSON.stringify({ requireAuht: true }) } });
    assert.match(
      unknown.output,
      /unknown option 'requireAuht'\. Known options: requireAuth, heartbeatInterval, maxWatchClients/,
    );
  });
});

describe('schema changes', () => {
  it('adding an attribute and restarting changes the hash', async () => {
    const changed = createApp('plugin-changed');
    const schemaPath = join(changed.dir, 'src/api/tag/content-types/tag/schema.json');
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
    schema.attributes.color = { type: 'string' };
    writeFileSync(schemaPath, JSON.stringify(schema, null, 2));
    const strapi = await startStrapi(changed);
    try {
      const { json } = await getJson(strapi, `${BASE}/schema`);
      const body = json as SchemaResponse;
      assert.deepEqual(body.schema.contentTypes['api::tag.tag']?.attributes.color, { type: 'string' });
      assert.ok(developmentHash, 'the development boot ran first');
      assert.notEqual(body.hash, developmentHash);
    } finally {
      await strapi.stop();
    }
  });
});
