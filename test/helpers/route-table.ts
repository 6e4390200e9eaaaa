/** Route methods and `client.auth` over a client, from tables, as a generated constructor builds them. */

import { routeMethods } from '../../src/runtime/content-types.ts';
import type { CmsClientCore } from '../../src/runtime/core/client.ts';
import type { AuthRoutes } from '../../src/runtime/types/auth.ts';
import type {
  CustomRouteMethod,
  RouteSpec,
  RouteSpecs,
  RouteTableLoader,
} from '../../src/runtime/types/routes.ts';

/** A route table loader (the generated `() => import('./client/routes.js')`) over these routes. */
export function routeTable(routes: RouteSpecs = {}, auth: AuthRoutes = {}): RouteTableLoader {
  return async () => ({ ROUTES: routes, AUTH_ROUTES: auth });
}

/**
 * The methods of `routes` (method name -> route), set by `routeMethods` on `client[property]`
 * (a new object, or the API object already there) and returned.
 */
export function routeMethodsOf<K extends string>(
  client: CmsClientCore,
  routes: Record<K, RouteSpec>,
  property = 'routes',
): Record<K, CustomRouteMethod> {
  routeMethods(client, routeTable({ [property]: routes }), { [property]: Object.keys(routes).join(' ') });
  return (client as unknown as Record<string, Record<K, CustomRouteMethod>>)[property] as Record<
    K,
    CustomRouteMethod
  >;
}
