/**
 * JSON Schema -> TypeScript (json-schema-types.ts): one case per construct, on schemas as zod 4's
 * `toJSONSchema` writes them (draft 2020-12); then the emitted text compiled by the TypeScript
 * compiler under --strict, with sample values that must and must not be assignable.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  definitionId,
  hasRequiredKeys,
  type JsonSchemaNames,
  jsonSchemaType,
  referencedDefinitions,
  refersToRoot,
} from '../../../src/codegen/json-schema-types.ts';
import type { JsonSchema } from '../../../src/schema/types.ts';
import { compile } from '../../helpers/compile.ts';

const NAMES: JsonSchemaNames = {
  definition: (id) => ({ Money: 'Money', 'shared/node': 'SharedNode' })[id],
  entry: (uid) => ({ 'api::article.article': 'Article', 'shared.seo': 'SharedSeo' })[uid],
};

/** The type text without its doc comments, on one line. */
function flat(text: string): string {
  return text
    .replace(/\/\*\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

const CASES: [string, { given: JsonSchema; want: string; names?: Partial<JsonSchemaNames> }][] = [
  ['true and {} are unknown', { given: {}, want: 'unknown' }],
  ['true', { given: true, want: 'unknown' }],
  ['false is never', { given: false, want: 'never' }],
  ['not {} is never', { given: { not: {} }, want: 'never' }],
  ['string, whatever its format', { given: { type: 'string', format: 'date-time' }, want: 'string' }],
  ['integer and number', { given: { type: 'integer', minimum: 0 }, want: 'number' }],
  ['boolean', { given: { type: 'boolean' }, want: 'boolean' }],
  ['null', { given: { type: 'null' }, want: 'null' }],
  ['a type array: nullable', { given: { type: ['string', 'null'] }, want: 'string | null' }],
  ['an unknown type name', { given: { type: 'date' }, want: 'unknown' }],
  ['const string', { given: { type: 'string', const: "it's" }, want: "'it\\'s'" }],
  ['const null', { given: { type: 'null', const: null }, want: 'null' }],
  [
    'const number and boolean',
    { given: { anyOf: [{ const: -1.5 }, { const: false }] }, want: '-1.5 | false' },
  ],
  ['enum', { given: { type: 'string', enum: ['a', 'b', 1, null] }, want: "'a' | 'b' | 1 | null" }],
  [
    'object: required and optional properties, additionalProperties false',
    {
      given: {
        type: 'object',
        properties: { a: { type: 'string' }, 'b-c': { type: 'number' }, class: { type: 'boolean' } },
        required: ['a'],
        additionalProperties: false,
      },
      want: "{ a: string; 'b-c'?: number; 'class'?: boolean; }",
    },
  ],
  [
    'optional members accept undefined when asked (inputs)',
    {
      given: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      names: { optionalUndefined: true },
      want: '{ a?: string | undefined; }',
    },
  ],
  [
    'object without additionalProperties: other keys are unknown',
    {
      given: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      want: '{ a: string; [key: string]: unknown; }',
    },
  ],
  [
    'additionalProperties: a schema beside properties widens to unknown',
    {
      given: {
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a'],
        additionalProperties: { type: 'number' },
      },
      want: '{ a: string; [key: string]: unknown; }',
    },
  ],
  [
    'record: propertyNames + additionalProperties',
    {
      given: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'boolean' } },
      want: '{ [key: string]: boolean; }',
    },
  ],
  [
    'record over an enum of keys, all required',
    {
      given: {
        type: 'object',
        propertyNames: { type: 'string', enum: ['a', 'b'] },
        additionalProperties: { type: 'number' },
        required: ['a', 'b'],
      },
      want: "Record<'a' | 'b', number>",
    },
  ],
  [
    'record over an enum of keys, not all required',
    {
      given: {
        type: 'object',
        propertyNames: { enum: ['a', 'b'] },
        additionalProperties: { type: 'number' },
      },
      want: "Partial<Record<'a' | 'b', number>>",
    },
  ],
  [
    'an empty closed object',
    { given: { type: 'object', properties: {}, additionalProperties: false }, want: 'Record<string, never>' },
  ],
  ['object keywords without type', { given: { properties: {} }, want: '{ [key: string]: unknown; }' }],
  ['array of items', { given: { type: 'array', items: { type: 'string' } }, want: 'string[]' }],
  [
    'array of a union: parenthesized',
    { given: { type: 'array', items: { type: ['string', 'number'] } }, want: '(string | number)[]' },
  ],
  ['array without items', { given: { type: 'array' }, want: 'unknown[]' }],
  [
    'prefixItems: a tuple',
    {
      given: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
      want: '[string, number]',
    },
  ],
  [
    'prefixItems with a rest',
    {
      given: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: ['number', 'null'] } },
      want: '[string, ...(number | null)[]]',
    },
  ],
  ['anyOf', { given: { anyOf: [{ type: 'integer' }, { type: 'null' }] }, want: 'number | null' }],
  [
    'oneOf of objects',
    {
      given: {
        oneOf: [
          { type: 'object', properties: { k: { const: 'a' } }, required: ['k'], additionalProperties: false },
          { type: 'object', properties: { k: { const: 'b' } }, required: ['k'], additionalProperties: false },
        ],
      },
      want: "{ k: 'a'; } | { k: 'b'; }",
    },
  ],
  [
    'allOf: an intersection, unions in it parenthesized',
    {
      given: { allOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'string' }] },
      want: '(string | number) & string',
    },
  ],
  ['anyOf with unknown is unknown', { given: { anyOf: [{}, { type: 'string' }] }, want: 'unknown' }],
  [
    'a type beside anyOf: intersected',
    {
      given: { type: 'string', anyOf: [{ const: 'a' }, { const: 'b' }] },
      want: "string & ('a' | 'b')",
    },
  ],
  ['$ref to a definition', { given: { $ref: '#/definitions/Money' }, want: 'Money' }],
  ['$ref to $defs, JSON-Pointer escaped', { given: { $ref: '#/$defs/shared~1node' }, want: 'SharedNode' }],
  ['$ref to an unknown definition', { given: { $ref: '#/definitions/Nope' }, want: 'unknown' }],
  ['$ref to another document', { given: { $ref: 'https://example.test/s.json' }, want: 'unknown' }],
  ['$ref # inline', { given: { $ref: '#' }, want: 'unknown' }],
  ['$ref # in an alias', { given: { $ref: '#' }, want: 'Tree', names: { root: 'Tree' } }],
  ['x-cms-uid of a content type', { given: { 'x-cms-uid': 'api::article.article' }, want: 'Article' }],
  ['x-cms-uid of a component', { given: { 'x-cms-uid': 'shared.seo' }, want: 'SharedSeo' }],
  ['x-cms-uid Strapi does not know', { given: { 'x-cms-uid': 'api::gone.gone' }, want: 'unknown' }],
  ['unknown keywords only', { given: { 'x-vendor': 1, minLength: 2 }, want: 'unknown' }],
  [
    'non-schema values in keywords do not crash',
    { given: { type: 'object', properties: 3, required: 'a' }, want: '{ [key: string]: unknown; }' },
  ],
  ['anyOf that is not an array', { given: { anyOf: { type: 'string' } }, want: 'unknown' }],
];

