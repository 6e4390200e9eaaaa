import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  buildModel,
  type CodegenModel,
  isSchemaError,
  type ModelAttribute,
  SchemaError,
} from '../../../src/codegen/model.ts';
import type {
  CmsSchema,
  SchemaApiRoute,
  SchemaAttribute,
  SchemaResponse,
} from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { type Attrs, component, contentType, schemaOf as schema } from '../../helpers/schema-builders.ts';

/** uid -> [entry, populatable, input, client property] */
function names(model: CodegenModel): Record<string, [string, string, string, string | null]> {
  const out: Record<string, [string, string, string, string | null]> = {};
  for (const m of model.contentTypes) {
    out[m.uid] = [m.names.entry, m.names.populatable, m.names.input, m.clientProperty];
  }
  for (const m of model.components) out[m.uid] = [m.names.entry, m.names.populatable, m.names.input, null];
  return out;
}

describe('buildModel: names', () => {
  const cases: [string, { given: CmsSchema; want: ReturnType<typeof names> }][] = [
    [
      'api, plugin and component names',
      {
        given: schema(
          [
            contentType(
              'api::blog-post.blog-post',
              {},
              { singularName: 'blog-post', pluralName: 'blog-posts' },
            ),
            contentType('plugin::users-permissions.user'),
            contentType('plugin::upload.file'),
            contentType(
              'api::home.home',
              {},
              { kind: 'singleType', singularName: 'home', pluralName: 'homes' },
            ),
          ],
          [component('shared.seo')],
        ),
        want: {
          'api::blog-post.blog-post': ['BlogPost', 'BlogPostPopulatable', 'BlogPostInput', 'blogPosts'],
          'api::home.home': ['Home', 'HomePopulatable', 'HomeInput', 'home'],
          'plugin::upload.file': ['UploadFile', 'UploadFilePopulatable', 'UploadFileInput', null],
          'plugin::users-permissions.user': [
            'UsersPermissionsUser',
            'UsersPermissionsUserPopulatable',
            'UsersPermissionsUserInput',
            null,
          ],
          'shared.seo': ['SharedSeo', 'SharedSeoPopulatable', 'SharedSeoInput', null],
        },
      },
    ],
    [
      'names that collide after PascalCase are numbered in uid order',
      {
        given: schema([
          contentType(
            'api::blog_post.blog_post',
            {},
            { singularName: 'blog_post', pluralName: 'blog_posts' },
          ),
          contentType('api::BlogPost.BlogPost', {}, { singularName: 'BlogPost', pluralName: 'BlogPosts' }),
          contentType(
            'api::blog-post.blog-post',
            {},
            { singularName: 'blog-post', pluralName: 'blog-posts' },
          ),
        ]),
        want: {
          'api::BlogPost.BlogPost': ['BlogPost', 'BlogPostPopulatable', 'BlogPostInput', 'blogPosts'],
          'api::blog-post.blog-post': ['BlogPost2', 'BlogPost2Populatable', 'BlogPost2Input', 'blogPosts2'],
          'api::blog_post.blog_post': ['BlogPost3', 'BlogPost3Populatable', 'BlogPost3Input', 'blogPosts3'],
        },
      },
    ],
    [
      'shared and global type names are never taken',
      {
        given: schema([
          contentType('api::media-file.media-file', {}, { singularName: 'media-file' }),
          contentType('api::record.record'),
          contentType('api::block.block'),
          contentType('api::date.date'),
          contentType('api::cms-response.cms-response', {}, { singularName: 'cms-response' }),
        ]),
        want: {
          'api::block.block': ['Block2', 'Block2Populatable', 'Block2Input', 'blocks'],
          'api::cms-response.cms-response': [
            'CmsResponse2',
            'CmsResponse2Populatable',
            'CmsResponse2Input',
            'cmsResponses',
          ],
          'api::date.date': ['Date2', 'Date2Populatable', 'Date2Input', 'dates'],
          'api::media-file.media-file': [
            'MediaFile2',
            'MediaFile2Populatable',
            'MediaFile2Input',
            'mediaFiles',
          ],
          'api::record.record': ['Record2', 'Record2Populatable', 'Record2Input', 'records'],
        },
      },
    ],
    [
      'a content type named like another one plus Input moves the later one',
      {
        given: schema(
          [contentType('api::article.article')],
          [component('article.input'), component('article.populatable')],
        ),
        want: {
          'api::article.article': ['Article', 'ArticlePopulatable', 'ArticleInput', 'articles'],
          'article.input': ['ArticleInput2', 'ArticleInput2Populatable', 'ArticleInput2Input', null],
          'article.populatable': [
            'ArticlePopulatable2',
            'ArticlePopulatable2Populatable',
            'ArticlePopulatable2Input',
            null,
          ],
        },
      },
    ],
    [
      'a component named like a content type plus Filters moves the later one',
      {
        given: schema([contentType('api::article.article')], [component('article.filters')]),
        want: {
          'api::article.article': ['Article', 'ArticlePopulatable', 'ArticleInput', 'articles'],
          'article.filters': ['ArticleFilters2', 'ArticleFilters2Populatable', 'ArticleFilters2Input', null],
        },
      },
    ],
    [
      'client members and reserved words get a kind suffix, then a number',
      {
        given: schema([
          contentType('api::auth.auth', {}, { pluralName: 'auth' }),
          contentType('api::config.config', {}, { kind: 'singleType', singularName: 'config' }),
          contentType('api::klass.klass', {}, { pluralName: 'class' }),
          contentType('api::proto.proto', {}, { pluralName: '__proto__' }),
          contentType('api::upload-x.upload-x', {}, { pluralName: 'upload' }),
          contentType('api::upload-y.upload-y', {}, { pluralName: 'upload-collection' }),
          contentType('api::digits.digits', {}, { pluralName: '3d-models' }),
          contentType('api::empty.empty', {}, { pluralName: '✨' }),
        ]),
        want: {
          'api::auth.auth': ['Auth', 'AuthPopulatable', 'AuthInput', 'authCollection'],
          'api::config.config': ['Config', 'ConfigPopulatable', 'ConfigInput', 'configSingle'],
          'api::digits.digits': ['Digits', 'DigitsPopulatable', 'DigitsInput', '_3dModels'],
          'api::empty.empty': ['Empty', 'EmptyPopulatable', 'EmptyInput', 'unnamed'],
          'api::klass.klass': ['Klass', 'KlassPopulatable', 'KlassInput', 'classCollection'],
          'api::proto.proto': ['Proto', 'ProtoPopulatable', 'ProtoInput', 'proto'],
          'api::upload-x.upload-x': ['UploadX', 'UploadXPopulatable', 'UploadXInput', 'uploadCollection'],
          'api::upload-y.upload-y': ['UploadY', 'UploadYPopulatable', 'UploadYInput', 'uploadCollection2'],
        },
      },
    ],
    [
      'hostile names still give identifiers',
      {
        given: schema([
          contentType('api::x.x', {}, { singularName: '*/ class', pluralName: '${`\\' }),
          contentType('api::y.y', {}, { singularName: '123', pluralName: '😀' }),
        ]),
        want: {
          'api::x.x': ['Class', 'ClassPopulatable', 'ClassInput', 'unnamed'],
          'api::y.y': ['_123', '_123Populatable', '_123Input', 'unnamed2'],
        },
      },
    ],
  ];
  for (const [name, { given, want }] of cases)
    it(name, () => assert.deepEqual(names(buildModel(given)), want));

  it('the filters interface name moves with the stem', () => {
    const model = buildModel(schema([contentType('api::article.article')], [component('article.filters')]));
    assert.deepEqual(
      [...model.contentTypes, ...model.components].map((m) => m.names.filters),
      ['ArticleFilters', 'ArticleFilters2Filters'],
    );
  });

  it('the model interface name moves with the stem, and a stem named like it moves on', () => {
    const model = buildModel(schema([contentType('api::article.article')], [component('article.model')]));
    assert.deepEqual(
      [...model.contentTypes, ...model.components].map((m) => [m.names.entry, m.names.model]),
      [
        ['Article', 'ArticleModel'],
        ['ArticleModel2', 'ArticleModel2Model'],
      ],
    );
  });

  it('names dynamic zones <Owner><Attr>Zone after every model name', () => {
    const model = buildModel(
      schema(
        [
          contentType('api::page.page', {
            sections: { type: 'dynamiczone', components: ['a.b'] },
            'sections!': { type: 'dynamiczone', components: ['a.b'] },
          }),
        ],
        [component('a.b'), component('page.sections-zone')],
      ),
    );
    const zones = model.contentTypes[0]!.attributes.map((a) =>
      a.classification === 'dynamiczone' ? a.target : '',
    );
    // `page.sections-zone` took PageSectionsZone first; `sections` < `sections!` by name.
    assert.deepEqual(zones, ['PageSectionsZone2', 'PageSectionsZone3']);
  });
});

