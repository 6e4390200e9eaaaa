/**
 * Type tests of `client.auth`: the legacy client (kitchen, `jwtManagement` default) has no
 * session methods and keeps the deprecated client-side `logout()`; the refresh client
 * (kitchen-refresh) has `refresh`, `logout`, `getSessions` and `revokeSession`. Checked by
 * `tsc -p tsconfig.json` against the generated `.ts` and `.js` + `.d.ts` output.
 */
import { expectTypeOf } from 'expect-type';
import type {
  CmsClient as FoodadvisorClient,
  UsersPermissionsUser as FoodadvisorUser,
} from './generated/foodadvisor/index.ts';
import type { CmsClient as FoodadvisorJsClient } from './generated/foodadvisor-js/index.js';
import type {
  AuthResponse,
  CmsClient as LegacyClient,
  UsersPermissionsRole,
  UsersPermissionsUser,
} from './generated/kitchen/index.ts';
import type {
  AuthSessionsResponse,
  EmailConfirmation,
  RegisterResponse,
  RevokeSessionResponse,
} from './generated/kitchen/runtime/index.ts';
import type { CmsClient as RefreshClient } from './generated/kitchen-refresh/index.ts';
import type { CmsClient as RefreshJsClient } from './generated/kitchen-refresh-js/index.js';
import type { CmsClient as UnsaidClient } from './generated/routes/index.ts';

declare const legacy: LegacyClient;
declare const cms: RefreshClient;
declare const js: RefreshJsClient;
declare const foodadvisor: FoodadvisorClient;
declare const foodadvisorJs: FoodadvisorJsClient;
declare const unsaid: UnsaidClient;

// --- the routes every users-permissions server has ----------------------------------------
expectTypeOf(await cms.auth.login({ identifier: 'ada', password: 'pw' })).toEqualTypeOf<
  AuthResponse<UsersPermissionsUser>
>();
expectTypeOf(await js.auth.login({ identifier: 'ada', password: 'pw' })).toEqualTypeOf<
  AuthResponse<UsersPermissionsUser>
>();
{
  const { jwt, user, refreshToken } = await cms.auth.login({ identifier: 'ada', password: 'pw' });
  expectTypeOf(jwt).toEqualTypeOf<string>();
  expectTypeOf(refreshToken).toEqualTypeOf<string | undefined>();
  expectTypeOf(user.email).toEqualTypeOf<string>();
  // @ts-expect-error private fields never reach the client
  void user.password;
  // @ts-expect-error relations are not populated in auth responses
  void user.role;
}
// @ts-expect-error login takes an identifier, not a username
await cms.auth.login({ username: 'ada', password: 'pw' });
expectTypeOf(await cms.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw' })).toEqualTypeOf<
  RegisterResponse<UsersPermissionsUser>
>();
expectTypeOf(
  (await cms.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw' })).jwt,
).toEqualTypeOf<string | undefined>();
// Registration takes the fields users-permissions' register.allowedFields lists, and no other:
// none on the kitchen sink (Strapi answers 400 "Invalid parameters: ..." to any).
// @ts-expect-error the kitchen sink allows no further field
await cms.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw', nickname: 'Ada' });
// @ts-expect-error a registered session has no device
await legacy.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw', deviceId: 'd' });
// FoodAdvisor allows `job`, which its user extension requires.
expectTypeOf(
  await foodadvisor.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw', job: 'cook' }),
).toEqualTypeOf<RegisterResponse<FoodadvisorUser>>();
await foodadvisorJs.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw', job: 'cook' });
// @ts-expect-error job is required
await foodadvisor.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw' });
// @ts-expect-error job is a string
await foodadvisorJs.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw', job: 1 });
// @ts-expect-error picture is not in FoodAdvisor's register.allowedFields
await foodadvisor.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw', job: 'cook', picture: 1 });
// A payload that does not say (a plugin before 0.2; the routes fixture) leaves them open.
await unsaid.auth.register({ username: 'ada', email: 'a@b.c', password: 'pw', anything: 1 });
// `me` follows populate and fields like findOne.
expectTypeOf(await cms.auth.me()).toEqualTypeOf<UsersPermissionsUser>();
expectTypeOf(
  (await cms.auth.me({ populate: { role: true } })).role,
).toEqualTypeOf<UsersPermissionsRole | null>();
expectTypeOf(await cms.auth.me({ fields: ['email'] })).toEqualTypeOf<{
  id: number;
  documentId: string;
  email: string;
}>();
// @ts-expect-error 'rol' is not a relation of the user
await cms.auth.me({ populate: { rol: true } });
expectTypeOf(await cms.auth.forgotPassword({ email: 'a@b.c' })).toEqualTypeOf<{ ok: true }>();
expectTypeOf(await cms.auth.confirmEmail('token')).toEqualTypeOf<EmailConfirmation>();
expectTypeOf(await cms.auth.callback('github', { access_token: 't' })).toEqualTypeOf<
  AuthResponse<UsersPermissionsUser>
>();
expectTypeOf(cms.auth.clearToken).toEqualTypeOf<() => void>();
// Every request method takes cache options last.
await cms.auth.me(undefined, { cache: 'no-store' });
// The deprecated `authentication` alias of `auth` is gone.
// @ts-expect-error
void cms.authentication;

// --- refresh mode: the session methods ----------------------------------------------------
expectTypeOf(cms.auth.refresh).toEqualTypeOf<() => Promise<boolean>>();
expectTypeOf(await cms.auth.logout()).toEqualTypeOf<void>();
// Sign out everywhere, or every session of one device; cache options still come last.
expectTypeOf(await cms.auth.logout({ scope: 'all' })).toEqualTypeOf<void>();
expectTypeOf(await js.auth.logout({ deviceId: 'phone' }, { cache: 'no-store' })).toEqualTypeOf<void>();
await cms.auth.logout({ cache: 'no-store' });
// @ts-expect-error 'all' is the only scope
await cms.auth.logout({ scope: 'mine' });
// @ts-expect-error one of scope and deviceId, not both
await cms.auth.logout({ scope: 'all', deviceId: 'phone' });
// @ts-expect-error deviceId is a string
await cms.auth.logout({ deviceId: 7 });
// deviceId names the device at sign-in.
await cms.auth.login({ identifier: 'ada', password: 'pw', deviceId: 'phone' });
// @ts-expect-error deviceId is a string
await cms.auth.login({ identifier: 'ada', password: 'pw', deviceId: 7 });
expectTypeOf(await cms.auth.getSessions()).toEqualTypeOf<AuthSessionsResponse>();
expectTypeOf(await cms.auth.revokeSession('s1')).toEqualTypeOf<RevokeSessionResponse>();
expectTypeOf(await js.auth.getSessions()).toEqualTypeOf<AuthSessionsResponse>();
expectTypeOf((await cms.auth.getSessions()).data[0]?.current).toEqualTypeOf<boolean | undefined>();

// --- legacy mode: no session methods; logout() is the deprecated clearToken() -------------
// @ts-expect-error a legacy server has no refresh route
void legacy.auth.refresh;
// @ts-expect-error nor sessions
void legacy.auth.getSessions;
expectTypeOf(legacy.auth.logout).toEqualTypeOf<() => void>();
// @ts-expect-error a legacy server has no logout route to end sessions on
void legacy.auth.logout({ scope: 'all' });
expectTypeOf(await legacy.auth.login({ identifier: 'ada', password: 'pw' })).toEqualTypeOf<
  AuthResponse<UsersPermissionsUser>
>();
