/**
 * Reads Strapi's runtime registry once, at bootstrap, into the published schema and its hash.
 */
import { gzipSync } from 'node:zlib';
import { schemaHash } from '../schema/hash.ts';
import { type UnownedInverse, unownedInverseNotice, unownedInverses } from '../schema/inverse-sides.ts';
import {
  normalizeComponent,
  normalizeContentType,
  type RawComponent,
  type RawContentType,
} from '../schema/normalize.ts';
import type {
  AuthRouteName,
  CmsSchema,
  RouteMethod,
  SchemaAuth,
  SchemaResponse,
  SchemaServerInfo,
} from '../schema/types.ts';
import { SCHEMA_FORMAT } from '../schema/types.ts';
import { collectRoutes } from './content-api-routes.ts';
import {
  PREVIEW_CHECKED,
  PREVIEW_RULES,
  type PreviewHandler,
  type PreviewStrapi,
  ruleProblems,
} from './preview-config.ts';
import { readRegisterFields, registerNotice, unregistrableFields } from './register-fields.ts';
import { loadStrapiZod, RouteSchemaConverter } from './route-contracts.ts';
import type { StrapiLike, StrapiRoute } from './strapi.ts';
import { atLeast, PREVIEW_FLAGGED_SINCE, PREVIEW_SINCE, REFRESH_SINCE, strapiVersion } from './version.ts';

export interface Snapshot {
  hash: string;
  schema: CmsSchema;
  /** The running Strapi's version and notices; published beside the hash, not hashed. */
  strapi: SchemaServerInfo;
  /**
   * The `/schema` body, serialized and UTF-8 encoded once: a string body would be encoded again on
   * every request, and the payload is tens of kilobytes.
   */
  schemaBody: Buffer;
  /** `schemaBody` gzipped once, for clients that accept it (about a tenth of its size). */
  schemaGzip: Buffer;
  /** The `/schema-hash` body, serialized and encoded once. */
  hashBody: Buffer;
}

export function takeSnapshot(strapi: StrapiLike): Snapshot {
  const { schema, leftOut } = readPublished(strapi);
  const hash = schemaHash(schema);
  const info = readServerInfo(strapi, schema, leftOut);
  const body: SchemaResponse = { hash, schema, strapi: info };
  const schemaBody = Buffer.from(JSON.stringify(body));
  return {
    hash,
    schema,
    strapi: info,
    schemaBody,
    schemaGzip: gzipSync(schemaBody, { level: 9 }),
    hashBody: Buffer.from(JSON.stringify({ hash })),
  };
}

/**
 * The Strapi version and a notice for each feature the configuration asks for but this
 * Strapi does not serve, and for each relation left out of the schema (`leftOut`). Kept out of
 * the hashed schema: upgrading Strapi without changing the content model must not make every
 * client regenerate.
 */
export function readServerInfo(
  strapi: StrapiLike,
  schema: CmsSchema,
  leftOut: UnownedInverse[] = [],
): SchemaServerInfo {
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
  notices.push(...registerNotice(unregistrableFields(schema), version));
  notices.push(...leftOut.map(unownedInverseNotice));
  notices.push(...previewRuleNotices(strapi));
  if (schema.preview !== undefined && !previewServed(strapi, version))
    notices.push(
      `the preview of config/admin (cmsPreview) needs Strapi ${PREVIEW_SINCE} or later, or ${PREVIEW_FLAGGED_SINCE} ` +
        `with future.preview on in config/features; this server (Strapi ${version ?? 'of unknown version'}) shows no ` +
        '"Open preview" button',
    );
  return { version, notices };
}

/** The schema this server publishes. */
export function readSchema(strapi: StrapiLike): CmsSchema {
  return readPublished(strapi).schema;
}

/**
 * The schema this server publishes, and the relations left out of it: inverse sides that no
 * relation owns (src/schema/inverse-sides.ts), which Strapi never reads.
 */