type AttributeSummary = Record<string, unknown>;

/** The attribute without empty docs, and without `inputDocs` where they are the entry's `docs`. */
function summary(attribute: ModelAttribute): AttributeSummary {
  const { docs, inputDocs, ...rest } = attribute;
  const same = inputDocs.length === docs.length && inputDocs.every((line, i) => line === docs[i]);
  return { ...rest, ...(docs.length > 0 ? { docs } : {}), ...(same ? {} : { inputDocs }) };
}

describe('buildModel: attributes', () => {
  const base = { required: false, hasDefault: false, hidden: false };
  const cases: [string, { given: SchemaAttribute; want: AttributeSummary }][] = [
    [
      'string with rules',
      {
        given: { type: 'string', required: true, minLength: 2, maxLength: 120, regex: 'a*/b' },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          required: true,
          classification: 'scalar',
          type: 'string',
          enumValues: [],
          docs: ['@minLength 2', '@maxLength 120', '@pattern a*\\/b'],
        },
      },
    ],
    [
      'enumeration with default',
      {
        given: { type: 'enumeration', enum: ['a', 'b', 'a'], default: 'a' },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          hasDefault: true,
          classification: 'scalar',
          type: 'enumeration',
          enumValues: ['a', 'b'],
          docs: ['@default "a"'],
        },
      },
    ],
    [
      'password is hidden',
      {
        given: { type: 'password' },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          hidden: true,
          classification: 'scalar',
          type: 'password',
          enumValues: [],
        },
      },
    ],
    [
      'private is hidden',
      {
        given: { type: 'text', private: true },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          hidden: true,
          classification: 'scalar',
          type: 'text',
          enumValues: [],
          docs: ['@private'],
        },
      },
    ],
    [
      'custom field keeps its underlying type',
      {
        given: { type: 'string', customField: 'global::color' },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          classification: 'scalar',
          type: 'string',
          enumValues: [],
          docs: ['@customField global::color'],
        },
      },
    ],
    [
      'to-one relation',
      {
        given: { type: 'relation', relation: 'manyToOne', target: 'api::tag.tag' },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          classification: 'relation',
          relation: 'manyToOne',
          many: false,
          targetUid: 'api::tag.tag',
          target: 'Tag',
        },
      },
    ],
    [
      'to-many relation',
      {
        given: { type: 'relation', relation: 'manyWay', target: 'api::tag.tag' },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          classification: 'relation',
          relation: 'manyWay',
          many: true,
          targetUid: 'api::tag.tag',
          target: 'Tag',
        },
      },
    ],
    [
      'morph relation without target',
      {
        given: { type: 'relation', relation: 'morphToMany' },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          classification: 'relation',
          relation: 'morphToMany',
          many: true,
          targetUid: null,
          target: null,
        },
      },
    ],
    [
      'single media (required only in the admin: Strapi enforces it only with strictRelations)',
      {
        given: { type: 'media', multiple: false, required: true, allowedTypes: ['images'] },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          required: false,
          classification: 'media',
          many: false,
          target: 'MediaFile',
          docs: [
            'Required in the admin; the REST API enforces it only with `api.documents.strictRelations`, so it may be missing.',
            '@allowedTypes images',
          ],
        },
      },
    ],
    [
      'time: the note on how it reads back stays out of the input',
      {
        given: { type: 'time', required: true },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          required: true,
          classification: 'scalar',
          type: 'time',
          enumValues: [],
          docs: ['Read back as `HH:mm:ss` on PostgreSQL, `HH:mm:ss.SSS` on SQLite and MySQL/MariaDB.'],
          inputDocs: [],
        },
      },
    ],
    [
      'json: its note is about writes too, so the input keeps it',
      {
        given: { type: 'json' },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          classification: 'scalar',
          type: 'json',
          enumValues: [],
          docs: [
            'A bare `true`/`false` reads back as `1`/`0` on SQLite and MySQL/MariaDB; PostgreSQL and MySQL/MariaDB refuse a bare string.',
          ],
        },
      },
    ],
    [
      'repeatable component',
      {
        given: { type: 'component', component: 'shared.seo', repeatable: true },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          classification: 'component',
          many: true,
          targetUid: 'shared.seo',
          target: 'SharedSeo',
          targetInput: 'SharedSeoInput',
        },
      },
    ],
    [
      'dynamic zone',
      {
        given: { type: 'dynamiczone', components: ['shared.seo', 'shared.seo'] },
        want: {
          ...base,
          name: 'field',
          key: 'field',
          classification: 'dynamiczone',
          many: true,
          target: 'ThingFieldZone',
          members: [{ uid: 'shared.seo', entry: 'SharedSeo', input: 'SharedSeoInput' }],
        },
      },
    ],
  ];
  for (const [name, { given, want }] of cases) {
    it(name, () => {
      const model = buildModel(
        schema(
          [contentType('api::thing.thing', { field: given }), contentType('api::tag.tag')],
          [component('shared.seo')],
        ),
      );
      const thing = model.contentTypes.find((c) => c.uid === 'api::thing.thing')!;
      assert.deepEqual(summary(thing.attributes[0]!), want);
    });
  }

  it('quotes keys that are not plain identifiers and keeps schema order', () => {
    const model = buildModel(
      schema([
        contentType('api::thing.thing', {
          zeta: { type: 'string' },
          'my-field': { type: 'string' },
          class: { type: 'string' },
          'a"b': { type: 'string' },
        }),
      ]),
    );
    assert.deepEqual(
      model.contentTypes[0]!.attributes.map((a) => [a.name, a.key]),
      [
        ['zeta', 'zeta'],
        ['my-field', "'my-field'"],
        ['class', "'class'"],
        ['a"b', `'a"b'`],
      ],
    );
  });

  it('flags blocks and sorts models by uid', () => {
    const model = buildModel(
      schema(
        [contentType('api::b.b'), contentType('api::a.a')],
        [component('z.z', { c: { type: 'blocks' } }), component('a.a')],
      ),
    );
    assert.equal(model.hasBlocks, true);
    assert.deepEqual(
      model.contentTypes.map((c) => c.uid),
      ['api::a.a', 'api::b.b'],
    );
    assert.deepEqual(
      model.components.map((c) => c.uid),
      ['a.a', 'z.z'],
    );
    assert.equal(buildModel(schema([contentType('api::a.a')])).hasBlocks, false);
  });

  it('client.users: `users` after the api:: types, numbered when one of them took it; none without users-permissions', () => {
    const auth = { jwtManagement: 'legacy-support' as const, sessionsHttpOnly: false, routes: {} };
    const user = contentType('plugin::users-permissions.user');
    assert.equal(buildModel({ ...schema([user, contentType('api::tag.tag')]), auth }).usersProperty, 'users');
    // api::user.user has the plural `users`: it keeps its property, the plugin's routes move.
    const taken = buildModel({ ...schema([user, contentType('api::user.user')]), auth });
    assert.equal(taken.contentTypes.find((c) => c.uid === 'api::user.user')!.clientProperty, 'users');
    assert.equal(taken.usersProperty, 'users2');
    assert.equal(buildModel(schema([user])).usersProperty, null, 'no auth block: no users-permissions');
    assert.equal(buildModel({ ...schema([contentType('api::tag.tag')]), auth }).usersProperty, null);
  });

  it('models the kitchen fixture', () => {
    const payload = JSON.parse(
      readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8'),
    ) as SchemaResponse;
    const model = buildModel(payload.schema);
    const article = model.contentTypes.find((c) => c.uid === 'api::article.article')!;
    assert.equal(article.clientProperty, 'articles');
    assert.equal(
      model.contentTypes.find((c) => c.uid === 'api::site-setting.site-setting')!.clientProperty,
      'siteSetting',
    );
    const byClass = {
      relation: article.attributes.filter((a) => a.classification === 'relation'),
      media: article.attributes.filter((a) => a.classification === 'media'),
      component: article.attributes.filter((a) => a.classification === 'component'),
      dynamiczone: article.attributes.filter((a) => a.classification === 'dynamiczone'),
    };
    assert.deepEqual(
      byClass.relation.map((a) => a.name),
      ['author', 'tags', 'related', 'parent', 'featuredTag'],
    );
    assert.deepEqual(
      byClass.media.map((a) => a.name),
      ['cover', 'gallery', 'attachment'],
    );
    assert.deepEqual(
      byClass.component.map((a) => a.name),
      ['seo', 'links'],
    );
    assert.deepEqual(
      byClass.dynamiczone.map((a) => a.target),
      ['ArticleSectionsZone'],
    );
  });
});

