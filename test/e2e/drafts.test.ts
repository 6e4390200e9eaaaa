/**
 * Drafts and conditional fields against a real Strapi 5 (the kitchen-sink app), through the
 * client the CLI generates from it. Strapi checks `required` only on publish, and only while a
 * field's `conditions.visible` rule holds; the generated types say so (`<Name>Draft` under
 * `status: 'draft'`, nullable conditional fields), and the recorded responses are compiled
 * against the generated types, both the draft ones (which must fit) and the published ones
 * (which must not fit a draft). One boot for the file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { type Capture, checkCaptures, generateClient } from '../helpers/generated-client.ts';
import { png } from '../helpers/png.ts';

// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

const app = createApp('drafts');
let strapi: RunningStrapi;
let project: string;
let cms: Any;
let generated: Any;
let image: Any;
/** A draft as Strapi returns it, recorded by one test and compiled against published types by the next. */
let strictValue: Any;

before(async () => {
  strapi = await startStrapi(app);
  ({ project, generated } = await generateClient(strapi, 'drafts-e2e', strapi.seed.tokens.readOnly));
  cms = new generated.CmsClient({ baseURL: strapi.url, token: strapi.seed.tokens.fullAccess });
  const form = new FormData();
  form.append('files', new Blob([png(2, 2)], { type: 'image/png' }), 'promo.png');
  [image] = await cms.upload.upload(form);
});

after(async () => {
  await strapi?.stop();
});

/** The error a call throws, for asserting on its name and path. */
async function failure(call: () => Promise<unknown>): Promise<Any> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  assert.fail('expected the call to fail');
}

function issuePaths(error: Any): string[] {
  assert.equal(error.errorName, 'ValidationError', error.message);
  return (error.details?.errors ?? []).map((issue: { path: string[] }) => issue.path.join('.'));
}

