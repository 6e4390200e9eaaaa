/**
 * `client.auth`: the users-permissions routes the server exposes. Auth responses that carry
 * `jwt` start a session in refresh mode in a browser; everywhere else they are only returned.
 * The route methods are in auth/methods.ts, loaded on first call.
 */
import type { CmsClientCore } from '../core/client.ts';
import { lazyApi } from '../core/lazy.ts';
import type { AuthApi, AuthMethods } from '../types/auth.ts';
import type { RouteTableLoader } from '../types/routes.ts';
import type { SchemaShape } from '../types/shape.ts';
import { logoutScope } from './logout-scope.ts';

/** `client.auth` before its types: methods by name, `clearToken` and `logout` among them. */
type LooseAuthApi = Record<string, (...args: unknown[]) => unknown> & {
  clearToken?: () => void;
  logout?: (...args: unknown[]) => unknown;
};

/**
 * `client.auth` over a client: a method per name in `names` (the routes the server exposes,
 * separated by spaces), `clearToken`, and a client-side `logout` when the server has no logout
 * route. The route methods load auth/methods.ts and the route table (their paths) on first
 * call; `clearToken`, the client-side `logout` and the check of `logout`'s options run at once.
 */
export function authApi<S extends SchemaShape, M extends keyof AuthMethods<S>>(
  client: CmsClientCore,
  table: RouteTableLoader,
  names: string,
): AuthApi<S, M> {
  const api = lazyApi<LooseAuthApi>(
    () =>
      Promise.all([import('./methods.ts'), client.sessionFlow(), table()]).then(
        ([module, flow, routes]) => module.authMethods<S>(client, routes.AUTH_ROUTES, flow) as LooseAuthApi,
      ),
    names,
  );
  const clear = () => client.clearSession();
  api.clearToken = clear;
  const logout = api.logout;
  api.logout =
    logout === undefined
      ? clear
      : (first?: unknown, second?: unknown) => {
          logoutScope(first);
          return logout(first, second);
        };
  // Built from the routes the server exposes: the generated client names them in `M`.
  return api as unknown as AuthApi<S, M>;
}
