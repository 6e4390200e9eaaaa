/** The methods of `client.users` (users/api.ts), loaded on the first call of one. */
import type { CmsClientCore } from '../core/client.ts';
import type { CacheOptions } from '../types/request.ts';
import type { SchemaShape } from '../types/shape.ts';
import type { UsersApi } from '../types/users.ts';

/** `users/<id>`; anything but a positive integer id is refused before a request. */
function userPath(id: unknown): string {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw new TypeError(
      `client.users: a user is addressed by its numeric id (a positive integer), not ${JSON.stringify(id)}`,
    );
  return `users/${id}`;
}

/** The user routes over `client`; a missing user reads as `null` (Strapi answers 204, or 404). */
export function usersMethods<S extends SchemaShape>(client: CmsClientCore): UsersApi<S> {
  const methods = {
    find: (query?: object, cacheOptions?: CacheOptions) => client.request('users', { query, cacheOptions }),
    findOne: (id: number, query?: object, cacheOptions?: CacheOptions) =>
      client.request(userPath(id), { query, cacheOptions, nullOnNotFound: true }),
    count: (query?: object, cacheOptions?: CacheOptions) =>
      client.request('users/count', { query, cacheOptions }),
    create: (body: unknown, cacheOptions?: CacheOptions) =>
      client.request('users', { method: 'POST', body, cacheOptions }),
    update: (id: number, body: unknown, cacheOptions?: CacheOptions) =>
      client.request(userPath(id), { method: 'PUT', body, cacheOptions }),
    delete: (id: number, cacheOptions?: CacheOptions) =>
      client.request(userPath(id), { method: 'DELETE', cacheOptions }),
  };
  // The result types are the interface's: the request methods return what Strapi sends.
  return methods as UsersApi<S>;
}
