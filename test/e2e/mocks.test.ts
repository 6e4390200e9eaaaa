/**
 * The mock Strapi of the generated `mocks` file against the real one: the kitchen-sink app boots
 * once (SQLite), its client is generated, and the same seeding (every attribute of every content
 * type and component, drafts, a second locale, uploads; test/helpers/kitchen-fidelity.ts) is
 * written through the client into the real Strapi and into `createMockStrapi({ count: 0 })`.
 * Then the same calls (the fidelity test's, and a set of filters, sorts, both pagination kinds,
 * `fields`, counts, drafts and locales) go to both:
 *
 * - fidelity: every answer of the mock is walked against the compiler-resolved type of its call,
 *   as the fidelity test walks the real Strapi's;
 * - differential: the two answers must be equal once ids, documentIds (numbered in order of
 *   appearance), timestamps and the upload's random parts are normalised; the differences that
 *   remain are the KNOWN list (each with its reason), which docs/mocks.md lists too, and every
 *   KNOWN entry must still be met.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { CACHE } from '../harness/paths.ts';
import { type FidelityRun, formatMismatches, startFidelity } from '../helpers/fidelity-run.ts';
import { KITCHEN_CALLS, seedKitchen } from '../helpers/kitchen-fidelity.ts';

// The generated modules are plain JS; the calls file is what gets type-checked.
// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

/** Calls beyond the fidelity test's: the query features the mock must answer as Strapi does. */
const MORE_CALLS = `
  tagsDesc: (client: CmsClient) => client.tags.find({ sort: 'name:desc' }),
  tagsPage: (client: CmsClient) => client.tags.findWithMeta({ pagination: { page: 2, pageSize: 1 } }),
  tagsOffset: (client: CmsClient) => client.tags.findWithMeta({ pagination: { start: 1, limit: 1 } }),
  tagsUncounted: (client: CmsClient) =>
    client.tags.findWithMeta({ pagination: { page: 1, pageSize: 1, withCount: false } }),
  articlesMeta: (client: CmsClient) => client.articles.findWithMeta({ fields: ['code'], sort: 'code' }),
  articlesOr: (client: CmsClient) =>
    client.articles.find({
      filters: { $or: [{ code: { $eq: 'ALL-001' } }, { code: { $startsWith: 'KID' } }] },
      fields: ['code'],
      sort: 'code',
    }),
  articlesByAuthor: (client: CmsClient) =>
    client.articles.find({ filters: { author: { name: { $eq: 'Ada' } } }, fields: ['code'] }),
  articlesContainsi: (client: CmsClient) =>
    client.articles.find({ filters: { title: { $containsi: 'EVERY' } }, fields: ['title'] }),
  articlesIn: (client: CmsClient) =>
    client.articles.find({
      filters: { category: { $in: ['news', 'review'] } },
      fields: ['code', 'category'],
      sort: ['category:asc', 'title:desc'],
    }),
  articlesNoSummary: (client: CmsClient) =>
    client.articles.find({ filters: { summary: { $null: true } }, fields: ['title'], sort: 'title' }),
  articlesNot: (client: CmsClient) =>
    client.articles.find({ filters: { $not: { featured: { $eq: true } } }, fields: ['title'], sort: 'title' }),
  articlesViews: (client: CmsClient) =>
    client.articles.find({ filters: { views: { $between: [10, 20] } }, fields: ['code'] }),
  articleOne: async (client: CmsClient) => {
    const [first] = await client.articles.find({ filters: { code: { $eq: 'ALL-001' } }, fields: ['code'] });
    return client.articles.findOne(first!.documentId, {
      populate: { author: { populate: { articles: { fields: ['code'], sort: 'code' } } }, seo: true },
    });
  },
  articleOneFr: async (client: CmsClient) => {
    const [first] = await client.articles.find({ filters: { code: { $eq: 'ALL-001' } }, fields: ['code'] });
    return client.articles.findOne(first!.documentId, { locale: 'fr', populate: { localizations: true } });
  },
  authorsCount: (client: CmsClient) => client.authors.find({ populate: { articles: { count: true } } }),
  authorsFiltered: (client: CmsClient) =>
    client.authors.find({
      populate: { articles: { filters: { code: { $eq: 'KID-001' } }, fields: ['code'] } },
    }),
  authorsLocalizations: (client: CmsClient) =>
    client.authors.find({ populate: { articles: { populate: { localizations: { fields: ['title'] } } } } }),
  uploadOne: async (client: CmsClient) => client.upload.findOne((await client.upload.find())[0]!.id),
  made: (client: CmsClient) =>
    client.articles.find({
      // NOT IN never matches a null code: the JSON articles, which have none, are left out too.
      filters: { code: { $notIn: ['ALL-001', 'KID-001', 'DRF-001', 'DRF-000'] } },
      populate: { seo: true, links: true, sections: true },
      sort: 'title',
    }),
  madeDrafts: (client: CmsClient) =>
    client.articles.find({ status: 'draft', filters: { title: { $null: true } }, sort: 'code', fields: ['code', 'title'] }),
  madeTags: (client: CmsClient) => client.tags.findWithMeta({ sort: ['name:desc'], pagination: { page: 1, pageSize: 4 } }),
  madeAuthors: (client: CmsClient) => client.authors.find({ sort: 'email', fields: ['email', 'name', 'bio'] }),
  frDrafts: (client: CmsClient) =>
    client.articles.find({ locale: 'fr', status: 'draft', fields: ['title'], sort: 'title' }),
  draftsByTitle: (client: CmsClient) =>
    client.articles.find({ status: 'draft', fields: ['title', 'code'], sort: ['code:asc', 'title:asc'] }),
`;

