/**
 * The mock Strapi's `filters`: the 400s Strapi 5.54's validation answers (@strapi/utils
 * dist/validate/validators.js, dist/validate/utils.js), and each operator as Strapi's SQL
 * (@strapi/database dist/query/helpers/where.js, fields/*.js) runs on SQLite. The SQLite facts
 * (LIKE ignores ASCII case only, `<>` and NOT IN are UNKNOWN on NULL, numeric affinity, a LEFT
 * JOIN per link mention) were checked against SQLite 3.54 with the same tables and statements.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MockBadRequest } from '../../../src/runtime/mock/errors.ts';
import { checkFilters, filterOf, matchesFilters } from '../../../src/runtime/mock/filters.ts';
import type { FilterContext, Row } from '../../../src/runtime/mock/rows.ts';
import type { CmsFieldTables } from '../../../src/runtime/validate/fields.ts';
import { tableContext } from '../../helpers/mock-rows.ts';

const tables: CmsFieldTables = {
  articles: {
    title: { kind: 'string' },
    views: { kind: 'integer' },
    rating: { kind: 'float' },
    big: { kind: 'biginteger' },
    featured: { kind: 'boolean' },
    day: { kind: 'date' },
    at: { kind: 'time' },
    happenedAt: { kind: 'datetime' },
    meta: { kind: 'json' },
    secret: { kind: 'string', private: true },
    password: { kind: 'password' },
    author: { kind: 'relation', relation: 'manyToOne', target: 'api::author.author' },
    tags: { kind: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
    cover: { kind: 'media' },
    seo: { kind: 'component', component: 'shared.seo' },
    sections: { kind: 'component', component: 'shared.seo', repeatable: true },
    blocks: { kind: 'dynamiczone', components: ['shared.seo'] },
    attached: { kind: 'relation', relation: 'morphToMany' },
  },
  authors: {
    name: { kind: 'string' },
    company: { kind: 'relation', relation: 'manyToOne', target: 'api::company.company' },
  },
  companies: { name: { kind: 'string' } },
  tags: { name: { kind: 'string' } },
  'shared.seo': { metaTitle: { kind: 'string' } },
};
const keyOf: Record<string, string> = {
  'api::author.author': 'authors',
  'api::company.company': 'companies',
  'api::tag.tag': 'tags',
};

let serial = 0;
function row(fields: Record<string, unknown> = {}): Row {
  serial += 1;
  return {
    id: serial,
    documentId: `doc${serial}`,
    locale: null,
    publishedAt: '2024-01-01T00:00:00.000Z',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** The relations and media of each row. */
const links = new Map<Row, Record<string, Row[]>>();

const ctx: FilterContext = tableContext(tables, keyOf, links);

/** The ids of `rows` that pass `filters`. */
function ids(rows: readonly Row[], filters: unknown): number[] {
  return rows
    .filter((candidate) => matchesFilters('articles', candidate, filters, ctx))
    .map((item) => item.id);
}

/** Asserts Strapi's 400 for `filters`. */
function refused(filters: unknown, message: string, key?: string, path?: string | null): void {
  assert.throws(
    () => checkFilters('articles', filters, ctx),
    (error: unknown) => {
      assert.ok(error instanceof MockBadRequest, String(error));
      assert.equal(error.message, message);
      assert.equal(error.errorName, 'ValidationError');
      if (key !== undefined)
        assert.deepEqual(error.details, { key, path, source: 'query', param: 'filters' });
      return true;
    },
  );
}

