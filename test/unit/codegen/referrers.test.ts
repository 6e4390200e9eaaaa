/**
 * The table `handleCmsWebhook` revalidates from (src/codegen/referrers.ts): each content type's
 * tag path, then the paths of the client's content types whose reads can populate it, through
 * relations, media, components and dynamic zones, at any depth.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JS } from '../../../src/codegen/dialect.ts';
import { emitClient } from '../../../src/codegen/emit-client.ts';
import { buildModel } from '../../../src/codegen/model.ts';
import { webhookTable } from '../../../src/codegen/referrers.ts';
import type { SchemaAttribute, SchemaComponent, SchemaContentType } from '../../../src/schema/types.ts';
import { component, contentType, schemaOf } from '../../helpers/schema-builders.ts';

const relation = (target: string): SchemaAttribute => ({ type: 'relation', relation: 'manyToOne', target });
const file = {
  upload: contentType('plugin::upload.file', { related: { type: 'relation', relation: 'morphToMany' } }),
};

function table(contentTypes: SchemaContentType[], components: SchemaComponent[] = []) {
  const schema = schemaOf(contentTypes, components);
  return Object.fromEntries(
    webhookTable(buildModel(schema)).map(({ uid, path, referrers }) => [uid, [path, ...referrers]]),
  );
}

describe('webhookTable', () => {
  const cases: [string, { given: () => Record<string, string[]>; want: Record<string, string[]> }][] = [
    [
      'a relation: its owner refers to its target, not the other way',
      {
        given: () =>
          table([
            contentType('api::article.article', { author: relation('api::author.author') }),
            contentType('api::author.author'),
          ]),
        want: { 'api::article.article': ['articles'], 'api::author.author': ['authors', 'articles'] },
      },
    ],
    [
      'single types by their singular path; referrers sorted',
      {
        given: () =>
          table([
            contentType('api::home.home', { hero: relation('api::tag.tag') }, { kind: 'singleType' }),
            contentType('api::article.article', { tag: relation('api::tag.tag') }),
            contentType('api::tag.tag'),
          ]),
        want: {
          'api::article.article': ['articles'],
          'api::home.home': ['home'],
          'api::tag.tag': ['tags', 'articles', 'home'],
        },
      },
    ],
    [
      'through components and dynamic zones, nested, to relations and media',
      {
        given: () =>
          table(
            [
              contentType('api::page.page', {
                sections: { type: 'dynamiczone', components: ['blocks.hero'] },
              }),
              contentType('api::tag.tag'),
              file.upload,
            ],
            [
              component('blocks.hero', {
                cta: { type: 'component', component: 'shared.link', repeatable: false },
              }),
              component('shared.link', {
                tag: relation('api::tag.tag'),
                icon: { type: 'media', multiple: false },
              }),
            ],
          ),
        want: {
          'api::page.page': ['pages'],
          'api::tag.tag': ['tags', 'pages'],
          'plugin::upload.file': ['upload/files', 'pages'],
        },
      },
    ],
    [
      'at any depth through relations; a type on a cycle is among its own referrers',
      {
        given: () =>
          table([
            contentType('api::a.a', { b: relation('api::b.b') }),
            contentType('api::b.b', { c: relation('api::c.c') }),
            contentType('api::c.c', { a: relation('api::a.a') }),
            contentType('api::d.d', { a: relation('api::a.a') }),
          ]),
        want: {
          'api::a.a': ['as', 'as', 'bs', 'cs', 'ds'],
          'api::b.b': ['bs', 'as', 'bs', 'cs', 'ds'],
          'api::c.c': ['cs', 'as', 'bs', 'cs', 'ds'],
          'api::d.d': ['ds'],
        },
      },
    ],
    [
      'a self-relation makes a type its own referrer; a cycle reached from outside gets every type that reaches it',
      {
        given: () =>
          table([
            contentType('api::x.x', { parent: relation('api::x.x'), y: relation('api::y.y') }),
            contentType('api::y.y', { z: relation('api::z.z') }),
            contentType('api::z.z', { y: relation('api::y.y') }),
            contentType('api::w.w', { y: relation('api::y.y') }),
          ]),
        want: {
          'api::x.x': ['xs', 'xs'],
          'api::y.y': ['ys', 'ws', 'xs', 'ys', 'zs'],
          'api::z.z': ['zs', 'ws', 'xs', 'ys', 'zs'],
          'api::w.w': ['ws'],
        },
      },
    ],
    [
      "plugin types: the client's paths (upload/files, users), else the uid; they refer to nothing, and a target-less polymorphic relation is not followed",
      {
        given: () =>
          table([
            contentType('api::post.post', {
              cover: { type: 'media', multiple: false },
              by: relation('plugin::users-permissions.user'),
            }),
            contentType('plugin::users-permissions.user', {
              role: relation('plugin::users-permissions.role'),
            }),
            contentType('plugin::users-permissions.role'),
            file.upload,
          ]),
        want: {
          'api::post.post': ['posts'],
          'plugin::upload.file': ['upload/files', 'posts'],
          'plugin::users-permissions.role': ['plugin::users-permissions.role', 'posts'],
          'plugin::users-permissions.user': ['users', 'posts'],
        },
      },
    ],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.deepEqual(given(), want));
});

describe('handleCmsWebhook: the emitted table', () => {
  /** `n` types in a ring: each relates to the next, so every type reaches every other. */
  const ring = (n: number) => {
    const uid = (i: number) => `api::t${String(i).padStart(3, '0')}.t${String(i).padStart(3, '0')}`;
    const model = buildModel(
      schemaOf(
        Array.from({ length: n }, (_, i) => contentType(uid(i), { next: relation(uid((i + 1) % n)) })),
      ),
    );
    return emitClient(model, { version: '0.0.0', hash: 'h', authMode: 'legacy' }, JS);
  };

  it('a list of referrers several entries share is written once, and the entries name it', () => {
    const code = ring(3);
    assert.match(code, /const referrers1 = \['t000s', 't001s', 't002s'\];/);
    assert.match(code, /'api::t000\.t000': \{ path: 't000s', referrers: referrers1 \},/);
    assert.match(code, /'api::t002\.t002': \{ path: 't002s', referrers: referrers1 \},/);
    assert.doesNotMatch(code, /referrers2/);
  });

  it('so the table grows linearly with the number of types, even when all reach each other', () => {
    const handler = (code: string) => code.slice(code.indexOf('export function handleCmsWebhook'));
    const small = handler(ring(20)).length;
    const large = handler(ring(200)).length;
    assert.ok(large < small * 12, `${small} characters for 20 types, ${large} for 200`);
  });
});
