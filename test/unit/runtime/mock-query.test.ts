/**
 * `readQuery`, the mock Strapi's query-string reader. Properties: it is the inverse of
 * `toQueryString` (every Strapi-like params object comes back as Strapi would read it), and it
 * reads any query string as `qs.parse` with Strapi's options does (@strapi/core
 * dist/middlewares/query.js: `{ strictNullHandling: true, arrayLimit: 100, depth: 20 }`).
 * Examples: the edges where qs decides (limits, prototype keys, decoding, conflicts); their
 * expected values were read from qs 6.15.3, the version @strapi/core 5.54 pins.
 * Replay a failure with `FC_SEED=<seed> node --test test/unit/runtime/mock-query.test.ts`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readQuery } from '../../../src/runtime/mock/query.ts';
import { toQueryString } from '../../../src/runtime/query/to-query-string.ts';
import { normalize, strapiParse } from '../../helpers/strapi-query.ts';

const SEED =
  process.env.FC_SEED === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(process.env.FC_SEED);

const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

const keyArb = fc.oneof(
  fc.constantFrom(
    'title',
    'filters',
    '$eq',
    '$in',
    'author',
    'a.b',
    'x&y=z',
    'p%q',
    'plus+',
    'é✓🚀',
    'sp ace',
    '-1',
  ),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 4 })
    .filter((key) => !/[[\]]/.test(key) && !/^\d+$/.test(key) && !PROTOTYPE_NAMES.has(key)),
);

const scalarArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('&', '=', '+', '%', '%20', '[a]', ']=', 'a+b', '%E2%9C%93'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }),
);

const valueArb = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, withCrossShrink: true },
    scalarArb,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keyArb, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Lists at qs's array limit and past it (toQueryString splits `$in` lists, and refuses others). */
const longListArb = fc.integer({ min: 95, max: 100 }).map((length) => ({
  filters: { id: { $in: Array.from({ length }, (_, index) => String(index)) } },
}));

