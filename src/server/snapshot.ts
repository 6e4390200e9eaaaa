/**
 * Reads Strapi's runtime registry once, at bootstrap, into the published schema and its hash.
 */
import { schemaHash } from '../schema/hash.ts';
import {
  normalizeComponent,
  normalizeContentType,
  type RawComponent,
  type RawContentType,
} from '../schema/normalize.ts';
import type {
  AuthRouteName,
  CmsSchema,
  SchemaAuth,
  SchemaResponse,
  SchemaRoute,
  SchemaServerInfo,
} from '../schema/types.ts';
import { SCHEMA_FORMAT } from '../schema/types.ts';
import type { StrapiLike, StrapiRoute } from './strapi.ts';
import { REFRESH_SINCE, strapiVersion } from './version.ts';

export interface Snapshot {
  hash: string;
  schema: CmsSchema;
  /** The running Strapi's version and notices; published beside the hash, not hashed. */
  strapi: SchemaServerInfo;
  /** The `/schema` body, serialized once. */
  schemaBody: string;
  /** The `/schema-hash` body, serialized once. */
  hashBody: string;
}

export function takeSnapshot(strapi: StrapiLike): Snapshot {
  const schema = readSchema(strapi);
  const hash = schemaHash(schema);
  const info = readServerInfo(strapi, schema);
  const body: SchemaResponse = { hash, schema, strapi: info };
  return { hash, schema, strapi: info, schemaBody: JSON.stringify(body), hashBody: JSON.stringify({ hash }) };
}

/**
 * The Strapi version and a notice for each feature the configuration asks for but this
 * Strapi does not serve. Kept out of the hashed schema: upgrading Strapi without changing
 * the content model must not make every client regenerate.
 */
export function readServerInfo(strapi: StrapiLike, schema: CmsSchema): SchemaServerInfo {
  const version = strapiVersion(strapi);
  const notices: string[] = [];
  const plugin = strapi.plugin('users-permissions');
  if (plugin?.config('jwtManagement') === 'refresh' && schema.auth?.jwtManagement !== 'refresh') {
    notices.push(
      `refresh-token sessions need Strapi ${REFRESH_SINCE} or later; this server (Strapi ${version ?? 'of unknown version'}) ` +
        "has no /auth/refresh route although users-permissions' jwtManagement is 'refresh': " +
        'the client uses legacy JWT mode',
    );
  }
  return { version, notices };
}

export function readSchema(strapi: StrapiLike): CmsSchema {
  const customRoutes = readCustomRoutes(strapi);
  const contentTypes: CmsSchema['contentTypes'] = {};
  for (const uid of Object.keys(strapi.contentTypes).sort()) {
    if (!uid.startsWith('api::') && !uid.startsWith('plugin::')) continue;
    const raw = strapi.contentTypes[uid] as RawContentType;
    contentTypes[uid] = normalizeContentType(uid, raw, customRoutes.get(uid) ?? []);
  }
  const components: CmsSchema['components'] = {};
  for (const uid of Object.keys(strapi.components).sort()) {
    components[uid] = normalizeComponent(uid, strapi.components[uid] as RawComponent);
  }
  return { format: SCHEMA_FORMAT, contentTypes, components, auth: readAuth(strapi) };
}

const CORE_ACTIONS = new Set(['find', 'findOne', 'create', 'update', 'delete']);
const METHODS = new Set<SchemaRoute['method']>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes of `api::` controllers whose action is not one of the core CRUD actions, grouped by
 * the content type of their controller. Inline function handlers have no name and are skipped.
 */
function readCustomRoutes(strapi: StrapiLike): Map<string, SchemaRoute[]> {
  const byType = new Map<string, SchemaRoute[]>();
  for (const [apiName, api] of Object.entries(strapi.apis ?? {})) {
    for (const router of Object.values(api?.routes ?? {})) {
      if (router?.type !== undefined && router.type !== 'content-api') continue;
      for (const route of router?.routes ?? []) {
        const parsed = parseHandler(apiName, route);
        if (!parsed || CORE_ACTIONS.has(parsed.action)) continue;
        if (!(parsed.controller in strapi.contentTypes)) continue;
        const method = String(route.method).toUpperCase() as SchemaRoute['method'];
        if (!METHODS.has(method)) continue;
        const prefix = typeof route.config?.prefix === 'string' ? route.config.prefix : '';
        const list = byType.get(parsed.controller) ?? [];
        list.push({ method, path: `${prefix}${route.path}`, handler: parsed.action });
        byType.set(parsed.controller, list);
      }
    }
  }
  for (const list of byType.values()) {
    list.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }
  return byType;
}