function readPublished(strapi: StrapiLike): { schema: CmsSchema; leftOut: UnownedInverse[] } {
  const contentTypes: CmsSchema['contentTypes'] = {};
  for (const uid of Object.keys(strapi.contentTypes).sort()) {
    if (!uid.startsWith('api::') && !uid.startsWith('plugin::')) continue;
    contentTypes[uid] = normalizeContentType(uid, strapi.contentTypes[uid] as RawContentType);
  }
  const leftOut = unownedInverses(contentTypes);
  for (const { uid, attribute } of leftOut) delete contentTypes[uid]!.attributes[attribute];
  const components: CmsSchema['components'] = {};
  for (const uid of Object.keys(strapi.components).sort()) {
    components[uid] = normalizeComponent(uid, strapi.components[uid] as RawComponent);
  }
  const { routes, definitions } = readRoutes(strapi);
  const schema: CmsSchema = {
    format: SCHEMA_FORMAT,
    contentTypes,
    components,
    auth: readAuth(strapi),
    routes,
    definitions,
  };
  const preview = readPreview(strapi, contentTypes);
  if (preview.length > 0) schema.preview = { uids: preview };
  return { schema, leftOut };
}

/** Whether this Strapi shows the content manager's preview: 5.6+, or 5.1+ with its future flag. */
function previewServed(strapi: StrapiLike, version: string | null): boolean {
  if (atLeast(version, PREVIEW_SINCE)) return true;
  return atLeast(version, PREVIEW_FLAGGED_SINCE) && strapi.config?.get('features.future.preview') === true;
}

/** The enabled preview handler of `config/admin`, when `cmsPreview` built it (it carries its rules). */
function previewHandler(strapi: StrapiLike): PreviewHandler | undefined {
  const preview = strapi.config?.get('admin.preview');
  if (typeof preview !== 'object' || preview === null) return undefined;
  const { enabled, config } = preview as { enabled?: unknown; config?: { handler?: unknown } };
  if (enabled === false || typeof config?.handler !== 'function') return undefined;
  const handler = config.handler as PreviewHandler;
  const rules = handler[PREVIEW_RULES];
  return typeof rules === 'object' && rules !== null ? handler : undefined;
}

/**
 * What is wrong with the preview rules of `config/admin` for this app's content types (an
 * unknown uid or field), a notice each, at boot; the handler is marked so that it does not
 * repeat them on the admin's first preview.
 */
function previewRuleNotices(strapi: StrapiLike): string[] {
  const handler = previewHandler(strapi);
  if (handler === undefined) return [];
  handler[PREVIEW_CHECKED] = true;
  return ruleProblems(handler[PREVIEW_RULES] ?? {}, strapi as unknown as PreviewStrapi);
}

/**
 * The `api::` content types with a rule in `config/admin`'s preview, when it was built by
 * `cmsPreview` and is enabled; sorted.
 */
function readPreview(strapi: StrapiLike, contentTypes: CmsSchema['contentTypes']): string[] {
  const rules = previewHandler(strapi)?.[PREVIEW_RULES];
  if (rules === undefined) return [];
  return Object.keys(rules)
    .filter((uid) => uid.startsWith('api::') && Object.hasOwn(contentTypes, uid))
    .sort();
}

/**
 * The content-API routes with their contracts converted by the running Strapi's zod. A
 * schema that cannot be converted is left out with one warning each; no zod at all (a Strapi
 * from before route contracts), routes without schemas.
 */
function readRoutes(strapi: StrapiLike): Pick<CmsSchema, 'routes' | 'definitions'> {
  const strapiZod = loadStrapiZod(strapi);
  const converter = strapiZod ? new RouteSchemaConverter(strapiZod, strapi) : undefined;
  const { routes, definitions, warnings } = collectRoutes(strapi, { converter });
  for (const warning of warnings) strapi.log.warn(`${PLUGIN}: ${warning}`);
  return { routes, definitions };
}

const PLUGIN = 'cms-typed-client';

type RouteRule = { handler: string; method: RouteMethod; path?: string };

/** users-permissions handlers by route name; `auth.callback` serves both login and OAuth. */
const AUTH_ROUTES: Record<AuthRouteName, RouteRule> = {
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
  return { jwtManagement, sessionsHttpOnly, routes, registerFields: readRegisterFields(plugin) };
}

function findRoute(registered: StrapiRoute[], rule: RouteRule): StrapiRoute | undefined {
  return registered.find(
    (candidate) =>
      candidate.handler === rule.handler &&
      String(candidate.method).toUpperCase() === rule.method &&
      (rule.path === undefined || candidate.path === rule.path),
  );
}
