/**
 * The `config/admin` preview block (src/server/preview-config.ts) with a Strapi stand-in that
 * records what the handler reads: the URL it answers, the document read it makes, and every way
 * it answers null and logs instead of breaking the admin's button. Strapi's own calls of the
 * handler are issue 43's e2e test (a real admin's "Open preview").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TS } from '../../../src/codegen/dialect.ts';
import { emitClient } from '../../../src/codegen/emit-client.ts';
import { buildModel } from '../../../src/codegen/model.ts';
import { validateSchema } from '../../../src/codegen/validate.ts';
import { checkPreview } from '../../../src/runtime/preview.ts';
import { schemaHash } from '../../../src/schema/hash.ts';
import {
  cmsPreview,
  PREVIEW_RULES,
  type PreviewStrapi,
  ruleFields,
} from '../../../src/server/preview-config.ts';
import { readSchema, takeSnapshot } from '../../../src/server/read-schema.ts';
import type { StrapiLike } from '../../../src/server/strapi.ts';

const SECRET = 'a-preview-secret-of-some-length';

function fakeStrapi(document: Record<string, unknown> | null = { slug: 'hello world', title: 'Hi' }) {
  const reads: unknown[] = [];
  const logs: string[] = [];
  const strapi: PreviewStrapi = {
    contentTypes: {
      'api::article.article': { attributes: { slug: {}, title: {} } },
      'api::home.home': { attributes: { title: {} } },
    },
    documents: () => ({
      findOne: async (params) => {
        reads.push(params);
        return document;
      },
    }),
    log: { warn: (message) => logs.push(message), error: (message) => logs.push(message) },
  };
  return { strapi, reads, logs };
}

const PATHS = { 'api::article.article': '/blog/{slug}', 'api::home.home': '/' };

describe('cmsPreview', () => {
  it('answers the frontend route with what handleCmsPreview checks, and the frontend origin may frame', async () => {
    const { strapi, reads } = fakeStrapi();
    const preview = cmsPreview({ url: 'https://www.example.com/', secret: SECRET, paths: PATHS, strapi });
    assert.equal(preview.enabled, true);
    assert.deepEqual(preview.config?.allowedOrigins, ['https://www.example.com']);
    const url = await preview.config?.handler('api::article.article', {
      documentId: 'doc1',
      locale: 'fr',
      status: 'modified',
    });
    assert.deepEqual(reads, [{ documentId: 'doc1', locale: 'fr', status: 'draft', fields: ['slug'] }]);
    const target = checkPreview(new Request(url as string), { secret: SECRET }, ['api::article.article']);
    assert.deepEqual(target, {
      uid: 'api::article.article',
      documentId: 'doc1',
      status: 'draft',
      locale: 'fr',
      path: '/blog/hello%20world',
    });
    assert.ok((url as string).startsWith('https://www.example.com/api/preview?'));
  });

  it('a rule without fields reads nothing; published is asked as published', async () => {
    const { strapi, reads } = fakeStrapi();
    const preview = cmsPreview({
      url: 'https://w.example',
      secret: SECRET,
      paths: PATHS,
      route: '/preview',
      strapi,
    });
    const url = new URL(
      (await preview.config?.handler('api::home.home', { documentId: 'h', status: 'published' })) as string,
    );
    assert.deepEqual(reads, []);
    assert.equal(url.pathname, '/preview');
    assert.equal(url.searchParams.get('status'), 'published');
    assert.equal(url.searchParams.get('locale'), null);
  });

  it('no button (null) for a type without a rule, a missing document or an empty field; never a throw', async () => {
    const handlerOf = (strapi: PreviewStrapi) =>
      cmsPreview({ url: 'https://w.example', secret: SECRET, paths: PATHS, strapi }).config?.handler;
    const handler = handlerOf(fakeStrapi(null).strapi);
    assert.equal(await handler?.('api::author.author', { documentId: 'a' }), null);
    assert.equal(await handler?.('api::article.article', { documentId: 'gone' }), null);
    const emptyHandler = handlerOf(fakeStrapi({ slug: '' }).strapi);
    assert.equal(await emptyHandler?.('api::article.article', { documentId: 'a' }), null);
    const broken = fakeStrapi();
    broken.strapi.documents = () => {
      throw new Error('database down');
    };
    const brokenHandler = handlerOf(broken.strapi);
    assert.equal(await brokenHandler?.('api::article.article', { documentId: 'a' }), null);
    assert.match(broken.logs.join('\n'), /preview of api::article\.article: database down/);
  });

  it('logs each problem of the rules once, at the first call', async () => {
    const { strapi, logs } = fakeStrapi();
    const paths = {
      ...PATHS,
      'api::nope.nope': '/x',
      'api::home.home': '/{missing}',
      'api::article.article': 'blog/{slug}',
    };
    const handler = cmsPreview({ url: 'https://w.example', secret: SECRET, paths, strapi }).config?.handler;
    await handler?.('api::home.home', { documentId: 'h' });
    await handler?.('api::home.home', { documentId: 'h' });
    assert.deepEqual(logs.length, 3, logs.join('\n'));
    assert.match(logs.join('\n'), /api::nope\.nope is not a content type/);
    assert.match(logs.join('\n'), /api::home\.home has no field "missing"/);
    assert.match(logs.join('\n'), /must be a path starting with \//);
  });

  it('without a URL or a secret the preview is off, with a warning naming what is missing', () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      assert.deepEqual(cmsPreview({ url: undefined, secret: undefined, paths: PATHS }), { enabled: false });
    } finally {
      console.warn = original;
    }
    assert.match(warnings[0] ?? '', /no url .* and no secret/);
  });

  it('the plugin finds the rules on the handler', () => {
    const handler = cmsPreview({ url: 'https://w.example', secret: SECRET, paths: PATHS }).config?.handler;
    assert.deepEqual(handler?.[PREVIEW_RULES], PATHS);
    assert.deepEqual(ruleFields('/{locale}/blog/{slug}/{documentId}/{slug}'), ['slug']);
  });
});

describe('the schema publishes the content types with a preview rule', () => {
  const raw = (name: string) => ({
    kind: 'collectionType',
    info: { singularName: name, pluralName: `${name}s` },
    attributes: { slug: { type: 'string' } },
  });
  const strapiWith = (preview: unknown): StrapiLike => ({
    config: { get: (path: string) => (path === 'admin.preview' ? preview : undefined) },
    contentTypes: { 'api::article.article': raw('article'), 'api::tag.tag': raw('tag') },
    components: {},
    plugin: () => undefined,
    service: () => undefined,
    log: { info() {}, warn() {}, error() {} },
  });

  it("cmsPreview's rules: the api:: uids this app has, sorted; the hash changes with them", () => {
    const paths = {
      'api::tag.tag': '/tags/{slug}',
      'api::article.article': '/blog/{slug}',
      'api::gone.gone': '/x',
    };
    const preview = cmsPreview({ url: 'https://w.example', secret: SECRET, paths });
    const schema = readSchema(strapiWith(preview));
    assert.deepEqual(schema.preview, { uids: ['api::article.article', 'api::tag.tag'] });
    const without = readSchema(strapiWith(undefined));
    assert.equal(without.preview, undefined, 'no key: a server without previews keeps its hash');
    assert.notEqual(schemaHash(schema), schemaHash(without));
  });

  it('nothing for a disabled preview, or one cmsPreview did not build', () => {
    const preview = cmsPreview({ url: 'https://w.example', secret: SECRET, paths: PATHS });
    assert.equal(readSchema(strapiWith({ ...preview, enabled: false })).preview, undefined);
    const handWritten = { enabled: true, config: { handler: async () => 'https://w.example' } };
    assert.equal(readSchema(strapiWith(handWritten)).preview, undefined);
  });

  it('the generated handleCmsPreview accepts exactly those uids', async () => {
    const preview = cmsPreview({
      url: 'https://w.example',
      secret: SECRET,
      paths: { 'api::article.article': '/b/{slug}' },
    });
    const schema = readSchema(strapiWith(preview));
    const model = buildModel(validateSchema(schema));
    assert.deepEqual(model.previewUids, ['api::article.article']);
    const code = emitClient(model, { version: '0', hash: 'h', authMode: 'legacy' }, TS);
    assert.match(
      code,
      /export function handleCmsPreview\(request: Request, options: PreviewOptions\): PreviewTarget<'api::article\.article'> \{\n {2}return checkPreview<'api::article\.article'>\(request, options, \['api::article\.article'\]\);/,
    );
  });

  it('a schema whose preview names a content type it lacks is refused', () => {
    const schema = { ...readSchema(strapiWith(undefined)), preview: { uids: ['api::gone.gone'] } };
    assert.throws(() => validateSchema(schema), /"preview\.uids" must list content types of this schema/);
  });
});

describe('a Strapi without the preview says so', () => {
  const raw = {
    kind: 'collectionType',
    info: { singularName: 'article', pluralName: 'articles' },
    attributes: { slug: { type: 'string' } },
  };
  const snapshotOn = (version: string, flag?: boolean) => {
    const preview = cmsPreview({
      url: 'https://w.example',
      secret: SECRET,
      paths: { 'api::article.article': '/b/{slug}' },
    });
    const values: Record<string, unknown> = {
      'admin.preview': preview,
      'info.strapi': version,
      'features.future.preview': flag,
    };
    return bootWith(values);
  };
  /** The plugin's snapshot at boot of a Strapi with these config values and one article type. */
  const bootWith = (values: Record<string, unknown>) =>
    takeSnapshot({
      config: { get: (path: string) => values[path] },
      contentTypes: { 'api::article.article': raw },
      components: {},
      plugin: () => undefined,
      service: () => undefined,
      log: { info() {}, warn() {}, error() {} },
    });
  const notice = (version: string, flag?: boolean) =>
    snapshotOn(version, flag).strapi.notices.filter((line) => line.includes('cmsPreview'));

  it('5.0.6, and 5.5 without future.preview: one notice; 5.5 with the flag and 5.6 on: none', () => {
    assert.equal(notice('5.0.6').length, 1);
    assert.match(
      notice('5.5.0')[0] ?? '',
      /needs Strapi 5\.6\.0 or later, or 5\.1\.0 with future\.preview on/,
    );
    assert.deepEqual(notice('5.5.0', true), []);
    assert.deepEqual(notice('5.6.0'), []);
    assert.deepEqual(notice('5.54.0'), []);
  });

  it('the plugin reports what is wrong with the rules at boot, and the handler does not repeat it', async () => {
    const { strapi, logs } = fakeStrapi();
    const preview = cmsPreview({
      url: 'https://w.example',
      secret: SECRET,
      paths: { 'api::article.article': '/b/{slug}/{title}', 'api::nope.nope': '/n' },
      strapi,
    });
    const boot = bootWith({ 'admin.preview': preview, 'info.strapi': '5.54.0' }).strapi.notices.filter(
      (line) => line.startsWith('preview:'),
    );
    assert.deepEqual(boot, [
      'preview: api::article.article has no field "title" (its rule "/b/{slug}/{title}")',
      'preview: api::nope.nope is not a content type of this app; its rule "/n" is ignored',
    ]);
    assert.ok(await preview.config?.handler('api::article.article', { documentId: 'a' }));
    assert.deepEqual(logs, [], 'the first preview repeats nothing the plugin reported');
  });
});