describe('drafts: Strapi checks required only on publish', () => {
  it('a draft without its required scalar, media and component is saved; they read back null', async () => {
    const created = await cms.promos.create({ title: 'Draft promo' }, { status: 'draft' });
    assert.equal(created.publishedAt, null);
    assert.equal(created.rank, null);
    const draft = await cms.promos.findOne(created.documentId, { status: 'draft', populate: '*' });
    assert.equal(draft.title, 'Draft promo');
    assert.equal(draft.rank, null);
    assert.equal(draft.image, null);
    assert.equal(draft.link, null);
    assert.equal(draft.publishedAt, null);
    // Never published: the default (published) read does not see it.
    assert.equal(await cms.promos.findOne(created.documentId), null);
    // Even the title may be left out and cleared.
    const empty = await cms.promos.create({}, { status: 'draft' });
    assert.equal(empty.title, null);
    const cleared = await cms.promos.update(created.documentId, { title: null }, { status: 'draft' });
    assert.equal(cleared.title, null);
    assert.equal(cleared.publishedAt, null);
  });

  it('publishing (a write without status) checks required fields', async () => {
    const error = await failure(() => cms.promos.create({ title: 'No rank', image: image.id }));
    const paths = issuePaths(error);
    assert.ok(paths.includes('rank'), paths.join(', '));
    assert.ok(paths.includes('link'), paths.join(', '));
    const cleared = await failure(() => cms.promos.create({ title: 'x', rank: null, image: image.id }));
    assert.ok(issuePaths(cleared).includes('rank'));
  });

  it('a required media is not enforced even on publish (api.documents.strictRelations is off)', async () => {
    const promo = await cms.promos.create(
      { title: 'No image', rank: 1, link: { type: 'internal', label: 'Home' } },
      { populate: { image: true } },
    );
    assert.equal(typeof promo.publishedAt, 'string');
    assert.equal(promo.image, null);
  });

  it('components inside a draft may lack their required fields too', async () => {
    const created = await cms.promos.create(
      { title: 'Draft link', link: { type: 'internal' } },
      { status: 'draft' },
    );
    const draft = await cms.promos.findOne(created.documentId, { status: 'draft', populate: { link: true } });
    assert.equal(draft.link.type, 'internal');
    assert.equal(draft.link.label, null);
    const error = await failure(() =>
      cms.promos.create({ title: 'Published link', rank: 1, image: image.id, link: { type: 'internal' } }),
    );
    assert.ok(issuePaths(error).includes('link.label'));
  });

  it('publishedAt: a string on published writes and reads, null on draft writes and reads', async () => {
    const published = await cms.promos.create({
      title: 'Published promo',
      rank: 3,
      image: image.id,
      link: { type: 'internal', label: 'Home' },
    });
    assert.equal(typeof published.publishedAt, 'string');
    const updated = await cms.promos.update(published.documentId, { rank: 4 });
    assert.equal(typeof updated.publishedAt, 'string');
    const draft = await cms.promos.update(published.documentId, { rank: null }, { status: 'draft' });
    assert.equal(draft.publishedAt, null);
    assert.equal(draft.rank, null);
    // The published version is untouched by the draft write.
    const read = await cms.promos.findOne(published.documentId);
    assert.equal(read.rank, 4);
    assert.equal(typeof read.publishedAt, 'string');
    assert.equal((await cms.promos.findOne(published.documentId, { status: 'draft' })).rank, null);
  });

  it('a draft read populates the drafts of related draft-and-publish entries', async () => {
    const target = await cms.articles.create({ title: 'Target published', category: 'news' });
    await cms.articles.update(target.documentId, { title: 'Target draft' }, { status: 'draft' });
    const source = await cms.articles.create({
      title: 'Source',
      category: 'news',
      parent: target.documentId,
    });
    const draft = await cms.articles.findOne(source.documentId, {
      status: 'draft',
      populate: { parent: true },
    });
    assert.equal(draft.parent.title, 'Target draft');
    assert.equal(draft.parent.publishedAt, null);
    const published = await cms.articles.findOne(source.documentId, { populate: { parent: true } });
    assert.equal(published.parent.title, 'Target published');
    assert.equal(typeof published.parent.publishedAt, 'string');

    // Through a type without drafts (tags) too: the status reaches the articles of the tag.
    const tag = await cms.tags.create({ name: 'draft-walk' });
    await cms.articles.update(target.documentId, { tags: [tag.documentId] }, { status: 'draft' });
    const walked = await cms.articles.findOne(source.documentId, {
      status: 'draft',
      populate: { parent: { populate: { tags: { populate: { articles: true } } } } },
    });
    assert.deepEqual(
      walked.parent.tags[0].articles.map((entry: Any) => [entry.title, entry.publishedAt]),
      [['Target draft', null]],
    );
    const tagRead = await cms.tags.findOne(tag.documentId, { status: 'draft', populate: { articles: true } });
    assert.deepEqual(
      tagRead.articles.map((entry: Any) => [entry.title, entry.publishedAt]),
      [['Target draft', null]],
    );
    // The published read of the tag sees no article: only the draft links it.
    const tagPublished = await cms.tags.findOne(tag.documentId, { populate: { articles: true } });
    assert.deepEqual(tagPublished.articles, []);

    const promo = await cms.promos.create(
      { title: 'Promo of a draft', article: target.documentId },
      { status: 'draft' },
    );
    const read = await cms.promos.findOne(promo.documentId, { status: 'draft', populate: { article: true } });
    assert.equal(read.article.title, 'Target draft');
    assert.equal(read.article.publishedAt, null);
  });
});

describe('conditional fields: required only while visible', () => {
  it('an internal link without href is published, and href reads back null', async () => {
    const promo = await cms.promos.create(
      { title: 'Internal', rank: 1, image: image.id, link: { type: 'internal', label: 'Home' } },
      { populate: { link: true } },
    );
    assert.equal(promo.link.type, 'internal');
    assert.equal(promo.link.href, null);
    assert.equal(typeof promo.publishedAt, 'string');
  });

  it('an external link needs href: refused without it, kept with it', async () => {
    const error = await failure(() =>
      cms.promos.create({
        title: 'External',
        rank: 2,
        image: image.id,
        link: { type: 'external', label: 'Out' },
      }),
    );
    assert.ok(issuePaths(error).includes('link.href'), issuePaths(error).join(', '));
    const promo = await cms.promos.create(
      {
        title: 'External',
        rank: 2,
        image: image.id,
        link: { type: 'external', label: 'Out', href: 'https://example.test/' },
      },
      { populate: { link: true } },
    );
    assert.equal(promo.link.href, 'https://example.test/');
  });
});

