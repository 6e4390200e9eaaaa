/**
 * The schema plugin against a real Strapi 5.54 (SQLite, headless), installed from `npm pack`.
 * Boots, in order: development (default config), production (requireAuth by default), refresh
 * mode on the same port (watch reconnect), production with requireAuth off, disabled plugin,
 * a changed content type, and invalid configs that must fail the boot.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { schemaHash } from '../../src/schema/hash.ts';
import { stableStringify } from '../../src/schema/stable-json.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { bootFailure, createApp, type RunningStrapi, startStrapi, type TestApp } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';
import { eventually, openWatch } from '../helpers/watch-client.ts';

/** The committed payload fixtures the generator's tests use must be what Strapi serves. */
function assertMatchesFixture(body: unknown, file: string): void {
  const committed = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/payloads', file), 'utf8'));
  assert.equal(stableStringify(body), stableStringify(committed), `${file} is stale: run npm run fixtures`);
}

const BASE = '/api/cms-typed-client';
const app: TestApp = createApp('plugin');
let developmentHash = '';

async function getJson(strapi: RunningStrapi, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${strapi.url}${path}`, { headers });
  const text = await response.text();
  return { response, text, json: text ? (JSON.parse(text) as unknown) : undefined };
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
    ]);
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

  it('publishes custom controller routes and the users-permissions setup', async () => {
    const { json } = await getJson(strapi, `${BASE}/schema`);
    const { schema } = json as SchemaResponse;
    assert.deepEqual(schema.contentTypes['api::article.article']?.routes, [
      { method: 'POST', path: '/articles/:id/like', handler: 'like' },
      { method: 'GET', path: '/articles/popular', handler: 'popular' },
    ]);
    assert.deepEqual(schema.contentTypes['api::tag.tag']?.routes, []);
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
    strapi = await startStrapi(createApp('plugin', { fresh: false }), { env: { NODE_ENV: 'production' } });
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
  it('requireAuth: false in production leaves the endpoints public', async () => {
    const strapi = await startStrapi(createApp('plugin', { fresh: false }), {
      env: { NODE_ENV: 'production', CTC_CONFIG: JSON.stringify({ requireAuth: false }) },
    });
    try {
      assert.equal((await getJson(strapi, `${BASE}/schema-hash`)).response.status, 200);
    } finally {
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
