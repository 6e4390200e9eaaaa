/**
 * The schema diff, table-driven: each kind of change on its own, from a small base schema,
 * with whether it is breaking; plus the outline kept in the state file and its summary lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { diffSchemas, type SchemaChange } from '../../../src/cli/schema-diff.ts';
import { describeChange, summaryLines } from '../../../src/cli/summary.ts';
import { metaText } from '../../../src/cli/writer.ts';
import { isSchemaOutline, type SchemaOutline, schemaOutline } from '../../../src/schema/outline.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';

function base(): SchemaOutline {
  return {
    contentTypes: {
      'api::article.article': {
        kind: 'collectionType',
        attributes: {
          title: { type: 'string', required: true },
          summary: { type: 'text' },
          views: { type: 'integer' },
          meta: { type: 'json' },
          category: { type: 'enumeration', enum: ['news', 'review'] },
          author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' },
          tags: { type: 'relation', relation: 'oneToMany', target: 'api::tag.tag' },
          seo: { type: 'component', component: 'shared.seo', repeatable: false },
          cover: { type: 'media', multiple: false },
          sections: { type: 'dynamiczone', components: ['sections.hero', 'shared.seo'] },
        },
        routes: [{ method: 'POST', path: '/articles/:id/like', handler: 'like' }],
      },
      'api::author.author': { kind: 'collectionType', attributes: { name: { type: 'string' } }, routes: [] },
      'api::tag.tag': { kind: 'collectionType', attributes: { name: { type: 'string' } }, routes: [] },
      'plugin::users-permissions.user': {
        kind: 'collectionType',
        attributes: {
          username: { type: 'string', required: true },
          job: { type: 'string', required: true },
          motto: { type: 'string' },
          team: { type: 'string' },
        },
        routes: [],
      },
    },
    components: {
      'shared.seo': { attributes: { title: { type: 'string' } } },
      'sections.hero': { attributes: { heading: { type: 'string' } } },
    },
    auth: { routes: { login: { method: 'POST', path: '/auth/local' } }, registerFields: ['motto'] },
    routes: [
      {
        method: 'GET',
        path: '/navigation/render/:idOrSlug',
        handler: 'plugin::navigation.client.render',
        owner: 'plugin::navigation',
      },
    ],
  };
}

type Edit = (schema: SchemaOutline) => void;
const article = (schema: SchemaOutline) => schema.contentTypes['api::article.article']!;

const CASES: [string, Edit, Partial<SchemaChange>[]][] = [
  ['nothing changed', () => {}, []],
  [
    'a content type added',
    (s) => {
      s.contentTypes['api::review.review'] = { kind: 'collectionType', attributes: {}, routes: [] };
    },
    [{ change: 'added', subject: 'contentType', owner: 'api::review.review', breaking: false }],
  ],
  [
    'a content type removed',
    (s) => {
      delete s.contentTypes['api::tag.tag'];
    },
    [{ change: 'removed', subject: 'contentType', owner: 'api::tag.tag', breaking: true, reason: 'removed' }],
  ],
  [
    'a collection type became a single type',
    (s) => {
      s.contentTypes['api::author.author']!.kind = 'singleType';
    },
    [
      {
        change: 'changed',
        subject: 'contentType',
        aspect: 'kind',
        from: 'collectionType',
        to: 'singleType',
        breaking: true,
      },
    ],
  ],
  [
    'a component added',
    (s) => {
      s.components['shared.badge'] = { attributes: {} };
    },
    [{ change: 'added', subject: 'component', owner: 'shared.badge', breaking: false }],
  ],
  [
    'a component removed',
    (s) => {
      delete s.components['sections.hero'];
    },
    [{ change: 'removed', subject: 'component', owner: 'sections.hero', breaking: true }],
  ],
  [
    'an optional field added',
    (s) => {
      article(s).attributes.shade = { type: 'string' };
    },
    [{ change: 'added', subject: 'field', name: 'shade', to: 'string', breaking: false }],
  ],
  [
    'a required field added',
    (s) => {
      article(s).attributes.code = { type: 'string', required: true };
    },
    [
      {
        change: 'added',
        name: 'code',
        to: 'string, required',
        breaking: true,
        reason: 'new required input field',
      },
    ],
  ],
  [
    'a field of a component added, required',
    (s) => {
      s.components['shared.seo']!.attributes.slug = { type: 'uid', required: true };
    },
    [{ change: 'added', owner: 'shared.seo', name: 'slug', breaking: true }],
  ],
  [
    'a field removed',
    (s) => {
      delete article(s).attributes.summary;
    },
    [{ change: 'removed', subject: 'field', name: 'summary', breaking: true, reason: 'removed' }],
  ],
  [
    'a type changed to one typed the same (text -> string)',
    (s) => {
      article(s).attributes.summary = { type: 'string' };
    },
    [{ change: 'changed', aspect: 'type', from: 'text', to: 'string', breaking: false }],
  ],
  [
    'a type narrowed (json -> string)',
    (s) => {
      article(s).attributes.meta = { type: 'string' };
    },
    [{ aspect: 'type', from: 'json', to: 'string', breaking: true, reason: 'another TypeScript type' }],
  ],
  [
    'a number type changed to another number type (integer -> decimal)',
    (s) => {
      article(s).attributes.views = { type: 'decimal' };
    },
    [{ aspect: 'type', from: 'integer', to: 'decimal', breaking: false }],
  ],
  [
    'a component became repeatable',
    (s) => {
      article(s).attributes.seo = { type: 'component', component: 'shared.seo', repeatable: true };
    },
    [{ aspect: 'type', from: 'component shared.seo', to: 'component shared.seo[]', breaking: true }],
  ],
  [
    'a single media became multiple',
    (s) => {
      article(s).attributes.cover = { type: 'media', multiple: true };
    },
    [{ aspect: 'type', from: 'media', to: 'media[]', breaking: true }],
  ],
  [
    'a field became required',
    (s) => {
      article(s).attributes.views = { type: 'integer', required: true };
    },
    [{ aspect: 'required', from: 'false', to: 'true', breaking: true, reason: 'now required in input' }],
  ],
  [
    'a field no longer required',
    (s) => {
      article(s).attributes.title = { type: 'string' };
    },
    [{ aspect: 'required', from: 'true', to: 'false', breaking: true, reason: 'may now be null' }],
  ],
  [
    'an enum value added',
    (s) => {
      article(s).attributes.category = { type: 'enumeration', enum: ['news', 'review', 'guide'] };
    },
    [{ aspect: 'enum', added: ['guide'], removed: [], breaking: false }],
  ],
  [
    'an enum value removed',
    (s) => {
      article(s).attributes.category = { type: 'enumeration', enum: ['news', 'guide'] };
    },
    [{ aspect: 'enum', added: ['guide'], removed: ['review'], breaking: true, reason: 'enum value removed' }],
  ],
  [
    'a relation target changed',
    (s) => {
      article(s).attributes.author = { type: 'relation', relation: 'manyToOne', target: 'api::tag.tag' };
    },
    [{ aspect: 'target', from: 'api::author.author', to: 'api::tag.tag', breaking: true }],
  ],
  [
    'a to-one relation became to-many',
    (s) => {
      article(s).attributes.author = {
        type: 'relation',
        relation: 'manyToMany',
        target: 'api::author.author',
      };
    },
    [{ aspect: 'relation', from: 'manyToOne', to: 'manyToMany', breaking: true }],
  ],
  [
    'a to-many relation changed cardinality but stayed to-many',
    (s) => {
      article(s).attributes.tags = { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' };
    },
    [{ aspect: 'relation', from: 'oneToMany', to: 'manyToMany', breaking: false }],
  ],
  [
    'a dynamic zone accepts one more component',
    (s) => {
      article(s).attributes.sections = {
        type: 'dynamiczone',
        components: ['sections.hero', 'shared.seo', 'shared.badge'],
      };
    },
    [{ aspect: 'components', added: ['shared.badge'], removed: [], breaking: false }],
  ],
  [
    'a dynamic zone accepts one component less',
    (s) => {
      article(s).attributes.sections = { type: 'dynamiczone', components: ['shared.seo'] };
    },
    [{ aspect: 'components', added: [], removed: ['sections.hero'], breaking: true }],
  ],
  [
    'a custom route added',
    (s) => {
      article(s).routes.push({ method: 'GET', path: '/articles/popular', handler: 'popular' });
    },
    [{ change: 'added', subject: 'route', name: 'GET /articles/popular', breaking: false }],
  ],
  [
    'a custom route removed',
    (s) => {
      article(s).routes = [];
    },
    [{ change: 'removed', subject: 'route', name: 'POST /articles/:id/like', breaking: true }],
  ],
  [
    'a custom route handled by another action',
    (s) => {
      article(s).routes = [{ method: 'POST', path: '/articles/:id/like', handler: 'upvote' }];
    },
    [{ change: 'changed', aspect: 'handler', from: 'like', to: 'upvote', breaking: true }],
  ],
  [
    'a plugin route removed and one of another plugin added',
    (s) => {
      s.routes = [
        { method: 'GET', path: '/search', handler: 'plugin::search.c.find', owner: 'plugin::search' },
      ];
    },
    [
      {
        change: 'removed',
        subject: 'route',
        owner: 'plugin::navigation',
        name: 'GET /navigation/render/:idOrSlug',
        breaking: true,
      },
      { change: 'added', subject: 'route', owner: 'plugin::search', name: 'GET /search', breaking: false },
    ],
  ],
  [
    'an api route of no content type handled by another action',
    (s) => {
      s.routes = [
        ...(s.routes ?? []),
        {
          method: 'GET',
          path: '/contract/tree',
          handler: 'api::contract.contract.tree',
          owner: 'api::contract',
        },
      ];
    },
    [
      {
        change: 'added',
        subject: 'route',
        owner: 'api::contract',
        name: 'GET /contract/tree',
        breaking: false,
      },
    ],
  ],
  [
    'register fields: one no longer accepted, a required one newly accepted (both breaking), an optional one',
    (s) => {
      s.auth = { routes: s.auth?.routes ?? {}, registerFields: ['job', 'team'] };
    },
    [
      { change: 'added', subject: 'registerField', owner: 'auth', name: 'job', breaking: true },
      { change: 'removed', subject: 'registerField', owner: 'auth', name: 'motto', breaking: true },
      { change: 'added', subject: 'registerField', owner: 'auth', name: 'team', breaking: false },
    ],
  ],
  [
    'an auth route removed and one added',
    (s) => {
      s.auth = { routes: { refresh: { method: 'POST', path: '/auth/refresh' } }, registerFields: ['motto'] };
    },
    [
      { change: 'removed', subject: 'route', owner: 'auth', name: 'POST /auth/local', breaking: true },
      { change: 'added', subject: 'route', owner: 'auth', name: 'POST /auth/refresh', breaking: false },
    ],
  ],
];

describe('diffSchemas', () => {
  for (const [name, edit, want] of CASES) {
    it(name, () => {
      const after = base();
      edit(after);
      const changes = diffSchemas(base(), after);
      assert.equal(changes.length, want.length, JSON.stringify(changes));
      want.forEach((expected, index) => {
        const actual = changes[index] as unknown as Record<string, unknown>;
        for (const [key, value] of Object.entries(expected))
          assert.deepEqual(actual[key], value, `${name}: ${key}`);
        assert.equal(
          typeof actual.reason === 'string',
          actual.breaking === true,
          'a reason with every breaking change',
        );
      });
    });
  }

  it('several changes come in a fixed order: content types by uid, fields by name, then components, auth, other routes by owner', () => {
    const after = base();
    for (const [, edit] of CASES) edit(after);
    const once = diffSchemas(base(), after);
    assert.deepEqual(diffSchemas(base(), after), once);
    const owners = once.map((change) => change.owner);
    assert.ok(owners.indexOf('api::article.article') < owners.indexOf('shared.badge'));
    assert.ok(owners.indexOf('shared.badge') < owners.indexOf('auth'));
    assert.deepEqual(owners.slice(owners.lastIndexOf('auth') + 1), [
      'api::contract',
      'plugin::navigation',
      'plugin::search',
    ]);
  });

  it('an outline stored before 0.2, or a payload, that does not say which register fields: no change reported', () => {
    const before: SchemaOutline = base();
    delete before.auth?.registerFields;
    assert.ok(isSchemaOutline(JSON.parse(JSON.stringify(before))));
    assert.deepEqual(diffSchemas(before, base()), []);
    assert.deepEqual(diffSchemas(base(), before), []);
    assert.equal(isSchemaOutline({ ...base(), auth: { routes: {}, registerFields: [1] } }), false);
  });

  it('an outline stored before format 2 (no other routes) reports none of them as added', () => {
    const before: SchemaOutline = base();
    delete before.routes;
    assert.ok(isSchemaOutline(JSON.parse(JSON.stringify(before))));
    assert.deepEqual(diffSchemas(before, base()), []);
  });
});

describe('the outline in the state file', () => {
  it('keeps what the diff compares, nothing else, and round-trips through JSON', () => {
    const payload = JSON.parse(
      readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8'),
    ) as SchemaResponse;
    const outline = schemaOutline(payload.schema);
    const stored = JSON.parse(JSON.stringify(outline));
    assert.ok(isSchemaOutline(stored));
    assert.deepEqual(diffSchemas(stored, outline), []);
    // Custom routes stay with their content type; core CRUD routes are not listed; the rest by owner.
    assert.deepEqual(
      outline.contentTypes['api::article.article']?.routes.map((route) => route.handler),
      ['like', 'popular'],
    );
    const others = (outline.routes ?? []).map((route) => `${route.method} ${route.path}`);
    assert.ok(others.includes('GET /contract/tree/:slug'));
    assert.ok(others.includes('GET /users/count'));
    assert.equal(others.includes('GET /articles'), false);
    assert.equal(others.includes('POST /auth/local'), false, 'auth routes are compared under auth');
    assert.equal(others.includes('POST /articles/:id/like'), false);
    assert.deepEqual(outline.auth?.registerFields, [], 'the kitchen sink allows no register field');
    const title = outline.contentTypes['api::article.article']?.attributes.title;
    assert.deepEqual(title, { type: 'string', required: true }, 'no minLength, localized...');
    const meta = {
      generator: 'cms-typed-client' as const,
      version: '0.1.0',
      hash: payload.hash,
      format: 'js' as const,
      files: ['types.js'],
      outline,
    };
    const text = metaText(meta);
    assert.deepEqual(JSON.parse(text), meta, 'the state file holds the outline as it is');
    assert.match(text, /^ {10}"title": \{"type":"string","required":true\},$/m, 'one line per attribute');
    assert.ok(text.length < JSON.stringify(meta, null, 2).length * 0.8, 'smaller than indenting it all');
    assert.equal(isSchemaOutline({ contentTypes: {}, components: [] }), false);
    assert.equal(isSchemaOutline(undefined), false);
  });
});

describe('the printed summary', () => {
  it('one line per change, the breaking ones marked with their reason', () => {
    const after = base();
    article(after).attributes.code = { type: 'string', required: true };
    article(after).attributes.category = { type: 'enumeration', enum: ['news', 'guide'] };
    delete after.contentTypes['api::tag.tag'];
    after.components['shared.badge'] = { attributes: {} };
    const lines = summaryLines(diffSchemas(base(), after));
    assert.deepEqual(lines, [
      'Schema changes since the previous output: 4, 3 breaking (code that compiled before may not):',
      '  ! api::article.article.category: enum values +guide -review [breaking: enum value removed]',
      '  ! api::article.article: added field code (string, required) [breaking: new required input field]',
      '  ! removed content type api::tag.tag [breaking: removed]',
      '  + added component shared.badge',
    ]);
    assert.deepEqual(summaryLines([]), ['No content type, component, field or route changed.']);
    const registration = base();
    registration.auth = { routes: {}, registerFields: ['job', 'motto'] };
    assert.deepEqual(
      diffSchemas(base(), registration)
        .filter((change) => change.subject === 'registerField')
        .map(describeChange),
      ['auth: added register field job [breaking: auth.register requires it]'],
    );
    const many = Array.from(
      { length: 40 },
      (_, i): SchemaChange => ({
        change: 'added',
        subject: 'component',
        owner: `c.n${i}`,
        breaking: false,
      }),
    );
    const shown = summaryLines(many);
    assert.equal(shown.length, 32);
    assert.equal(shown.at(-1), '  ... and 10 more (--json lists them all)');
    assert.equal(
      describeChange({
        change: 'changed',
        subject: 'field',
        owner: 'x',
        name: 'y',
        aspect: 'relation',
        from: 'oneToMany',
        to: 'manyToMany',
        breaking: false,
      }),
      'x.y: cardinality oneToMany -> manyToMany',
    );
  });
});
