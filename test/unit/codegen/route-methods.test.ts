/**
 * Route methods from `schema.routes` (route-methods.ts): which routes the client already covers, the
 * property each other route goes on, method names and their collisions, and the names of the
 * definition aliases.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildModel, type CodegenModel } from '../../../src/codegen/model.ts';
import { routePart } from '../../../src/codegen/route-methods.ts';
import type { CmsSchema, SchemaApiRoute } from '../../../src/schema/types.ts';
import { contentType } from '../../helpers/schema-builders.ts';

function route(method: SchemaApiRoute['method'], path: string, handler: string): SchemaApiRoute {
  const owner = handler.slice(0, handler.indexOf('.'));
  return { method, path, handler, owner, auth: true };
}

function model(routes: SchemaApiRoute[], extra: Partial<CmsSchema> = {}): CodegenModel {
  return buildModel({
    format: 2,
    contentTypes: {
      'api::post.post': contentType('api::post.post'),
      'api::page.page': contentType('api::page.page', {}, { kind: 'singleType' }),
      'plugin::users-permissions.user': contentType(
        'plugin::users-permissions.user',
        {},
        {
          singularName: 'user',
          pluralName: 'users',
        },
      ),
    },
    components: {
      'shared.seo': { uid: 'shared.seo', category: 'shared', displayName: 'Seo', attributes: {} },
    },
    auth: {
      jwtManagement: 'legacy-support',
      sessionsHttpOnly: false,
      routes: { login: { method: 'POST', path: '/auth/local' }, me: { method: 'GET', path: '/users/me' } },
    },
    routes,
    definitions: {},
    ...extra,
  });
}

/** property -> method names, content types' custom routes included. */
function methods(built: CodegenModel): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const type of built.contentTypes)
    if (type.clientProperty !== null && type.customRoutes.length > 0)
      out[type.clientProperty] = type.customRoutes.map((r) => r.name);
  for (const group of built.routeGroups) out[group.property] = group.routes.map((r) => r.name);
  return out;
}

/** A route as data: its HTTP method, path and handler (see `route`). */
type RouteRow = Parameters<typeof route>;

/** One test per case: the model of the `given` routes has these methods (`methods`). */
function methodCases(cases: [string, { given: RouteRow[]; want: Record<string, string[]> }][]): void {
  for (const [name, { given, want }] of cases)
    it(name, () => assert.deepEqual(methods(model(given.map((row) => route(...row)))), want));
}

describe('schema.routes: what the client already covers', () => {
  methodCases([
    [
      'core CRUD of a content type with a client property',
      {
        given: [
          ['GET', '/posts', 'api::post.post.find'],
          ['GET', '/posts/:id', 'api::post.post.findOne'],
          ['POST', '/posts', 'api::post.post.create'],
          ['PUT', '/posts/:id', 'api::post.post.update'],
          ['DELETE', '/posts/:id', 'api::post.post.delete'],
          ['GET', '/page', 'api::page.page.find'],
          ['DELETE', '/page', 'api::page.page.delete'],
        ],
        want: {},
      },
    ],
    [
      'auth routes by method and path, whatever the parameter names',
      {
        given: [
          ['POST', '/auth/local', 'plugin::users-permissions.auth.callback'],
          ['GET', '/users/me', 'plugin::users-permissions.user.me'],
        ],
        want: {},
      },
    ],
    [
      'the users routes of client.users, the upload routes of client.upload, i18n locales',
      {
        given: [
          ['GET', '/users', 'plugin::users-permissions.user.find'],
          ['GET', '/users/count', 'plugin::users-permissions.user.count'],
          ['GET', '/users/:userId', 'plugin::users-permissions.user.findOne'],
          ['POST', '/users', 'plugin::users-permissions.user.create'],
          ['PUT', '/users/:id', 'plugin::users-permissions.user.update'],
          ['DELETE', '/users/:id', 'plugin::users-permissions.user.destroy'],
          ['POST', '/upload', 'plugin::upload.content-api.upload'],
          ['GET', '/upload/files', 'plugin::upload.content-api.find'],
          ['GET', '/upload/files/:id', 'plugin::upload.content-api.findOne'],
          ['DELETE', '/upload/files/:id', 'plugin::upload.content-api.destroy'],
          ['GET', '/i18n/locales', 'plugin::i18n.locales.listLocales'],
        ],
        want: {},
      },
    ],
    [
      'paths compare without a trailing slash; the auth controller is client.auth, whatever the mode',
      {
        given: [
          ['POST', '/upload/', 'plugin::upload.content-api.upload'],
          ['POST', '/auth/refresh', 'plugin::users-permissions.auth.refresh'],
          ['GET', '/auth/sessions', 'plugin::users-permissions.auth.getSessions'],
        ],
        want: {},
      },
    ],
    [
      'a path with an unnamed pattern gets no method; a named parameter with a pattern does',
      {
        given: [
          ['GET', '/connect/(.*)', 'plugin::other.main.connect'],
          ['GET', '/files/*', 'plugin::other.main.wild'],
          ['GET', '/items/:id(\\d+)', 'plugin::other.main.item'],
        ],
        want: { other: ['item'] },
      },
    ],
    [
      'what no property covers: a method of the same HTTP verb on another path, another verb on a covered path',
      {
        given: [
          ['GET', '/upload/files/page', 'plugin::upload.content-api.findPage'],
          ['PATCH', '/users/:id', 'plugin::users-permissions.user.patch'],
          ['GET', '/users-permissions/roles', 'plugin::users-permissions.role.find'],
          ['GET', '/posts/:id/stats', 'api::post.post.stats'],
        ],
        want: {
          posts: ['stats'],
          uploadPlugin: ['findPage'],
          usersPermissions: ['find', 'patch'],
        },
      },
    ],
  ]);

  it('without users-permissions, its user routes are methods of its plugin property', () => {
    const built = model([route('GET', '/users', 'plugin::users-permissions.user.find')], { auth: null });
    assert.equal(built.usersProperty, null);
    assert.deepEqual(methods(built), { usersPermissions: ['find'] });
  });
});