function parseHandler(
  apiName: string,
  route: StrapiRoute,
): { controller: string; action: string } | undefined {
  if (typeof route.handler !== 'string' || typeof route.path !== 'string') return undefined;
  const handler = route.handler;
  const lastDot = handler.lastIndexOf('.');
  if (lastDot <= 0) return undefined;
  const action = handler.slice(lastDot + 1);
  const controller = handler.slice(0, lastDot);
  return { controller: controller.includes('::') ? controller : `api::${apiName}.${controller}`, action };
}

/** users-permissions handlers by route name; `auth.callback` serves both login and OAuth. */
const AUTH_ROUTES: Record<AuthRouteName, { handler: string; method: SchemaRoute['method']; path?: string }> =
  {
    login: { handler: 'auth.callback', method: 'POST', path: '/auth/local' },
    callback: { handler: 'auth.callback', method: 'GET' },
    register: { handler: 'auth.register', method: 'POST' },
    me: { handler: 'user.me', method: 'GET' },
    forgotPassword: { handler: 'auth.forgotPassword', method: 'POST' },
    resetPassword: { handler: 'auth.resetPassword', method: 'POST' },
    changePassword: { handler: 'auth.changePassword', method: 'POST' },
    emailConfirmation: { handler: 'auth.emailConfirmation', method: 'GET' },
    sendEmailConfirmation: { handler: 'auth.sendEmailConfirmation', method: 'POST' },
    refresh: { handler: 'auth.refresh', method: 'POST' },
    logout: { handler: 'auth.logout', method: 'POST' },
    sessions: { handler: 'auth.getSessions', method: 'GET' },
    revokeSession: { handler: 'auth.revokeSession', method: 'DELETE' },
  };
const SESSION_ROUTES = new Set<AuthRouteName>(['refresh', 'logout', 'sessions', 'revokeSession']);

/**
 * The auth mode and routes this server really runs: `refresh` only when configured and the
 * refresh route is registered (users-permissions before 5.24.1 accepts `jwtManagement:
 * 'refresh'` in its config but has no such route), and each route only when registered.
 */
function readAuth(strapi: StrapiLike): SchemaAuth | null {
  const plugin = strapi.plugin('users-permissions');
  if (!plugin) return null;
  const registered = plugin.routes?.['content-api']?.routes ?? [];
  const served = (name: AuthRouteName) => findRoute(registered, AUTH_ROUTES[name]) !== undefined;
  const jwtManagement =
    plugin.config('jwtManagement') === 'refresh' && served('refresh') ? 'refresh' : 'legacy-support';
  const sessionsHttpOnly = plugin.config('sessions.httpOnly') === true;
  const routes: SchemaAuth['routes'] = {};
  for (const [name, rule] of Object.entries(AUTH_ROUTES) as [
    AuthRouteName,
    (typeof AUTH_ROUTES)[AuthRouteName],
  ][]) {
    if (SESSION_ROUTES.has(name) && jwtManagement !== 'refresh') continue;
    const route = findRoute(registered, rule);
    if (route && typeof route.path === 'string') routes[name] = { method: rule.method, path: route.path };
  }
  return { jwtManagement, sessionsHttpOnly, routes };
}

function findRoute(
  registered: StrapiRoute[],
  rule: { handler: string; method: SchemaRoute['method']; path?: string },
): StrapiRoute | undefined {
  return registered.find(
    (candidate) =>
      candidate.handler === rule.handler &&
      String(candidate.method).toUpperCase() === rule.method &&
      (rule.path === undefined || candidate.path === rule.path),
  );
}
