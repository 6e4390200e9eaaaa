/**
 * Webhooks from a real Strapi 5 (the kitchen-sink app) to a loopback receiver. The test app
 * registers a webhook at bootstrap (CTC_WEBHOOK_URL, CTC_WEBHOOK_SECRET: `Authorization: Bearer
 * <secret>`), the client the CLI generates drives entry events on a draft-and-publish type
 * (promos), types without drafts (authors), a single type (site-setting) and media events; the
 * admin API unpublishes and publishes, as an editor does; a registration creates a
 * users-permissions User. Every delivery is recorded with its
 * headers and body. Then:
 * - every expected event arrived, once per row (a deleted draft-and-publish entry: twice);
 * - every recorded payload compiles as a literal typed `CmsWebhookEvent` (an extra or a missing
 *   property is an error, which two altered payloads show);
 * - every delivery, rebuilt as a `Request` with its real headers and body, passes the generated
 *   `handleCmsWebhook` (the event as sent, the right tags), and a wrong secret and tampered
 *   bodies are refused;
 * - the tags it returns for a delivery include every tag a real read of that entry carried (the
 *   client's default tags, recorded from its fetch), and those of a read that populated it.
 * One boot for the file; the receiver listens on 127.0.0.1 only.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { compileOffThread } from '../helpers/compile.ts';
import { generateClient } from '../helpers/generated-client.ts';
import { png } from '../helpers/png.ts';

// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

const SECRET = 'webhook-secret-2f9c1d7a';

interface Delivery {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const deliveries: Delivery[] = [];
let receiver: Server;
let receiverURL: string;
let strapi: RunningStrapi;
let project: string;
let generated: Any;
let cms: Any;
/** documentId by role, filled while driving. */
const ids: Record<string, string> = {};
/**
 * The reads driven below: the entry each returned (`entry`) or populated (`populates`), and the
 * tags its fetch carried.
 */
const reads: { role: string; what: string; kind: 'entry' | 'populates'; tags: string[] }[] = [];
/** A client whose fetch records the tags of each request (`init.next.tags`). */
let reader: Any;
let lastTags: string[] | undefined;

/** Reads through `reader` and records the tags it sent, as a read of the entry of `role`. */
async function recordRead(
  role: string,
  what: string,
  read: () => Promise<unknown>,
  kind: 'entry' | 'populates' = 'entry',
): Promise<void> {
  lastTags = undefined;
  assert.ok(await read(), `${what} found the entry`);
  assert.ok(lastTags, `${what} carried tags`);
  reads.push({ role, what, kind, tags: lastTags });
}

function payloads(): Any[] {
  return deliveries.map((delivery) => JSON.parse(delivery.body));
}

/** Resolves once `count` deliveries matching `match` arrived (Strapi posts after the commit). */
async function waitFor(match: (payload: Any) => boolean, count = 1, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (payloads().filter(match).length < count) {
    if (Date.now() > deadline)
      assert.fail(
        `waited for ${count} deliveries, got ${payloads().filter(match).length} of ${deliveries.length}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `POST /admin/register-admin`: the first admin, as a fresh app allows; returns its JWT. */
async function adminToken(): Promise<string> {
  const response = await fetch(`${strapi.url}/admin/register-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstname: 'Hook',
      lastname: 'Editor',
      email: 'editor@example.test',
      password: 'Editor-password-1',
    }),
  });
  const body = (await response.json()) as Any;
  assert.equal(response.status, 200, JSON.stringify(body));
  return body.data.token;
}

/** A content-manager action, as the admin panel sends it. */
async function contentManager(token: string, path: string, method = 'POST'): Promise<void> {
  const response = await fetch(`${strapi.url}/content-manager${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: method === 'POST' ? '{}' : null,
  });
  assert.ok(response.ok, `${path}: ${response.status} ${await response.text()}`);
}

before(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  assert.ok(address !== null && typeof address === 'object');
  receiverURL = `http://127.0.0.1:${address.port}/api/revalidate`;
  strapi = await startStrapi(createApp('webhooks'), {
    env: { CTC_WEBHOOK_URL: receiverURL, CTC_WEBHOOK_SECRET: SECRET },
  });
  ({ project, generated } = await generateClient(strapi, 'webhooks-e2e', strapi.seed.tokens.readOnly));
  cms = new generated.CmsClient({ baseURL: strapi.url, token: strapi.seed.tokens.fullAccess });
  reader = new generated.CmsClient({
    baseURL: strapi.url,
    token: strapi.seed.tokens.fullAccess,
    fetch: (url: string, init: RequestInit & { next?: { tags?: string[] } }) => {
      lastTags = init.next?.tags;
      return fetch(url, init);
    },
  });
});

