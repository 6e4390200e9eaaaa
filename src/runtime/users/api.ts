/**
 * `client.users`: the users-permissions plugin's user routes (`/api/users`). Like the upload
 * plugin's, they answer without Strapi's `{data, meta}` envelope, address users by numeric id,
 * and page with flat `start` and `limit` (Strapi 5.54 ignores `pagination` there). The methods
 * load with users/methods.ts on first call: a page that never lists users does not carry them.
 */
import type { CmsClientCore } from '../core/client.ts';
import { lazyApi } from '../core/lazy.ts';
import type { SchemaShape } from '../types/shape.ts';
import type { UsersApi } from '../types/users.ts';

/** `client.users` over a client: its methods load users/methods.ts on first call. */
export function usersApi<S extends SchemaShape>(client: CmsClientCore): UsersApi<S> {
  return lazyApi(
    () => import('./methods.ts').then((module) => module.usersMethods<S>(client)),
    'find findOne count create update delete',
  );
}
