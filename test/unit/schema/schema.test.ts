import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { schemaHash } from '../../../src/schema/hash.ts';
import { unownedInverseNotice, unownedInverses } from '../../../src/schema/inverse-sides.ts';
import {
  normalizeAttribute,
  normalizeComponent,
  normalizeContentType,
} from '../../../src/schema/normalize.ts';
import { stableStringify } from '../../../src/schema/stable-json.ts';
import type { CmsSchema, SchemaContentType } from '../../../src/schema/types.ts';
import { readSchema, takeSnapshot } from '../../../src/server/read-schema.ts';
import type { StrapiLike } from '../../../src/server/strapi.ts';
import { contentType, schemaOf } from '../../helpers/schema-builders.ts';

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

describe('inverse sides no relation owns', () => {
  const relation = (relation: string, target: string, side: { inversedBy?: string; mappedBy?: string }) => ({
    type: 'relation',
    relation,
    target,
    ...side,
  });
  const user = 'plugin::users-permissions.user';
  // FoodAdvisor's user: `reviews` is owned by the review's `author`; `articles` names an `author`
  // the article does not have.
  const contentTypes: Record<string, SchemaContentType> = {
    [user]: contentType(user, {
      reviews: relation('oneToMany', 'api::review.review', { mappedBy: 'author' }),
      articles: relation('oneToMany', 'api::article.article', { mappedBy: 'author' }),
      role: relation('manyToOne', 'plugin::users-permissions.role', { inversedBy: 'users' }),
    }),
    'api::review.review': contentType('api::review.review', {
      author: relation('manyToOne', user, { inversedBy: 'reviews' }),
    }),
    'api::article.article': contentType('api::article.article', {
      title: { type: 'string' },
      writer: relation('manyToOne', user, { inversedBy: 'posts' }),
    }),
  };

  it('finds the inverse sides whose target has no relation back naming them in inversedBy', () => {
    assert.deepEqual(unownedInverses(contentTypes), [
      { uid: user, attribute: 'articles', target: 'api::article.article', mappedBy: 'author' },
    ]);
  });

  it('an owner must point back at the inverse side: same name on another target, or another name, does not own it', () => {
    const other = {
      ...contentTypes,
      'api::article.article': contentType('api::article.article', {
        author: relation('manyToOne', 'api::review.review', { inversedBy: 'articles' }),
        editor: relation('manyToOne', user, { inversedBy: 'edits' }),
      }),
    };
    assert.deepEqual(
      unownedInverses(other).map((found) => found.attribute),
      ['articles'],
    );
    const owned = {
      ...contentTypes,
      'api::article.article': contentType('api::article.article', {
        author: relation('manyToOne', user, { inversedBy: 'articles' }),
      }),
    };
    assert.deepEqual(unownedInverses(owned), []);
  });

  it('does not judge a target outside the schema, nor relations without mappedBy', () => {
    const partial = { [user]: contentTypes[user]! };
    assert.deepEqual(unownedInverses(partial), []);
  });

  it('the notice names the relation, what its mappedBy names, and both fixes', () => {
    const [found] = unownedInverses(contentTypes);
    assert.equal(
      unownedInverseNotice(found!),
      'plugin::users-permissions.user.articles is left out of the published schema: its mappedBy names "author", ' +
        'but api::article.article has no relation to plugin::users-permissions.user with inversedBy "articles", so ' +
        'Strapi never returns it and a filter on it fails. Add that relation to api::article.article, or remove ' +
        '"articles" from plugin::users-permissions.user',
    );
  });

  it('the snapshot publishes the schema without them, and a notice for each', () => {
    const raw = (uid: string) => {
      const { attributes } = contentTypes[uid]!;
      const name = uid.slice(uid.lastIndexOf('.') + 1);
      return { kind: 'collectionType', info: { singularName: name, pluralName: `${name}s` }, attributes };
    };
    const strapi: StrapiLike = {
      contentTypes: Object.fromEntries(Object.keys(contentTypes).map((uid) => [uid, raw(uid)])),
      components: {},
      plugin: () => undefined,
      service: () => undefined,
      log: { info() {}, warn() {}, error() {} },
    };
    const snapshot = takeSnapshot(strapi);
    assert.deepEqual(Object.keys(snapshot.schema.contentTypes[user]!.attributes), ['reviews', 'role']);
    assert.deepEqual(snapshot.strapi.notices, [unownedInverseNotice(unownedInverses(contentTypes)[0]!)]);
    assert.equal(snapshot.hash, schemaHash(snapshot.schema));
    assert.deepEqual(readSchema(strapi), snapshot.schema);
  });
});
