/**
 * The types of `client.auth`: what the users-permissions routes take and answer, and which of
 * them a server has (auth/ builds the API).
 */
import type { Checked, NoParams, QueryParams } from './params.ts';
import type { CacheOptions } from './request.ts';
import type { QueryResult } from './result.ts';
import type { EntryOf, ModelOf, SchemaShape } from './shape.ts';

/** @internal The users-permissions user's model. */
export type UserModel<S extends SchemaShape> = ModelOf<S, 'plugin::users-permissions.user'>;

/** A users-permissions user as the auth routes return it (no relations, no private fields). */
export type AuthUser<S extends SchemaShape> = EntryOf<UserModel<S>>;

/** Parameters of `auth.me()`: what to populate and select of the signed-in user. */
export type MeParams<S extends SchemaShape> = Pick<
  QueryParams<S, UserModel<S>>,
  'populate' | 'fields' | 'locale' | 'status'
>;

/** What login, OAuth callback, reset and change of password answer. */
export interface AuthResponse<U> {
  /** The access token; in refresh mode it lives about 10 minutes. */
  jwt: string;
  /** The refresh token, sent in the body only when the server has `sessions.httpOnly: false`. */
  refreshToken?: string;
  /** The signed-in user, without relations or private fields such as `password`. */
  user: U;
}

/** What register answers: no `jwt` while the account waits for its email confirmation. */
export interface RegisterResponse<U> {
  /** The access token; absent while the account waits for its email confirmation. */
  jwt?: string;
  /** The refresh token, sent in the body only when the server has `sessions.httpOnly: false`. */
  refreshToken?: string;
  /** The new user, without relations or private fields such as `password`. */
  user: U;
}

/** What `auth.login` sends (`POST /api/auth/local`). */
export interface LoginCredentials {
  /** The username or the email address. */
  identifier: string;
  /** In plain text: use HTTPS. A wrong one is a 400 `ValidationError` ("Invalid identifier or password"). */
  password: string;
  /**
   * Refresh mode: names the device this session belongs to (`auth.getSessions()` lists it, and
   * `auth.logout({ deviceId })` ends that device's sessions); without it the session has none.
   */
  deviceId?: string | undefined;
}

/**
 * Which sessions `auth.logout` ends on the server besides this one's: every session of the user
 * (`{ scope: 'all' }`, sign out everywhere), or every session signed in with one `deviceId`.
 */
export type LogoutOptions =
  | {
      /** `'all'`: every session of the user, on every device. */
      scope: 'all';
      /** Not with `scope`. */
      deviceId?: undefined;
    }
  | {
      /** The sessions signed in with this `deviceId` (`auth.login({ ..., deviceId })`). */
      deviceId: string;
      /** Not with `deviceId`. */
      scope?: undefined;
    };

/** What `auth.register` sends (`POST /api/auth/local/register`). */
export interface RegisterData {
  /**
   * At least 3 characters (the user content type's `minLength`); a taken one is a 400
   * `ApplicationError` ("Email or Username are already taken").
   */
  username: string;
  /** Must be a valid and unused address; the confirmation email goes there when confirmation is on. */
  email: string;
  /** At least 6 characters (the user content type's `minLength`) and at most 72 bytes. */
  password: string;
}

/**
 * The user fields registration accepts besides `username`, `email` and `password`: those
 * users-permissions' `register.allowedFields` lists, as the registry's `registerFields` holds them
 * (Strapi answers 400 "Invalid parameters: <field>" to any other, `deviceId` included: a
 * registered session has none). Any field, where the registry does not say.
 */
export type RegisterFieldsOf<S extends SchemaShape> = S extends { registerFields: infer F }
  ? F
  : Record<string, unknown>;

/** What `auth.resetPassword` sends (`POST /api/auth/reset-password`). */
export interface ResetPasswordData {
  /** The code from the reset email. */
  code: string;
  /** The new password, at most 72 bytes. */
  password: string;
  /** The new password again; a mismatch is a 400 `ValidationError`. */
  passwordConfirmation: string;
}

/** What `auth.changePassword` sends (`POST /api/auth/change-password`), as the signed-in user. */
export interface ChangePasswordData {
  /** The password in use now; a wrong one is a 400 `ValidationError`. */
  currentPassword: string;
  /** The new password: different from the current one, at most 72 bytes. */
  password: string;
  /** The new password again; a mismatch is a 400 `ValidationError`. */
  passwordConfirmation: string;
}

/** The result of an email confirmation: Strapi answers with a redirect, not a body. */
export interface EmailConfirmation {
  /** Where the server redirects (its `email_confirmation_redirection` setting), when readable. */
  location: string | null;
}

/** A session of the signed-in user (`GET /api/auth/sessions`), sanitized by the server. */
export interface AuthSessionEntry {
  /** The session's id; `auth.revokeSession` takes it. */
  id: string;
  /** The `deviceId` sent at sign-in, or one the server generated. */
  deviceId?: string;
  /** A device name the server read from the sign-in's User-Agent, when it could. */
  deviceName?: string;
  /** True for the session this request was made with. */
  current: boolean;
  /** ISO 8601 timestamp of the sign-in. */
  loginAt?: string;
  /** ISO 8601 timestamp of the last token refresh (or of the sign-in). */
  lastActiveAt?: string;
}