describe('readQuery', () => {
  it('reads back every params object toQueryString writes (its exact inverse)', () => {
    fc.assert(
      fc.property(fc.dictionary(keyArb, valueArb, { maxKeys: 4 }), (params) => {
        let query: string;
        try {
          query = toQueryString(params);
        } catch {
          return; // A params object the writer refuses (an empty $in, say) has no query string.
        }
        assert.deepEqual(readQuery(query), normalize(params) ?? {});
        assert.deepEqual(readQuery(`?${query}`), normalize(params) ?? {});
      }),
      { seed: SEED, numRuns: 400 },
    );
    fc.assert(
      fc.property(longListArb, (params) => {
        assert.deepEqual(readQuery(toQueryString(params)), normalize(params));
      }),
      { seed: SEED, numRuns: 6 },
    );
  });

  it('reads Strapi-shaped queries as the REST API gets them', () => {
    const params = {
      filters: { title: { $eq: 'Hello world' }, $or: [{ views: { $gt: 10 } }, { author: { name: 'Ann' } }] },
      populate: { author: { populate: ['avatar'] } },
      sort: ['title:asc', 'views:desc'],
      fields: ['title'],
      pagination: { page: 2, pageSize: 10, withCount: false },
      status: 'draft',
    };
    assert.deepEqual(readQuery(toQueryString(params)), {
      filters: {
        title: { $eq: 'Hello world' },
        $or: [{ views: { $gt: '10' } }, { author: { name: 'Ann' } }],
      },
      populate: { author: { populate: ['avatar'] } },
      sort: ['title:asc', 'views:desc'],
      fields: ['title'],
      pagination: { page: '2', pageSize: '10', withCount: 'false' },
      status: 'draft',
    });
  });

  it('reads any query string as qs.parse with Strapi options does', () => {
    // An alphabet rich in what qs treats specially: brackets, indices around the limit, `]=`,
    // encoded brackets, bad escapes, prototype names, repeated keys.
    const atomArb = fc.constantFrom(
      'a',
      'b',
      '[',
      ']',
      '[]',
      '[0]',
      '[1]',
      '[99]',
      '[100]',
      '[150]',
      '=',
      '&',
      '%5B',
      '%5d',
      '%',
      '+',
      '%20',
      'constructor',
      '__proto__',
      '[toString]',
      '[a]',
      '0',
      ']=',
      '[[a]]',
      '$eq',
      '%C3',
      '%E2%9C%93',
    );
    fc.assert(
      fc.property(fc.array(atomArb, { maxLength: 25 }), (atoms) => {
        const query = atoms.join('');
        assert.deepEqual(readQuery(query), strapiParse(query));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  // qs/lib/parse.js, qs 6.15.3 with Strapi's options: each expectation below is its output.
  it('turns an array past 100 items into an object with numeric keys (arrayLimit: 100)', () => {
    const indexed = Array.from({ length: 101 }, (_, index) => `a[${index}]=${index}`).join('&');
    const read = readQuery(indexed) as { a: Record<string, string> };
    assert.equal(Array.isArray(read.a), false);
    assert.deepEqual(Object.keys(read.a).length, 101);
    assert.equal(read.a['100'], '100');
    // 100 items are still an array, and so are 100 values of a repeated key.
    assert.ok(Array.isArray(readQuery(indexed.replace(/&a\[100\]=100$/, '')).a));
    const repeated = Array.from({ length: 100 }, (_, index) => `b=${index}`).join('&');
    assert.ok(Array.isArray(readQuery(repeated).b));
    assert.equal(Array.isArray(readQuery(`${repeated}&b=x`).b), false);
    // An index from 100 up is an object key from the start.
    assert.deepEqual(readQuery('a[100]=x'), { a: { 100: 'x' } });
    assert.deepEqual(readQuery('a[1]=x&a[100]=y'), { a: { 1: 'x', 100: 'y' } });
  });

  it('keeps levels past 20 as one literal key (depth: 20)', () => {
    const deep = `a${'[b]'.repeat(22)}=x`;
    let node: unknown = readQuery(deep).a;
    for (let level = 0; level < 20; level += 1) node = (node as Record<string, unknown>).b;
    assert.deepEqual(node, { '[b][b]': 'x' });
  });

  it('reads a bare key as null, and decodes + and %XX (a bad escape leaves the part as is)', () => {
    assert.deepEqual(readQuery('filters[deletedAt][$eq]&q=a+b%20c'), {
      filters: { deletedAt: { $eq: null } },
      q: 'a b c',
    });
    assert.deepEqual(readQuery('?x=%E2%9C%93&y=100%&z=%zz+1'), { x: '✓', y: '100%', z: '%zz 1' });
    assert.deepEqual(readQuery('a%5Bb%5D=1&c%5bd%5d=2'), { a: { b: '1' }, c: { d: '2' } });
    assert.deepEqual(readQuery(''), {});
    assert.deepEqual(readQuery('?'), {});
  });

  it('splits at the first "]=", else the first "="', () => {
    assert.deepEqual(readQuery('a[b]=c=d'), { a: { b: 'c=d' } });
    assert.deepEqual(readQuery('a=b]=c'), { 'a=b]': 'c' });
  });

  it('drops keys naming Object.prototype members, and ignores text between bracket groups', () => {
    assert.deepEqual(readQuery('constructor=1&a[toString]=2&a[__proto__][x]=3&b=4'), { b: '4' });
    assert.deepEqual(readQuery('a[b]c[d]=1'), { a: { b: { d: '1' } } });
    assert.deepEqual(readQuery('a[b=1'), { a: { '[b': '1' } });
  });

  it('gathers repeated keys, appends [] values, closes holes, and pairs a value with an object', () => {
    assert.deepEqual(readQuery('a=1&a=2&b[]=x&b[]=y'), { a: ['1', '2'], b: ['x', 'y'] });
    assert.deepEqual(readQuery('a[3]=x&a[1]=y'), { a: ['y', 'x'] });
    assert.deepEqual(readQuery('a=1&a[b]=2'), { a: ['1', { b: '2' }] });
    assert.deepEqual(readQuery('a[b]=2&a=1'), { a: [{ b: '2' }, '1'] });
    assert.deepEqual(readQuery('a[0][b]=1&a[0][c]=2&a[1]=3'), { a: [{ b: '1', c: '2' }, '3'] });
  });

  it('reads the first 1000 parameters only (parameterLimit)', () => {
    const query = Array.from({ length: 1001 }, (_, index) => `k${index}=${index}`).join('&');
    const read = readQuery(query);
    assert.equal(Object.keys(read).length, 1000);
    assert.equal(read.k999, '999');
    assert.equal(read.k1000, undefined);
  });
});
