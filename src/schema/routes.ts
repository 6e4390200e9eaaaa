/**
 * Reading the payload's `routes`: which of them are a content type's custom controller routes
 * (the methods the client adds on that type's property) and which are its core CRUD routes.
 */
import type { CmsSchema, RouteMethod, SchemaApiRoute } from './types.ts';

/** The actions of Strapi's core router (createCoreRouter). */
export const CORE_ACTIONS: ReadonlySet<string> = new Set(['find', 'findOne', 'create', 'update', 'delete']);

/** A custom controller route of a content type; `handler` is the controller action (`like`). */
export interface ContentTypeRoute {
  method: RouteMethod;
  /** Below `/api`, with `:param` placeholders, e.g. `/articles/:id/like`. */
  path: string;
  handler: string;
}

/** `<controller>.<action>` of a full handler (`api::article.article.like`). */
export function splitHandler(handler: string): { controller: string; action: string } | undefined {
  const lastDot = handler.lastIndexOf('.');
  if (lastDot <= 0) return undefined;
  return { controller: handler.slice(0, lastDot), action: handler.slice(lastDot + 1) };
}

/** The content type whose controller serves a route, or undefined. */
function contentTypeOf(schema: Pick<CmsSchema, 'contentTypes'>, route: SchemaApiRoute) {
  const parts = splitHandler(route.handler);
  return parts && parts.controller in schema.contentTypes ? parts : undefined;
}

/** A core CRUD route of a content type (`api::article.article.find`). */
export function isCoreRoute(schema: Pick<CmsSchema, 'contentTypes'>, route: SchemaApiRoute): boolean {
  const parts = contentTypeOf(schema, route);
  return parts !== undefined && CORE_ACTIONS.has(parts.action);
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
    if (!parts || CORE_ACTIONS.has(parts.action)) continue;
    const list = byType.get(parts.controller) ?? [];
    list.push({ method: route.method, path: route.path, handler: parts.action });
    byType.set(parts.controller, list);
  }
  for (const list of byType.values()) {
    list.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }
  return byType;
}

/** Whether a route is one of `customRoutesByType`'s. */
export function isCustomRoute(schema: Pick<CmsSchema, 'contentTypes'>, route: SchemaApiRoute): boolean {
  const parts = contentTypeOf(schema, route);
  return route.owner.startsWith('api::') && parts !== undefined && !CORE_ACTIONS.has(parts.action);
}
