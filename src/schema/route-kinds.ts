/**
 * Reading the payload's `routes`: which of them are a content type's custom controller routes
 * (the methods the client adds on that type's property) and which are its core CRUD routes.
 * `contentTypeHandler` decides it, here and for codegen (src/codegen/route-methods.ts) and the plugin
 * (src/server/content-api-routes.ts).
 */
import type { CmsSchema, RouteMethod, SchemaApiRoute } from './types.ts';

/** The actions of Strapi's core router (createCoreRouter). */
const CORE_ACTIONS: ReadonlySet<string> = new Set(['find', 'findOne', 'create', 'update', 'delete']);

/** A custom controller route of a content type; `handler` is the controller action (`like`). */
export interface ContentTypeRoute {
  method: RouteMethod;
  /** Below `/api`, with `:param` placeholders, e.g. `/articles/:id/like`. */
  path: string;
  handler: string;
}

/** `<controller>.<action>` of a full handler (`api::article.article.like`). */
function splitHandler(handler: string): { controller: string; action: string } | undefined {
  const lastDot = handler.lastIndexOf('.');
  if (lastDot <= 0) return undefined;
  return { controller: handler.slice(0, lastDot), action: handler.slice(lastDot + 1) };
}

/** A handler read against the content types (`contentTypeHandler`). */
export interface ContentTypeHandler {
  /** The content type whose controller serves the route (`api::article.article`). */
  uid: string;
  /** The controller action (`find`, `like`). */
  action: string;
  /**
   * A core CRUD route (`find`, `findOne`, `create`, `update`, `delete`; typed from the content
   * model); otherwise a custom route of the content type.
   */
  core: boolean;
}

/**
 * The one decision on a route's handler: the content type whose controller serves it, if any
 * (`isContentType` says which controllers are content types), and whether it is a core CRUD route
 * of that type or a custom one. Undefined for a handler of no content type.
 */
export function contentTypeHandler(
  handler: string,
  isContentType: (uid: string) => boolean,
): ContentTypeHandler | undefined {
  const parts = splitHandler(handler);
  if (parts === undefined || !isContentType(parts.controller)) return undefined;
  return { uid: parts.controller, action: parts.action, core: CORE_ACTIONS.has(parts.action) };
}

/** `contentTypeHandler` of a route of the schema. */
function contentTypeOf(schema: Pick<CmsSchema, 'contentTypes'>, route: SchemaApiRoute) {
  return contentTypeHandler(route.handler, (uid) => uid in schema.contentTypes);
}

/** A core CRUD route of a content type (`api::article.article.find`). */
export function isCoreRoute(schema: Pick<CmsSchema, 'contentTypes'>, route: SchemaApiRoute): boolean {
  return contentTypeOf(schema, route)?.core === true;
}

/**
 * The custom routes of each `api::` content type's controller: a handler `<content type
 * uid>.<action>` whose action is not a core CRUD one. Sorted by path, then method.
 */
export function customRoutesByType(
  schema: Pick<CmsSchema, 'contentTypes' | 'routes'>,
): Map<string, ContentTypeRoute[]> {
  const byType = new Map<string, ContentTypeRoute[]>();
  for (const route of schema.routes) {
    if (!route.owner.startsWith('api::')) continue;
    const parts = contentTypeOf(schema, route);
    if (parts === undefined || parts.core) continue;
    const list = byType.get(parts.uid) ?? [];
    list.push({ method: route.method, path: route.path, handler: parts.action });
    byType.set(parts.uid, list);
  }
  for (const list of byType.values()) {
    list.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }
  return byType;
}

/** Whether a route is one of `customRoutesByType`'s. */
export function isCustomRoute(schema: Pick<CmsSchema, 'contentTypes'>, route: SchemaApiRoute): boolean {
  return route.owner.startsWith('api::') && contentTypeOf(schema, route)?.core === false;
}
