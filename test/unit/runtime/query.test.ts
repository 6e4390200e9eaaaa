/**
 * The query-string serializer against the real `qs` parser, configured as Strapi configures it.
 * Properties: every Strapi-like params object round-trips (`qs.parse(toQueryString(x))` equals
 * `normalize(x)`); `fitArrayLimit` keeps the meaning of filters (checked with a small in-memory
 * evaluator) and leaves no array over the limit. Examples: every rejection, the rewrites of long
 * lists, and the URL-length and parameter-count guards.
 * Replay a failure with `FC_SEED=<seed> node --test test/unit/runtime/query.test.ts`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CmsClientCore } from '../../../src/runtime/core/client.ts';
import { PUBLICATION_FILTERS } from '../../../src/runtime/core/publication-filters.ts';
import { fitArrayLimit } from '../../../src/runtime/query/fit.ts';
import {
  ARRAY_LIMIT,
  MAX_QUERY_LENGTH,
  PARAMETER_LIMIT,
  QUERY_DEPTH_LIMIT,
} from '../../../src/runtime/query/limits.ts';
import { queryText } from '../../../src/runtime/query/text.ts';
import { assertQueryLength, toQueryString } from '../../../src/runtime/query/to-query-string.ts';
import { normalize, strapiParse } from '../../helpers/strapi-query.ts';

const RUNS = 300;
const SEED =
  process.env.FC_SEED === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(process.env.FC_SEED);

type Json = Record<string, unknown>;

function roundTrip(params: object): unknown {
  return strapiParse(toQueryString(params));
}

function range(count: number, from = 1): number[] {
  return Array.from({ length: count }, (_, index) => from + index);
}

function documentIds(count: number): string[] {
  return range(count, 0).map((index) => `doc${String(index).padStart(21, '0')}`);
}

function throwsTypeError(action: () => unknown, ...patterns: RegExp[]): void {
  assert.throws(action, (error: unknown) => {
    assert.ok(error instanceof TypeError, `expected a TypeError, got ${String(error)}`);
    for (const pattern of patterns) assert.match(error.message, pattern);
    return true;
  });
}

/** Every array in `value`, with its path. */
function arraysIn(value: unknown, path = ''): { path: string; length: number }[] {
  if (Array.isArray(value)) {
    return [
      { path, length: value.length },
      ...value.flatMap((item, index) => arraysIn(item, `${path}.${index}`)),
    ];
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([key, child]) => arraysIn(child, `${path}.${key}`));
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Generators of Strapi-like params.

const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Field names, including reserved URL characters (brackets are rejected, see below). */
const fieldArb = fc.oneof(
  fc.constantFrom(
    'title',
    'slug',
    'views',
    'publishedAt',
    'documentId',
    'author',
    'tags',
    'name',
    'a.b',
    'with space',
    'x&y=z',
    'p%q',
    'plus+',
    'hash#',
    'what?',
    'sl/ash',
    'émoji✓🚀',
    'dollar$',
    'colon:at@',
    '-1',
    '01x',
  ),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 4 })
    .filter(
      (key) => !/[[\]]/.test(key) && !/^\d+$/.test(key) && !key.startsWith('$') && !PROTOTYPE_NAMES.has(key),
    ),
);

const reservedStringArb = fc
  .array(
    fc.constantFrom('&', '=', '+', '%', '#', '?', '/', ' ', '[', ']', '%20', '%2B', ',', ':', '$', '"'),
    {
      maxLength: 6,
    },
  )
  .map((parts) => parts.join(''));

const scalarArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 5 }),
  fc.string({ unit: 'grapheme', maxLength: 3 }),
  reservedStringArb,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.constant(null),
  fc.date({ noInvalidDate: true }),
);