describe('jsonSchemaType: constructs', () => {
  for (const [name, { given, want, names }] of CASES) {
    it(name, () => assert.equal(flat(jsonSchemaType(given, { ...NAMES, ...names })), want));
  }

  it('description, format and default become the doc comment of a property; a bare one has none', () => {
    const text = jsonSchemaType(
      {
        type: 'object',
        properties: {
          at: { type: 'string', format: 'date-time', default: 'now' },
          note: { type: 'string', description: 'Shown */ to the author' },
          kind: { type: 'string' },
        },
        additionalProperties: { type: 'number' },
      },
      NAMES,
      '  ',
    );
    assert.equal(
      text,
      [
        '{',
        '    /** Format `date-time`, default `"now"`. */',
        '    at?: string;',
        '    /** Shown *\\/ to the author */',
        '    note?: string;',
        '    kind?: string;',
        '    [key: string]: unknown;',
        '  }',
      ].join('\n'),
    );
  });

  it('helpers: definitionId, refersToRoot, referencedDefinitions, hasRequiredKeys', () => {
    assert.equal(definitionId('#/definitions/a%20b'), 'a b');
    assert.equal(definitionId('#/definitions/a/b'), undefined);
    assert.equal(refersToRoot({ properties: { x: { items: [{ $ref: '#' }] } } }), true);
    assert.equal(refersToRoot({ $ref: '#/definitions/x' }), false);
    assert.deepEqual(
      [...referencedDefinitions({ anyOf: [{ $ref: '#/definitions/A' }, { items: { $ref: '#/$defs/B' } }] })],
      ['A', 'B'],
    );
    assert.equal(hasRequiredKeys({ type: 'object', required: ['a'] }), true);
    assert.equal(hasRequiredKeys({ type: 'object', required: [] }), false);
    assert.equal(hasRequiredKeys(true), false);
  });
});

