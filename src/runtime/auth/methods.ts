/** The users-permissions routes behind `client.auth`, loaded on its first call. */
import type { CmsClientCore } from '../core/client.ts';
import { pathSegment } from '../core/path-segment.ts';
import type {
  AuthMethods,
  AuthRoutes,
  ChangePasswordData,
  LoginCredentials,
  RegisterData,
  ResetPasswordData,
} from '../types/auth.ts';
import type { CacheOptions, CallOptions } from '../types/request.ts';
import type { SessionFlow } from '../types/session.ts';
import type { SchemaShape } from '../types/shape.ts';
import { logoutScope } from './logout-scope.ts';

/** `/auth/:provider/callback` with its parameter filled in, without the leading slash. */
function fill(path: string, values: Record<string, string>): string {
  return path.replace(/^\//, '').replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' || value === '')
      throw new TypeError(`auth: ${name} must be a non-empty string, got ${JSON.stringify(value)}`);
    return pathSegment(value, `auth: ${name}`);
  });
}

function requireObject(method: string, value: unknown, example: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError(`auth.${method}: pass an object, e.g. ${example}`);
}

/**
 * The methods of `client.auth` over a client: one per route in `routes`, `clearToken`, and a
 * client-side `logout` when the server has no logout route.
 */
export function authMethods<S extends SchemaShape>(
  client: CmsClientCore,
  routes: AuthRoutes,
  flow: SessionFlow,
): Partial<Record<keyof AuthMethods<S>, unknown>> {
  /** A route anyone may call: without the session's (maybe expired) token, never refreshed. */
  const publicRequest = <T>(path: string, options: CallOptions) =>
    client.call<T>(path, { ...options, auth: { ...options.auth, publicRoute: true }, noRecover: true });
  /** A public route that takes an email address (`{ email }`) as its JSON body. */
  const emailRoute =
    (method: string, path: string) => (data: { email: string }, cacheOptions?: CacheOptions) => {
      requireObject(method, data, '{ email: "ada@example.com" }');
      return publicRequest(path, { method: 'POST', body: data, cacheOptions });
    };
  /** A public auth route whose answer may carry `jwt`. */
  const signIn = async <T>(
    path: string,
    method: 'GET' | 'POST',
    payload: object | undefined,
    cacheOptions?: CacheOptions,
  ) => {
    const body = await flow.afterRefresh(
      () =>
        publicRequest<T>(path, {
          method,
          ...(method === 'GET' ? { query: payload } : { body: payload }),
          cacheOptions,
          auth: { credentials: flow.credentials() },
        }),
      true,
    );
    flow.capture(body);
    return body;
  };
  const api: Partial<Record<keyof AuthMethods<S>, unknown>> = {
    clearToken: () => flow.clear(),
  };
  if (routes.login) {
    const path = fill(routes.login, {});
    api.login = (credentials: LoginCredentials, cacheOptions?: CacheOptions) => {
      requireObject('login', credentials, '{ identifier: "ada@example.com", password: "..." }');
      return signIn(path, 'POST', credentials, cacheOptions);
    };
  }
  if (routes.register) {
    const path = fill(routes.register, {});
    api.register = (data: RegisterData, cacheOptions?: CacheOptions) => {
      requireObject('register', data, '{ username: "ada", email: "ada@example.com", password: "..." }');
      return signIn(path, 'POST', data, cacheOptions);
    };
  }
  if (routes.me) {
    const path = fill(routes.me, {});
    api.me = (params?: object, cacheOptions?: CacheOptions) =>
      client.request(path, { query: params, cacheOptions });
  }
  if (routes.forgotPassword)
    api.forgotPassword = emailRoute('forgotPassword', fill(routes.forgotPassword, {}));
  if (routes.resetPassword) {
    const path = fill(routes.resetPassword, {});
    api.resetPassword = (data: ResetPasswordData, cacheOptions?: CacheOptions) => {
      requireObject('resetPassword', data, '{ code, password, passwordConfirmation }');
      return signIn(path, 'POST', data, cacheOptions);
    };
  }
  if (routes.changePassword) {
    const path = fill(routes.changePassword, {});
    api.changePassword = async (data: ChangePasswordData, cacheOptions?: CacheOptions) => {
      requireObject('changePassword', data, '{ currentPassword, password, passwordConfirmation }');
      // Not across tabs: an expired token makes this request refresh, under the refresh lock.
      const body = await flow.afterRefresh(
        () =>
          client.call(path, {
            method: 'POST',
            body: data,
            cacheOptions,
            auth: { credentials: flow.credentials() },
          }),
        false,
      );
      flow.capture(body);
      return body;
    };
  }
  if (routes.confirmEmail) {
    const path = fill(routes.confirmEmail, {});
    api.confirmEmail = (confirmation: string, cacheOptions?: CacheOptions) => {
      if (typeof confirmation !== 'string' || confirmation === '')
        throw new TypeError('auth.confirmEmail: pass the confirmation token from the email link');
      return confirmRequest(client, path, {
        query: { confirmation },
        cacheOptions,
        auth: { manualRedirect: true, publicRoute: true },
        noRecover: true,
      });
    };
  }
  if (routes.sendEmailConfirmation)
    api.sendEmailConfirmation = emailRoute('sendEmailConfirmation', fill(routes.sendEmailConfirmation, {}));
  if (routes.callback) {
    const template = routes.callback;
    api.callback = (provider: string, query?: Record<string, string>, cacheOptions?: CacheOptions) =>
      signIn(fill(template, { provider }), 'GET', query, cacheOptions);
  }
  if (routes.refresh) api.refresh = () => flow.refresh();
  if (routes.logout) {
    const path = fill(routes.logout, {});
    api.logout = (first?: unknown, second?: unknown) => {
      const sessions = logoutScope(first);
      return sessions === undefined
        ? flow.logout(path, undefined, first as CacheOptions | undefined)
        : flow.logout(path, sessions, second as CacheOptions | undefined);
    };
  } else {
    api.logout = () => flow.clear();
  }
  if (routes.getSessions) {
    const path = fill(routes.getSessions, {});
    api.getSessions = (cacheOptions?: CacheOptions) => client.request(path, { cacheOptions });
  }
  if (routes.revokeSession) {
    const template = routes.revokeSession;
    api.revokeSession = (sessionId: string, cacheOptions?: CacheOptions) =>
      client.request(fill(template, { sessionId }), { method: 'DELETE', cacheOptions });
  }
  return api;
}

/**
 * `auth.confirmEmail`'s request: Strapi answers a valid confirmation with a redirect to the page
 * it is configured with, which resolves as `{ location }` instead of being followed.
 */
async function confirmRequest(client: CmsClientCore, path: string, options: CallOptions): Promise<unknown> {
  const attempt = await client.send(path, options);
  const response = attempt.response;
  const status = attempt.status;
  if (response && (response.type === 'opaqueredirect' || (status >= 300 && status < 400))) {
    client.log(attempt, status);
    return { location: response.headers.get('Location') };
  }
  return client.settle(attempt, options);
}
