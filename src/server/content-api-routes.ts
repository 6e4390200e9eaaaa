/**
 * Every content-API route Strapi registered (apis and plugins, this plugin's own excluded), as
 * the payload publishes it: method, the path Strapi mounts, the full handler, the owner, whether
 * it needs credentials, and its request and response contracts as JSON Schema.
 */
import { contentTypeHandler } from '../schema/route-kinds.ts';
import type { JsonSchema, RouteMethod, SchemaApiRoute } from '../schema/types.ts';
import { isZodSchema, type RouteSchemaConverter } from './route-contracts.ts';
import type { StrapiLike, StrapiRoute, StrapiRouter } from './strapi.ts';

const METHODS: ReadonlySet<string> = new Set<RouteMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const OWN_PLUGIN = 'cms-typed-client';

export interface RouteCollection {
  routes: SchemaApiRoute[];
  definitions: Record<string, JsonSchema>;
  /** One line per schema that could not be converted (the route is published without it). */
  warnings: string[];
}

export interface CollectOptions {
  /** Converts zod schemas; without one (a Strapi without zod 4), routes are published without schemas. */
  converter?: RouteSchemaConverter | undefined;
  /**
   * Also publish the schemas of core CRUD routes (`<content type uid>.find` ...). Off: the
   * client types those from the content model, and their populate and filters schemas are
   * most of the payload (see README, "What the plugin publishes").
   * @default false
   */
  coreSchemas?: boolean;
}

interface Found {
  owner: string;
  namespace: string;
  router: StrapiRouter;
  route: StrapiRoute;
  routerPrefix: string;
}

/** The content-API routes of every api and plugin, in registration order. */
function findRoutes(strapi: StrapiLike): Found[] {
  const found: Found[] = [];
  for (const [apiName, api] of Object.entries(strapi.apis ?? {})) {
    for (const router of Object.values(api?.routes ?? {})) {
      // Strapi makes every api router a content-api one.
      if (!router || (router.type !== undefined && router.type !== 'content-api')) continue;
      for (const route of router.routes ?? []) {
        found.push({
          owner: `api::${apiName}`,
          namespace: `api::${apiName}`,
          router,
          route,
          routerPrefix: router.prefix ?? '',
        });
      }
    }
  }
  for (const [pluginName, plugin] of Object.entries(strapi.plugins ?? {})) {
    // A bare array of routes is mounted as admin routes.
    if (pluginName === OWN_PLUGIN || !plugin?.routes || Array.isArray(plugin.routes)) continue;
    for (const router of Object.values(plugin.routes)) {
      if (router?.type !== 'content-api') continue;
      for (const route of router.routes ?? []) {
        const owner = `plugin::${pluginName}`;
        found.push({
          owner,
          namespace: owner,
          router,
          route,
          routerPrefix: router.prefix ?? `/${pluginName}`,
        });
      }
    }
  }
  return found;
}

/** `<namespace>.<handler>` unless the handler names its namespace already (Strapi's own rule). */
function fullHandler(namespace: string, handler: string): string {
  return handler.startsWith(`${namespace}.`) || handler.includes('::') ? handler : `${namespace}.${handler}`;
}

/**
 * The path koa serves: a route whose config has a `prefix` key is mounted on the content-API
 * router itself (its own path only), every other one below its router's prefix.
 */
