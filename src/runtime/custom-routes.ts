/** Custom controller routes: the request a custom route method sends, loaded on its first call. */
import type { CmsClientCore } from './core/client.ts';
import { pathSegment } from './core/path-segment.ts';
import type { CacheOptions } from './types/request.ts';
import type { RouteSpec } from './types/routes.ts';

/**
 * Sends `route` with `args`: path parameters first, in path order; then, for GET and DELETE,
 * query parameters, and for the other methods a JSON body (or FormData), then query parameters
 * when `route.query` says so; then cache options.
 */
export function callRoute<R>(client: CmsClientCore, route: RouteSpec, args: unknown[]): Promise<R> {
  const names = route.path.split('/').filter((segment) => segment.startsWith(':'));
  const sendsQuery = route.method === 'GET' || route.method === 'DELETE';
  let index = 0;
  const path = route.path.replace(/:[A-Za-z0-9_]+(?:\([^)]*\))?/g, (segment) => {
    const value = args[index++];
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
      throw new TypeError(
        `${route.method} ${route.path}: the path parameter ${segment} (argument ${index} of ${names.length}) must be a non-empty string or number`,
      );
    }
    return pathSegment(String(value), `${route.method} ${route.path}: the path parameter ${segment}`);
  });
  const payload = args[names.length];
  const withQuery = !sendsQuery && route.query === true;
  const cacheOptions = args[names.length + (withQuery ? 2 : 1)] as CacheOptions | undefined;
  return client.request<R>(path.replace(/^\/+/, ''), {
    method: route.method,
    ...(sendsQuery
      ? { query: payload as object | undefined }
      : { body: payload, query: (withQuery ? args[names.length + 1] : undefined) as object | undefined }),
    cacheOptions,
  });
}
