/** The route table the generated client loads on first use: its custom routes and its auth routes. */
import type { AuthRoutes } from './auth.ts';

/** A custom controller route: `(…pathParams, queryOrBody?, cacheOptions?)`. */
export interface RouteSpec {
  /** HTTP method, as the server's route declares it. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below `/api`, with `:param` segments, e.g. `/articles/:id/like`. */
  path: string;
  /** A route sent with a body (not GET or DELETE) that also takes query parameters: they come after the body. */
  query?: true;
}

/** A custom route method before its types: any arguments, the response body as `R`. */
export type CustomRouteMethod = <R = unknown>(...args: unknown[]) => Promise<R>;

/** The custom and plugin routes of a client: by client property, then by method name. */
export type RouteSpecs = Readonly<Record<string, Readonly<Record<string, RouteSpec>>>>;

/** The generated `client/routes.js`: the method and path of every route the client calls. */
export interface RouteTable {
  /** The custom and plugin routes, by client property and method name. */
  readonly ROUTES: RouteSpecs;
  /** The users-permissions routes behind `client.auth`, by method name. */
  readonly AUTH_ROUTES: AuthRoutes;
}

/** Loads the route table: the generated client's `() => import('./client/routes.js')`. */
export type RouteTableLoader = () => Promise<RouteTable>;