describe('filters: what Strapi refuses with 400', () => {
  // dist/validate/validators.js validateFilters; the message from dist/validate/utils.js throwInvalidKey.
  it('an unknown key, with the attribute path above it', () => {
    refused({ title2: 'x' }, 'Invalid key title2', 'title2', null);
    refused({ author: { name2: 'x' } }, 'Invalid key name2 at author', 'name2', 'author');
    refused(
      { author: { company: { bad: 1 } } },
      'Invalid key bad at author.company',
      'bad',
      'author.company',
    );
    refused({ $and: [{ author: { bad: 1 } }] }, 'Invalid key bad at author', 'bad', 'author');
    refused({ title: { $EQ: 'x' } }, 'Invalid key $EQ at title', '$EQ', 'title');
    refused({ seo: { bad: 1 } }, 'Invalid key bad at seo', 'bad', 'seo');
    refused([{ title: 'x' }, { bad: 1 }], 'Invalid key bad', 'bad', null);
  });

  it('dynamic zones, morph relations, passwords and private fields, by their own path', () => {
    refused({ blocks: { x: 1 } }, 'Invalid key blocks', 'blocks', 'blocks');
    refused({ attached: 1 }, 'Invalid key attached', 'attached', 'attached');
    refused({ password: 'x' }, 'Invalid key password', 'password', 'password');
    refused({ secret: 'x' }, 'Invalid key secret', 'secret', 'secret');
    // Each check walks every filter first: the unknown key wins over the private field before it.
    refused({ secret: 'x', bad: 1 }, 'Invalid key bad', 'bad', null);
  });

  it("Strapi's own attributes: timestamps on content types, private creator fields and locale", () => {
    // @strapi/core dist/domain/content-type/index.js, @strapi/i18n dist/server/register.js.
    checkFilters(
      'articles',
      { createdAt: { $gt: '2024-01-01' }, publishedAt: { $null: 'true' }, id: 1 },
      ctx,
    );
    refused({ seo: { createdAt: 'x' } }, 'Invalid key createdAt at seo', 'createdAt', 'seo');
    refused({ createdBy: { id: 1 } }, 'Invalid key createdBy', 'createdBy', 'createdBy');
    refused({ locale: 'en' }, 'Invalid key locale', 'locale', 'locale');
  });

  it("media filters read the upload plugin's file model", () => {
    // @strapi/upload dist/server/content-types/file.js: folderPath is private, related a morph relation.
    checkFilters('articles', { cover: { name: 'a.png', size: { $gt: 1 } } }, ctx);
    refused(
      { cover: { folderPath: '/' } },
      'Invalid key folderPath at cover.folderPath',
      'folderPath',
      'cover.folderPath',
    );
  });

  it('filters that are not an object (dist/convert-query-params.js), with empty details', () => {
    for (const filters of ['abc', '']) {
      assert.throws(
        () => checkFilters('articles', filters, ctx),
        (error: unknown) =>
          error instanceof MockBadRequest &&
          error.message === 'The filters parameter must be an object or an array' &&
          Object.keys(error.details).length === 0,
      );
    }
    assert.doesNotThrow(() => checkFilters('articles', null, ctx));
  });

  it('refuses before any row is seen (filterOf), and matchesFilters refuses too', () => {
    assert.throws(() => filterOf('articles', { nope: 1 }, ctx), MockBadRequest);
    assert.throws(() => matchesFilters('articles', row(), { nope: 1 }, ctx), MockBadRequest);
  });

  it('filters Strapi fails on with 500 throw a plain Error (where.js)', () => {
    const plain = (filters: unknown) =>
      assert.throws(
        () => filterOf('articles', filters, ctx),
        (error: unknown) => error instanceof Error && !(error instanceof MockBadRequest),
      );
    plain({ $eq: 'x' }); // Only $and, $or and $not at the root.
    plain({ $and: { title: 'x' } }); // $and must be an array.
    plain({ author: { $in: ['1'], name: 'x' } }); // Operator and non-operator keys mixed.
    plain({ views: { $eq: 'ten' } }); // fields/number.js: Expected a valid Number.
    plain({ happenedAt: { $gt: 'yesterday' } }); // Invalid format, expected a timestamp or an ISO date.
    plain({ views: { $between: ['1'] } }); // knex: 2 values for whereBetween.
  });
});

