import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { schemaHash } from '../../../src/schema/hash.ts';
import {
  normalizeAttribute,
  normalizeComponent,
  normalizeContentType,
} from '../../../src/schema/normalize.ts';
import { stableStringify } from '../../../src/schema/stable-json.ts';
import type { CmsSchema } from '../../../src/schema/types.ts';
import { schemaOf } from '../../helpers/schema-builders.ts';

describe('stableStringify', () => {
  const cases: [string, { given: unknown; want: string }][] = [
    [
      'sorts keys at every depth',
      {
        given: { b: 1, a: { d: [{ z: 1, y: 2 }], c: null } },
        want: '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
      },
    ],
    ['drops undefined members', { given: { a: undefined, b: 1 }, want: '{"b":1}' }],
    ['keeps array holes as null', { given: [1, undefined, 3], want: '[1,null,3]' }],
    ['escapes strings like JSON', { given: { 'k"\n': 'v\u2028"' }, want: '{"k\\"\\n":"v\u2028\\""}' }],
    ['scalars', { given: [true, false, 0, -1.5, 'x'], want: '[true,false,0,-1.5,"x"]' }],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.equal(stableStringify(given), want));

  it('is independent of key insertion order', () => {
    assert.equal(stableStringify({ x: 1, y: { b: 2, a: 1 } }), stableStringify({ y: { a: 1, b: 2 }, x: 1 }));
  });

  it('refuses values JSON cannot carry', () => {
    assert.throws(() => stableStringify({ a: Number.NaN }), /cannot serialize the number NaN/);
    assert.throws(() => stableStringify({ a: () => 1 }), /cannot serialize a value of type function/);
    assert.throws(() => stableStringify({ a: 1n }), /bigint/);
  });
});

describe('schemaHash', () => {
  const schema = schemaOf([]);
  it('is the SHA-256 hex of the stable serialization', () => {
    const want = createHash('sha256')
      .update('{"auth":null,"components":{},"contentTypes":{},"definitions":{},"format":2,"routes":[]}')
      .digest('hex');
    assert.equal(schemaHash(schema), want);
  });
  it('changes with any change of the schema', () => {
    const refresh: CmsSchema = {
      ...schema,
      auth: { jwtManagement: 'refresh', sessionsHttpOnly: false, routes: {} },
    };
    const legacy: CmsSchema = {
      ...schema,
      auth: { jwtManagement: 'legacy-support', sessionsHttpOnly: false, routes: {} },
    };
    assert.notEqual(schemaHash(refresh), schemaHash(legacy));
    const route = { method: 'GET', path: '/x', handler: 'api::x.x.y', owner: 'api::x', auth: true } as const;
    assert.notEqual(
      schemaHash({ ...schema, routes: [{ ...route, response: { type: 'string' } }] }),
      schemaHash({ ...schema, routes: [{ ...route, response: { type: 'number' } }] }),
    );
  });
});

describe('normalize', () => {
  it('publishes only the data-model keys of an attribute', () => {
    assert.deepEqual(
      normalizeAttribute({
        type: 'string',
        required: true,
        maxLength: 10,
        configurable: false,
        columnName: 'x_col',
        pluginOptions: { i18n: { localized: true }, seo: { secret: 'nope' } },
        default: () => 'computed',
      }),
      { type: 'string', required: true, maxLength: 10, localized: true },
    );
    assert.deepEqual(normalizeAttribute({ type: 'enumeration', enum: ['a', 'b'], default: 'a' }), {
      type: 'enumeration',
      enum: ['a', 'b'],
      default: 'a',
    });
    assert.deepEqual(normalizeAttribute({ type: 'json', default: { a: [1, null] } }), {
      type: 'json',
      default: { a: [1, null] },
    });
    assert.deepEqual(normalizeAttribute({ type: 'datetime', default: new Date(0) }), { type: 'datetime' });
  });

  it('publishes conditions (Strapi 5 conditional fields) when they are a JSON object', () => {
    const visible = { '==': [{ var: 'type' }, 'external'] };
    assert.deepEqual(normalizeAttribute({ type: 'string', required: true, conditions: { visible } }), {
      type: 'string',
      required: true,
      conditions: { visible },
    });
    for (const conditions of [null, 'x', [], {}, { visible: () => true }])
      assert.deepEqual(normalizeAttribute({ type: 'string', conditions }), { type: 'string' });
  });

  it('drops system attributes and relations to admin:: models', () => {
    const type = normalizeContentType('api::a.a', {
      kind: 'collectionType',
      info: { singularName: 'a', pluralName: 'as', displayName: 'A' },
      options: { draftAndPublish: true },
      attributes: {
        title: { type: 'string' },
        createdAt: { type: 'datetime' },
        createdBy: { type: 'relation', relation: 'oneToOne', target: 'admin::user' },
        reviewers: { type: 'relation', relation: 'manyToMany', target: 'admin::user' },
        localizations: { type: 'relation', relation: 'oneToMany', target: 'api::a.a' },
      },
    });
    assert.deepEqual(Object.keys(type.attributes), ['title']);
    assert.equal(type.draftAndPublish, true);
    assert.equal(type.localized, false);
    assert.equal('routes' in type, false);
  });

  it('fills names a schema.json may leave out', () => {
    assert.deepEqual(normalizeComponent('shared.seo', { attributes: {} }), {
      uid: 'shared.seo',
      category: 'shared',
      displayName: 'seo',
      attributes: {},
    });
    const single = normalizeContentType('api::home.home', {
      kind: 'singleType',
      info: { singularName: 'home' },
    });
    assert.equal(single.kind, 'singleType');
    assert.equal(single.pluralName, 'home');
  });
});
