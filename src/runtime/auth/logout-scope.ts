/**
 * The check of `auth.logout`'s options: `client.auth` runs it at once, and the logout route
 * (auth/methods.ts, loaded on first call) reads the scope it returns.
 */
import type { LogoutScope } from '../types/auth.ts';

/**
 * The `LogoutOptions` in `auth.logout`'s first argument, checked; `undefined` when it is cache
 * options (or nothing). Strapi ends only the current session on a `scope` other than `'all'`
 * or an empty `deviceId`, so those are refused rather than sent.
 */
export function logoutScope(value: unknown): LogoutScope | undefined {
  const { scope, deviceId } = (typeof value === 'object' && value !== null ? value : {}) as {
    scope?: unknown;
    deviceId?: unknown;
  };
  if (scope === undefined && deviceId === undefined) return undefined;
  if (scope !== undefined && deviceId !== undefined)
    throw new TypeError("auth.logout: pass { scope: 'all' } or { deviceId }, not both");
  if (scope === 'all') return { scope };
  if (scope !== undefined)
    throw new TypeError(
      `auth.logout: scope must be 'all' (every session of the user), not ${JSON.stringify(scope)}`,
    );
  if (typeof deviceId === 'string' && deviceId !== '') return { deviceId };
  throw new TypeError(`auth.logout: deviceId must be a non-empty string, got ${JSON.stringify(deviceId)}`);
}