describe('filters: operators as SQLite runs them', () => {
  const hello = row({ title: 'Hello World', views: 10, featured: true, rating: 2 });
  const lower = row({ title: 'hello', views: 9, featured: false, rating: 0.5 });
  const none = row({ title: null, views: null, featured: null, rating: null });
  const accented = row({ title: 'Émile 100%_x', views: 100, featured: true, rating: 1.5 });
  const rows = [hello, lower, none, accented];

  it('$eq and a bare value: case-sensitive equality; null means IS NULL', () => {
    assert.deepEqual(ids(rows, { title: 'hello' }), [lower.id]);
    assert.deepEqual(ids(rows, { title: { $eq: 'hello' } }), [lower.id]);
    assert.deepEqual(ids(rows, { title: null }), [none.id]);
    assert.deepEqual(ids(rows, { title: { $eq: null } }), [none.id]);
  });

  it('$ne, $notIn and $notContains leave out NULL (three-valued logic); $ne null is IS NOT NULL', () => {
    assert.deepEqual(ids(rows, { title: { $ne: 'hello' } }), [hello.id, accented.id]);
    assert.deepEqual(ids(rows, { title: { $notIn: ['hello'] } }), [hello.id, accented.id]);
    assert.deepEqual(ids(rows, { title: { $notContains: 'zzz' } }), [hello.id, lower.id, accented.id]);
    assert.deepEqual(ids(rows, { title: { $ne: null } }), [hello.id, lower.id, accented.id]);
    assert.deepEqual(ids(rows, { title: { $not: { $eq: 'hello' } } }), [hello.id, accented.id]);
  });

  it('$eqi and $nei fold ASCII case only (SQLite LOWER)', () => {
    assert.deepEqual(ids(rows, { title: { $eqi: 'HELLO' } }), [lower.id]);
    assert.deepEqual(ids(rows, { title: { $eqi: 'émile 100%_X' } }), []);
    assert.deepEqual(ids(rows, { title: { $nei: 'HELLO' } }), [hello.id, accented.id]);
  });

  it('$contains and friends are LIKE: ASCII case ignored even without i, wildcards literal', () => {
    assert.deepEqual(ids(rows, { title: { $contains: 'HELLO' } }), [hello.id, lower.id]);
    assert.deepEqual(ids(rows, { title: { $containsi: 'hello' } }), [hello.id, lower.id]);
    assert.deepEqual(ids(rows, { title: { $contains: 'émile' } }), []);
    assert.deepEqual(ids(rows, { title: { $contains: '%_' } }), [accented.id]);
    assert.deepEqual(ids(rows, { title: { $contains: '_' } }), [accented.id]);
    assert.deepEqual(ids(rows, { title: { $startsWith: 'hello w' } }), [hello.id]);
    assert.deepEqual(ids(rows, { title: { $endsWithi: 'WORLD' } }), [hello.id]);
    assert.deepEqual(ids(rows, { title: { $notContainsi: 'WORLD' } }), [lower.id, accented.id]);
  });

  it('lists: $in, a bare list ($in), and a list under another operator (each value, ORed)', () => {
    assert.deepEqual(ids(rows, { title: { $in: ['hello', 'nope'] } }), [lower.id]);
    assert.deepEqual(ids(rows, { title: ['hello', 'Hello World'] }), [hello.id, lower.id]);
    assert.deepEqual(ids(rows, { title: { $eq: ['hello', 'Hello World'] } }), [hello.id, lower.id]);
    assert.deepEqual(ids(rows, { title: { $containsi: ['world', 'MILE'] } }), [hello.id, accented.id]);
    // ($ne a) OR ($ne b) holds for every non-NULL title.
    assert.deepEqual(ids(rows, { title: { $ne: ['hello', 'Hello World'] } }), [
      hello.id,
      lower.id,
      accented.id,
    ]);
  });

  it('numbers sent as text are cast per field and compared as numbers', () => {
    // Text would put '10' before '9'; the integer column compares 10 > 9.
    assert.deepEqual(ids(rows, { views: { $gt: '9' } }), [hello.id, accented.id]);
    assert.deepEqual(ids(rows, { views: { $lte: '9.5' } }), [lower.id]);
    assert.deepEqual(ids(rows, { views: { $between: ['9', '10'] } }), [hello.id, lower.id]);
    assert.deepEqual(ids(rows, { rating: { $eq: '2.0' } }), [hello.id]);
    assert.deepEqual(ids(rows, { views: { $in: ['9', '100'] } }), [lower.id, accented.id]);
    // LIKE reads a number column as text (a float keeps its `.0`), uncast.
    assert.deepEqual(ids(rows, { views: { $contains: '0' } }), [hello.id, accented.id]);
    assert.deepEqual(ids(rows, { rating: { $endsWith: '.0' } }), [hello.id]);
  });

  it('booleans: t, true, 1 are true, f, false, 0 false (fields/boolean.js)', () => {
    assert.deepEqual(ids(rows, { featured: 'true' }), [hello.id, accented.id]);
    assert.deepEqual(ids(rows, { featured: { $eq: 't' } }), [hello.id, accented.id]);
    assert.deepEqual(ids(rows, { featured: { $eq: '0' } }), [lower.id]);
    assert.deepEqual(ids(rows, { featured: { $ne: 'false' } }), [hello.id, accented.id]);
  });

  it('$null and $notNull read their operand as a boolean (dist/parse-type.js)', () => {
    assert.deepEqual(ids(rows, { title: { $null: 'true' } }), [none.id]);
    assert.deepEqual(ids(rows, { title: { $null: 'false' } }), [hello.id, lower.id, accented.id]);
    assert.deepEqual(ids(rows, { title: { $notNull: '1' } }), [hello.id, lower.id, accented.id]);
    assert.deepEqual(ids(rows, { title: { $notNull: 'f' } }), [none.id]);
  });

  it('dates, times and datetimes (stored as epoch ms on SQLite) compare as their values', () => {
    const early = row({ day: '2023-12-31', at: '09:00:00.000', happenedAt: '2023-12-31T23:00:00.000Z' });
    const late = row({ day: '2024-02-29', at: '10:30:00.000', happenedAt: '2024-01-01T01:00:00.000Z' });
    const both = [early, late];
    const idsOf = (filters: unknown) =>
      both.filter((candidate) => matchesFilters('articles', candidate, filters, ctx)).map((item) => item.id);
    assert.deepEqual(idsOf({ happenedAt: { $gt: '2024-01-01T00:00:00Z' } }), [late.id]);
    assert.deepEqual(idsOf({ happenedAt: { $lt: '1704067200000' } }), [early.id]); // a ms timestamp
    assert.deepEqual(idsOf({ day: { $gte: '2024-01-01' } }), [late.id]);
    assert.deepEqual(idsOf({ at: { $eq: '10:30:00' } }), [late.id]); // cast to HH:mm:ss.SSS
    assert.deepEqual(idsOf({ createdAt: { $lte: '2024-01-01T00:00:00.000Z' } }), [early.id, late.id]);
  });

  it('big integers compare exactly past 2^53', () => {
    const big = row({ big: '9007199254740993' });
    const other = row({ big: '9007199254740992' });
    const found = [big, other].filter((candidate) =>
      matchesFilters('articles', candidate, { big: '9007199254740993' }, ctx),
    );
    assert.deepEqual(found, [big]);
  });

  it('id and documentId', () => {
    assert.deepEqual(ids(rows, { id: String(lower.id) }), [lower.id]);
    assert.deepEqual(ids(rows, { id: { $in: [String(hello.id), String(none.id)] } }), [hello.id, none.id]);
    assert.deepEqual(ids(rows, { documentId: { $ne: hello.documentId } }), [lower.id, none.id, accented.id]);
  });

  it('$and, $or, $not, a root list (ANDed); an empty $or is no condition', () => {
    assert.deepEqual(ids(rows, { $or: [{ title: 'hello' }, { views: { $gt: '50' } }] }), [
      lower.id,
      accented.id,
    ]);
    assert.deepEqual(ids(rows, { $and: [{ featured: 'true' }, { views: { $lt: '50' } }] }), [hello.id]);
    assert.deepEqual(ids(rows, { $not: { featured: 'true' } }), [lower.id]); // NOT NULL is UNKNOWN
    assert.deepEqual(ids(rows, [{ featured: 'true' }, { views: '100' }]), [accented.id]);
    assert.deepEqual(
      ids(rows, { $or: [] }),
      rows.map((item) => item.id),
    );
  });
});