describe('schema.routes: properties and method names', () => {
  methodCases([
    [
      'one property per plugin and per API without a content type, in owner order',
      {
        given: [
          ['GET', '/probe/echo', 'api::probe.probe.echo'],
          ['GET', '/navigation/render/:idOrSlug', 'plugin::navigation.client.render'],
          ['GET', '/failure/:status', 'api::failure.failure.fail'],
          ['GET', '/strapi-plugin-x/ping', 'plugin::strapi-plugin-x.main.ping'],
        ],
        want: {
          failure: ['fail'],
          probe: ['echo'],
          navigation: ['render'],
          strapiPluginX: ['ping'],
        },
      },
    ],
    [
      'names a client member or a content type took get Plugin / Api, then a number',
      {
        given: [
          ['GET', '/upload/files/page', 'plugin::upload.content-api.findPage'],
          ['GET', '/auth-x', 'api::auth.auth.x'],
          ['GET', '/class', 'api::class.class.y'],
          ['GET', '/posts-x', 'plugin::posts.main.z'],
          ['GET', '/users-x', 'api::users.users.w'],
        ],
        want: {
          authApi: ['x'],
          classApi: ['y'],
          users2: ['w'],
          uploadPlugin: ['findPage'],
          posts2: ['z'],
        },
      },
    ],
    [
      'methods in path order, then HTTP method; the same action numbered; a leading digit gets _',
      {
        given: [
          ['POST', '/probe/echo', 'api::probe.probe.echo'],
          ['GET', '/probe/echo', 'api::probe.probe.echo'],
          ['GET', '/probe/a', 'api::probe.other.echo'],
          ['GET', '/probe/2fa', 'api::probe.probe.2fa'],
          ['GET', '/probe/kebab', 'api::probe.probe.read-all'],
        ],
        want: { probe: ['_2fa', 'echo', 'echo2', 'echo3', 'readAll'] },
      },
    ],
    [
      'on a plugin property only what every object has is renamed; on a content type CRUD names and reserved words too',
      {
        given: [
          ['GET', '/shop/then', 'plugin::shop.main.then'],
          ['GET', '/shop/ctor', 'plugin::shop.main.constructor'],
          ['DELETE', '/shop/x', 'plugin::shop.main.delete'],
          ['GET', '/shop/find', 'plugin::shop.main.find'],
          ['GET', '/posts/find/x', 'api::post.post.findOne'],
          ['GET', '/posts/then', 'api::post.post.then'],
          ['POST', '/posts/class', 'api::post.post.class'],
          ['GET', '/posts/with-meta', 'api::post.post.findWithMeta'],
        ],
        want: {
          posts: ['classRoute', 'thenRoute', 'findWithMetaRoute'],
          shop: ['constructorRoute', 'find', 'thenRoute', 'delete'],
        },
      },
    ],
  ]);

  it('is deterministic whatever the order of schema.routes', () => {
    const given = [
      route('POST', '/probe/echo', 'api::probe.probe.echo'),
      route('GET', '/probe/echo', 'api::probe.probe.echo'),
      route('GET', '/navigation', 'plugin::navigation.client.readAll'),
      route('GET', '/posts/:id/x', 'api::post.post.x'),
    ];
    const first = methods(model(given));
    assert.deepEqual(methods(model([...given].reverse())), first);
    assert.deepEqual(first.probe, ['echo', 'echo2']);
    assert.equal(model(given).routeGroups.find((g) => g.property === 'probe')?.routes[0]?.method, 'GET');
  });

  it('path parameters keep their placeholder beside the identifier', () => {
    const built = model([route('GET', '/x/:child-key/:new', 'plugin::x.main.get')]);
    assert.deepEqual(built.routeGroups[0]?.routes[0]?.pathParams, [
      { placeholder: 'child', name: 'child' },
      { placeholder: 'new', name: '_new' },
    ]);
  });
});

