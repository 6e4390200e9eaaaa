/**
 * Type tests of clients generated from older Strapi versions' real payloads (the kitchen sink
 * with `jwtManagement: 'refresh'`, captured by `npm run fixtures`): on 5.0.6 the server has no
 * refresh route, so the client is a legacy one; on 5.43.0 it has refresh and logout but no
 * session routes. Checked by `tsc -p tsconfig.json`.
 */
import { expectTypeOf } from 'expect-type';
import type { AuthResponse, UsersPermissionsUser } from './generated/kitchen/index.ts';
import type { CmsClient as V506Client } from './generated/kitchen-refresh-5.0.6/index.ts';
import type { CmsClient as V543Client } from './generated/kitchen-refresh-5.43.0/index.ts';
import type { CmsClient as V543JsClient } from './generated/kitchen-refresh-5.43.0-js/index.js';

declare const v506: V506Client;
declare const v543: V543Client;
declare const v543js: V543JsClient;

// --- 5.0.6: refresh configured, not served: a legacy client --------------------------------
// @ts-expect-error Strapi 5.0.6 has no /auth/refresh route
void v506.auth.refresh;
// @ts-expect-error nor session routes
void v506.auth.getSessions;
expectTypeOf(v506.auth.logout).toEqualTypeOf<() => void>();
expectTypeOf(await v506.auth.login({ identifier: 'ada', password: 'pw' })).toEqualTypeOf<
  AuthResponse<UsersPermissionsUser>
>();

// --- 5.43.0: refresh and logout, no session routes ------------------------------------------
expectTypeOf(v543.auth.refresh).toEqualTypeOf<() => Promise<boolean>>();
expectTypeOf(v543js.auth.refresh).toEqualTypeOf<() => Promise<boolean>>();
// @ts-expect-error Strapi 5.43.0 has no /auth/sessions route
void v543.auth.getSessions;
// @ts-expect-error nor the revoke route
void v543js.auth.revokeSession;
