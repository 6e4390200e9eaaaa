/**
 * Fidelity of the generated types on SQLite, PostgreSQL and MariaDB: one Strapi boot per
 * database, entries that give every attribute of every content type and component of the
 * kitchen-sink app a value (drafts, a second locale, uploaded files, every relation
 * cardinality, bare JSON values), read back through the generated client with deep `populate`.
 * Each response is walked against the type the TypeScript compiler resolves for that exact call
 * (the calls live in a .ts file in the generated project), so every field is checked, not a
 * sample. The values the databases return differently are pinned per database. Every content
 * type the app's /schema publishes needs a covered call (or an exemption with its reason).
 *
 * The LaunchPad app (i18n, drafts, dynamic zones, nested components, blocks) gets the same
 * treatment, one boot per database: see test/helpers/launchpad-fidelity.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type ts from 'typescript';
import { type DatabaseKind, databaseSkip } from '../harness/db.ts';
import {
  type Coverage,
  PLUGIN_EXEMPT,
  uncoveredFields,
  uncoveredTypes,
} from '../helpers/fidelity-coverage.ts';
import { assertCovered, type FidelityRun, startFidelity, walkFailures } from '../helpers/fidelity-run.ts';
import {
  BARE_JSON,
  BIG,
  KITCHEN_CALLS as CALLS,
  REFUSED,
  STAMP,
  seedKitchen as seed,
} from '../helpers/kitchen-fidelity.ts';
import {
  LAUNCHPAD_CALLS,
  LAUNCHPAD_COVERED,
  type LaunchpadSeed,
  seedLaunchpad,
} from '../helpers/launchpad-fidelity.ts';
import type { CallResults } from '../helpers/resolve-types.ts';

// The generated client is imported as plain JS; the calls file is what gets type-checked.
// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

/**
 * Calls whose results must give every field of their content type a value in some entry (private
 * and password fields must be absent, `empty` ones null in every entry). Every content type of
 * the app's /schema needs one, and a draft-and-publish one a draft call too, unless PLUGIN_EXEMPT.
 */
const COVERED: Record<string, Coverage> = {
  articles: { uid: 'api::article.article' },
  articleDrafts: { uid: 'api::article.article', draft: true, empty: ['publishedAt'] },
  authors: { uid: 'api::author.author' },
  profiles: { uid: 'api::profile.profile' },
  tags: { uid: 'api::tag.tag' },
  siteSetting: { uid: 'api::site-setting.site-setting' },
  promos: { uid: 'api::promo.promo' },
  promoDrafts: { uid: 'api::promo.promo', draft: true, empty: ['publishedAt'] },
  locales: { uid: 'plugin::i18n.locale' },
};

/** What each database returns for the types they disagree on (the article with every field). */
const RETURNED: Record<DatabaseKind | 'sqlite', Record<string, unknown>> = {
  // better-sqlite3 reads integers as JS numbers: above 2^53 the last digits are lost.
  sqlite: {
    bigViews: '9007199254740992',
    price: 1234.57,
    rating: 4.25,
    publishTime: '01:15:00.000',
    stamp: String(Date.parse(STAMP)),
  },
  postgres: {
    bigViews: BIG,
    price: 1234.57,
    rating: 4.25,
    publishTime: '01:15:00',
    stamp: String(Date.parse(STAMP)),
  },
  mysql: {
    bigViews: BIG,
    price: 1234.57,
    rating: 4.25,
    publishTime: '01:15:00.000',
    stamp: String(Date.parse(STAMP)),
  },
};

