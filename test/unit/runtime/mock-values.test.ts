/**
 * The mocks' values (src/runtime/mock/values.ts): for every content type and component of the
 * kitchen-sink and LaunchPad schemas, and a table of every rule, the scalar values of 200 entries
 * per seed pass the table's published validator, unique fields stay unique, the same seed gives
 * the same values and another seed others; the regex sampler's strings match their patterns;
 * files, document ids and timestamps have Strapi's shapes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fieldLiteral } from '../../../src/codegen/emit-validators.ts';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import { int, pick, seeded } from '../../../src/runtime/mock/random.ts';
import { regexSample } from '../../../src/runtime/mock/regex-sample.ts';
import {
  documentId,
  mediaFile,
  scalarValue,
  timestamps,
  type ValueContext,
} from '../../../src/runtime/mock/values.ts';
import type { CmsField, CmsFieldTable, CmsFieldTables } from '../../../src/runtime/validate/fields.ts';
import type { StandardResult } from '../../../src/runtime/validate/standard-schema.ts';
import { validatorsOf } from '../../../src/runtime/validate/validators.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';

type TypeRows = Record<string, readonly [string, 0 | 1, 0 | 1]>;
type Validator = { '~standard': { validate: (value: unknown) => StandardResult<unknown> } };
type Validators = Record<string, Validator | { create: Validator; draft: Validator }>;

/** A schema's `cmsFields` and the content types' rows, from its generated validators file. */
async function generated(name: string): Promise<{ tables: CmsFieldTables; types: TypeRows }> {
  const payload = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'payloads', `${name}.json`), 'utf8'),
  ) as SchemaResponse;
  const files = generateFiles(payload, { format: 'js', version: 'test', runtime: runtimeAssets() });
  // The runtime import becomes a function that hands back what the file passes to it.
  const source = (files['validators.js'] ?? '').replace(
    /^import .*$/m,
    'const validatorsOf = (tables, types) => ({ tables, types });',
  );
  const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as {
    cmsValidators: { tables: CmsFieldTables; types: TypeRows };
  };
  const { tables, types } = module.cmsValidators;
  // The tables are the schema's attributes through fieldLiteral.
  for (const [key, [uid]] of Object.entries(types))
    assert.deepEqual(
      tables[key],
      Object.fromEntries(
        Object.entries(payload.schema.contentTypes[uid]?.attributes ?? {}).map(([attribute, value]) => [
          attribute,
          fieldLiteral(value),
        ]),
      ),
    );
  return { tables, types };
}

/** A store's context: a seeded generator and its counters. */
function context(seed: number): ValueContext {
  const counters = new Map<string, number>();
  return {
    random: seeded(seed),
    serial(key) {
      const next = (counters.get(key) ?? 0) + 1;
      counters.set(key, next);
      return next;
    },
  };
}

const NOT_SCALAR = ['relation', 'media', 'component', 'dynamiczone', 'password'];
const scalars = (table: CmsFieldTable): [string, CmsField][] =>
  Object.entries(table).filter(([, field]) => !NOT_SCALAR.includes(field.kind));

/** `count` entries of `table`'s scalar values (a value left undefined is left out). */
function entries(table: CmsFieldTable, key: string, seed: number, count: number, draft = false) {
  const ctx = context(seed);
  return Array.from({ length: count }, () => {
    const entry: Record<string, unknown> = {};
    for (const [name, field] of scalars(table)) {
      const value = scalarValue(field, name, key, ctx, draft);
      if (value !== undefined) entry[name] = value;
    }
    return entry;
  });
}

/** The issues a validator finds about `names` (the fields the entry holds). */
function issues(validator: Validator, entry: Record<string, unknown>, names: string[]): string[] {
  const result = validator['~standard'].validate(entry);
  return (result.issues ?? [])
    .filter((issue) => names.includes(String(issue.path?.[0])))
    .map((issue) => issue.message);
}

const SEEDS = [1, 2, 45];