/** What `auth.getSessions` resolves to. */
export interface AuthSessionsResponse {
  /** The current session first, then the most recently active. */
  data: AuthSessionEntry[];
}

/** What `auth.revokeSession` resolves to. */
export interface RevokeSessionResponse {
  /** Always `{}`: Strapi answers 404 when there was no such session. */
  data: Record<string, never>;
}

/** Every users-permissions method; the generated client keeps the ones its server has. */
export interface AuthMethods<S extends SchemaShape> {
  /** Signs in with a username or email and a password (`POST /api/auth/local`). In refresh mode in a browser the tokens are kept in memory and sent from then on. */
  login(credentials: LoginCredentials, cacheOptions?: CacheOptions): Promise<AuthResponse<AuthUser<S>>>;
  /** Creates an account (`POST /api/auth/local/register`); signs in when the server answers with a `jwt`. */
  register(
    data: RegisterData & RegisterFieldsOf<S>,
    cacheOptions?: CacheOptions,
  ): Promise<RegisterResponse<AuthUser<S>>>;
  /** The signed-in user (`GET /api/users/me`); `populate` and `fields` type the result. */
  me<const P extends MeParams<S> = NoParams>(
    params?: Checked<P, MeParams<S>>,
    cacheOptions?: CacheOptions,
  ): Promise<QueryResult<S, UserModel<S>, P>>;
  /** Sends the reset-password email (`POST /api/auth/forgot-password`). */
  forgotPassword(data: { email: string }, cacheOptions?: CacheOptions): Promise<{ ok: true }>;
  /** Sets a new password with the emailed code (`POST /api/auth/reset-password`) and signs in. */
  resetPassword(data: ResetPasswordData, cacheOptions?: CacheOptions): Promise<AuthResponse<AuthUser<S>>>;
  /** Changes the signed-in user's password (`POST /api/auth/change-password`); in refresh mode the server ends the other sessions and issues new tokens. */
  changePassword(data: ChangePasswordData, cacheOptions?: CacheOptions): Promise<AuthResponse<AuthUser<S>>>;
  /** Confirms an email address with the emailed token (`GET /api/auth/email-confirmation`). */
  confirmEmail(confirmation: string, cacheOptions?: CacheOptions): Promise<EmailConfirmation>;
  /** Sends the confirmation email again (`POST /api/auth/send-email-confirmation`). */
  sendEmailConfirmation(
    data: { email: string },
    cacheOptions?: CacheOptions,
  ): Promise<{ email: string; sent: true }>;
  /** Completes an OAuth sign-in (`GET /api/auth/<provider>/callback`) with the provider's query, e.g. `{ access_token }`. */
  callback(
    provider: string,
    query?: Record<string, string>,
    cacheOptions?: CacheOptions,
  ): Promise<AuthResponse<AuthUser<S>>>;
  /**
   * Asks for a new access token (`POST /api/auth/refresh`). Resolves true when the server
   * issued one (the session is restored, also one started in another tab), false when there
   * is no live session; throws on a network error or a 5xx. Call it once on page load.
   */
  refresh(): Promise<boolean>;
  /** Ends the session: forgets the tokens, then revokes the session on the server (`POST /api/auth/logout`). */
  logout(cacheOptions?: CacheOptions): Promise<void>;
  /**
   * Forgets the tokens, then ends on the server every session of the user (`{ scope: 'all' }`)
   * or those signed in with a `deviceId` (`{ deviceId }`), this one included or not. Access
   * tokens already issued stay valid until they expire; only refreshing ends. To end one other
   * session and stay signed in, use `revokeSession`.
   */
  logout(options: LogoutOptions, cacheOptions?: CacheOptions): Promise<void>;
  /** The signed-in user's sessions (`GET /api/auth/sessions`). */
  getSessions(cacheOptions?: CacheOptions): Promise<AuthSessionsResponse>;
  /** Revokes one session of the signed-in user; the server answers 404 for another user's or an unknown id. */
  revokeSession(sessionId: string, cacheOptions?: CacheOptions): Promise<RevokeSessionResponse>;
  /** Forgets the token (and the session's tokens) without a request. */
  clearToken(): void;
}

/** Legacy mode: the client-side logout, renamed. */
export interface LegacyLogout {
  /** @deprecated Renamed to `clearToken()`; kept until the next major version. */
  logout(): void;
}

/** `client.auth` of a server with the routes `K`. */
export type AuthApi<S extends SchemaShape, K extends keyof AuthMethods<S>> = Pick<
  AuthMethods<S>,
  K | 'clearToken'
> &
  ('logout' extends K ? unknown : LegacyLogout);

/** The paths (without `/api`) of the users-permissions routes the server has, by `client.auth` method name. */
export type AuthRoutes = Partial<
  Record<
    | 'login'
    | 'register'
    | 'me'
    | 'forgotPassword'
    | 'resetPassword'
    | 'changePassword'
    | 'confirmEmail'
    | 'sendEmailConfirmation'
    | 'callback'
    | 'refresh'
    | 'logout'
    | 'getSessions'
    | 'revokeSession',
    string
  >
>;

/**
 * Which sessions a logout ends on the server, besides forgetting this client's tokens.
 * @internal Applications pass `LogoutOptions` to `auth.logout`.
 */
export type LogoutScope = { scope: 'all' } | { deviceId: string };