describe('schema.definitions: alias names', () => {
  it('PascalCase of the id, after every generated name; self-referring route schemas get <Property><Method><Part>', () => {
    const recursive = { type: 'object', properties: { next: { $ref: '#' } }, additionalProperties: false };
    const built = model(
      [
        { ...route('POST', '/probe/tree', 'api::probe.probe.tree'), body: recursive, response: recursive },
        { ...route('GET', '/probe/plain', 'api::probe.probe.plain'), response: { type: 'string' } },
      ],
      {
        definitions: {
          post: { type: 'string' },
          'shared-seo': { type: 'string' },
          CmsClient: { type: 'string' },
          '2d point': { type: 'string' },
          Money: { type: 'number' },
        },
      },
    );
    assert.deepEqual(
      built.definitions.map((definition) => [definition.id, definition.name]),
      [
        ['2d point', '_2dPoint'],
        ['CmsClient', 'CmsClient2'],
        ['Money', 'Money'],
        ['post', 'Post2'],
        ['shared-seo', 'SharedSeo2'],
        [null, 'ProbeTreeBody'],
        [null, 'ProbeTreeResponse'],
      ],
    );
    const tree = built.routeGroups[0]?.routes.find((r) => r.name === 'tree');
    assert.deepEqual(tree?.selfAliases, { body: 'ProbeTreeBody', response: 'ProbeTreeResponse' });
    // The model names did not move.
    assert.equal(built.contentTypes.find((t) => t.uid === 'api::post.post')?.names.entry, 'Post');
    assert.equal(built.components[0]?.names.entry, 'SharedSeo');
  });
});

describe('schema.routes: validation', () => {
  /** A valid route, spoiled in one member by the cases below. */
  const valid = route('GET', '/x', 'api::x.x.y');
  const cases: [string, { given: Partial<CmsSchema>; want: RegExp }][] = [
    ['routes not an array', { given: { routes: {} as never }, want: /must have a "routes" array/ }],
    [
      'a route not an object',
      { given: { routes: [3 as never] }, want: /route #0: the definition must be an object/ },
    ],
    [
      'an unknown method',
      {
        given: { routes: [{ ...valid, method: 'HEAD' as never }] },
        want: /unknown method/,
      },
    ],
    [
      'a path missing',
      {
        given: { routes: [{ ...valid, path: undefined as never }] },
        want: /"path" must start with "\/"/,
      },
    ],
    [
      'a schema that is no JSON Schema',
      {
        given: { routes: [{ ...valid, query: 'a' as never }] },
        want: /"query" must map names to JSON Schemas/,
      },
    ],
    [
      'definitions not an object',
      { given: { definitions: [] as never }, want: /a "definitions" object of JSON Schemas/ },
    ],
    [
      'a definition that is no JSON Schema',
      { given: { definitions: { A: 1 as never } }, want: /a "definitions" object of JSON Schemas/ },
    ],
  ];
  for (const [name, { given, want }] of cases) {
    it(name, () => assert.throws(() => model([], given), { name: 'SchemaError', message: want }));
  }

  it('accepts boolean schemas and routes without any', () => {
    const built = model([{ ...route('GET', '/x/y', 'api::x.x.y'), response: true, query: { flag: true } }], {
      definitions: { A: true },
    });
    assert.deepEqual(methods(built), { x: ['y'] });
  });
});

describe('schema.routes: params and query as their keys', () => {
  const keyed = {
    ...route('GET', '/contract/tree/:slug', 'api::contract.contract.tree'),
    params: { slug: { type: 'string' } },
    query: { mode: { enum: ['flat', 'nested'] }, depth: { type: 'integer' } },
    requiredQuery: ['mode', 'gone'],
  } as SchemaApiRoute;

  it('keys: every path parameter required, the query keys requiredQuery lists', () => {
    assert.deepEqual(routePart(keyed, 'params'), {
      type: 'object',
      properties: { slug: { type: 'string' } },
      required: ['slug'],
      additionalProperties: false,
    });
    assert.deepEqual(routePart(keyed, 'query'), {
      type: 'object',
      properties: { mode: { enum: ['flat', 'nested'] }, depth: { type: 'integer' } },
      required: ['mode'],
      additionalProperties: false,
    });
  });

  it('the body and the response stay as they are; no keys, no schema', () => {
    const given = { ...route('POST', '/x', 'api::x.x.y'), query: {}, body: { a: {} } } as SchemaApiRoute;
    assert.equal(routePart(given, 'query'), undefined);
    assert.deepEqual(routePart(given, 'body'), { a: {} });
    assert.equal(routePart(null, 'query'), undefined);
  });

  it('without requiredQuery every query key is optional', () => {
    const { requiredQuery: _, ...rest } = keyed as SchemaApiRoute & { requiredQuery: string[] };
    assert.deepEqual((routePart(rest, 'query') as { required: string[] }).required, []);
  });
});