/** Checks every table of a schema. */
function checkSchema(tables: CmsFieldTables, types: TypeRows) {
  const validators = validatorsOf<Validators>(tables, types);
  for (const [key, table] of Object.entries(tables)) {
    const names = scalars(table).map(([name]) => name);
    const validator = validators[key];
    assert.ok(validator, key);
    for (const seed of SEEDS) {
      const published = entries(table, key, seed, 200);
      for (const entry of published) {
        // Every scalar field is filled, except a password (never in a response).
        assert.deepEqual(Object.keys(entry), names, key);
        const check: Validator = 'create' in validator ? validator.create : validator;
        assert.deepEqual(issues(check, entry, names), [], `${key} ${JSON.stringify(entry)}`);
      }
      for (const [name, field] of scalars(table)) {
        const values = published.map((entry) => JSON.stringify(entry[name]));
        // An enumeration or a boolean has too few values to stay unique (the enumeration cycles).
        const few = field.kind === 'enumeration' || field.kind === 'boolean';
        if (!few && (field.unique === true || field.kind === 'uid' || field.kind === 'email'))
          assert.equal(new Set(values).size, values.length, `${key}.${name} is unique`);
        if ('regex' in field && field.regex !== undefined)
          for (const entry of published)
            assert.match(String(entry[name]), new RegExp(field.regex), `${key}.${name}`);
      }
      if ('create' in validator) {
        const drafts = entries(table, key, seed, 200, true);
        for (const entry of drafts)
          assert.deepEqual(
            issues(validator.draft, entry, names),
            [],
            `${key} draft ${JSON.stringify(entry)}`,
          );
        const optional = scalars(table).filter(([, field]) => field.required !== true);
        const nulls = drafts.flatMap((entry) => optional.filter(([name]) => entry[name] === null));
        if (optional.length > 0) {
          const share = nulls.length / (drafts.length * optional.length);
          assert.ok(share > 0.25 && share < 0.42, `${key}: ${share} of optional draft fields null`);
        }
        for (const entry of drafts)
          for (const [name, field] of scalars(table))
            if (field.required === true) assert.notEqual(entry[name], null, `${key}.${name}`);
      }
    }
    if (names.length > 0) {
      assert.deepEqual(entries(table, key, 7, 20), entries(table, key, 7, 20), `${key}: same seed`);
      assert.notDeepEqual(entries(table, key, 7, 20), entries(table, key, 8, 20), `${key}: other seed`);
    }
  }
}