function mountedPath(found: Found, path: string): string {
  const config = found.route.config;
  const ownPrefix = typeof config === 'object' && config !== null && 'prefix' in config;
  return ownPrefix ? path : `${found.routerPrefix}${path}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function collectRoutes(strapi: StrapiLike, options: CollectOptions = {}): RouteCollection {
  const routes: SchemaApiRoute[] = [];
  const seen = new Set<string>();
  const pending: { published: SchemaApiRoute; route: StrapiRoute; core: boolean }[] = [];
  for (const found of findRoutes(strapi)) {
    const { route } = found;
    const infoType = route.info?.type;
    if (infoType !== undefined && infoType !== 'content-api') continue;
    // An inline function or a middleware array has no name to call it by.
    if (typeof route.handler !== 'string' || typeof route.path !== 'string') continue;
    const method = String(route.method).toUpperCase();
    if (!METHODS.has(method)) continue;
    const handler = fullHandler(found.namespace, route.handler);
    const path = mountedPath(found, route.path.trim());
    const key = `${method} ${path}`;
    // koa answers with the first route registered for a method and path.
    if (seen.has(key)) continue;
    seen.add(key);
    const published: SchemaApiRoute = {
      method: method as RouteMethod,
      path,
      handler,
      owner: found.owner,
      auth: route.config?.auth !== false,
    };
    const core = contentTypeHandler(handler, (uid) => uid in strapi.contentTypes)?.core === true;
    routes.push(published);
    pending.push({ published, route, core: core && options.coreSchemas !== true });
  }
  routes.sort((a, b) => compare(a.owner, b.owner) || compare(a.path, b.path) || compare(a.method, b.method));
  const warnings: string[] = [];
  const converter = options.converter;
  if (!converter) {
    const declaring = pending.filter(({ route, core }) => !core && declaresSchemas(route)).length;
    if (declaring > 0) {
      warnings.push(
        `${declaring} route(s) declare zod schemas, but no zod 4 could be loaded from this Strapi; they are published without them`,
      );
    }
  } else {
    // Converted in the published order, so shared definitions come out the same on every boot.
    const order = new Map(routes.map((route, index) => [route, index]));
    pending.sort((a, b) => (order.get(a.published) ?? 0) - (order.get(b.published) ?? 0));
    for (const { published, route, core } of pending) {
      if (core) addExtraParams(published, route, converter, warnings);
      else addSchemas(published, route, converter, warnings);
    }
  }
  return { routes, definitions: converter?.definitions() ?? {}, warnings };
}

function declaresSchemas(route: StrapiRoute): boolean {
  const request = route.request ?? {};
  return [request.params, request.query, request.body, route.response].some((part) => part !== undefined);
}

/** The JSON body schema of `request.body`: Strapi keys it by media type (`application/json`). */
function bodySchema(body: unknown): unknown {
  if (isZodSchema(body)) return body;
  if (typeof body === 'object' && body !== null) return (body as Record<string, unknown>)['application/json'];
  return undefined;
}

/** Converts one route's zod schemas, each on its own: one that fails costs only itself, with a warning. */
function schemaConverter(
  published: SchemaApiRoute,
  converter: RouteSchemaConverter,
  warnings: string[],
): (schema: unknown, io: 'input' | 'output', part: string) => JsonSchema | undefined {
  return (schema, io, part) => {
    if (!isZodSchema(schema)) return undefined;
    try {
      return converter.convert(schema, io, `${published.handler}.${part}`);
    } catch (error) {
      warnings.push(
        `${published.method} ${published.path}: its ${part} schema could not be converted to JSON Schema ` +
          `(${(error as Error).message}); the route is published without it`,
      );
      return undefined;
    }
  };
}

/** Each key of a zod shape (`{ name: schema }`) converted; the names whose schema is not optional. */
function convertKeys(
  shape: Record<string, unknown>,
  names: string[],
  convert: ReturnType<typeof schemaConverter>,
  part: string,
): { keys: Record<string, JsonSchema>; required: string[] } {
  const keys: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const name of [...names].sort(compare)) {
    const json = convert(shape[name], 'input', `${part}.${name}`);
    if (json === undefined) continue;
    keys[name] = json;
    if (!isOptional(shape[name])) required.push(name);
  }
  return { keys, required };
}

function addSchemas(
  published: SchemaApiRoute,
  route: StrapiRoute,
  converter: RouteSchemaConverter,
  warnings: string[],
): void {
  const convert = schemaConverter(published, converter, warnings);
  const request = route.request ?? {};
  for (const part of ['params', 'query'] as const) {
    const shape = request[part];
    if (typeof shape !== 'object' || shape === null) continue;
    const { keys, required } = convertKeys(
      shape as Record<string, unknown>,
      Object.keys(shape),
      convert,
      part,
    );
    if (Object.keys(keys).length > 0) published[part] = keys;
    if (part === 'query' && required.length > 0) published.requiredQuery = required;
  }
  const body = convert(bodySchema(request.body), 'input', 'body');
  if (body !== undefined) published.body = body;
  const response = convert(route.response, 'output', 'response');
  if (response !== undefined) published.response = response;
}

/**
 * The query keys Strapi's core routes take (`ALLOWED_QUERY_PARAM_KEYS` of `@strapi/utils`, which
 * `contentAPI.addQueryParams` refuses to add): any other key of a core route was added.
 */
const CORE_QUERY_KEYS: ReadonlySet<string> = new Set([
  'filters',
  'sort',
  'fields',
  'populate',
  'status',
  'locale',
  'page',
  'pageSize',
  'start',
  'limit',
  '_q',
  'publicationFilter',
  'hasPublishedVersion',
  'pagination',
  'count',
  'ordering',
]);

/**
 * A core CRUD route publishes only what an app or plugin added to it (the client types the rest
 * from the content model): the query keys added with `contentAPI.addQueryParams`, and the keys
 * added with `contentAPI.addInputParams`, which Strapi merges beside `data` in the route's body
 * schema but accepts inside `data` (`inputParams`).
 */
function addExtraParams(
  published: SchemaApiRoute,
  route: StrapiRoute,
  converter: RouteSchemaConverter,
  warnings: string[],
): void {
  const convert = schemaConverter(published, converter, warnings);
  const query = route.request?.query;
  if (typeof query === 'object' && query !== null) {
    const added = Object.keys(query).filter((name) => !CORE_QUERY_KEYS.has(name));
    const { keys, required } = convertKeys(query as Record<string, unknown>, added, convert, 'query');
    if (Object.keys(keys).length > 0) published.query = keys;
    if (required.length > 0) published.requiredQuery = required;
  }
  const shape = (bodySchema(route.request?.body) as { shape?: unknown } | undefined)?.shape;
  // Only a body that wraps the entry in `data` (Strapi's core router); users-permissions' user
  // routes take the user's fields at the top level, and say nothing was added.
  if (typeof shape === 'object' && shape !== null && 'data' in shape) {
    const added = Object.keys(shape).filter((name) => name !== 'data');
    const { keys } = convertKeys(shape as Record<string, unknown>, added, convert, 'inputParams');
    if (Object.keys(keys).length > 0) published.inputParams = keys;
  }
}

/** zod's own answer (`schema.isOptional()`), as @strapi/openapi asks it for parameters. */
function isOptional(schema: unknown): boolean {
  const method = (schema as { isOptional?: unknown }).isOptional;
  return typeof method === 'function' ? method.call(schema) === true : true;
}
