/**
 * The validators' scalar checks and an entry's passes in Strapi's words. The cases marked "live"
 * were seen from a real Strapi 5.54; test/e2e/validators.test.ts proves the rest against one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkEntry, type SchemaTables } from '../../../src/runtime/validate/entry.ts';
import type { CmsFieldTable } from '../../../src/runtime/validate/fields.ts';
import { checkScalar, printValue, type ScalarField } from '../../../src/runtime/validate/scalars.ts';
import { validatorsOf } from '../../../src/runtime/validate/validators.ts';

const published = { draft: false, create: true };
const draft = { draft: true, create: true };
const update = { draft: false, create: false };
const title: ScalarField = { kind: 'string', required: true, maxLength: 120 };

describe('scalar checks', () => {
  it('live: a title over maxLength, and a required title left null by the publish pass', () => {
    assert.deepEqual(checkScalar('title', 'x'.repeat(121), title, published), {
      messages: ['title must be at most 120 characters'],
    });
    assert.deepEqual(checkScalar('title', null, title, published), {
      messages: ['title must be a `string` type, but the final value was: `null`.'],
    });
    assert.deepEqual(checkScalar('title', undefined, title, draft), { value: undefined });
    assert.deepEqual(checkScalar('title', 'x'.repeat(121), title, draft), {
      messages: ['title must be at most 120 characters'],
    });
  });

  it('numbers: cast as yup casts them; NaN names the original', () => {
    const minutes: ScalarField = { kind: 'integer', min: 1, max: 60 };
    assert.deepEqual(checkScalar('readingMinutes', ' 1 2 ', minutes, published), { value: 12 });
    assert.deepEqual(checkScalar('readingMinutes', 'abc', minutes, published), {
      messages: [
        'readingMinutes must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).',
      ],
    });
    assert.deepEqual(checkScalar('readingMinutes', 1.5, minutes, published), {
      messages: ['readingMinutes must be an integer'],
    });
    assert.deepEqual(checkScalar('readingMinutes', 0, minutes, published), {
      messages: ['readingMinutes must be greater than or equal to 1'],
    });
    assert.deepEqual(checkScalar('readingMinutes', 0, minutes, draft), { value: 0 });
    assert.deepEqual(checkScalar('readingMinutes', 61, minutes, draft), {
      messages: ['readingMinutes must be less than or equal to 60'],
    });
  });

  it('booleans, enumerations, and null on update', () => {
    const flag: ScalarField = { kind: 'boolean', required: true };
    assert.deepEqual(checkScalar('flag', 'TRUE', flag, published), { value: true });
    assert.deepEqual(checkScalar('flag', null, flag, update), { messages: ['flag cannot be null.'] });
    assert.deepEqual(checkScalar('flag', undefined, flag, published), {
      messages: ['flag must be defined.'],
    });
    const size: ScalarField = { kind: 'enumeration', values: ['small', 'large'] };
    assert.deepEqual(checkScalar('size', 'medium', size, published), {
      messages: ['size must be one of the following values: small, large, '],
    });
    // yup prints each primitive inside an object as a string (seen live).
    assert.equal(printValue({ a: 1 }), '{\n  "a": "1"\n}');
  });
});

describe('an entry', () => {
  const fields = {
    title: { kind: 'string', required: true, maxLength: 120 },
    readingMinutes: { kind: 'integer' },
  } as const satisfies CmsFieldTable;
  const schema: SchemaTables = {
    tables: { posts: fields },
    keys: { 'api::post.post': 'posts' },
    components: [],
  };
  const plain = { draftAndPublish: false, action: 'create' } as const;

  it('live: an unknown key is refused alone, before any rule', () => {
    assert.deepEqual(checkEntry({ title: 'x'.repeat(121), nope: 1 }, fields, schema, plain), {
      issues: [{ message: 'Invalid key nope', path: ['nope'] }],
    });
  });

  it('live: two failures are two issues, each with its path', () => {
    const validators = validatorsOf(schema.tables, { posts: ['api::post.post', 0, 0] }) as {
      posts: { create: { '~standard': { validate(value: unknown): unknown } } };
    };
    const result = validators.posts.create['~standard'].validate({
      title: 'x'.repeat(121),
      readingMinutes: 'abc',
    });
    assert.deepEqual(result, {
      issues: [
        { message: 'title must be at most 120 characters', path: ['title'] },
        {
          message:
            'readingMinutes must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).',
          path: ['readingMinutes'],
        },
      ],
    });
  });

  it('a valid entry comes back cast', () => {
    assert.deepEqual(checkEntry({ title: 'Hi', readingMinutes: '3' }, fields, schema, plain), {
      value: { title: 'Hi', readingMinutes: 3 },
    });
    assert.deepEqual(
      checkEntry({ readingMinutes: 3 }, fields, schema, { draftAndPublish: true, action: 'draft' }),
      { value: { readingMinutes: 3 } },
    );
  });
});

describe('what JSON sends', () => {
  const fields = { minutes: { kind: 'integer', min: 1 }, rank: { kind: 'integer', required: true } } as const;
  const schema: SchemaTables = {
    tables: { posts: fields },
    keys: { 'api::post.post': 'posts' },
    components: [],
  };
  const plain = { draftAndPublish: false, action: 'create' } as const;

  it('NaN and Infinity are null, as JSON.stringify sends them (a cleared number input)', () => {
    assert.deepEqual(checkEntry({ minutes: Number.NaN, rank: 2 }, fields, schema, plain), {
      value: { minutes: null, rank: 2 },
    });
    assert.deepEqual(checkEntry({ rank: Number.POSITIVE_INFINITY }, fields, schema, plain), {
      issues: [{ message: 'rank must be a `number` type, but the final value was: `NaN`.', path: ['rank'] }],
    });
  });
});