describe('scalarValue', () => {
  it("makes values the kitchen-sink schema's published validators take", async () => {
    const { tables, types } = await generated('kitchen');
    assert.ok(Object.keys(types).length >= 6);
    checkSchema(tables, types);
    const article = entries(tables.articles ?? {}, 'articles', 1, 3)[0] ?? {};
    assert.match(String(article.code), /^[A-Z]{3}-[0-9]{3}$/);
    assert.match(String(article.color), /^#[0-9a-f]{6}$/);
    assert.match(String(article.slug), /^[a-z]+(-[a-z]+)*-1$/);
    assert.match(String(article.contactEmail), /^user1@example\.test$/);
    assert.match(String(article.bigViews), /^\d{12}$/);
    assert.match(String(article.publishDate), /^2026-\d{2}-\d{2}$/);
    assert.match(String(article.publishTime), /^\d{2}:\d{2}:\d{2}\.000$/);
    assert.match(String(article.scheduledAt), /^2026-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Strapi reads a timestamp back as epoch milliseconds in a string.
    assert.match(String(article.stamp), /^\d{13}$/);
    assert.equal(typeof article.price, 'number');
    assert.equal(Math.round((article.price as number) * 100) / 100, article.price);
    const rating = article.rating as number;
    assert.ok(rating >= 0 && rating <= 5);
    assert.equal(typeof article.featured, 'boolean');
    assert.ok(Array.isArray(article.content));
    assert.equal(article.accessCode, undefined);
  });

  it("makes values LaunchPad's published validators take", async () => {
    const { tables, types } = await generated('launchpad');
    checkSchema(tables, types);
  });

  it('keeps to every rule a table can hold', () => {
    const rules = {
      short: { kind: 'string', minLength: 3, maxLength: 5, required: true },
      long: { kind: 'text', minLength: 400 },
      plain: { kind: 'string' },
      tag: { kind: 'string', unique: true, maxLength: 8 },
      code: { kind: 'uid', regex: '^[A-Z]{2}\\d{2}$' },
      slug: { kind: 'uid', maxLength: 12, minLength: 6 },
      mail: { kind: 'email', maxLength: 40, minLength: 30, unique: true },
      level: { kind: 'enumeration', values: ['low', 'mid', 'high'], unique: true },
      count: { kind: 'integer', min: -5, max: 5 },
      rank: { kind: 'integer', min: 1, unique: true },
      odd: { kind: 'integer', min: 1.5, max: 1.7 },
      ratio: { kind: 'float', min: 0.001, max: 0.009 },
      price: { kind: 'decimal', min: -10, max: -9.5 },
      share: { kind: 'float', max: 1 },
      big: { kind: 'biginteger', min: '10', max: '20' },
      bigUnique: { kind: 'biginteger', unique: true },
      day: { kind: 'date', unique: true },
      at: { kind: 'time', unique: true },
      when: { kind: 'datetime', unique: true },
      stamp: { kind: 'timestamp', unique: true },
      data: { kind: 'json', unique: true },
      body: { kind: 'blocks', unique: true, required: true },
      zip: { kind: 'string', regex: '^\\d{5}(-\\d{4})?$', unique: true },
      hex: { kind: 'text', regex: '^#[0-9a-f]{6}$', required: true },
      words: { kind: 'string', regex: '^[a-z]+( [a-z]+)*$', minLength: 20, maxLength: 30 },
      phone: { kind: 'string', regex: '^\\+?[0-9 ]{7,15}$' },
      link: { kind: 'string', required: true },
      markdown: { kind: 'richtext', maxLength: 30 },
      flag: { kind: 'boolean', required: true },
    } as const satisfies CmsFieldTable;
    const tables = { checks: rules, 'a.rules': rules };
    checkSchema(tables, { checks: ['api::check.check', 1, 0] });
    const [first] = entries(rules, 'checks', 3, 1);
    assert.equal(first?.mail, 'user1xxxxxxxxxxxx@example.test');
    assert.equal(first?.odd, 1);
    assert.match(String(first?.link), /^https:\/\/example\.test\/[a-z]+(-[a-z]+)?$/);
    // Unique values in order: the enumeration's cycle, the integers from the minimum.
    const many = entries(rules, 'checks', 3, 5);
    assert.deepEqual(
      many.map((entry) => entry.level),
      ['low', 'mid', 'high', 'low', 'mid'],
    );
    assert.deepEqual(
      many.map((entry) => entry.rank),
      [1, 2, 3, 4, 5],
    );
  });

  it('leaves out a field whose pattern nothing drawn matches, and makes none for non-scalars', () => {
    const ctx = context(1);
    const lookahead: CmsField = { kind: 'string', regex: '^(?=.*\\d)(?=.*[A-Z])[A-Za-z\\d]{12}$' };
    assert.equal(scalarValue(lookahead, 'secret', 't', ctx, false), undefined);
    // A pattern beyond the sampler that a candidate matches.
    const candidate: CmsField = { kind: 'string', regex: '^(?=e)example$' };
    assert.equal(scalarValue(candidate, 'word', 't', ctx, false), 'example');
    for (const field of [
      { kind: 'password' },
      { kind: 'media' },
      { kind: 'relation', relation: 'oneToOne', target: 'api::a.a' },
      { kind: 'component', component: 'a.b' },
      { kind: 'dynamiczone', components: ['a.b'] },
    ] as const satisfies CmsField[])
      assert.equal(scalarValue(field, 'x', 't', ctx, false), undefined, field.kind);
  });
});

describe('regexSample', () => {
  const PATTERNS = [
    '^[A-Z]{3}-[0-9]{3}$',
    '[^,]+',
    '^\\d{5}(-\\d{4})?$',
    '^(foo|bar)+baz$',
    '^#[0-9a-fA-F]{6}$',
    '^[a-z0-9]+(?:-[a-z0-9]+)*$',
    '^(a)(b)\\1\\2$',
    '^(?<word>[a-z]{2,4})-\\d$',
    '^[^\\s@]+@[^\\s@]+\\.[a-z]{2,}$',
    '^\\+?[0-9 ]{7,15}$',
    '^[\\w.-]+$',
    '^https?://[a-z]+\\.[a-z]{2,3}(/[\\w-]*)*$',
    '^\\S+\\s\\S+$',
    '^[^aeiou\\d]{4}$',
    '^\\x41\\u0042[\\x30-\\x39]$',
    '^a{2,}b{0,1}c*?$',
    '^[\\]\\-\\\\]+$',
    '^$|^[A-Z]',
    'v\\d+\\.\\d+\\.\\d+',
    '^\\bword\\b$',
    '[^]{3}',
    '^{[a-z]}$',
  ];

  it('draws strings that match each pattern, the same for the same seed', () => {
    for (const pattern of PATTERNS) {
      const random = seeded(11);
      const regex = new RegExp(pattern);
      for (let n = 0; n < 100; n++) {
        const value = regexSample(pattern, random);
        assert.ok(value !== undefined && regex.test(value), `${pattern}: ${value}`);
      }
    }
    const draw = (seed: number) => {
      const random = seeded(seed);
      return Array.from({ length: 20 }, () => regexSample('^[A-Z]{3}-[0-9]{3}$', random));
    };
    assert.deepEqual(draw(5), draw(5));
    assert.notDeepEqual(draw(5), draw(6));
  });

  it('stays within the spread past a minimum', () => {
    const random = seeded(2);
    for (let n = 0; n < 50; n++) {
      const value = regexSample('^a+b*$', random, 2) ?? '';
      assert.ok(value.length >= 1 && value.length <= 5, value);
    }
    assert.equal((regexSample('^x{30,}$', random, 0) ?? '').length, 30);
  });

  it('answers undefined for what it does not read', () => {
    for (const pattern of [
      '(?=x)y',
      '(?!x)y',
      '(?<=x)y',
      '(?<!x)y',
      '\\p{L}',
      '\\cA',
      '[]',
      '[z-a]',
      '(a',
      'a)',
    ])
      assert.equal(regexSample(pattern, seeded(1)), undefined, pattern);
  });
});

describe('mediaFile, documentId, timestamps', () => {
  it('a file as a populated media field returns it with the local provider', () => {
    const file = mediaFile(3, context(9));
    assert.deepEqual(Object.keys(file), [
      'id',
      'documentId',
      'name',
      'alternativeText',
      'caption',
      'focalPoint',
      'width',
      'height',
      'formats',
      'hash',
      'ext',
      'mime',
      'size',
      'url',
      'previewUrl',
      'provider',
      'provider_metadata',
      'createdAt',
      'updatedAt',
      'publishedAt',
    ]);
    assert.equal(file.id, 3);
    assert.match(String(file.name), /^[a-z]+-3\.(jpg|png)$/);
    assert.match(String(file.hash), /^[a-z]+_3_[0-9a-f]{10}$/);
    assert.equal(file.url, `/uploads/${file.hash}${file.ext}`);
    assert.equal(file.provider, 'local');
    assert.equal(file.publishedAt, file.createdAt);
    const formats = file.formats as Record<string, Record<string, unknown>>;
    assert.ok(formats.thumbnail);
    for (const [key, format] of Object.entries(formats)) {
      assert.deepEqual(Object.keys(format), [
        'name',
        'hash',
        'ext',
        'mime',
        'path',
        'width',
        'height',
        'size',
        'sizeInBytes',
        'url',
      ]);
      assert.equal(format.name, `${key}_${file.name}`);
      assert.equal(format.url, `/uploads/${key}_${file.hash}${file.ext}`);
      assert.equal(format.size, Math.round(((format.sizeInBytes as number) / 1000) * 100) / 100);
      const box = key === 'thumbnail' ? [245, 156] : [{ large: 1000, medium: 750, small: 500 }[key] ?? 0];
      assert.ok(
        (format.width as number) <= (box[0] ?? 0) && (format.height as number) <= (box[1] ?? box[0] ?? 0),
      );
    }
    assert.deepEqual(mediaFile(3, context(9)), file);
    assert.notDeepEqual(mediaFile(3, context(10)), file);
  });

  it('document ids look like cuid2 ids and do not repeat', () => {
    const ctx = context(4);
    const ids = Array.from({ length: 1000 }, () => documentId(ctx));
    for (const id of ids) assert.match(id, /^[a-z][a-z0-9]{23}$/);
    assert.equal(new Set(ids).size, ids.length);
    const again = context(4);
    assert.equal(documentId(again), ids[0]);
  });

  it('timestamps are ISO strings with milliseconds, in order', () => {
    const ctx = context(5);
    let last = '';
    for (let n = 0; n < 100; n++) {
      const { createdAt, updatedAt } = timestamps(ctx);
      assert.match(createdAt, /^2026-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.ok(createdAt > last && updatedAt >= createdAt, `${last} ${createdAt} ${updatedAt}`);
      last = updatedAt;
    }
  });

  it('the draws: int within its bounds, pick one of the items', () => {
    const random = seeded(1);
    for (let n = 0; n < 200; n++) {
      const value = int(random, -2, 2);
      assert.ok(Number.isInteger(value) && value >= -2 && value <= 2);
      assert.ok(['a', 'b'].includes(pick(random, ['a', 'b'])));
    }
    assert.equal(int(random, 4, 4), 4);
    assert.equal(int(random, 5, 1), 5);
  });
});
