/**
 * The mock Strapi's `sort`: the forms Strapi 5.54 takes (@strapi/utils dist/convert-query-params.js),
 * the 400s its validation answers (dist/validate/validators.js `validateSort`), and the order
 * SQLite gives (@strapi/database dist/query/helpers/order-by.js, query-builder.js
 * `ensurePaginationOrderStability`): NULL first ascending, BINARY text order, `id ASC` last, a
 * link's rows reduced to their first by the sort columns NULLS LAST ("deep sort"). The orders
 * were checked against SQLite 3.54 running the statements Strapi builds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MockBadRequest } from '../../../src/runtime/mock/errors.ts';
import type { FilterContext, Row } from '../../../src/runtime/mock/rows.ts';
import { checkSort, sortRows } from '../../../src/runtime/mock/sort.ts';
import type { CmsFieldTables } from '../../../src/runtime/validate/fields.ts';
import { tableContext } from '../../helpers/mock-rows.ts';

const tables: CmsFieldTables = {
  articles: {
    title: { kind: 'string' },
    views: { kind: 'integer' },
    secret: { kind: 'string', private: true },
    password: { kind: 'password' },
    author: { kind: 'relation', relation: 'manyToOne', target: 'api::author.author' },
    tags: { kind: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
    seo: { kind: 'component', component: 'shared.seo' },
    blocks: { kind: 'dynamiczone', components: ['shared.seo'] },
  },
  authors: { name: { kind: 'string' } },
  tags: { name: { kind: 'string' } },
  'shared.seo': { metaTitle: { kind: 'string' } },
};
const links = new Map<Row, Record<string, Row[]>>();
const ctx: FilterContext = tableContext(
  tables,
  { 'api::tag.tag': 'tags', 'api::author.author': 'authors' },
  links,
);

let serial = 0;
function row(fields: Record<string, unknown> = {}): Row {
  serial += 1;
  return {
    id: serial,
    documentId: `doc${serial}`,
    locale: null,
    publishedAt: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

const a = row({ title: 'a', views: 10 });
const upper = row({ title: 'B', views: 9 });
const blank = row({ title: null, views: null });
const again = row({ title: 'a', views: 100 });
const rows = [again, blank, upper, a];

const order = (sort: unknown, status?: (item: Row) => number) =>
  sortRows('articles', rows, sort, ctx, status).map((item) => item.id);

function refused(sort: unknown, message: string, details?: { key: string; path: string | null }): void {
  assert.throws(
    () => checkSort('articles', sort, ctx),
    (error: unknown) => {
      assert.ok(error instanceof MockBadRequest, String(error));
      assert.equal(error.message, message);
      // Conversion errors (dist/convert-query-params.js) carry no details.
      assert.deepEqual(
        error.details,
        details === undefined ? {} : { ...details, source: 'query', param: 'sort' },
      );
      return true;
    },
  );
}

describe('sort: order', () => {
  it('no sort (or an empty one) is id ascending, and the input is not reordered in place', () => {
    for (const sort of [undefined, '', ',', [null], [], {}])
      assert.deepEqual(order(sort), [a.id, upper.id, blank.id, again.id]);
    assert.deepEqual(
      rows.map((item) => item.id),
      [again.id, blank.id, upper.id, a.id],
    );
  });

  it('text: NULL first ascending and last descending, BINARY order (B before a), ties by id', () => {
    assert.deepEqual(order('title'), [blank.id, upper.id, a.id, again.id]);
    assert.deepEqual(order('title:desc'), [a.id, again.id, upper.id, blank.id]);
    assert.deepEqual(order('title:DESC'), [a.id, again.id, upper.id, blank.id]);
  });

  it('numbers in numeric order', () => {
    assert.deepEqual(order('views'), [blank.id, upper.id, a.id, again.id]);
    assert.deepEqual(order('views:desc'), [again.id, a.id, upper.id, blank.id]);
  });

  it('every form Strapi takes gives the same order (convertSortQueryParams)', () => {
    const expected = [again.id, a.id, upper.id, blank.id];
    for (const sort of [
      'title:desc,views:desc',
      ' title:desc , views:desc ',
      ['title:desc', 'views:desc'],
      ['title:desc,views:desc'],
      { title: 'desc', views: 'desc' },
      [{ title: 'desc' }, { views: 'desc' }],
    ])
      assert.deepEqual(order(sort), expected, JSON.stringify(sort));
  });

  it('a relation: its value, or for many rows their first by the sort (min ascending, max descending)', () => {
    const ann = row({ name: 'Ann' });
    const zed = row({ name: 'Zed' });
    const red = row({ name: 'red' });
    const blue = row({ name: 'blue' });
    const green = row({ name: 'green' });
    const first = row({ title: 'first' });
    const second = row({ title: 'second' });
    const third = row({ title: 'third' });
    links.set(first, { author: [zed], tags: [red, blue] });
    links.set(second, { author: [ann], tags: [green] });
    links.set(third, { author: [], tags: [] });
    const three = [third, second, first];
    const by = (sort: unknown) => sortRows('articles', three, sort, ctx).map((item) => item.id);
    assert.deepEqual(by('author.name'), [third.id, second.id, first.id]);
    assert.deepEqual(by({ author: { name: 'desc' } }), [first.id, second.id, third.id]);
    assert.deepEqual(by('tags.name'), [third.id, first.id, second.id]); // NULL, blue, green
    assert.deepEqual(by('tags.name:desc'), [first.id, second.id, third.id]); // red, green, NULL
  });

  it('a component sorts as a join too', () => {
    const x = row({ seo: { id: 1, metaTitle: 'x' } });
    const w = row({ seo: { id: 2, metaTitle: 'w' } });
    const empty = row({ seo: null });
    assert.deepEqual(
      sortRows('articles', [x, w, empty], 'seo.metaTitle', ctx).map((item) => item.id),
      [empty.id, w.id, x.id],
    );
  });

  it('status, on a draft-and-publish type: by the rank given (order-by.js buildStatusSortExpression)', () => {
    const rank = (item: Row) => (item.id === upper.id ? 0 : 2);
    assert.deepEqual(order('status:asc', rank), [upper.id, a.id, blank.id, again.id]);
    assert.deepEqual(order({ status: 'desc' }, rank), [a.id, blank.id, again.id, upper.id]);
  });
});

describe('sort: what Strapi refuses with 400', () => {
  it('unknown keys, links without a field, with their path (dist/validate/utils.js throwInvalidKey)', () => {
    refused('title2', 'Invalid key title2', { key: 'title2', path: null });
    refused('author', 'Invalid key author', { key: 'author', path: 'author' });
    refused('author:asc', 'Invalid key asc at author', { key: 'asc', path: 'author' });
    refused({ author: { bad: 'asc' } }, 'Invalid key bad at author', { key: 'bad', path: 'author' });
    refused('seo', 'Invalid key seo', { key: 'seo', path: 'seo' });
    refused(['title', { views: 'desc' }], 'Invalid key 0', { key: '0', path: null });
    // The key is the text before the first `.` or `:`, spaces kept (dist/traverse/query-sort.js).
    refused('title : desc', 'Invalid key title ', { key: 'title ', path: null });
  });

  it('dynamic zones, passwords and private fields', () => {
    refused('blocks', 'Invalid key blocks', { key: 'blocks', path: 'blocks' });
    refused('password', 'Invalid key password', { key: 'password', path: 'password' });
    refused('secret:desc', 'Invalid key secret', { key: 'secret', path: 'secret' });
  });

  it('status without draft and publish; a bare `status` even with it (nonScalarEmptyKeys)', () => {
    refused('status:asc', 'Invalid key status', { key: 'status', path: null });
    assert.throws(() => checkSort('articles', 'status', ctx, true), /Invalid key status$/);
    assert.doesNotThrow(() => checkSort('articles', 'status:asc', ctx, true));
  });

  it('an order that is not asc or desc, and a sort value that is no string', () => {
    refused('title:sideways', 'Invalid order. order can only be one of asc|desc|ASC|DESC');
    refused('title:', 'Invalid order. order can only be one of asc|desc|ASC|DESC');
    refused({ title: 'asc', views: null }, 'Invalid sort type expected object or string got object');
    // Alone, an order that is no string is no sort at all (dist/sort-query.js hasSort).
    assert.deepEqual(order({ title: null }), [a.id, upper.id, blank.id, again.id]);
  });
});