for (const kind of ['sqlite', 'postgres', 'mysql'] as const) {
  const skip = databaseSkip(kind === 'sqlite' ? [] : [kind]);
  describe(`fidelity of the generated types on ${kind}`, { skip, timeout: 300_000 }, () => {
    let run: FidelityRun<Any>;
    let article: Any;
    let types: CallResults;
    let results: Map<string, unknown>;

    before(async () => {
      run = await startFidelity({ name: `fidelity-${kind}`, variant: 'kitchen', kind, calls: CALLS, seed });
      ({ types, results, seeded: article } = run);
      console.log(`[fidelity] kitchen on ${kind}: ${run.elapsed} ms from database start to the last read`);
    });

    after(() => run?.stop());

    it('the calls type-check against the generated client', () => {
      assert.deepEqual(types.diagnostics, []);
      assert.deepEqual([...types.results.keys()].sort(), [...results.keys()].sort());
    });

    it('every response fits the type of its call, field by field', () => {
      assert.deepEqual(walkFailures(run), []);
    });

    it('the check is not vacuous: a real response with a wrong value, a missing and an extra field fails at each', () => {
      const type = types.results.get('articles') as ts.Type;
      const entries = structuredClone(results.get('articles')) as Any[];
      const index = entries.findIndex((entry) => entry.code === 'ALL-001');
      entries[index].stamp = Date.parse(STAMP);
      delete entries[index].documentId;
      entries[index].seo.canonical.extra = true;
      entries[index].sections[0].heading = null;
      assert.deepEqual(
        types.walker
          .check(type, entries)
          .map((mismatch) => mismatch.path)
          .sort(),
        [
          `$[${index}].documentId`,
          `$[${index}].sections[0].heading`,
          `$[${index}].seo.canonical.extra`,
          `$[${index}].stamp`,
        ],
      );
    });

    it('every content type of the /schema is covered, and every field has a value in some entry of its calls', () => {
      assertCovered(run, COVERED, PLUGIN_EXEMPT);
      const drafts = results.get('articleDrafts') as Any[];
      assert.ok(drafts.some((entry) => entry.publishedAt === null && entry.title === 'A draft'));
      const french = results.get('articlesFr') as Any[];
      assert.deepEqual(
        french.map((entry) => [entry.locale, entry.title]),
        [['fr', 'Tous les champs']],
      );
      const media = (results.get('articles') as Any[]).find((entry) => entry.code === 'ALL-001');
      assert.equal(media.attachment.mime, 'text/plain');
      assert.equal(media.cover.mime, 'image/png');
    });

    it('the coverage check is not vacuous: a content type without a call, a field and a zone member no entry holds fail', () => {
      const { promos: _, promoDrafts: __, ...withoutPromos } = COVERED;
      assert.deepEqual(uncoveredTypes(run.model, Object.values(withoutPromos), PLUGIN_EXEMPT), [
        'api::promo.promo',
        'api::promo.promo (drafts)',
      ]);
      const { 'plugin::upload.folder': ___, ...exempt } = PLUGIN_EXEMPT;
      assert.deepEqual(uncoveredTypes(run.model, Object.values(COVERED), exempt), ['plugin::upload.folder']);
      const promos = structuredClone(results.get('promos')) as Any[];
      for (const entry of promos) entry.link.href = null;
      assert.deepEqual(uncoveredFields(run.model, 'api::promo.promo', promos), ['link.href']);
      const articles = structuredClone(results.get('articles')) as Any[];
      for (const entry of articles)
        entry.sections = entry.sections?.filter((item: Any) => item.__component !== 'sections.hero');
      assert.deepEqual(uncoveredFields(run.model, 'api::article.article', articles), [
        'sections<sections.hero>',
      ]);
    });

    it('promos: published ones with an external and an internal smart link, and a draft lacking every required field', () => {
      const published = results.get('promos') as Any[];
      assert.deepEqual(
        published.map((entry) => [entry.title, entry.link.type, entry.link.href, entry.image.mime]),
        [
          ['External promo', 'external', 'https://example.test/out', 'image/png'],
          ['Internal promo', 'internal', null, 'image/png'],
        ],
      );
      assert.equal(published[0].article.code, 'ALL-001');
      const draft = (results.get('promoDrafts') as Any[]).find((entry) => entry.title === 'Draft promo');
      assert.deepEqual([draft.rank, draft.image, draft.link, draft.publishedAt], [null, null, null, null]);
    });

    it('a draft-mode data layer (status: preview ? draft : published) reads both versions, each fitting the union', () => {
      const on = results.get('previewOn') as Any[];
      const off = results.get('previewOff') as Any[];
      // One entry: its newer draft with draft mode on, its published version with it off.
      assert.deepEqual(
        on.map((entry) => [entry.title, entry.rank, entry.publishedAt]),
        [['Internal promo, edited', null, null]],
      );
      assert.deepEqual(
        off.map((entry) => [entry.title, entry.rank, typeof entry.publishedAt]),
        [['Internal promo', 2, 'string']],
      );
      assert.equal(on[0].documentId, off[0].documentId);
      // Both calls have the one (union) type of the function, and both responses fit it.
      const type = types.results.get('previewOn') as ts.Type;
      const typeOff = types.results.get('previewOff') as ts.Type;
      assert.equal(types.checker.typeToString(type), types.checker.typeToString(typeOff));
      assert.deepEqual(types.walker.check(type, on), []);
      assert.deepEqual(types.walker.check(type, off), []);
      // Not collapsed: publishedAt takes the published string and the draft's null, rank a null.
      const [element] = types.checker.getTypeArguments(type as ts.TypeReference);
      assert.ok(element?.isUnion(), 'the result element is not a union');
      for (const [field, values] of [
        ['publishedAt', [off[0].publishedAt, null]],
        ['rank', [2, null]],
      ] as const) {
        const property = types.checker.getPropertyOfType(element, field);
        assert.ok(property, `the union has no ${field}`);
        for (const value of values)
          assert.deepEqual(types.walker.check(types.checker.getTypeOfSymbol(property), value), [], field);
      }
      // Each one-sided type refuses the other version (the union is what makes both fit).
      const paths = (name: string, value: unknown) =>
        types.walker
          .check(types.results.get(name) as ts.Type, value)
          .map((mismatch) => mismatch.path)
          .sort();
      assert.deepEqual(paths('promoDrafts', off), ['$[0].publishedAt']);
      assert.deepEqual(paths('promos', on), ['$[0].publishedAt', '$[0].rank']);
    });

    it('a draft without a required field fits the draft type, whose required fields are nullable', () => {
      const type = types.results.get('draftMissingRequired') as ts.Type;
      const value = results.get('draftMissingRequired') as Any[];
      assert.equal(value.length, 1);
      assert.equal(value[0].title, null);
      const [element] = types.checker.getTypeArguments(type as ts.TypeReference);
      const title = element && types.checker.getPropertyOfType(element, 'title');
      assert.ok(title, 'the draft result type has no title');
      assert.deepEqual(types.walker.check(types.checker.getTypeOfSymbol(title), null), []);
      assert.deepEqual(types.walker.check(type, value), []);
    });

    it(`returns what ${kind} returns for biginteger, decimal, float, time and timestamp`, () => {
      const entry = (results.get('articles') as Any[]).find((item) => item.code === 'ALL-001');
      const picked = Object.fromEntries(Object.keys(RETURNED[kind]).map((key) => [key, entry[key]]));
      assert.deepEqual(picked, RETURNED[kind]);
      assert.equal(entry.scheduledAt, STAMP);
      assert.equal(entry.publishDate, '2025-01-02');
      assert.equal(article.documentId, entry.documentId);
    });

    it('filters on timestamp (ISO 8601 string or Date) and time find the entry, as the filter docs say', () => {
      for (const name of ['byStamp', 'byStampDate', 'byTime'])
        assert.deepEqual(
          (results.get(name) as Any[]).map((entry) => entry.code),
          ['ALL-001'],
          name,
        );
    });

    it(`returns what ${kind} returns for bare JSON values`, () => {
      const entries = results.get('articles') as Any[];
      const stored = (name: string) => {
        const entry = entries.find((item) => item.title === `JSON ${name}`);
        return entry ? entry.metadata : REFUSED;
      };
      assert.deepEqual(
        Object.fromEntries(BARE_JSON.map(([name]) => [name, stored(name)])),
        Object.fromEntries(
          BARE_JSON.map(([name, value, returned]) => [name, kind in returned ? returned[kind] : value]),
        ),
      );
    });
  });
}