const maybeScalarArb = fc.oneof(
  { weight: 6, arbitrary: scalarArb },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const operatorsArb = fc.record(
  {
    $eq: maybeScalarArb,
    $ne: maybeScalarArb,
    $containsi: fc.string({ unit: 'binary', maxLength: 6 }),
    $in: fc.array(scalarArb, { minLength: 1, maxLength: 6 }),
    $notIn: fc.array(scalarArb, { maxLength: 4 }),
    $between: fc.tuple(scalarArb, scalarArb),
    $null: fc.boolean(),
    $lt: fc.oneof(fc.integer(), fc.date({ noInvalidDate: true })),
  },
  { requiredKeys: [] },
);

const filtersArb = fc.letrec<{ where: Json }>((tie) => ({
  where: fc
    .uniqueArray(
      fc.oneof(
        { maxDepth: 3, withCrossShrink: true },
        fc.tuple(fieldArb, fc.oneof(scalarArb, operatorsArb)),
        fc.tuple(fieldArb, tie('where')),
        fc.tuple(fc.constant('$and'), fc.array(tie('where'), { maxLength: 3 })),
        fc.tuple(fc.constant('$or'), fc.array(tie('where'), { maxLength: 3 })),
        fc.tuple(fc.constant('$not'), tie('where')),
        fc.tuple(fieldArb, fc.constant(undefined)),
      ),
      { selector: ([key]) => key, maxLength: 3 },
    )
    .map((entries) => Object.fromEntries(entries)),
})).where;

const populateArb = fc.letrec<{ populate: unknown }>((tie) => ({
  populate: fc.oneof(
    { maxDepth: 2, withCrossShrink: true },
    fc.constant('*'),
    fc.array(fieldArb, { maxLength: 4 }),
    fc.dictionary(
      fieldArb,
      fc.oneof(
        fc.constant(true),
        fc.record(
          {
            fields: fc.array(fieldArb, { maxLength: 4 }),
            filters: filtersArb,
            sort: fc.array(fc.constantFrom('title:asc', 'views:desc'), { maxLength: 2 }),
            populate: tie('populate'),
            count: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
      ),
      { maxKeys: 3 },
    ),
  ),
})).populate;

const paramsArb = fc.record(
  {
    filters: filtersArb,
    populate: populateArb,
    fields: fc.array(fc.oneof(fieldArb, fc.constant(undefined)), { maxLength: 6 }),
    sort: fc.oneof(
      fc.constantFrom('title:asc', 'views:desc'),
      fc.array(fc.constantFrom('title:asc', 'views:desc', 'author.name:asc', 'publishedAt'), {
        maxLength: 4,
      }),
    ),
    pagination: fc.oneof(
      fc.record(
        {
          page: fc.integer({ min: 1 }),
          pageSize: fc.integer({ min: 1, max: 100 }),
          withCount: fc.constantFrom(true, false, undefined),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        { start: fc.nat(), limit: fc.integer({ min: -1, max: 100 }), withCount: fc.boolean() },
        { requiredKeys: [] },
      ),
    ),
    // Search text: any characters, `&`, `=`, `[`, `]`, `%`, `+` and spaces included.
    _q: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.stringMatching(/^[&=[\]%+#? a-z]{0,8}$/)),
    publicationFilter: fc.constantFrom(...PUBLICATION_FILTERS),
    hasPublishedVersion: fc.constantFrom(true, false, undefined),
    locale: fc.oneof(fc.constantFrom('en', 'fr-FR', 'zh-Hant-TW', '*'), fc.constant(null)),
    status: fc.constantFrom('draft', 'published', undefined),
  },
  { requiredKeys: [] },
);

// ---------------------------------------------------------------------------------------------
// A tiny evaluator of Strapi filters over plain records, to check that rewriting keeps meaning.

function matches(row: Json, where: unknown): boolean {
  if (where === null || typeof where !== 'object') throw new Error(`not a filter: ${String(where)}`);
  return Object.entries(where).every(([key, condition]) => {
    if (key === '$and') return (condition as unknown[]).every((item) => matches(row, item));
    if (key === '$or') return (condition as unknown[]).some((item) => matches(row, item));
    if (key === '$not') return !matches(row, condition);
    const value = row[key];
    if (value !== null && typeof value === 'object') return matches(value as Json, condition);
    return matchesField(value, condition);
  });
}

function matchesField(value: unknown, condition: unknown): boolean {
  if (condition === null || typeof condition !== 'object') return value === condition;
  return Object.entries(condition).every(([operator, operand]) => {
    switch (operator) {
      case '$eq':
        return value === operand;
      case '$in':
        return (operand as unknown[]).includes(value);
      case '$notIn':
        return !(operand as unknown[]).includes(value);
      case '$gt':
        return (value as number) > (operand as number);
      default:
        throw new Error(`the evaluator does not know ${operator}`);
    }
  });
}

/** Values of every field in the evaluator's data, small enough that conditions often match. */
const VALUE_MAX = 250;
const valueArb = fc.integer({ min: 0, max: VALUE_MAX });

/**
 * Rows for the evaluator: one row per value with every field equal to it (so dropping or adding
 * any single list value changes some row's result), plus random rows that mix values.
 */
const rowsArb = fc
  .array(
    fc.record({
      id: valueArb,
      views: valueArb,
      title: fc.constantFrom('a', 'b'),
      author: fc.record({ id: valueArb, name: fc.constantFrom('ann', 'bob') }),
    }),
    { maxLength: 40 },
  )
  .map((random) => [
    ...range(VALUE_MAX + 1, 0).map((value) => ({
      id: value,
      views: value,
      title: 'a',
      author: { id: value, name: value % 2 === 0 ? 'ann' : 'bob' },
    })),
    ...random,
  ]);

/** Short lists, and lists around and well over ARRAY_LIMIT (`size: 'max'`, or fast-check keeps them short). */
const idListArb = fc.oneof(
  fc.uniqueArray(valueArb, { maxLength: 6 }),
  fc.uniqueArray(valueArb, { minLength: 95, maxLength: 200, size: 'max' }),
  fc.array(valueArb, { minLength: 95, maxLength: 330, size: 'max' }),
);

const fieldConditionArb = fc.oneof(
  valueArb,
  fc.record({ $in: idListArb }),
  fc.record({ $notIn: idListArb }),
  fc.record({ $in: idListArb, $notIn: idListArb }),
  fc.record({ $gt: valueArb, $in: idListArb }),
  fc.record({ $eq: valueArb }),
);

const smallWhereArb = fc.oneof(
  fc.record({ id: fc.oneof(valueArb, fc.record({ $gt: valueArb })) }),
  fc.record({ views: valueArb }),
);

/** A filter on the `author` relation: its split lists must stay inside the relation's object. */
const authorWhereArb = fc
  .uniqueArray(
    fc.oneof(
      fc.tuple(fc.constant('id'), fieldConditionArb),
      fc.tuple(fc.constant('name'), fc.constant('ann')),
    ),
    { selector: ([key]) => key, maxLength: 2 },
  )
  .map((entries) => Object.fromEntries(entries));

const semanticWhereArb = fc.letrec<{ where: Json }>((tie) => ({
  where: fc
    .uniqueArray(
      fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.tuple(fc.constantFrom('id', 'views'), fieldConditionArb),
        fc.tuple(fc.constant('author'), authorWhereArb),
        fc.tuple(fc.constantFrom('$or', '$and'), fc.array(tie('where'), { maxLength: 3 })),
        fc.tuple(
          fc.constantFrom('$or', '$and'),
          fc.array(smallWhereArb, { minLength: 90, maxLength: 260, size: 'max' }),
        ),
        fc.tuple(fc.constant('$not'), tie('where')),
      ),
      { selector: ([key]) => key, maxLength: 4 },
    )
    .map((entries) => Object.fromEntries(entries)),
})).where;

// ---------------------------------------------------------------------------------------------

describe(`toQueryString round-trips through qs as Strapi parses it (seed ${SEED})`, () => {
  it(`${RUNS} random Strapi-like params read back as normalize(params)`, () => {
    let tooLong = 0;
    fc.assert(
      fc.property(paramsArb, (params) => {
        let query: string;
        try {
          query = toQueryString(params);
        } catch (error) {
          // Outside the domain: long unicode text can pass MAX_QUERY_LENGTH (tested on its own below).
          if (
            !(error instanceof TypeError && /^The query string is \d+ characters long/.test(error.message))
          ) {
            throw error;
          }
          tooLong += 1;
          return;
        }
        assert.ok(query.length <= MAX_QUERY_LENGTH);
        assert.deepEqual(strapiParse(query), normalize(params) ?? {});
      }),
      { numRuns: RUNS, seed: SEED },
    );
    assert.ok(tooLong < RUNS / 10, `${tooLong} of ${RUNS} generated params were too long to test`);
  });

  it('writes brackets, indices, encoded values and bare nulls, in the given key order', () => {
    const query = toQueryString({
      sort: ['title:asc', 'views:desc'],
      filters: {
        title: { $eq: 'a b&c=d+e%f#g?h/i [j]' },
        deletedAt: { $null: true },
        author: { name: null },
      },
      pagination: { page: 2, pageSize: 25 },
      when: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
      big: 12345678901234567890n,
    });
    assert.equal(
      query,
      'sort[0]=title:asc&sort[1]=views:desc' +
        '&filters[title][$eq]=a%20b%26c%3Dd%2Be%25f%23g%3Fh%2Fi%20%5Bj%5D' +
        '&filters[deletedAt][$null]=true&filters[author][name]' +
        '&pagination[page]=2&pagination[pageSize]=25&when=2024-01-02T03:04:05.000Z&big=12345678901234567890',
    );
    assert.deepEqual(strapiParse(query), {
      sort: ['title:asc', 'views:desc'],
      filters: {
        title: { $eq: 'a b&c=d+e%f#g?h/i [j]' },
        deletedAt: { $null: 'true' },
        author: { name: null },
      },
      pagination: { page: '2', pageSize: '25' },
      when: '2024-01-02T03:04:05.000Z',
      big: '12345678901234567890',
    });
  });

  it('writes a count populate as Strapi reads it: `populate[tags][count]=true`', () => {
    const query = toQueryString({
      populate: { tags: { count: true, filters: { name: 'a' } }, author: { count: false } },
    });
    assert.equal(
      query,
      'populate[tags][count]=true&populate[tags][filters][name]=a&populate[author][count]=false',
    );
    assert.deepEqual(strapiParse(query), {
      populate: { tags: { count: 'true', filters: { name: 'a' } }, author: { count: 'false' } },
    });
  });

  it('skips undefined (keys and array items, keeping indices contiguous) and empty arrays and objects', () => {
    assert.equal(toQueryString(undefined), '');
    assert.equal(toQueryString({}), '');
    assert.equal(
      toQueryString({ a: undefined, b: [1, undefined, 2], c: [undefined], d: {}, e: { f: undefined } }),
      'b[0]=1&b[1]=2',
    );
    assert.equal(
      toQueryString({
        fields: [],
        sort: [],
        populate: {},
        filters: { $or: [], $and: [{}], id: { $notIn: [] } },
      }),
      '',
    );
    assert.deepEqual(roundTrip({ filters: { $or: [{}, { title: 'x' }] } }), {
      filters: { $or: [{ title: 'x' }] },
    });
  });

  it('keeps key order and output stable across calls (deterministic, compact)', () => {
    const params = { z: 1, a: { y: [1, 2], b: null }, m: 'x' };
    assert.equal(toQueryString(params), 'z=1&a[y][0]=1&a[y][1]=2&a[b]&m=x');
    assert.equal(toQueryString(params), toQueryString(structuredClone(params)));
  });

  it('accepts objects without a prototype and all-digit keys at the top level', () => {
    const bare = Object.assign(Object.create(null) as Json, { title: 'x' });
    assert.deepEqual(roundTrip({ filters: bare }), { filters: { title: 'x' } });
    assert.deepEqual(roundTrip({ 0: 'x', 12: 'y' }), { 0: 'x', 12: 'y' });
  });

  it(`reads back nesting up to exactly ${QUERY_DEPTH_LIMIT} bracket levels`, () => {
    let deepest: unknown = 'leaf';
    for (let level = QUERY_DEPTH_LIMIT; level > 0; level -= 1) deepest = { [`k${level}`]: deepest };
    const params = { top: deepest };
    assert.deepEqual(roundTrip(params), params);
  });
});

describe('toQueryString rejects what qs would read back differently, before sending', () => {
  it('a key with brackets, anywhere, naming the path', () => {
    throwsTypeError(
      () => toQueryString({ filters: { 'title[$eq]': 'x' } }),
      /filters\.title\[\$eq\]/,
      /nesting/,
    );
    throwsTypeError(() => toQueryString({ 'filters[title]': 'x' }), /"filters\[title\]"/);
    throwsTypeError(() => toQueryString({ a: [{ 'b]': 1 }] }), /a\.0\.b\]/);
  });

  it('an empty key', () => {
    throwsTypeError(() => toQueryString({ filters: { '': 'x' } }), /^filters has an empty key/);
    throwsTypeError(() => toQueryString({ '': 'x' }), /^\(top level\) has an empty key/);
  });

  it('an all-digit object key below the top level', () => {
    throwsTypeError(
      () => toQueryString({ filters: { title: { $in: { 0: 'a', 1: 'b' } } } }),
      /filters\.title\.\$in\.0/,
      /array index/,
      /Use an array/,
    );
  });

  it('a key qs drops because it names an Object.prototype member', () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']) {
      const filters = JSON.parse(`{"${key}": {"$eq": "x"}}`) as Json;
      throwsTypeError(() => toQueryString({ filters }), new RegExp(`filters\\.${key}: `), /drops/);
    }
  });

  it(`nesting deeper than ${QUERY_DEPTH_LIMIT} levels, and cycles`, () => {
    let deepest: unknown = 'leaf';
    for (let level = QUERY_DEPTH_LIMIT + 1; level > 0; level -= 1) deepest = { [`k${level}`]: deepest };
    throwsTypeError(
      () => toQueryString({ top: deepest }),
      /top\.k1\.k2.*k21 is nested 21 levels deep/,
      /depth/,
    );
    const cyclic: Json = { title: 'x' };
    cyclic.self = cyclic;
    throwsTypeError(() => toQueryString({ filters: cyclic }), /filters\.self\.self/, /cyclic/);
  });

  it('$in with no values, wherever it sits: it would match every entry', () => {
    const cases: Json[] = [
      { filters: { id: { $in: [] } } },
      { filters: { $or: [{ title: 'x' }, { author: { documentId: { $in: [] } } }] } },
      { filters: { id: { $in: [undefined] } } },
      { populate: { tags: { filters: { slug: { $in: [] } } } } },
    ];
    for (const params of cases) {
      throwsTypeError(() => toQueryString(params), /\$in with no values/, /EVERY entry/, /Skip the request/);
    }
    throwsTypeError(() => toQueryString(cases[1] ?? {}), /filters\.\$or\.1\.author\.documentId\.\$in/);
  });

  it('values a query string cannot carry', () => {
    class Point {
      x = 1;
    }
    const cases: [unknown, RegExp][] = [
      [() => 1, /a function/],
      [Symbol('s'), /a symbol/],
      [new Map([['a', 1]]), /a Map/],
      [new Set([1]), /a Set/],
      [new Point(), /a Point/],
      [new URLSearchParams('a=1'), /a URLSearchParams/],
      [new Date(Number.NaN), /invalid Date/],
    ];
    for (const [value, pattern] of cases) {
      throwsTypeError(
        () => toQueryString({ filters: { field: { $eq: value } } }),
        /filters\.field\.\$eq/,
        pattern,
      );
    }
    throwsTypeError(
      () => toQueryString({ filters: { title: '\uD800' } }),
      /filters\.title/,
      /lone UTF-16 surrogate/,
    );
    throwsTypeError(() => toQueryString([1, 2]), /plain object, not an array/);
    throwsTypeError(() => toQueryString(new Map()), /plain object, not a Map/);
  });

  it(`an array over ${ARRAY_LIMIT} items that cannot be split`, () => {
    const cases: [Json, RegExp][] = [
      [{ fields: range(101).map(String) }, /^Query parameter fields has 101 items/],
      [{ sort: range(150).map((index) => `f${index}:asc`) }, /^Query parameter sort has 150 items/],
      [{ populate: range(101).map(String) }, /^Query parameter populate has 101 items/],
      [{ filters: { views: { $between: range(101) } } }, /filters\.views\.\$between has 101 items/],
      [{ filters: { title: { $not: { $in: range(101) } } } }, /filters\.title\.\$not\.\$in has 101 items/],
      [{ id: { $in: range(101) } }, /^Query parameter id\.\$in has 101 items/],
    ];
    for (const [params, pattern] of cases)
      throwsTypeError(() => toQueryString(params), pattern, /arrayLimit/);
    assert.deepEqual(roundTrip({ fields: range(100).map(String) }), { fields: range(100).map(String) });
  });

  it(`more than ${PARAMETER_LIMIT} parameters (qs parameterLimit)`, () => {
    const exactly = Object.fromEntries(range(PARAMETER_LIMIT).map((index) => [`k${index}`, index]));
    const parsed = roundTrip(exactly) as Json;
    assert.equal(Object.keys(parsed).length, PARAMETER_LIMIT);
    assert.deepEqual(parsed, normalize(exactly));
    const over = { ...exactly, one: 'more' };
    throwsTypeError(() => toQueryString(over), /1001 parameters/, /more than the 1000/, /silently ignore/);
    const nested = Object.fromEntries(range(PARAMETER_LIMIT + 1).map((index) => [`r${index}`, '']));
    throwsTypeError(() => toQueryString({ p: nested }), /1001 parameters/);
  });
});

describe('long lists are split so Strapi still reads them, with the same meaning', () => {
  it('a 150-item $in round-trips as two $or chunks at the level that holds the field', () => {
    const ids = range(150);
    const expected = {
      filters: {
        $or: [{ id: { $in: ids.slice(0, 100).map(String) } }, { id: { $in: ids.slice(100).map(String) } }],
      },
    };
    assert.deepEqual(roundTrip({ filters: { id: { $in: ids } } }), expected);
    assert.deepEqual(roundTrip({ filters: { author: { id: { $in: ids } } } }), {
      filters: { author: expected.filters },
    });
  });

  it('a 150-item $notIn becomes an $and of chunks', () => {
    const ids = range(150);
    assert.deepEqual(fitArrayLimit({ filters: { id: { $notIn: ids } } }), {
      filters: { $and: [{ id: { $notIn: ids.slice(0, 100) } }, { id: { $notIn: ids.slice(100) } }] },
    });
  });

  it('other keys next to the field, an existing $or or $and, all end up in one $and', () => {
    const ids = range(120);
    const chunks = { $or: [{ id: { $in: ids.slice(0, 100) } }, { id: { $in: ids.slice(100) } }] };
    assert.deepEqual(
      fitArrayLimit({ filters: { $or: [{ title: 'a' }, { title: 'b' }], id: { $in: ids } } }),
      {
        filters: { $and: [{ $or: [{ title: 'a' }, { title: 'b' }] }, chunks] },
      },
    );
    assert.deepEqual(fitArrayLimit({ filters: { $and: [{ title: 'a' }], id: { $in: ids } } }), {
      filters: { $and: [{ title: 'a' }, chunks] },
    });
    assert.deepEqual(fitArrayLimit({ filters: { title: 'a', id: { $in: ids, $gt: 3 } } }), {
      filters: { $and: [{ title: 'a', id: { $gt: 3 } }, chunks] },
    });
  });

  it('$or and $and lists of any length nest into chunks of at most 100', () => {
    const members = range(250).map((id) => ({ id }));
    assert.deepEqual(fitArrayLimit({ filters: { $or: members } }), {
      filters: {
        $or: [{ $or: members.slice(0, 100) }, { $or: members.slice(100, 200) }, { $or: members.slice(200) }],
      },
    });
    const many = range(10_050).map((id) => ({ id }));
    const fitted = fitArrayLimit({ filters: { $and: many } }) as { filters: { $and: { $and: unknown[] }[] } };
    assert.equal(fitted.filters.$and.length, 2);
    assert.equal(fitted.filters.$and[0]?.$and.length, 100);
    assert.ok(arraysIn(fitted).every(({ length }) => length <= ARRAY_LIMIT));
    const ids = range(20_000);
    assert.ok(
      arraysIn(fitArrayLimit({ filters: { id: { $in: ids } } })).every(({ length }) => length <= 100),
    );
  });

  it('only inside filters: the same shapes elsewhere are left alone and rejected', () => {
    const params = { populate: { tags: { id: { $in: range(101) } } } };
    assert.deepEqual(fitArrayLimit(params), params);
    throwsTypeError(() => toQueryString(params), /populate\.tags\.id\.\$in has 101 items/);
  });

  it('does not modify its input', () => {
    const params = {
      filters: { title: 'a', id: { $in: range(150) }, $or: range(120).map((id) => ({ id })) },
    };
    const copy = structuredClone(params);
    fitArrayLimit(params);
    toQueryString(params);
    assert.deepEqual(params, copy);
  });

  it(`keeps the matching rows the same and leaves no list over ${ARRAY_LIMIT} (seed ${SEED})`, () => {
    fc.assert(
      fc.property(semanticWhereArb, rowsArb, (where, rows) => {
        const fitted = fitArrayLimit({ filters: where }) as { filters: Json };
        const before = rows.filter((row) => matches(row as unknown as Json, where));
        const after = rows.filter((row) => matches(row as unknown as Json, fitted.filters));
        assert.deepEqual(after, before);
        for (const { path, length } of arraysIn(fitted)) {
          assert.ok(length <= ARRAY_LIMIT, `${path} has ${length} items`);
        }
      }),
      { numRuns: 200, seed: SEED },
    );
  });

  it(`round-trips through qs as normalize(fitArrayLimit(params)) (seed ${SEED})`, () => {
    // Sized so the worst case (130 + 105 ids and 110 $or members) stays under MAX_QUERY_LENGTH.
    const idArb = fc.integer({ min: 0, max: 99 });
    const whereArb = fc.record(
      {
        id: fc.record(
          {
            $in: fc.array(idArb, { minLength: 1, maxLength: 130, size: 'max' }),
            $notIn: fc.array(idArb, { maxLength: 105, size: 'max' }),
          },
          { requiredKeys: [] },
        ),
        title: fc.constantFrom('a', 'b'),
        $or: fc.array(fc.record({ views: fc.nat(99) }), { maxLength: 110, size: 'max' }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(whereArb, (where) => {
        const params = { filters: where, fields: ['title'] };
        const query = toQueryString(params);
        assert.ok(query.length <= MAX_QUERY_LENGTH);
        assert.deepEqual(strapiParse(query), normalize(fitArrayLimit(params)) ?? {});
      }),
      { numRuns: 100, seed: SEED },
    );
  });
});

describe('one pass over the params as given, the fitted copy only when needed', () => {
  it('a list over the limit with undefined items is written once they are dropped', () => {
    const fields = [...range(100).map(String), undefined, undefined];
    assert.deepEqual(roundTrip({ fields }), { fields: range(100).map(String) });
  });

  it('errors name paths as the fitted copy has them: positions without undefined items, split filters', () => {
    throwsTypeError(() => toQueryString({ a: [undefined, {}, { 'b]': 1 }] }), /^Query parameter a\.1\.b\]/);
    throwsTypeError(
      () => toQueryString({ filters: { title: { '': 1 }, id: { $in: range(150) } } }),
      /^filters\.\$and\.0\.title has an empty key/,
    );
  });

  it('a key accepted at the top level is still checked below it', () => {
    assert.equal(toQueryString({ 7: 'x', title: 'y' }), '7=x&title=y');
    throwsTypeError(() => toQueryString({ filters: { 7: 'x' } }), /filters\.7: the key "7" is all digits/);
    throwsTypeError(() => toQueryString({ filters: { title: { constructor: 'x' } } }), /Object\.prototype/);
  });

  it('writes numbers, booleans, bigints and Dates, encoding the few texts that need it', () => {
    assert.equal(
      toQueryString({
        a: [1.5, -0, 1e-7, 1e21, -1e21, Number.NaN, true, 10n, new Date(Date.UTC(10000, 0, 1))],
      }),
      'a[0]=1.5&a[1]=0&a[2]=1e-7&a[3]=1e%2B21&a[4]=-1e%2B21&a[5]=NaN&a[6]=true&a[7]=10' +
        '&a[8]=%2B010000-01-01T00:00:00.000Z',
    );
  });

  it('names the list to batch when there are too many parameters', () => {
    const params: Json = Object.fromEntries(range(9, 0).map((index) => [`a${index}`, range(100)]));
    params.b = range(100);
    params.c = 1;
    throwsTypeError(
      () => toQueryString(params),
      /1001 parameters/,
      /Fix: 100 of them are values of a0: send them in batches of at most 99 per request\.$/,
    );
  });
});

describe(`queryText, what every request writes, agrees with toQueryString (seed ${SEED})`, () => {
  it(`${RUNS} random Strapi-like params: the same text, or left to toQueryString only when it fits or throws`, () => {
    let written = 0;
    fc.assert(
      fc.property(paramsArb, (params) => {
        const text = queryText(params);
        let expected: string | Error;
        try {
          expected = toQueryString(params);
        } catch (error) {
          expected = error as Error;
        }
        if (text !== undefined) {
          written += 1;
          assert.equal(text, expected);
        } else if (typeof expected === 'string') {
          // Written by toQueryString but not as given: it had a list to fit.
          assert.notDeepEqual(fitArrayLimit(params), params);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    assert.ok(written > RUNS / 2, `queryText wrote only ${written} of ${RUNS} generated params`);
  });

  it('gives up on every input toQueryString rejects or fits, and writes the rest as it does', () => {
    let deep: unknown = 'leaf';
    for (let level = QUERY_DEPTH_LIMIT + 1; level > 0; level -= 1) deep = { [`k${level}`]: deep };
    let deepest: unknown = 'leaf';
    for (let level = QUERY_DEPTH_LIMIT; level > 0; level -= 1) deepest = { [`k${level}`]: deepest };
    const cyclic: Json = { title: 'x' };
    cyclic.self = cyclic;
    const rejected: unknown[] = [
      [1, 2],
      new Map(),
      { filters: { 'title[$eq]': 'x' } },
      { a: [{ 'b]': 1 }] },
      { filters: { '': 'x' } },
      { filters: { 7: 'x' } },
      { filters: { title: { $in: { 0: 'a' } } } },
      JSON.parse('{"filters": {"__proto__": {"$eq": "x"}}}'),
      { filters: { title: { constructor: 'x' } } },
      { top: deep },
      { filters: cyclic },
      { filters: { id: { $in: [] } } },
      { filters: { id: { $in: [undefined, {}] } } },
      { filters: { field: { $eq: () => 1 } } },
      { filters: { field: { $eq: Symbol('s') } } },
      { filters: { field: { $eq: new Set([1]) } } },
      { filters: { field: { $eq: new Date(Number.NaN) } } },
      { filters: { title: '\uD800' } },
      { filters: { '\uDC00': 'x' } },
      { fields: range(101).map(String) },
      { title: 'x'.repeat(MAX_QUERY_LENGTH) },
      Object.fromEntries(range(PARAMETER_LIMIT + 1).map((index) => [`k${index}`, index])),
    ];
    for (const [index, params] of rejected.entries()) {
      assert.equal(queryText(params as object), undefined, `queryText wrote rejected[${index}]`);
      assert.throws(() => toQueryString(params as object), TypeError);
    }
    // A list over the limit: toQueryString splits it, or writes it once its undefined items are gone.
    for (const params of [
      { filters: { id: { $in: range(150) } } },
      { fields: [...range(100).map(String), undefined] },
    ]) {
      assert.equal(queryText(params), undefined);
      assert.doesNotThrow(() => toQueryString(params));
    }
    const accepted: object[] = [
      { 7: 'x', title: 'y', sort: ['title:asc'], when: new Date(Date.UTC(2024, 0, 2)), big: 10n, none: null },
      { a: [1.5, -0, 1e21, Number.NaN, true, undefined, {}, [], 'a b&c'], b: { c: undefined } },
      { fields: range(100).map(String) },
      { top: deepest },
      Object.assign(Object.create(null) as Json, { title: 'x' }),
    ];
    for (const params of accepted) assert.equal(queryText(params), toQueryString(params));
    assert.equal(queryText(undefined), '');
    assert.equal(queryText({}), '');
  });
});

describe(`the URL-length guard (MAX_QUERY_LENGTH = ${MAX_QUERY_LENGTH})`, () => {
  it('420 numeric ids serialize as 5 $or chunks and round-trip', () => {
    const ids = range(420);
    const query = toQueryString({ filters: { id: { $in: ids } } });
    assert.ok(query.length <= MAX_QUERY_LENGTH, `${query.length} characters`);
    const parsed = strapiParse(query) as { filters: { $or: { id: { $in: string[] } }[] } };
    assert.equal(parsed.filters.$or.length, 5);
    assert.deepEqual(
      parsed.filters.$or.flatMap((chunk) => chunk.id.$in),
      ids.map(String),
    );
  });

  it('500 numeric ids are over the limit (about 16.3 KB) and throw with a batch size that fits', () => {
    throwsTypeError(
      () => toQueryString({ filters: { id: { $in: range(500) } } }),
      /is 163\d\d characters long, over the limit of 14000/,
      /filters\.id\.\$in/,
      /batches of at most 4\d\d per request/,
    );
  });

  it('500 documentIds throw a clear error before anything is sent', async () => {
    const params = { filters: { documentId: { $in: documentIds(500) } } };
    throwsTypeError(
      () => toQueryString(params),
      /The query string is \d+ characters long, over the limit of 14000 \(MAX_QUERY_LENGTH\)/,
      /Node's HTTP server/,
      /the 500 values of filters\.documentId\.\$in/,
      /split them into batches of at most \d+ per request, or filter on a field with fewer values/,
    );
    const message = (() => {
      try {
        toQueryString(params);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    const batch = Number(/at most (\d+) per request/.exec(message)?.[1]);
    assert.ok(batch >= 100 && batch < 500, `batch ${batch}`);
    const fits = toQueryString({ filters: { documentId: { $in: documentIds(batch) } } });
    assert.ok(fits.length <= MAX_QUERY_LENGTH);

    let sent = 0;
    const client = new CmsClientCore({
      baseURL: 'http://cms.test',
      fetch: async () => {
        sent += 1;
        return new Response('{}', { headers: { 'content-type': 'application/json' } });
      },
    });
    await assert.rejects(client.request('articles', { query: params }), TypeError);
    assert.equal(sent, 0);
  });

  it('assertQueryLength checks a query string of any origin', () => {
    assert.doesNotThrow(() => assertQueryLength('a=1'));
    throwsTypeError(
      () => assertQueryLength('x'.repeat(MAX_QUERY_LENGTH + 1)),
      /14001 characters long/,
      /Fix:/,
    );
    throwsTypeError(() => assertQueryLength('a=12345', 5), /over the limit of 5/);
  });
});