/** The project startFidelity generates the client into (test/helpers/cli.ts createProject). */
const PROJECT = join(CACHE, 'projects', 'mocks-sqlite');

/** An entry as a factory makes it, as the input of a write: no ids, timestamps or locale. */
function inputOf(entry: unknown): unknown {
  if (Array.isArray(entry)) return entry.map(inputOf);
  if (entry === null || typeof entry !== 'object') return entry;
  const skip = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);
  return Object.fromEntries(
    Object.entries(entry)
      .filter(([key]) => !skip.has(key))
      .map(([key, value]) => [key, inputOf(value)]),
  );
}

/**
 * The fixtures the factories make (seed 3), written into both Strapis after the kitchen seeding:
 * tags, authors, profiles and articles (with their components and zones) and the single type.
 * The real Strapi's acceptance proves the made values valid under the schema's rules.
 */
async function seedFromFactories(cms: Any): Promise<void> {
  const { createMocks } = await import(pathToFileURL(join(PROJECT, 'src', 'cms', 'mocks.js')).href);
  const mocks = createMocks({ seed: 3 });
  for (const tag of mocks.tags.list(3)) await cms.tags.create(inputOf(tag));
  for (const profile of mocks.profiles.list(2)) await cms.profiles.create(inputOf(profile));
  for (const author of mocks.authors.list(2)) await cms.authors.create(inputOf(author));
  const shape = {
    populate: { seo: true, links: true, sections: { on: { 'sections.text-block': true } } },
  } as const;
  for (const article of mocks.articles.list(3, shape)) {
    // A hero needs an image, which a factory cannot upload: text blocks only.
    const input = inputOf(article) as Any;
    input.sections = input.sections.filter((item: Any) => item.__component === 'sections.text-block');
    await cms.articles.create(input);
  }
  await cms.articles.create(inputOf(mocks.articles.entry({ status: 'draft' })), { status: 'draft' });
}

/** The kitchen seeding, then the factories' fixtures. */
async function seed(cms: Any, kind: 'sqlite'): Promise<Any> {
  const article = await seedKitchen(cms, kind);
  await seedFromFactories(cms);
  return article;
}

/** The fidelity test's calls and MORE_CALLS, in one calls file. */
const CALLS = KITCHEN_CALLS.replace(/\n};\n$/, `\n${MORE_CALLS}};\n`);

/**
 * A difference the mock keeps, by call and path (`*` for any index), with the reason; the
 * differential fails on any other difference and on a KNOWN entry no longer met.
 */
const KNOWN: { call: RegExp; path: RegExp; why: string }[] = [
  {
    call: /^(articles|articlesStar|articlesWithMeta|articleDrafts|articlesFr|articleOne|articleOneFr|promos|promoDrafts|promoStar|authors|tags|authorsLocalizations)$/,
    path: /\.bigViews$/,
    why: 'SQLite reads a biginteger as a JavaScript number: past 2^53 its last digits are lost. The mock keeps the digits, as PostgreSQL and MySQL do.',
  },
  {
    call: /^(articles|articlesStar|articlesWithMeta|articleDrafts)$/,
    path: /\]\.metadata$/,
    why: 'SQLite (and MySQL) give a json field holding a bare `true` or `false` back as 1 or 0. The mock gives the boolean back, as PostgreSQL does.',
  },
];

/** Keys whose values are the upload's random or processed parts. */
const FILE_NOISE = new Set(['hash', 'url', 'size', 'sizeInBytes', 'provider_metadata']);

/**
 * An answer with ids, documentIds (numbered in order of first appearance), timestamps and the
 * upload's random parts replaced by markers.
 */
