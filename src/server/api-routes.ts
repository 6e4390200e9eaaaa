/**
 * Every content-API route Strapi registered (apis and plugins, this plugin's own excluded), as
 * the payload publishes it: method, the path Strapi mounts, the full handler, the owner, whether
 * it needs credentials, and its request and response contracts as JSON Schema.
 */
import { CORE_ACTIONS, splitHandler } from '../schema/routes.ts';
import type { JsonSchema, RouteMethod, SchemaApiRoute } from '../schema/types.ts';
import { isZodSchema, type RouteSchemaConverter } from './json-schema.ts';
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
  const pending: { published: SchemaApiRoute; route: StrapiRoute; withSchemas: boolean }[] = [];
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
    const parts = splitHandler(handler);
    const core =
      parts !== undefined && CORE_ACTIONS.has(parts.action) && parts.controller in strapi.contentTypes;
    routes.push(published);
    pending.push({ published, route, withSchemas: options.coreSchemas === true || !core });
  }
  routes.sort((a, b) => compare(a.owner, b.owner) || compare(a.path, b.path) || compare(a.method, b.method));
  const warnings: string[] = [];
  const converter = options.converter;
  if (!converter) {
    const declaring = pending.filter(
      ({ route, withSchemas }) => withSchemas && declaresSchemas(route),
    ).length;
    if (declaring > 0) {
      warnings.push(
        `${declaring} route(s) declare zod schemas, but no zod 4 could be loaded from this Strapi; they are published without them`,
      );
    }
  } else {
    // Converted in the published order, so shared definitions come out the same on every boot.
    const order = new Map(routes.map((route, index) => [route, index]));
    pending.sort((a, b) => (order.get(a.published) ?? 0) - (order.get(b.published) ?? 0));
    for (const { published, route, withSchemas } of pending) {
      if (withSchemas) addSchemas(published, route, converter, warnings);
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

function addSchemas(
  published: SchemaApiRoute,
  route: StrapiRoute,
  converter: RouteSchemaConverter,
  warnings: string[],
): void {
  const scope = `${published.handler}`;
  const convert = (schema: unknown, io: 'input' | 'output', part: string): JsonSchema | undefined => {
    if (!isZodSchema(schema)) return undefined;
    try {
      return converter.convert(schema, io, `${scope}.${part}`);
    } catch (error) {
      warnings.push(
        `${published.method} ${published.path}: its ${part} schema could not be converted to JSON Schema ` +
          `(${(error as Error).message}); the route is published without it`,
      );
      return undefined;
    }
  };
  const request = route.request ?? {};
  for (const part of ['params', 'query'] as const) {
    const shape = request[part];
    if (typeof shape !== 'object' || shape === null) continue;
    const converted: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const name of Object.keys(shape).sort(compare)) {
      const schema = (shape as Record<string, unknown>)[name];
      const json = convert(schema, 'input', `${part}.${name}`);
      if (json === undefined) continue;
      converted[name] = json;
      if (part === 'query' && !isOptional(schema)) required.push(name);
    }
    if (Object.keys(converted).length > 0) published[part] = converted;
    if (required.length > 0) published.requiredQuery = required;
  }
  const body = convert(bodySchema(request.body), 'input', 'body');
  if (body !== undefined) published.body = body;
  const response = convert(route.response, 'output', 'response');
  if (response !== undefined) published.response = response;
}

/** zod's own answer (`schema.isOptional()`), as @strapi/openapi asks it for parameters. */
function isOptional(schema: unknown): boolean {
  const method = (schema as { isOptional?: unknown }).isOptional;
  return typeof method === 'function' ? method.call(schema) === true : true;
}