describe('the types describe what Strapi returns', () => {
  it('draft responses fit the draft types; published ones fit the published types', async () => {
    const draft = await cms.promos.create(
      { title: 'Captured draft', link: { type: 'internal' } },
      { status: 'draft' },
    );
    const published = await cms.promos.create({
      title: 'Captured',
      rank: 5,
      image: image.id,
      link: { type: 'internal', label: 'Home' },
    });
    const id = JSON.stringify(draft.documentId);
    const queries: [string, string, () => Promise<unknown>][] = [
      [
        'draftStar',
        `cms.promos.findOne(${id}, { status: 'draft', populate: '*' })`,
        () => cms.promos.findOne(draft.documentId, { status: 'draft', populate: '*' }),
      ],
      [
        'draftList',
        "cms.promos.find({ status: 'draft', populate: { link: true, image: true, article: true } })",
        () => cms.promos.find({ status: 'draft', populate: { link: true, image: true, article: true } }),
      ],
      [
        'draftArticles',
        "cms.articles.find({ status: 'draft', populate: { parent: true, seo: true } })",
        () => cms.articles.find({ status: 'draft', populate: { parent: true, seo: true } }),
      ],
      [
        'published',
        `cms.promos.findOne(${JSON.stringify(published.documentId)}, { populate: '*' })`,
        () => cms.promos.findOne(published.documentId, { populate: '*' }),
      ],
      [
        'publishedList',
        'cms.promos.find({ populate: { link: true } })',
        () => cms.promos.find({ populate: { link: true } }),
      ],
    ];
    const captures: Capture[] = [];
    for (const [name, call, run] of queries) captures.push({ name, call, value: await run() });
    // Read before compiling: a request after seconds of idling may meet a socket Strapi closed.
    const strict = await cms.promos.create({ title: 'Strict check' }, { status: 'draft' });
    strictValue = await cms.promos.findOne(strict.documentId, { status: 'draft', populate: '*' });
    assert.deepEqual(await checkCaptures(project, captures), [], `see ${join(project, 'captured.ts')}`);
  });

  it('a write whose status may be either takes the published input: Strapi refuses incomplete data when it publishes', async () => {
    // A data layer's save: draft mode writes the draft, otherwise the write publishes.
    const save = (data: object, preview: boolean) =>
      cms.promos.create(data, { status: preview ? 'draft' : 'published' });
    const incomplete = { title: 'Maybe published' };
    assert.equal((await save(incomplete, true)).publishedAt, null);
    const paths = issuePaths(await failure(() => save(incomplete, false)));
    assert.ok(paths.includes('rank') && paths.includes('link'), paths.join(', '));
    const complete = { title: 'Complete', rank: 1, link: { type: 'internal', label: 'In' } };
    const asDraft = await save(complete, true);
    const asPublished = await save(complete, false);
    assert.deepEqual([asDraft.publishedAt, typeof asPublished.publishedAt], [null, 'string']);
    // The types refuse the incomplete call, for the fields Strapi named; the complete one passes,
    // and both of its responses fit its (union) result.
    const status = "{ status: (Math.random() < 0.5 ? 'draft' : 'published') as 'draft' | 'published' }";
    const call = (data: object) => `cms.promos.create(${JSON.stringify(data)}, ${status})`;
    const diagnostics = await checkCaptures(project, [
      { name: 'completeDraft', call: call(complete), value: asDraft },
      { name: 'completePublished', call: call(complete), value: asPublished },
      { name: 'incomplete', call: call(incomplete), value: asPublished },
    ]);
    assert.equal(diagnostics.length, 1, diagnostics.join('\n'));
    assert.match(
      diagnostics[0] ?? '',
      /Type '\{ title: string; \}' is missing the following properties from type 'PromoInput': rank, link/,
    );
  });

  it('a draft does not fit the published types (they stay strict)', async () => {
    const value = strictValue;
    assert.ok(value, 'recorded by the test before');
    const diagnostics = await checkCaptures(project, [
      { name: 'asPublished', call: `cms.promos.findOne('x', { populate: '*' })`, value },
    ]);
    assert.ok(
      diagnostics.some((line) =>
        /'null' is not assignable to type '(number|string|MediaFile|SharedSmartLink)'/.test(line),
      ),
      diagnostics.join('\n'),
    );
  });

  it('withStatus: the draft client reads drafts, the published one published entries; each fits its type', async () => {
    const promo = await cms.promos.create({
      title: 'Published title',
      rank: 2,
      image: image.id,
      link: { type: 'internal', label: 'Home' },
    });
    await cms.promos.update(promo.documentId, { title: 'Draft title' }, { status: 'draft' });
    const drafts = generated.withStatus(cms, 'draft');
    const published = generated.withStatus(cms, 'published');
    assert.equal(published, cms, "'published' is the client itself");
    const id = promo.documentId;
    const draft = await drafts.promos.findOne(id, { populate: '*' });
    const live = await published.promos.findOne(id, { populate: '*' });
    assert.deepEqual([draft.title, draft.publishedAt], ['Draft title', null]);
    assert.deepEqual([live.title, typeof live.publishedAt], ['Published title', 'string']);
    const only = { filters: { documentId: { $eq: id } }, fields: ['title'] };
    assert.deepEqual(
      (await drafts.promos.find(only)).map((entry: Any) => entry.title),
      ['Draft title'],
    );
    assert.deepEqual(
      (await drafts.promos.findWithMeta(only)).data.map((entry: Any) => entry.title),
      ['Draft title'],
    );
    // sourceMaps: Strapi's core controller hides where each text came from inside it (Live
    // Preview's click-to-edit reads it): the title reads the same with invisible characters after.
    const mapped = await generated.withStatus(cms, 'draft', { sourceMaps: true }).promos.findOne(id);
    assert.notEqual(mapped.title, draft.title);
    assert.ok(mapped.title.startsWith('Draft title'), mapped.title);
    assert.equal(mapped.documentId, id, 'ids are not encoded');
    // A call's own status wins; writes stay the client's (this one publishes).
    assert.equal((await drafts.promos.findOne(id, { status: 'published' })).title, 'Published title');
    const republished = await drafts.promos.update(id, { title: 'Published again' });
    assert.equal(typeof republished.publishedAt, 'string');
    // A type without draft & publish: the status changes nothing Strapi returns.
    assert.deepEqual(
      await drafts.siteSetting.find().catch(() => null),
      await cms.siteSetting.find().catch(() => null),
    );

    const call = (status: string) =>
      `withStatus(cms, ${status}).promos.findOne(${JSON.stringify(id)}, { populate: '*' })`;
    const either = "(Math.random() < 0.5 ? 'draft' : 'published') as 'draft' | 'published'";
    const diagnostics = await checkCaptures(project, [
      { name: 'statusDraft', call: call("'draft'"), value: draft },
      { name: 'statusPublished', call: call("'published'"), value: live },
      { name: 'statusEitherDraft', call: call(either), value: draft },
      { name: 'statusEitherPublished', call: call(either), value: live },
      { name: 'draftAsPublished', call: call("'published'"), value: draft },
    ]);
    // Only the draft read as published fails, on its publishedAt: the published types stay strict.
    assert.equal(diagnostics.length, 1, diagnostics.join('\n'));
    const lines = readFileSync(join(project, 'captured.ts'), 'utf8').split('\n');
    const line = Number(/^captured\.ts\((\d+),/.exec(diagnostics[0] ?? '')?.[1]);
    assert.ok(
      line > lines.findIndex((text) => text.startsWith('export const draftAsPublished')),
      diagnostics[0],
    );
    assert.match(lines[line - 1] ?? '', /"publishedAt": null/);
  });
});
