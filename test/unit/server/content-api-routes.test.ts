/**
 * The route collection and the zod -> JSON Schema conversion of the plugin, on hand-made
 * StrapiLike objects and zod 4 (the version Strapi 5.54 bundles; a devDependency here only).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/v4';
import { stableStringify } from '../../../src/schema/stable-json.ts';
import type { JsonSchema } from '../../../src/schema/types.ts';
import { collectRoutes } from '../../../src/server/content-api-routes.ts';
import { RouteSchemaConverter, type StrapiZod } from '../../../src/server/route-contracts.ts';
import type { StrapiLike, StrapiRoute, StrapiRouter } from '../../../src/server/strapi.ts';

/** Strapi's naming of content-type and component schemas (`transformUidToValidOpenApiName`), for the uids used here. */
const IDS: Record<string, string> = {
  'api::tag.tag': 'ApiTagTagDocument',
  'api::article.article': 'ApiArticleArticleDocument',
  'shared.seo': 'SharedSeoEntry',
};
const strapiZod: StrapiZod = {
  z: z as unknown as StrapiZod['z'],
  schemaId: (uid) => IDS[uid] ?? `Unknown${uid}`,
};

function strapiLike(overrides: Partial<StrapiLike> = {}): StrapiLike {
  const silent = { info() {}, warn() {}, error() {} };
  return {
    contentTypes: { 'api::tag.tag': {}, 'api::article.article': {} },
    components: { 'shared.seo': {} },
    plugin: () => undefined,
    service: () => undefined,
    log: silent,
    ...overrides,
  };
}

function converter(strapi: StrapiLike = strapiLike()): RouteSchemaConverter {
  return new RouteSchemaConverter(strapiZod, strapi);
}