describe('jsonSchemaType: the emitted types under tsc --strict', () => {
  const definitions: Record<string, JsonSchema> = {
    Category: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/definitions/Category' } },
      },
      required: ['name', 'children'],
      additionalProperties: false,
    },
    Tree: {
      type: 'object',
      properties: { label: { type: 'string' }, next: { $ref: '#' } },
      required: ['label'],
      additionalProperties: false,
    },
    Settings: {
      type: 'object',
      properties: {
        mode: {
          anyOf: [
            { type: 'string', const: 'auto' },
            { type: 'number', const: 1 },
          ],
        },
        flag: { type: ['boolean', 'null'] },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
        sizes: {
          type: 'object',
          propertyNames: { type: 'string', enum: ['s', 'm'] },
          additionalProperties: { type: 'number' },
          required: ['s', 'm'],
        },
        extra: {
          type: 'object',
          properties: { id: { type: 'number' } },
          required: ['id'],
          additionalProperties: {},
        },
        both: {
          allOf: [
            {
              type: 'object',
              properties: { a: { type: 'string' } },
              required: ['a'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { b: { type: 'number' } },
              required: ['b'],
              additionalProperties: false,
            },
          ],
        },
        category: { $ref: '#/definitions/Category' },
        article: { 'x-cms-uid': 'api::article.article' },
      },
      required: ['mode', 'flag', 'pair', 'sizes', 'extra', 'both'],
      additionalProperties: false,
    },
  };
  const names: JsonSchemaNames = {
    definition: (id) => (id in definitions ? id : undefined),
    entry: (uid) => (uid === 'api::article.article' ? 'Article' : undefined),
  };
  const declarations = Object.entries(definitions)
    .map(([id, schema]) => `export type ${id} = ${jsonSchemaType(schema, { ...names, root: id })};`)
    .join('\n');
  const header = [
    'export interface Article { documentId: string; title: string }',
    declarations,
    'export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;',
  ].join('\n');

  const run = (body: string[]) =>
    compile({ '/virtual/case.ts': `${header}\n${body.join('\n')}\nexport {};\n` });

  it('accepts the values the schemas accept, and the types are what they say', () => {
    const diagnostics = run([
      "export const tree: Tree = { label: 'a', next: { label: 'b', next: { label: 'c' } } };",
      "export const category: Category = { name: 'a', children: [{ name: 'b', children: [] }] };",
      'export const settings: Settings = {',
      "  mode: 'auto', flag: null, pair: ['x', 1], sizes: { s: 1, m: 2 }, extra: { id: 1, more: true },",
      "  both: { a: 'a', b: 1 }, category, article: { documentId: 'd', title: 't' },",
      '};',
      "export const pairIs: Equal<Settings['pair'], [string, number]> = true;",
      "export const modeIs: Equal<Settings['mode'], 'auto' | 1> = true;",
      "export const flagIs: Equal<Settings['flag'], boolean | null> = true;",
      "export const sizesIs: Equal<Settings['sizes'], Record<'s' | 'm', number>> = true;",
      "export const articleIs: Equal<Settings['article'], Article | undefined> = true;",
      "export const childrenIs: Equal<Category['children'], Category[]> = true;",
    ]);
    assert.deepEqual(diagnostics, []);
  });

  const rejected: [string, string][] = [
    ['a tuple in the wrong order', "export const x: Settings['pair'] = [1, 'x'];"],
    ['a value outside the literals', "export const x: Settings['mode'] = 'manual';"],
    ['a key outside the record keys', "export const x: Settings['sizes'] = { s: 1, m: 2, l: 3 };"],
    ['a missing record key', "export const x: Settings['sizes'] = { s: 1 };"],
    ['a missing required property', "export const x: Tree = { next: { label: 'b' } };"],
    ['a wrong type deep in the recursion', "export const x: Tree = { label: 'a', next: { label: 1 } };"],
    [
      'a key a closed object does not have',
      "export const x: Category = { name: 'a', children: [], more: 1 };",
    ],
    ['half of an intersection', "export const x: Settings['both'] = { a: 'a' };"],
    ['a content type entry without its fields', "export const x: Settings['article'] = { documentId: 'd' };"],
  ];
  for (const [name, line] of rejected) {
    it(`rejects ${name}`, () => {
      const diagnostics = run([line]);
      assert.ok(diagnostics.length > 0, `${line} compiled`);
      assert.ok(
        diagnostics.every((text) => /TS2322|TS2353|TS2741|TS2739|TS2820/.test(text)),
        `unexpected errors:\n${diagnostics.join('\n')}`,
      );
    });
  }
});