describe('filters: relations, media and components are joins', () => {
  const acme = row({ name: 'Acme' });
  const ann = row({ name: 'Ann' });
  const bob = row({ name: 'Bob' });
  links.set(ann, { company: [acme] });
  const red = row({ name: 'red' });
  const blue = row({ name: 'blue' });
  const png = row({ name: 'a.png', size: 12.5 });
  const both = row({ title: 'both', seo: { id: 1, metaTitle: 'Seo A' } });
  const onlyRed = row({
    title: 'red',
    sections: [
      { id: 2, metaTitle: 'x' },
      { id: 3, metaTitle: 'y' },
    ],
  });
  const bare = row({ title: 'bare', seo: null });
  links.set(both, { author: [ann], tags: [red, blue], cover: [png] });
  links.set(onlyRed, { author: [bob], tags: [red] });
  links.set(bare, { author: [], tags: [] });
  const rows = [both, onlyRed, bare];

  it('a relation matches when some linked row does', () => {
    assert.deepEqual(ids(rows, { tags: { name: 'blue' } }), [both.id]);
    assert.deepEqual(ids(rows, { tags: { name: { $in: ['red', 'blue'] } } }), [both.id, onlyRed.id]);
    assert.deepEqual(ids(rows, { author: { company: { name: 'Acme' } } }), [both.id]);
  });

  it('each mention is its own join: two tags conditions may meet different tags', () => {
    assert.deepEqual(ids(rows, { $and: [{ tags: { name: 'red' } }, { tags: { name: 'blue' } }] }), [both.id]);
    // One mention: one tag must be both.
    assert.deepEqual(ids(rows, { tags: { name: 'red', id: String(blue.id) } }), []);
  });

  it('$not over a relation: some linked row fails the condition (not "no row matches")', () => {
    assert.deepEqual(ids(rows, { $not: { tags: { name: 'red' } } }), [both.id]);
  });

  it('an empty link is one all-NULL row: $null finds the rows without one', () => {
    assert.deepEqual(ids(rows, { tags: { id: { $null: 'true' } } }), [bare.id]);
    assert.deepEqual(ids(rows, { author: { $null: 'true' } }), [bare.id]);
    assert.deepEqual(ids(rows, { author: null }), [bare.id]);
    assert.deepEqual(ids(rows, { author: { name: { $ne: 'Ann' } } }), [onlyRed.id]);
  });

  it('a bare value, list or operator on a relation is about the linked id (processRelationWhere)', () => {
    assert.deepEqual(ids(rows, { author: String(bob.id) }), [onlyRed.id]);
    assert.deepEqual(ids(rows, { author: [String(ann.id), String(bob.id)] }), [both.id, onlyRed.id]);
    assert.deepEqual(ids(rows, { author: { $notIn: [String(ann.id)] } }), [onlyRed.id]);
    assert.deepEqual(ids(rows, { tags: { $or: [{ name: 'blue' }, { name: 'none' }] } }), [both.id]);
  });

  it('components and media join the same way', () => {
    assert.deepEqual(ids(rows, { seo: { metaTitle: { $containsi: 'seo' } } }), [both.id]);
    assert.deepEqual(ids(rows, { seo: { id: { $null: 'true' } } }), [onlyRed.id, bare.id]);
    assert.deepEqual(ids(rows, { sections: { metaTitle: 'y' } }), [onlyRed.id]);
    assert.deepEqual(ids(rows, { cover: { size: { $gt: '12' } } }), [both.id]);
    assert.deepEqual(ids(rows, { cover: { name: { $endsWith: '.PNG' } } }), [both.id]);
  });
});