after(async () => {
  await strapi?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** What the drive below makes Strapi send: [event, uid, role], one per delivery. */
const EXPECTED: [string, string, string][] = [
  ['media.create', 'plugin::upload.file', 'image'],
  ['entry.create', 'api::author.author', 'author'],
  ['entry.update', 'api::author.author', 'author'],
  ['entry.delete', 'api::author.author', 'author'],
  // Strapi's docs say webhooks skip the users-permissions User; 5.54 sends its events.
  ['entry.create', 'plugin::users-permissions.user', 'user'],
  ['entry.create', 'api::article.article', 'article'],
  ['entry.update', 'api::article.article', 'article'],
  // A draft created, updated as a draft, then updated without `status`: Strapi updates the draft
  // and publishes it.
  ['entry.create', 'api::promo.promo', 'draft'],
  ['entry.update', 'api::promo.promo', 'draft'],
  ['entry.update', 'api::promo.promo', 'draft'],
  ['entry.publish', 'api::promo.promo', 'draft'],
  // Created published: the draft is created, then published.
  ['entry.create', 'api::promo.promo', 'published'],
  ['entry.publish', 'api::promo.promo', 'published'],
  // The admin's unpublish; its publish updates the draft, then publishes.
  ['entry.unpublish', 'api::promo.promo', 'published'],
  ['entry.update', 'api::promo.promo', 'published'],
  ['entry.publish', 'api::promo.promo', 'published'],
  // Deleted: once per row, the draft and the published version.
  ['entry.delete', 'api::promo.promo', 'published'],
  ['entry.delete', 'api::promo.promo', 'published'],
  // A single type's first write creates it.
  ['entry.create', 'api::site-setting.site-setting', 'setting'],
  ['entry.update', 'api::site-setting.site-setting', 'setting'],
  ['entry.delete', 'api::site-setting.site-setting', 'setting'],
  ['media.update', 'plugin::upload.file', 'image'],
  ['media.delete', 'plugin::upload.file', 'image'],
];

function documentIdOf(payload: Any): string {
  return (payload.entry ?? payload.media).documentId;
}

describe('webhooks from a real Strapi', () => {
  it('delivers every event of entries (with and without drafts, a single type) and media', async () => {
    const form = new FormData();
    form.append('files', new Blob([png(2, 2)], { type: 'image/png' }), 'hook.png');
    const [image] = await cms.upload.upload(form);
    ids.image = image.documentId;

    const author = await cms.authors.create({ name: 'Hook author', email: 'hook@example.test' });
    ids.author = author.documentId;
    await cms.authors.update(author.documentId, { name: 'Hook author 2' });
    await recordRead('author', 'authors.findOne', () => reader.authors.findOne(author.documentId));
    await recordRead('author', 'authors.find', () => reader.authors.find({ fields: ['name'] }));

    // A registration: users-permissions creates the user through the document service.
    const registration = await fetch(`${strapi.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'hooked',
        email: 'hooked@example.test',
        password: 'Hooked-password-1',
      }),
    });
    const registered = (await registration.json()) as Any;
    assert.equal(registration.status, 200, JSON.stringify(registered));
    ids.user = registered.user.documentId;

    const article = await cms.articles.create(
      { title: 'Hook article', slug: 'hook-article' },
      { status: 'draft' },
    );
    ids.article = article.documentId;
    await cms.articles.update(
      article.documentId,
      {
        author: author.documentId,
        seo: { metaTitle: 'Hook', metaImage: image.id, canonical: { url: 'https://example.test/hook' } },
        sections: [
          { __component: 'sections.hero', heading: 'Hi', image: image.id, cta: { url: '/go', label: 'Go' } },
          { __component: 'sections.text-block', body: 'Text', align: 'left' },
        ],
        internalNote: 'private: never in a webhook',
      },
      { status: 'draft' },
    );

    const draft = await cms.promos.create({ title: 'Hook draft' }, { status: 'draft' });
    ids.draft = draft.documentId;
    await cms.promos.update(
      draft.documentId,
      {
        title: 'Hook draft 2',
        rank: 1,
        image: image.id,
        link: { type: 'external', label: 'x', href: 'https://example.test' },
        article: article.documentId,
      },
      { status: 'draft' },
    );
    await cms.promos.update(draft.documentId, { title: 'Hook draft 3' });
    await recordRead('article', 'articles.findOne (draft)', () =>
      reader.articles.findOne(article.documentId, { status: 'draft', populate: { author: true } }),
    );
    // Reads that populate what a later change touches: the author through articles, the image
    // through promos, the article through promos (its draft).
    await recordRead(
      'author',
      'articles.find populating author',
      () => reader.articles.findWithMeta({ status: 'draft', populate: { author: true } }),
      'populates',
    );
    await recordRead(
      'article',
      'promos.find populating article',
      () => reader.promos.find({ status: 'draft', populate: { article: true } }),
      'populates',
    );
    await recordRead(
      'image',
      'promos.findOne populating image',
      () => reader.promos.findOne(draft.documentId, { populate: { image: true } }),
      'populates',
    );

    const published = await cms.promos.create({
      title: 'Hook published',
      rank: 2,
      image: image.id,
      link: { type: 'internal', label: 'y', href: '/y' },
    });
    ids.published = published.documentId;
    const admin = await adminToken();
    const promoPath = `/collection-types/api::promo.promo/${published.documentId}/actions`;
    await contentManager(admin, `${promoPath}/unpublish`);
    await waitFor((p) => p.event === 'entry.unpublish');
    await contentManager(admin, `${promoPath}/publish`);
    await waitFor((p) => p.event === 'entry.publish' && p.entry.documentId === published.documentId, 2);
    await cms.promos.delete(published.documentId);

    const setting = await cms.siteSetting.update({
      siteName: 'Hooked',
      socialLinks: [{ url: 'https://a.test' }],
    });
    ids.setting = setting.documentId;
    await cms.siteSetting.update({ siteName: 'Hooked again' });
    await recordRead('setting', 'siteSetting.find', () => reader.siteSetting.find());
    // The client's single types have no delete: the admin's, as an editor deletes it.
    await contentManager(admin, '/single-types/api::site-setting.site-setting', 'DELETE');
    await cms.authors.delete(author.documentId);

    // The client has no call for the file information: the REST route the media library uses.
    const info = new FormData();
    info.append('fileInfo', JSON.stringify({ alternativeText: 'A hook' }));
    const updated = await fetch(`${strapi.url}/api/upload?id=${image.id}`, {
      method: 'POST',
      body: info,
      headers: { authorization: `Bearer ${strapi.seed.tokens.fullAccess}` },
    });
    assert.equal(updated.status, 200, await updated.text());
    await cms.upload.delete(image.id);

    await waitFor(() => true, EXPECTED.length);
    // Nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    writeFileSync(join(project, 'deliveries.json'), JSON.stringify(deliveries, null, 2));

    const roleOf = new Map(Object.entries(ids).map(([role, id]) => [id, role]));
    const got = payloads().map((p) =>
      [p.event, p.uid ?? 'plugin::upload.file', roleOf.get(documentIdOf(p))].join(' '),
    );
    const want = EXPECTED.map((parts) => parts.join(' '));
    assert.deepEqual([...got].sort(), [...want].sort(), `in order of arrival:\n${got.join('\n')}`);
  });

  it('sends what its source says: headers, envelope, populate and sanitizing', () => {
    for (const delivery of deliveries) {
      const payload = JSON.parse(delivery.body);
      assert.equal(delivery.method, 'POST');
      assert.equal(delivery.path, '/api/revalidate');
      assert.equal(delivery.headers.authorization, `Bearer ${SECRET}`);
      assert.equal(delivery.headers['x-strapi-event'], payload.event);
      assert.equal(delivery.headers['content-type'], 'application/json');
      assert.match(payload.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      if (payload.uid !== undefined) assert.equal(payload.model, payload.uid.split('.').at(-1));
    }
    const all = payloads();
    const find = (event: string, role: string, last = false) => {
      const matches = all.filter((p) => p.event === event && documentIdOf(p) === ids[role]);
      const found = last ? matches.at(-1) : matches[0];
      assert.ok(found, `${event} of ${role}`);
      return found;
    };
    // Create and update on a draft-and-publish type: the draft, deep-populated.
    const articleUpdate = find('entry.update', 'article');
    assert.equal(articleUpdate.entry.publishedAt, null);
    assert.equal(articleUpdate.entry.author.name, 'Hook author 2');
    assert.equal(articleUpdate.entry.seo.metaImage.documentId, ids.image);
    assert.equal(articleUpdate.entry.seo.canonical.url, 'https://example.test/hook');
    assert.equal(articleUpdate.entry.sections[0].__component, 'sections.hero');
    assert.equal(articleUpdate.entry.sections[0].cta.url, '/go');
    assert.equal(articleUpdate.entry.sections[0].image.documentId, ids.image);
    // Private fields removed; `localizations` (virtual) is never populated.
    assert.ok(!('internalNote' in articleUpdate.entry));
    assert.ok(!('localizations' in articleUpdate.entry));
    // Relations one level deep, scalar fields only.
    assert.ok(!('articles' in articleUpdate.entry.author));
    // Publish: the published version (a new row id), its relation to a never published entry dropped.
    const publish = find('entry.publish', 'draft');
    assert.equal(typeof publish.entry.publishedAt, 'string');
    assert.equal(publish.entry.article, null);
    assert.notEqual(publish.entry.id, find('entry.create', 'draft').entry.id);
    // Unpublish from the admin: what it read, relations as counts.
    const unpublish = find('entry.unpublish', 'published');
    assert.deepEqual(unpublish.entry.article, { count: 0 });
    assert.equal(typeof unpublish.entry.publishedAt, 'string');
    // Delete: one raw row per version, nothing populated.
    const deletes = all.filter((p) => p.event === 'entry.delete' && p.entry.documentId === ids.published);
    assert.deepEqual(deletes.map((p) => p.entry.publishedAt === null).sort(), [false, true]);
    for (const p of deletes) assert.ok(!('image' in p.entry) && !('link' in p.entry));
    // The users-permissions User too, its password and private fields removed, its role populated.
    const user = find('entry.create', 'user');
    assert.equal(user.entry.role.type, 'authenticated');
    for (const field of ['password', 'resetPasswordToken', 'confirmationToken'])
      assert.ok(!(field in user.entry), field);
    // Media events: the file row.
    assert.equal(find('media.update', 'image').media.alternativeText, 'A hook');
  });

  it('every payload compiles as a literal typed CmsWebhookEvent; an extra or a missing property does not', async () => {
    const lines = ["import type { CmsWebhookEvent } from './index.js';"];
    deliveries.forEach((delivery, index) => {
      lines.push(
        `export const d${index}: CmsWebhookEvent = ${JSON.stringify(JSON.parse(delivery.body), null, 2)};`,
      );
    });
    const source = lines.join('\n');
    writeFileSync(join(project, 'captured-webhooks.ts'), source);
    const files: Record<string, string> = { '/virtual/captured.ts': source };
    // What index.d.ts reaches; not mocks.d.ts, which the index does not re-export.
    for (const file of ['index.d.ts', 'client.d.ts', 'types.d.ts', 'validators.d.ts', 'runtime/index.d.ts'])
      files[`/virtual/${file}`] = readFileSync(join(project, 'src/cms', file), 'utf8');
    assert.deepEqual(await compileOffThread(files, { noUnusedLocals: false }), []);

    // The check is sharp: one extra field in a populated relation, one missing in a component.
    const update = payloads().find((p) => p.event === 'entry.update' && p.uid === 'api::article.article');
    const extra = structuredClone(update);
    extra.entry.author.nickname = 'not sent by Strapi';
    const missing = structuredClone(update);
    delete missing.entry.seo.canonical.url;
    files['/virtual/captured.ts'] = [
      "import type { CmsWebhookEvent } from './index.js';",
      `export const extra: CmsWebhookEvent = ${JSON.stringify(extra)};`,
      `export const missing: CmsWebhookEvent = ${JSON.stringify(missing)};`,
    ].join('\n');
    const diagnostics = await compileOffThread(files, { noUnusedLocals: false });
    assert.equal(diagnostics.length, 2, diagnostics.join('\n'));
    assert.match(diagnostics.join('\n'), /nickname/);
    assert.match(diagnostics.join('\n'), /url/);
  });

  /** A recorded delivery as the `Request` a route handler gets: its real headers and body. */
  function asRequest(
    delivery: Delivery,
    change: { headers?: Record<string, string>; body?: string } = {},
  ): Request {
    const headers = new Headers();
    for (const [name, value] of Object.entries(delivery.headers)) {
      if (['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) continue;
      if (typeof value === 'string') headers.set(name, value);
    }
    for (const [name, value] of Object.entries(change.headers ?? {})) headers.set(name, value);
    return new Request(receiverURL, { method: delivery.method, headers, body: change.body ?? delivery.body });
  }

  /** The REST path each uid's tags are keyed on. */
  const PATHS: Record<string, string> = {
    'api::author.author': 'authors',
    'api::article.article': 'articles',
    'api::promo.promo': 'promos',
    'api::site-setting.site-setting': 'site-setting',
    'plugin::users-permissions.user': 'users',
    'plugin::upload.file': 'upload/files',
  };

  it('every delivery passes the generated handleCmsWebhook: the event as sent, its tags, its referrers', async () => {
    for (const delivery of deliveries) {
      const sent = JSON.parse(delivery.body);
      const { event, tags } = await generated.handleCmsWebhook(asRequest(delivery), { secret: SECRET });
      assert.deepEqual(event, sent);
      const uid = sent.uid ?? 'plugin::upload.file';
      const path = PATHS[uid];
      assert.ok(path, uid);
      assert.deepEqual(tags.slice(0, 2), [`cms:${path}`, `cms:${path}:${documentIdOf(sent)}`]);
      assert.ok(tags.length <= 128);
      assert.equal(new Set(tags).size, tags.length, 'each tag once');
      // Referrers: articles populate authors (author), promos articles (article) and media (image).
      const referrers: Record<string, string[]> = {
        'api::author.author': ['cms:articles', 'cms:promos'],
        'api::article.article': ['cms:promos'],
        'plugin::upload.file': ['cms:articles', 'cms:promos', 'cms:site-setting'],
        'api::promo.promo': [],
      };
      for (const tag of referrers[uid] ?? []) assert.ok(tags.includes(tag), `${uid}: ${tag} in ${tags}`);
      if (uid === 'api::promo.promo') assert.deepEqual(tags.slice(2), [], 'nothing reaches promos');
    }
  });

  it('a delivery revalidates every tag a real read of its entry carried, and the type tag of a read that populated it', async () => {
    assert.ok(reads.length >= 7, `${reads.length} reads recorded`);
    for (const read of reads) {
      assert.ok(
        read.tags.length > 0 && read.tags.every((tag) => tag.startsWith('cms:')),
        `${read.what}: ${read.tags}`,
      );
      const about = deliveries.filter(
        (delivery) => documentIdOf(JSON.parse(delivery.body)) === ids[read.role],
      );
      assert.ok(about.length > 0, `a delivery about the ${read.role} (${read.what})`);
      for (const delivery of about) {
        const { tags } = await generated.handleCmsWebhook(asRequest(delivery), { secret: SECRET });
        // A read that populated the entry is revalidated by its type tag (its document tag names
        // another document).
        const wanted = read.kind === 'entry' ? read.tags : read.tags.slice(0, 1);
        for (const tag of wanted)
          assert.ok(
            tags.includes(tag),
            `${read.what} carried ${tag}; ${JSON.parse(delivery.body).event} returns ${tags}`,
          );
      }
    }
  });

  it('a wrong secret and tampered bodies are refused', async () => {
    const [delivery] = deliveries.filter((d) => JSON.parse(d.body).event === 'entry.publish');
    assert.ok(delivery);
    const refusal = async (request: Request, options = { secret: SECRET }) => {
      try {
        await generated.handleCmsWebhook(request, options);
      } catch (error) {
        assert.ok(generated.isCmsWebhookError(error), String(error));
        return error as Any;
      }
      assert.fail('expected a refusal');
    };
    assert.equal((await refusal(asRequest(delivery), { secret: `${SECRET}x` })).reason, 'secret');
    assert.equal(
      (await refusal(asRequest(delivery, { headers: { authorization: 'Bearer guess' } }))).status,
      401,
    );
    const body = JSON.parse(delivery.body);
    const retitled = await refusal(
      asRequest(delivery, { body: JSON.stringify({ ...body, event: 'entry.delete' }) }),
    );
    assert.match(retitled.message, /differs from X-Strapi-Event/);
    const moved = await refusal(
      asRequest(delivery, { body: JSON.stringify({ ...body, uid: 'api::nope.nope' }) }),
    );
    assert.equal(moved.reason, 'uid');
    assert.equal((await refusal(asRequest(delivery, { body: delivery.body.slice(0, -1) }))).reason, 'body');
  });
});
