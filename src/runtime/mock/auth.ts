/**
 * The users-permissions routes of the mock Strapi: `POST /api/auth/local` (login),
 * `/auth/local/register`, `GET /api/users/me`, `/auth/refresh` and `/auth/logout` in refresh
 * mode, and the user routes (`/api/users`, `/api/users/:id`, `/api/users/count`). Tokens are
 * unsigned JWTs (`{ id, iat, exp }`), which the client reads as it reads Strapi's.
 */

import { type Answer, failure, type Incoming } from './answers.ts';
import { isLoose, type Loose } from './loose.ts';
import { render } from './render.ts';
import type { Row } from './rows.ts';
import { USERS } from './schema.ts';
import { nextId, now, type Store, tableRows } from './store.ts';

const isObject = isLoose;

/** Base64url of a JSON value. */
const part = (value: unknown): string =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT for a user: `exp` 30 days on (legacy) or 10 minutes (refresh mode), from the store's clock. */
function jwt(store: Store, user: Row, refresh: boolean, kind = 'access'): string {
  const iat = Math.floor(Date.parse(now(store)) / 1000);
  const exp = iat + (refresh ? (kind === 'refresh' ? 30 * 86400 : 600) : 30 * 86400);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ id: user.id, type: kind, iat, exp, n: store.ctx.serial('jwt') })}.mock`;
}

/** The user a token names, if it is one the mock issued and the user still exists. */
function userOf(store: Store, token: string | undefined): Row | undefined {
  const payload = token?.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      id?: unknown;
      type?: unknown;
    };
    return tableRows(store, USERS).find((user) => user.id === claims.id);
  } catch {
    return undefined;
  }
}

/** A user as the routes answer with it: no password, no private fields. */
function shown(store: Store, user: Row): Loose {
  if (store.schema.tables[USERS] !== undefined) return render(store, USERS, user, {}, false);
  const rest: Loose = { ...user };
  delete rest.password;
  return rest;
}

/** What a sign-in answers: the access token (and the refresh token in refresh mode) and the user. */
function signedIn(store: Store, user: Row, refresh: boolean): Answer {
  return {
    status: 200,
    body: {
      jwt: jwt(store, user, refresh),
      ...(refresh ? { refreshToken: jwt(store, user, refresh, 'refresh') } : {}),
      user: shown(store, user),
    },
  };
}

const unauthorized = (): Answer => failure(401, 'UnauthorizedError', 'Missing or invalid credentials');

/** The answer of an auth or user route, or `undefined` when the request is not one. */
export function authRoute(store: Store, incoming: Incoming, refresh: boolean): Answer | undefined {
  const [, first, second, third] = incoming.segments;
  const { method } = incoming;
  const body = isObject(incoming.body) ? incoming.body : {};
  const users = tableRows(store, USERS);
  if (first === 'auth') {
    if (method === 'POST' && second === 'local' && third === undefined) {
      const missing = ['identifier', 'password'].filter(
        (name) => typeof body[name] !== 'string' || body[name] === '',
      );
      if (missing.length > 0)
        return failure(
          400,
          'ValidationError',
          missing.length === 1 ? `${missing[0]} is a required field` : `${missing.length} errors occurred`,
          {
            errors: missing.map((name) => ({
              path: [name],
              message: `${name} is a required field`,
              name: 'ValidationError',
            })),
          },
        );
      const identifier = String(body.identifier).toLowerCase();
      const user = users.find(
        (candidate) =>
          (String(candidate.email).toLowerCase() === identifier || candidate.username === body.identifier) &&
          candidate.password === body.password,
      );
      if (user === undefined) return failure(400, 'ValidationError', 'Invalid identifier or password');
      if (user.blocked === true)
        return failure(400, 'ApplicationError', 'Your account has been blocked by an administrator');
      if (user.confirmed !== true)
        return failure(400, 'ApplicationError', 'Your account email is not confirmed');
      return signedIn(store, user, refresh);
    }
    if (method === 'POST' && second === 'local' && third === 'register') {
      const { username, email, password } = body;
      if (typeof username !== 'string' || typeof email !== 'string' || typeof password !== 'string')
        return failure(400, 'ValidationError', 'Missing username, email or password');
      if (
        users.some(
          (user) => String(user.email).toLowerCase() === email.toLowerCase() || user.username === username,
        )
      )
        return failure(400, 'ApplicationError', 'Email or Username are already taken');
      const stamp = now(store);
      const id = nextId(store, USERS);
      const user = {
        id,
        documentId: `user${String(id).padStart(20, '0')}`,
        username,
        email: email.toLowerCase(),
        locale: null,
        provider: 'local',
        confirmed: true,
        blocked: false,
        password,
        createdAt: stamp,
        updatedAt: stamp,
        publishedAt: stamp,
      } as Row;
      users.push(user);
      return signedIn(store, user, refresh);
    }
    if (refresh && method === 'POST' && second === 'refresh') {
      const token = typeof body.refreshToken === 'string' ? body.refreshToken : undefined;
      const user = userOf(store, token);
      if (user === undefined) return failure(401, 'UnauthorizedError', 'Invalid refresh token');
      return {
        status: 200,
        body: { jwt: jwt(store, user, refresh), refreshToken: jwt(store, user, refresh, 'refresh') },
      };
    }
    if (refresh && method === 'POST' && second === 'logout') return { status: 200, body: { ok: true } };
    return undefined;
  }
  if (first !== 'users') return undefined;
  if (method === 'GET' && second === 'me') {
    const user = userOf(store, incoming.token);
    return user === undefined ? unauthorized() : { status: 200, body: shown(store, user) };
  }
  if (method === 'GET' && second === 'count') return { status: 200, body: users.length };
  if (method === 'GET' && second === undefined)
    return { status: 200, body: users.map((user) => shown(store, user)) };
  if (method === 'GET' && second !== undefined) {
    const user = users.find((candidate) => String(candidate.id) === second);
    return user === undefined
      ? failure(404, 'NotFoundError', 'Not Found')
      : { status: 200, body: shown(store, user) };
  }
  return undefined;
}
