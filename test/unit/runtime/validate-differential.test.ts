/**
 * The fixes the differential test (test/e2e/validators.test.ts) asked for, each as Strapi 5.54
 * answered it live (the requests and responses: the `validation` app, /work/notes/validator-facts-live.md):
 * how yup prints objects, enumerations given an object, bigintegers from 1e21, blocks images
 * left out, list items cast, Strapi's traversal of unknown keys, and what the publish pass of a
 * draft-and-publish write reads back (a password's hash, a zone without its unlisted components).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkComponent, checkEntry, type SchemaTables } from '../../../src/runtime/validate/entry.ts';
import type { CmsFieldTable } from '../../../src/runtime/validate/fields.ts';
import { checkScalar, printValue, type ScalarField } from '../../../src/runtime/validate/scalars.ts';

const published = { draft: false, create: true };

describe('scalars, as Strapi answered', () => {
  it('objects and arrays print with every primitive as yup prints it, strings quoted twice', () => {
    assert.equal(printValue(['x']), '[\n  "\\"x\\""\n]');
    assert.equal(
      printValue({ md: 1, on: true, no: null }),
      '{\n  "md": "1",\n  "on": "true",\n  "no": "null"\n}',
    );
    const title: ScalarField = { kind: 'string' };
    assert.deepEqual(checkScalar('title', { a: 1 }, title, published), {
      messages: ['title must be a `string` type, but the final value was: `{\n  "a": "1"\n}`.'],
    });
  });

  it('an enumeration given an object or an array fails its type and its values', () => {
    const level: ScalarField = { kind: 'enumeration', values: ['low', 'high'] };
    assert.deepEqual(checkScalar('level', ['low'], level, published), {
      messages: [
        'level must be a `string` type, but the final value was: `[\n  "\\"low\\""\n]`.',
        'level must be one of the following values: low, high, ',
      ],
    });
    assert.deepEqual(checkScalar('level', 1, level, published), {
      messages: ['level must be one of the following values: low, high, '],
    });
  });

  it('a biginteger number from 1e21 (printed 1e+21) is not an integer to Strapi', () => {
    const big: ScalarField = { kind: 'biginteger' };
    assert.deepEqual(checkScalar('big', 1e21, big, published), { messages: ['big must be a valid integer'] });
    assert.deepEqual(checkScalar('big', 1e20, big, published), { value: '100000000000000000000' });
  });
});

describe('an entry, as Strapi answered', () => {
  const table = {
    title: { kind: 'string' },
    secret: { kind: 'password', minLength: 6, maxLength: 12 },
    pin: { kind: 'password', minLength: 4 },
    content: { kind: 'blocks' },
    items: { kind: 'component', component: 'checks.leaf', repeatable: true },
    zone: { kind: 'dynamiczone', components: ['checks.leaf'], min: 1 },
  } as const satisfies CmsFieldTable;
  const leaf = {
    name: { kind: 'string', required: true },
    tag: { kind: 'relation', relation: 'oneToOne', target: 'api::tag.tag' },
  } as const satisfies CmsFieldTable;
  const schema: SchemaTables = {
    tables: { checks: table, 'checks.leaf': leaf, 'shared.link': { url: { kind: 'string' } }, tags: {} },
    keys: { 'api::check.check': 'checks', 'api::tag.tag': 'tags' },
    components: ['checks.leaf', 'shared.link'],
  };
  const draft = { draftAndPublish: true, action: 'draft' } as const;
  const create = { draftAndPublish: true, action: 'create' } as const;
  const plain = { draftAndPublish: false, action: 'create' } as const;

  it('an image block without its image misses every required key of one', () => {
    const result = checkEntry(
      { content: [{ type: 'image', children: [{ type: 'text', text: '' }] }] },
      table,
      schema,
      draft,
    );
    assert.ok('issues' in result && result.issues);
    assert.deepEqual(result.issues[0], {
      message: 'content[0].image.name is a required field',
      path: ['content', '0', 'image', 'name'],
    });
    assert.equal(result.issues.length, 11);
  });

  it('list items are cast: a JSON string is parsed, anything else but an object is null', () => {
    assert.deepEqual(checkEntry({ items: ['a'] }, table, schema, plain), {
      issues: [
        {
          message:
            'items[0] must be a `object` type, but the final value was: `null` (cast from the value `"a"`).',
          path: ['items', '0'],
        },
      ],
    });
    assert.deepEqual(checkEntry({ items: ['{"name":"ab"}'] }, table, schema, plain), {
      value: { items: [{ name: 'ab' }], zone: [] },
    });
  });

  it('an array in a list is walked as an object: its index 0 is an unknown key', () => {
    assert.deepEqual(checkEntry({ items: [[{ name: 'ab' }]] }, table, schema, plain), {
      issues: [{ message: 'Invalid key 0 at items', path: ['items', '0', '0'] }],
    });
  });

  it('after a relation, a component level takes its operation keys (Strapi keeps one parent per level)', () => {
    assert.ok('value' in checkEntry({ items: [{ name: 'ab', tag: 1, connect: 1 }] }, table, schema, plain));
    assert.deepEqual(checkEntry({ items: [{ connect: 1, name: 'ab', tag: 1 }] }, table, schema, plain), {
      issues: [{ message: 'Invalid key connect at items', path: ['items', '0', 'connect'] }],
    });
  });

  it('the publish pass reads a password as its 60-character hash', () => {
    const refused = { issues: [{ message: 'secret must be at most 12 characters', path: ['secret'] }] };
    assert.deepEqual(
      checkEntry(
        { secret: 'abcdef', zone: [{ __component: 'checks.leaf', name: 'a' }] },
        table,
        schema,
        create,
      ),
      refused,
    );
    assert.deepEqual(
      checkEntry({ secret: '', zone: [{ __component: 'checks.leaf', name: 'a' }] }, table, schema, create),
      refused,
    );
    // minLength 4 holds for the hash; the type without drafts checks what was sent.
    assert.ok(
      'value' in
        checkEntry({ pin: 'ab', zone: [{ __component: 'checks.leaf', name: 'a' }] }, table, schema, create),
    );
    assert.deepEqual(
      checkEntry({ pin: 'ab', zone: [{ __component: 'checks.leaf', name: 'a' }] }, table, schema, plain),
      {
        issues: [{ message: 'pin must be at least 4 characters', path: ['pin'] }],
      },
    );
  });

  it('the publish pass reads a zone without the components it does not list', () => {
    const required = { zone: { ...table.zone, required: true } } satisfies CmsFieldTable;
    assert.deepEqual(
      checkEntry({ zone: [{ __component: 'shared.link', url: 'x' }] }, required, schema, create),
      {
        issues: [{ message: 'zone field must have at least 1 items', path: ['zone'] }],
      },
    );
    assert.ok(
      'value' in checkEntry({ zone: [{ __component: 'shared.link', url: 'x' }] }, required, schema, draft),
    );
  });

  it('the locale of a type known not to be localized is a string of at most 255 characters', () => {
    const known = { ...plain, localized: false };
    assert.deepEqual(checkEntry({ locale: 5 }, { title: { kind: 'string' } }, schema, known), {
      issues: [
        { message: 'locale must be a `string` type, but the final value was: `5`.', path: ['locale'] },
      ],
    });
    assert.deepEqual(checkEntry({ locale: 'x'.repeat(256) }, { title: { kind: 'string' } }, schema, known), {
      issues: [{ message: 'locale must be at most 255 characters', path: ['locale'] }],
    });
    assert.ok('value' in checkEntry({ locale: 5 }, { title: { kind: 'string' } }, schema, plain));
  });

  it("a component's value may carry its id, as an item inside an entry does", () => {
    assert.deepEqual(checkComponent({ id: 12345, name: 'ab' }, 'checks.leaf', schema), {
      value: { id: 12345, name: 'ab' },
    });
    assert.deepEqual(checkComponent({ name: 'ab', nope: 1 }, 'checks.leaf', schema), {
      issues: [{ message: 'Invalid key nope', path: ['nope'] }],
    });
  });
});

describe("a condition's == and !=", () => {
  it('compare JSON values as JavaScript loose equality does', async () => {
    const { evaluate } = await import('../../../src/runtime/validate/logic.ts');
    const values = [null, true, false, 0, 1, 2, '', '0', '1', ' 1 ', 'a', 'true', [], [1], ['a'], {}];
    for (const a of values)
      for (const b of values) {
        // A rule's lists and objects are new values each time it is read: never the same one.
        if (a === b && typeof a === 'object' && a !== null) continue;
        // biome-ignore lint/suspicious/noDoubleEquals: the reference the runtime's == must match
        const expected = a == b;
        assert.equal(
          evaluate({ '==': [a, b] }, {}),
          expected,
          `${JSON.stringify(a)} == ${JSON.stringify(b)}`,
        );
        assert.equal(
          evaluate({ '!=': [a, b] }, {}),
          !expected,
          `${JSON.stringify(a)} != ${JSON.stringify(b)}`,
        );
      }
  });
});