function normalise(value: unknown): unknown {
  const documents = new Map<string, string>();
  const walk = (item: unknown, key?: string): unknown => {
    if (Array.isArray(item)) return item.map((element) => walk(element));
    if (item !== null && typeof item === 'object') {
      const out: Record<string, unknown> = {};
      // Keys in name order: documentIds are numbered the same whatever order the keys come in.
      for (const [name, inner] of Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
        out[name] = walk(inner, name);
      return out;
    }
    if (key === 'id' && typeof item === 'number') return '<id>';
    if (key === 'documentId' && typeof item === 'string') {
      if (!documents.has(item)) documents.set(item, `<document ${documents.size + 1}>`);
      return documents.get(item);
    }
    if ((key === 'createdAt' || key === 'updatedAt' || key === 'publishedAt') && typeof item === 'string')
      return '<time>';
    if (key !== undefined && FILE_NOISE.has(key) && item !== null) return `<${key}>`;
    return item;
  };
  return walk(value);
}

/** The paths where two values differ (`$.a[0].b`), each with both sides. */
function differences(
  real: unknown,
  mock: unknown,
  path = '$',
): { path: string; real: unknown; mock: unknown }[] {
  if (Array.isArray(real) && Array.isArray(mock)) {
    if (real.length !== mock.length)
      return [{ path: `${path}.length`, real: real.length, mock: mock.length }];
    return real.flatMap((item, index) => differences(item, mock[index], `${path}[${index}]`));
  }
  if (
    real !== null &&
    mock !== null &&
    typeof real === 'object' &&
    typeof mock === 'object' &&
    !Array.isArray(real) &&
    !Array.isArray(mock)
  ) {
    const keys = [...new Set([...Object.keys(real), ...Object.keys(mock)])];
    return keys.flatMap((key) => {
      const a = (real as Record<string, unknown>)[key];
      const b = (mock as Record<string, unknown>)[key];
      if (!Object.hasOwn(real, key)) return [{ path: `${path}.${key}`, real: '<absent>', mock: b }];
      if (!Object.hasOwn(mock, key)) return [{ path: `${path}.${key}`, real: a, mock: '<absent>' }];
      return differences(a, b, `${path}.${key}`);
    });
  }
  return Object.is(real, mock) ? [] : [{ path, real, mock }];
}

describe('the mock Strapi against the real one (kitchen-sink app, SQLite)', { timeout: 300_000 }, () => {
  let run: FidelityRun<Any>;
  const mockResults = new Map<string, unknown>();

  before(async () => {
    run = await startFidelity({
      name: 'mocks-sqlite',
      variant: 'kitchen',
      kind: 'sqlite',
      calls: CALLS,
      seed,
    });
    const src = join(run.project, 'src', 'cms');
    const { CmsClient } = await import(pathToFileURL(join(src, 'index.js')).href);
    const { createMockStrapi } = await import(pathToFileURL(join(src, 'mocks.js')).href);
    const mock = createMockStrapi({ count: 0, locales: ['en', 'fr'] });
    const cms = new CmsClient({ baseURL: mock.url, fetch: mock.fetch });
    await seed(cms, 'sqlite');
    const { calls } = (await import(pathToFileURL(join(run.project, 'calls.ts')).href)) as {
      calls: Record<string, (client: Any) => Promise<unknown>>;
    };
    for (const [name, call] of Object.entries(calls)) mockResults.set(name, await call(cms));
  });

  after(() => run?.stop());

  it('every answer of the mock fits the type of its call, field by field', () => {
    const failures: string[] = [];
    for (const [name, type] of run.types.results) {
      const mismatches = run.types.walker.check(type, mockResults.get(name));
      if (mismatches.length > 0) failures.push(`${name}:\n${formatMismatches(mismatches)}`);
    }
    assert.deepEqual(failures, []);
  });

  it('the comparison is not vacuous: every call answered something, and a changed value, a missing and an extra field are differences', () => {
    for (const [name, real] of run.results) {
      const answered = Array.isArray(real) ? real.length > 0 : real !== null && real !== undefined;
      assert.ok(answered || name === 'madeDrafts', `${name}: the real Strapi answered nothing`);
    }
    const real = normalise(run.results.get('articles')) as Any[];
    const changed = structuredClone(real);
    changed[0].title = 'changed';
    delete changed[0].code;
    changed[0].seo.extra = 1;
    assert.deepEqual(
      differences(real, changed).map((difference) => difference.path),
      ['$[0].code', '$[0].seo.extra', '$[0].title'],
    );
  });

  it('answers every call as the real Strapi does, apart from ids, timestamps and the KNOWN differences', () => {
    const unexpected: string[] = [];
    const met = new Set<number>();
    for (const [name, real] of run.results) {
      for (const difference of differences(normalise(real), normalise(mockResults.get(name)))) {
        const known = KNOWN.findIndex((entry) => entry.call.test(name) && entry.path.test(difference.path));
        if (known >= 0) met.add(known);
        else
          unexpected.push(
            `${name} ${difference.path}: real ${JSON.stringify(difference.real)}, mock ${JSON.stringify(difference.mock)}`,
          );
      }
    }
    assert.deepEqual(unexpected, []);
    assert.deepEqual(
      KNOWN.filter((_, index) => !met.has(index)).map((entry) => `${entry.call} ${entry.path}`),
      [],
      'KNOWN differences no longer met',
    );
  });
});