for (const kind of ['sqlite', 'postgres', 'mysql'] as const) {
  const skip = databaseSkip(kind === 'sqlite' ? [] : [kind]);
  describe(`fidelity of LaunchPad's generated types on ${kind}`, { skip, timeout: 300_000 }, () => {
    let run: FidelityRun<LaunchpadSeed>;

    before(async () => {
      run = await startFidelity({
        name: `fidelity-launchpad-${kind}`,
        variant: 'launchpad',
        kind,
        calls: LAUNCHPAD_CALLS,
        seed: seedLaunchpad,
      });
      console.log(`[fidelity] LaunchPad on ${kind}: ${run.elapsed} ms from database start to the last read`);
    });

    after(() => run?.stop());

    it('the calls type-check against the generated client', () => {
      assert.deepEqual(run.types.diagnostics, []);
      assert.deepEqual([...run.types.results.keys()].sort(), [...run.results.keys()].sort());
    });

    it('every response fits the type of its call, field by field', () => {
      assert.deepEqual(walkFailures(run), []);
    });

    it('every content type of the /schema is covered, and every field has a value in some entry of its calls', () => {
      assertCovered(run, LAUNCHPAD_COVERED, PLUGIN_EXEMPT);
    });

    it('the coverage check is not vacuous inside nested components of a zone', () => {
      const page = structuredClone(run.results.get('blogPage')) as Any;
      for (const item of page.dynamic_zone) if (item.graph_card) item.graph_card.top_items = [];
      assert.deepEqual(uncoveredFields(run.model, 'api::blog-page.blog-page', [page]), [
        'dynamic_zone<dynamic-zone.features>.graph_card.top_items',
      ]);
    });

    it('drafts and the second locale are what was written', () => {
      const drafts = run.results.get('articleDrafts') as Any[];
      const draft = drafts.find((entry) => entry.documentId === run.seeded.draftOnly);
      assert.deepEqual([draft?.title, draft?.description, draft?.publishedAt], ['Draft only', null, null]);
      const published = run.results.get('articles') as Any[];
      assert.ok(!published.some((entry) => entry.documentId === run.seeded.draftOnly));
      assert.deepEqual(
        (run.results.get('articlesFr') as Any[]).map((entry) => [entry.locale, entry.title]),
        [['fr', 'Lancement']],
      );
      assert.deepEqual(
        [
          (run.results.get('blogPageFr') as Any).heading,
          (run.results.get('globalFr') as Any).admin_title,
          (run.results.get('faqsFr') as Any[])[0].question,
        ],
        ['Le blog', 'LaunchPad FR', 'Pourquoi ?'],
      );
      assert.deepEqual((run.results.get('redirectionDrafts') as Any[]).map((entry) => entry.source).sort(), [
        '/draft',
        '/old',
      ]);
    });
  });
}