describe('RouteSchemaConverter: zod 4 to JSON Schema', () => {
  const cases: [string, { given: z.ZodType; io?: 'input' | 'output'; want: JsonSchema }][] = [
    [
      'object with optional, nullable, enum and literal members',
      {
        given: z.object({
          a: z.string(),
          b: z.number().optional(),
          c: z.string().nullable(),
          d: z.enum(['x', 'y']),
          e: z.literal('on'),
        }),
        io: 'input',
        want: {
          type: 'object',
          properties: {
            a: { type: 'string' },
            b: { type: 'number' },
            c: { anyOf: [{ type: 'string' }, { type: 'null' }] },
            d: { type: 'string', enum: ['x', 'y'] },
            e: { type: 'string', const: 'on' },
          },
          required: ['a', 'c', 'd', 'e'],
        },
      },
    ],
    [
      'an output object is closed (additionalProperties false)',
      {
        given: z.object({ a: z.string() }),
        want: {
          type: 'object',
          properties: { a: { type: 'string' } },
          required: ['a'],
          additionalProperties: false,
        },
      },
    ],
    [
      'arrays, unions and records',
      {
        given: z.union([z.array(z.number()), z.record(z.string(), z.boolean())]),
        want: {
          anyOf: [
            { type: 'array', items: { type: 'number' } },
            { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'boolean' } },
          ],
        },
      },
    ],
    [
      'catchall becomes additionalProperties',
      {
        given: z.object({}).catchall(z.string()),
        want: { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
      },
    ],
    [
      'a default makes a request key optional (io input)',
      {
        given: z.object({ page: z.number().default(1) }),
        io: 'input',
        want: { type: 'object', properties: { page: { type: 'number', default: 1 } } },
      },
    ],
  ];
  for (const [name, { given, io, want }] of cases) {
    it(name, () => {
      const c = converter();
      assert.deepEqual(c.convert(given, io ?? 'output', 'scope'), want);
      assert.deepEqual(c.definitions(), {});
    });
  }

  it('a schema named with .meta({ id }) goes to definitions, referenced from each use', () => {
    const Address = z.object({ city: z.string() }).meta({ id: 'UnitAddress' });
    const c = converter();
    const json = c.convert(z.object({ from: Address, to: Address }), 'output', 'scope');
    assert.deepEqual(json, {
      type: 'object',
      properties: { from: { $ref: '#/definitions/UnitAddress' }, to: { $ref: '#/definitions/UnitAddress' } },
      required: ['from', 'to'],
      additionalProperties: false,
    });
    assert.deepEqual(Object.keys(c.definitions()), ['UnitAddress']);
    // Used again by another route: one definition.
    c.convert(z.array(Address), 'output', 'other');
    assert.deepEqual(Object.keys(c.definitions()), ['UnitAddress']);
  });

  it('reads .meta() ids from every registry given (zod 3.25 keeps one per installed copy)', () => {
    const copy = z.registry<{ id?: string }>();
    const Address = z.object({ city: z.string() });
    copy.add(Address, { id: 'CopyAddress' });
    const c = new RouteSchemaConverter({ ...strapiZod, registries: [z.globalRegistry, copy] }, strapiLike());
    assert.deepEqual(c.convert(z.object({ a: Address }), 'output', 'scope'), {
      type: 'object',
      properties: { a: { $ref: '#/definitions/CopyAddress' } },
      required: ['a'],
      additionalProperties: false,
    });
    assert.deepEqual(Object.keys(c.definitions()), ['CopyAddress']);
  });

  it('an anonymous recursive schema is named after its route and part, the same on every run', () => {
    const Node = z.object({
      label: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    const run = () => {
      const c = converter();
      const json = c.convert(z.object({ root: Node }), 'output', 'api::x.x.tree.response');
      return { json, definitions: c.definitions() };
    };
    const first = run();
    assert.deepEqual(first.json, {
      type: 'object',
      properties: { root: { $ref: '#/definitions/api::x.x.tree.response.schema0' } },
      required: ['root'],
      additionalProperties: false,
    });
    assert.deepEqual(first.definitions['api::x.x.tree.response.schema0'], {
      type: 'object',
      properties: {
        label: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/definitions/api::x.x.tree.response.schema0' } },
      },
      required: ['label', 'children'],
      additionalProperties: false,
    });
    assert.equal(stableStringify(run()), stableStringify(first));
  });

  it('a root that refers to itself becomes a definition', () => {
    const Tree: z.ZodType = z.lazy(() => z.array(Tree));
    const c = converter();
    assert.deepEqual(c.convert(Tree, 'output', 'api::x.x.tree.body'), {
      $ref: '#/definitions/api::x.x.tree.body',
    });
    assert.deepEqual(c.definitions(), {
      'api::x.x.tree.body': { type: 'array', items: { $ref: '#/definitions/api::x.x.tree.body' } },
    });
  });

  it("Strapi's schema of a content type or component becomes x-cms-uid; other registry schemas definitions", () => {
    const tag = z.object({ name: z.string() });
    const seo = z.object({ title: z.string() });
    const pagination = z.object({ page: z.number() });
    const registry = new Map<string, unknown>([
      ['ApiTagTagDocument', tag],
      ['SharedSeoEntry', seo],
      ['Pagination', pagination],
    ]);
    const c = converter(strapiLike({ contentAPISchemaRegistry: registry }));
    const json = c.convert(
      z.object({ data: tag.nullable(), seo: z.array(seo), meta: pagination }),
      'output',
      'scope',
    );
    assert.deepEqual(json, {
      type: 'object',
      properties: {
        data: { anyOf: [{ 'x-cms-uid': 'api::tag.tag' }, { type: 'null' }] },
        seo: { type: 'array', items: { 'x-cms-uid': 'shared.seo' } },
        meta: { $ref: '#/definitions/Pagination' },
      },
      required: ['data', 'seo', 'meta'],
      additionalProperties: false,
    });
    assert.deepEqual(Object.keys(c.definitions()), ['Pagination']);
  });

  it('two different schemas under one id fail that conversion only, adding nothing', () => {
    const c = converter();
    c.convert(z.object({ v: z.object({ a: z.string() }).meta({ id: 'Clash' }) }), 'output', 'one');
    assert.deepEqual(Object.keys(c.definitions()), ['Clash']);
    const before = stableStringify(c.definitions());
    assert.throws(
      () =>
        c.convert(
          z.object({
            x: z.object({ b: z.number() }).meta({ id: 'Clash' }),
            y: z.object({}).meta({ id: 'Fresh' }),
          }),
          'output',
          'two',
        ),
      /two different schemas share the id "Clash"/,
    );
    assert.equal(stableStringify(c.definitions()), before);
  });

  it('throws on what zod cannot represent', () => {
    assert.throws(() => converter().convert(z.bigint(), 'output', 'scope'));
  });
});

const like = (path: string, handler: string, extra: StrapiRoute = {}): StrapiRoute => ({
  method: 'GET',
  path,
  handler,
  ...extra,
});

describe('collectRoutes', () => {
  const apis: StrapiLike['apis'] = {
    tag: {
      routes: {
        tag: {
          type: 'content-api',
          routes: [
            like('/tags', 'api::tag.tag.find', {
              response: z.object({ data: z.array(z.string()) }),
              request: {
                query: { filters: z.record(z.string(), z.unknown()).optional(), q: z.string().optional() },
              },
            }),
            like('/tags', 'api::tag.tag.create', {
              method: 'POST',
              request: {
                body: {
                  'application/json': z.object({
                    data: z.object({ name: z.string() }),
                    note: z.string().max(20).optional(),
                  }),
                },
              },
            }),
            like('/tags/:id', 'api::tag.tag.findOne'),
          ],
        },
        custom: {
          type: 'content-api',
          routes: [
            like('/tags/cloud', 'tag.cloud', {
              method: 'post',
              config: { auth: false },
              request: {
                params: { id: z.string() },
                query: { size: z.number(), sort: z.enum(['a', 'z']).optional() },
                body: { 'application/json': z.object({ words: z.array(z.string()) }) },
              },
              response: z.object({ big: z.bigint() }),
            }),
            // Inline handlers, ALL and duplicates are not published (the first route wins).
            like('/tags/inline', (() => undefined) as unknown as string),
            like('/tags/any', 'tag.any', { method: 'ALL' }),
            like('/tags/cloud', 'tag.shadowed', { method: 'POST' }),
          ],
        },
      },
    },
  };
  const plugins: StrapiLike['plugins'] = {
    navigation: {
      routes: {
        admin: { type: 'admin', routes: [like('/', 'admin.get')] },
        'content-api': {
          type: 'content-api',
          routes: [
            like('/render/:idOrSlug', 'client.render'),
            like('/', 'client.readAll'),
            like('/own-path', 'client.own', { config: { prefix: '' } }),
          ],
        },
      },
    },
    prefixed: {
      routes: { api: { type: 'content-api', prefix: '/p', routes: [like('/x', 'plugin::prefixed.c.x')] } },
    },
    legacy: { routes: [like('/admin-only', 'c.x')] },
    'cms-typed-client': {
      routes: { 'content-api': { type: 'content-api', routes: [like('/schema', 'schema.get')] } },
    },
  };
  const strapi = strapiLike({ apis, plugins });

  it('publishes every content-API route with method, mounted path, full handler, owner and auth, sorted', () => {
    const { routes } = collectRoutes(strapi);
    assert.deepEqual(
      routes.map((r) => [r.owner, r.method, r.path, r.handler, r.auth]),
      [
        ['api::tag', 'GET', '/tags', 'api::tag.tag.find', true],
        ['api::tag', 'POST', '/tags', 'api::tag.tag.create', true],
        ['api::tag', 'GET', '/tags/:id', 'api::tag.tag.findOne', true],
        ['api::tag', 'POST', '/tags/cloud', 'api::tag.tag.cloud', false],
        ['plugin::navigation', 'GET', '/navigation/', 'plugin::navigation.client.readAll', true],
        [
          'plugin::navigation',
          'GET',
          '/navigation/render/:idOrSlug',
          'plugin::navigation.client.render',
          true,
        ],
        ['plugin::navigation', 'GET', '/own-path', 'plugin::navigation.client.own', true],
        ['plugin::prefixed', 'GET', '/p/x', 'plugin::prefixed.c.x', true],
      ],
    );
  });

  it('without a converter (no zod 4 in this Strapi), routes carry no schemas, with one warning', () => {
    const { routes, definitions, warnings } = collectRoutes(strapi);
    assert.ok(routes.every((r) => r.query === undefined && r.response === undefined));
    assert.deepEqual(definitions, {});
    assert.deepEqual(warnings, [
      '1 route(s) declare zod schemas, but no zod 4 could be loaded from this Strapi; they are published without them',
    ]);
    const bare = strapiLike({ apis: { x: { routes: { x: { routes: [like('/x', 'x.y')] } } } } });
    assert.deepEqual(collectRoutes(bare).warnings, []);
  });

  it('converts a custom route: params, query with requiredQuery, the JSON body; a failing part is left out with a warning', () => {
    const { routes, warnings } = collectRoutes(strapi, { converter: converter(strapi) });
    const cloud = routes.find((r) => r.path === '/tags/cloud');
    assert.deepEqual(cloud, {
      method: 'POST',
      path: '/tags/cloud',
      handler: 'api::tag.tag.cloud',
      owner: 'api::tag',
      auth: false,
      params: { id: { type: 'string' } },
      query: { size: { type: 'number' }, sort: { type: 'string', enum: ['a', 'z'] } },
      requiredQuery: ['size'],
      body: {
        type: 'object',
        properties: { words: { type: 'array', items: { type: 'string' } } },
        required: ['words'],
      },
    });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /^POST \/tags\/cloud: its response schema could not be converted/);
  });

  it('core CRUD routes carry only the query and data keys apps and plugins added, unless asked for all', () => {
    const { routes } = collectRoutes(strapi, { converter: converter(strapi) });
    const plain = routes.find((r) => r.path === '/tags' && r.method === 'GET');
    assert.equal(plain?.response, undefined);
    assert.deepEqual(plain?.query, { q: { type: 'string' } });
    assert.equal(plain?.requiredQuery, undefined);
    const create = routes.find((r) => r.path === '/tags' && r.method === 'POST');
    assert.equal(create?.body, undefined);
    assert.deepEqual(create?.inputParams, { note: { type: 'string', maxLength: 20 } });
    const full = collectRoutes(strapi, { converter: converter(strapi), coreSchemas: true }).routes.find(
      (r) => r.path === '/tags' && r.method === 'GET',
    );
    assert.deepEqual(Object.keys(full?.query ?? {}), ['filters', 'q']);
    assert.equal(full?.requiredQuery, undefined);
    assert.ok(full?.response);
  });

  it('routes Strapi tagged as admin routes are left out', () => {
    const router: StrapiRouter = {
      routes: [
        like('/a', 'x.a', { info: { type: 'admin' } }),
        like('/b', 'x.b', { info: { type: 'content-api' } }),
      ],
    };
    const { routes } = collectRoutes(strapiLike({ apis: { x: { routes: { x: router } } } }));
    assert.deepEqual(
      routes.map((r) => r.path),
      ['/b'],
    );
  });
});