describe('buildModel: SchemaError', () => {
  const ok = (attributes: Attrs) =>
    schema(
      [contentType('api::post.post', attributes), contentType('api::tag.tag')],
      [component('shared.seo')],
    );
  const inComponent = (attributes: Attrs) =>
    schema([contentType('api::tag.tag')], [component('shared.seo'), component('shared.card', attributes)]);
  const cases: [string, { given: CmsSchema; want: string }][] = [
    [
      'unknown attribute type',
      {
        given: ok({ color: { type: 'customField', customField: 'plugin::color-picker.color' } }),
        want:
          'content type "api::post.post", attribute "color": unknown attribute type "customField". Use one of ' +
          'string, text, richtext, blocks, email, password, uid, enumeration, integer, biginteger, float, decimal, ' +
          'boolean, date, time, datetime, timestamp, json, media, relation, component, dynamiczone; ' +
          'a custom field must carry its underlying type in "type".',
      },
    ],
    [
      'relation without a target',
      {
        given: ok({ tag: { type: 'relation', relation: 'manyToOne' } }),
        want:
          'content type "api::post.post", attribute "tag": the manyToOne relation has no "target". ' +
          'Set "target" to a content-type uid (only morphToOne, morphToMany, morphOne and morphMany may leave it out).',
      },
    ],
    [
      'relation to a missing content type',
      {
        given: ok({ owner: { type: 'relation', relation: 'oneToOne', target: 'admin::user' } }),
        want:
          'content type "api::post.post", attribute "owner": the relation targets "admin::user", which is not a ' +
          'content type in the schema. Add that content type or fix "target".',
      },
    ],
    [
      'relation to a component uid',
      {
        given: ok({ owner: { type: 'relation', relation: 'oneToMany', target: 'shared.seo' } }),
        want:
          'content type "api::post.post", attribute "owner": the relation targets "shared.seo", which is not a ' +
          'content type in the schema. Add that content type or fix "target".',
      },
    ],
    [
      'unknown relation kind',
      {
        given: ok({ tag: { type: 'relation', relation: 'oneToAll', target: 'api::tag.tag' } }),
        want:
          'content type "api::post.post", attribute "tag": unknown relation kind "oneToAll". Use one of oneToOne, ' +
          'oneToMany, manyToOne, manyToMany, oneWay, manyWay, morphToOne, morphToMany, morphOne, morphMany.',
      },
    ],
    [
      'component reference to a missing component',
      {
        given: inComponent({ seo: { type: 'component', component: 'shared.nope' } }),
        want:
          'component "shared.card", attribute "seo": component "shared.nope" is not in the schema. ' +
          'Add the component or point "component" at an existing one.',
      },
    ],
    [
      'component attribute without a component',
      {
        given: ok({ seo: { type: 'component' } }),
        want:
          'content type "api::post.post", attribute "seo": a component attribute needs "component", ' +
          'the uid of the component it holds.',
      },
    ],
    [
      'dynamic zone reference to a missing component',
      {
        given: ok({ body: { type: 'dynamiczone', components: ['shared.seo', 'sections.gone'] } }),
        want:
          'content type "api::post.post", attribute "body": the dynamic zone lists component "sections.gone", ' +
          'which is not in the schema. Add the component or remove it from "components".',
      },
    ],
    [
      'dynamic zone without a component list',
      {
        given: ok({ body: { type: 'dynamiczone' } }),
        want:
          'content type "api::post.post", attribute "body": a dynamic zone needs "components", ' +
          'the list of component uids it accepts.',
      },
    ],
    [
      'enumeration without values',
      {
        given: inComponent({ size: { type: 'enumeration', enum: [] } }),
        want: 'component "shared.card", attribute "size": an enumeration needs "enum", a non-empty list of string values.',
      },
    ],
    [
      'enumeration without enum',
      {
        given: ok({ size: { type: 'enumeration' } }),
        want: 'content type "api::post.post", attribute "size": an enumeration needs "enum", a non-empty list of string values.',
      },
    ],
    [
      'system field as an attribute',
      {
        given: ok({ documentId: { type: 'string' } }),
        want:
          'content type "api::post.post", attribute "documentId": this name is reserved for a field Strapi adds ' +
          'itself. Rename the attribute.',
      },
    ],
    [
      'hostile names stay on one line in the message',
      {
        given: schema([contentType('api::a\n"b.x', { 'c\nd': { type: 'nope\n' } })]),
        want:
          'content type "api::a\\n\\"b.x", attribute "c\\nd": unknown attribute type "nope\\n". Use one of ' +
          'string, text, richtext, blocks, email, password, uid, enumeration, integer, biginteger, float, decimal, ' +
          'boolean, date, time, datetime, timestamp, json, media, relation, component, dynamiczone; ' +
          'a custom field must carry its underlying type in "type".',
      },
    ],
    [
      'unknown content-type kind',
      {
        given: schema([contentType('api::a.a', {}, { kind: 'weird' as 'singleType' })]),
        want: 'content type "api::a.a": unknown kind "weird"; use "collectionType" or "singleType".',
      },
    ],
    [
      'uid that differs from its key',
      {
        given: { ...schema([]), components: { 'a.b': component('a.c') } },
        want: 'component "a.b": its "uid" "a.c" differs from its key; they must be equal.',
      },
    ],
    [
      'a format-1 schema (no routes)',
      {
        given: { ...schema([]), routes: undefined } as unknown as CmsSchema,
        want: 'the schema must have a "routes" array. Re-fetch it from the plugin.',
      },
    ],
    [
      'definitions that are not JSON Schemas',
      {
        given: { ...schema([]), definitions: { A: 3 } } as unknown as CmsSchema,
        want: 'the schema must have a "definitions" object of JSON Schemas. Re-fetch it from the plugin.',
      },
    ],
    [
      'a route with an unknown method',
      {
        given: schema(
          [],
          [],
          [
            {
              method: 'ALL',
              path: '/x',
              handler: 'api::x.x.y',
              owner: 'api::x',
              auth: true,
            } as unknown as SchemaApiRoute,
          ],
        ),
        want: 'route "ALL /x": unknown method "ALL". Re-fetch the schema.',
      },
    ],
    [
      'a route whose query is not a map of JSON Schemas',
      {
        given: schema(
          [],
          [],
          [
            {
              method: 'GET',
              path: '/x',
              handler: 'api::x.x.y',
              owner: 'api::x',
              auth: true,
              query: { q: 'text' },
            } as unknown as SchemaApiRoute,
          ],
        ),
        want: 'route "GET /x": "query" must map names to JSON Schemas. Re-fetch the schema.',
      },
    ],
    [
      'a route without auth',
      {
        given: schema(
          [],
          [],
          [
            {
              method: 'GET',
              path: '/x',
              handler: 'api::x.x.y',
              owner: 'api::x',
            } as unknown as SchemaApiRoute,
          ],
        ),
        want: 'route "GET /x": "auth" must be a boolean. Re-fetch the schema.',
      },
    ],
    [
      'not a schema',
      {
        given: { format: 2 } as unknown as CmsSchema,
        want: 'the schema must be an object with "contentTypes" and "components" objects. Re-fetch it from the plugin.',
      },
    ],
  ];
  for (const [name, { given, want }] of cases) {
    it(name, () => {
      assert.throws(
        () => buildModel(given),
        (error: unknown) => {
          assert.ok(error instanceof SchemaError);
          assert.ok(isSchemaError(error));
          assert.equal(error.name, 'SchemaError');
          assert.equal(error.message, want);
          return true;
        },
      );
    });
  }

  it('accepts every morph kind without a target', () => {
    for (const relation of ['morphToOne', 'morphToMany', 'morphOne', 'morphMany']) {
      assert.doesNotThrow(() => buildModel(ok({ any: { type: 'relation', relation } })));
    }
  });
});

describe('buildModel: custom routes as client methods', () => {
  const routesOf = (routes: { method: SchemaApiRoute['method']; path: string; handler: string }[]) =>
    buildModel(
      schema(
        [contentType('api::post.post')],
        [],
        routes.map((route) => ({
          ...route,
          handler: `api::post.post.${route.handler}`,
          owner: 'api::post',
          auth: true,
        })),
      ),
    ).contentTypes[0]!.customRoutes;

  it('names a method after the action, path parameters in path order', () => {
    assert.deepEqual(
      routesOf([
        { method: 'POST', path: '/posts/:id/like', handler: 'like' },
        { method: 'GET', path: '/posts/by-author/:author-id/:year', handler: 'by-author' },
      ]),
      [
        {
          name: 'like',
          method: 'POST',
          path: '/posts/:id/like',
          params: ['id'],
          pathParams: [{ placeholder: 'id', name: 'id' }],
          source: {
            method: 'POST',
            path: '/posts/:id/like',
            handler: 'api::post.post.like',
            owner: 'api::post',
            auth: true,
          },
          selfAliases: {},
        },
        {
          name: 'byAuthor',
          method: 'GET',
          path: '/posts/by-author/:author-id/:year',
          params: ['author', 'year'],
          pathParams: [
            { placeholder: 'author', name: 'author' },
            { placeholder: 'year', name: 'year' },
          ],
          source: {
            method: 'GET',
            path: '/posts/by-author/:author-id/:year',
            handler: 'api::post.post.by-author',
            owner: 'api::post',
            auth: true,
          },
          selfAliases: {},
        },
      ],
    );
  });

  it('renames actions that collide with CRUD members, reserved words or each other', () => {
    const names = routesOf([
      { method: 'GET', path: '/posts/find', handler: 'findWithMeta' },
      { method: 'GET', path: '/posts/x/delete', handler: 'toString' },
      { method: 'POST', path: '/posts/class', handler: 'class' },
      { method: 'GET', path: '/posts/stats', handler: 'stats' },
      { method: 'POST', path: '/posts/stats', handler: 'stats' },
      { method: 'GET', path: '/posts/then', handler: 'then' },
      { method: 'GET', path: '/posts/2fa', handler: '2fa' },
    ]).map((route) => route.name);
    // Sorted by path, then method, as the plugin's format 1 published them.
    assert.deepEqual(names, [
      '_2fa',
      'classRoute',
      'findWithMetaRoute',
      'stats',
      'stats2',
      'thenRoute',
      'toStringRoute',
    ]);
  });

  it('leaves the core CRUD actions of the type out (they are the collection methods)', () => {
    assert.deepEqual(routesOf([{ method: 'GET', path: '/posts/find', handler: 'find' }]), []);
  });

  it('keeps parameter names off the trailing arguments and reserved words', () => {
    const [route] = routesOf([{ method: 'POST', path: '/posts/:body/:query/:new/:id/:id', handler: 'x' }]);
    assert.deepEqual(route?.params, ['body2', 'query2', '_new', 'id', 'id2']);
  });
});
