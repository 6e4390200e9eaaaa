/**
 * The same schema in the peers' input formats:
 * - strapi-typed-client's plugin answer to `/api/strapi-typed-client/schema` (its
 *   dist/plugin/server/src/services/schema.js): `{schema: {contentTypes, components}, endpoints,
 *   pluginEndpoints, extraTypes, hash, generatedAt}` with Strapi's raw attributes, only `api::`
 *   and users-permissions content types, private attributes and relations to other plugins left
 *   out (what its plugin does); our custom routes become its `endpoints`, our users-permissions
 *   auth routes its `pluginEndpoints`;
 * - Strapi's registry (`strapi.contentTypes` / `strapi.components`), what
 *   `@strapi/typescript-utils` reads: raw schemas with `modelType`, `info`, `options`,
 *   `pluginOptions` and the system attributes Strapi adds at boot.
 */
import { createHash } from 'node:crypto';
import { customRoutesByType } from '../../src/schema/route-kinds.ts';
import type { SchemaAttribute, SchemaContentType, SchemaResponse } from '../../src/schema/types.ts';

type Json = Record<string, unknown>;

/** Strapi's raw attribute: our `localized` flag lives under `pluginOptions.i18n`. */
function rawAttribute(attribute: SchemaAttribute): Json {
  const { localized, ...rest } = attribute;
  return localized ? { ...rest, pluginOptions: { i18n: { localized: true } } } : { ...rest };
}

function rawAttributes(attributes: Record<string, SchemaAttribute>): Record<string, Json> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, rawAttribute(value)]));
}

const collectionName = (name: string) => name.replaceAll('-', '_');

/** Keys sorted at every depth, as strapi-typed-client's computeSchemaHash serializes. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const record = value as Json;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortKeys(record[key])]),
    );
  }
  return value;
}

/** Handlers of the users-permissions routes, by our route name (controller.action). */
const AUTH_HANDLERS: Record<string, string> = {
  login: 'auth.callback',
  callback: 'auth.callback',
  register: 'auth.register',
  me: 'user.me',
  forgotPassword: 'auth.forgotPassword',
  resetPassword: 'auth.resetPassword',
  changePassword: 'auth.changePassword',
  emailConfirmation: 'auth.emailConfirmation',
  sendEmailConfirmation: 'auth.sendEmailConfirmation',
  refresh: 'auth.refresh',
  logout: 'auth.logout',
  sessions: 'auth.sessions',
  revokeSession: 'auth.revokeSession',
};

function keepForPeer(attribute: SchemaAttribute): boolean {
  if (attribute.private) return false;
  const target = attribute.target;
  if (
    attribute.type === 'relation' &&
    target?.startsWith('plugin::') &&
    !target.includes('users-permissions')
  )
    return false;
  return true;
}

/** strapi-typed-client's `/schema` answer for the same content. */
export function peerPayload(payload: SchemaResponse): Json {
  const contentTypes: Record<string, Json> = {};
  const endpoints: Json[] = [];
  for (const [uid, type] of Object.entries(payload.schema.contentTypes)) {
    if (!uid.startsWith('api::') && !uid.includes('users-permissions')) continue;
    const attributes = Object.fromEntries(
      Object.entries(type.attributes)
        .filter(([, attribute]) => keepForPeer(attribute))
        .map(([name, attribute]) => [name, rawAttribute(attribute)]),
    );
    contentTypes[uid] = {
      uid,
      kind: type.kind,
      collectionName: collectionName(type.pluralName),
      info: { singularName: type.singularName, pluralName: type.pluralName, displayName: type.displayName },
      attributes,
    };
    for (const route of customRoutesByType(payload.schema).get(uid) ?? []) {
      const api = uid.split('::')[1]!.split('.')[0]!;
      endpoints.push({
        method: route.method,
        path: route.path,
        handler: `${uid}.${route.handler}`,
        controller: api,
        action: route.handler,
      });
    }
  }
  const components: Record<string, Json> = {};
  for (const [uid, component] of Object.entries(payload.schema.components)) {
    components[uid] = {
      uid,
      category: component.category,
      info: { displayName: component.displayName },
      attributes: Object.fromEntries(
        Object.entries(component.attributes)
          .filter(([, attribute]) => keepForPeer(attribute))
          .map(([name, attribute]) => [name, rawAttribute(attribute)]),
      ),
    };
  }
  const pluginEndpoints: Json[] = [];
  for (const [name, route] of Object.entries(payload.schema.auth?.routes ?? {})) {
    const handler = AUTH_HANDLERS[name];
    if (!handler || !route) continue;
    const [controller, action] = handler.split('.') as [string, string];
    pluginEndpoints.push({
      method: route.method,
      path: route.path,
      handler: `plugin::users-permissions.${handler}`,
      controller,
      action,
      pluginName: 'users-permissions',
      prefix: '',
    });
  }
  endpoints.sort((a, b) => String(a.path).localeCompare(String(b.path)));
  const schema = { contentTypes, components };
  const allEndpoints = [...endpoints, ...pluginEndpoints];
  const hash = createHash('sha256')
    .update(JSON.stringify(sortKeys({ schema, endpoints: allEndpoints, extraTypes: [] })))
    .digest('hex');
  return {
    schema,
    endpoints,
    pluginEndpoints,
    extraTypes: [],
    hash,
    generatedAt: '2025-01-01T00:00:00.000Z',
  };
}

/** The attributes Strapi adds to every content type at boot (what its registry holds). */
function systemAttributes(type: SchemaContentType): Record<string, Json> {
  const admin = {
    type: 'relation',
    relation: 'oneToOne',
    target: 'admin::user',
    configurable: false,
    private: true,
  };
  const attributes: Record<string, Json> = {
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
    publishedAt: { type: 'datetime', configurable: false, writable: true, visible: false },
    createdBy: { ...admin, writable: false, visible: false, useJoinTable: false },
    updatedBy: { ...admin, writable: false, visible: false, useJoinTable: false },
    locale: { type: 'string', configurable: false, private: !type.localized, visible: false, writable: true },
    localizations: {
      type: 'relation',
      relation: 'oneToMany',
      target: type.uid,
      writable: false,
      private: !type.localized,
      configurable: false,
      visible: false,
      unstable_virtual: true,
      joinColumn: { name: 'document_id', referencedColumn: 'document_id', referencedTable: 'x' },
    },
  };
  return attributes;
}

/** `strapi.contentTypes` and `strapi.components` as Strapi's own type generator reads them. */
export function strapiRegistry(payload: SchemaResponse): {
  contentTypes: Record<string, Json>;
  components: Record<string, Json>;
} {
  const contentTypes: Record<string, Json> = {};
  for (const [uid, type] of Object.entries(payload.schema.contentTypes)) {
    contentTypes[uid] = {
      uid,
      modelType: 'contentType',
      kind: type.kind,
      collectionName: collectionName(type.pluralName),
      info: { singularName: type.singularName, pluralName: type.pluralName, displayName: type.displayName },
      options: { draftAndPublish: type.draftAndPublish },
      pluginOptions: type.localized ? { i18n: { localized: true } } : {},
      attributes: { ...rawAttributes(type.attributes), ...systemAttributes(type) },
    };
  }
  const components: Record<string, Json> = {};
  for (const [uid, component] of Object.entries(payload.schema.components)) {
    const name = uid.split('.')[1] ?? uid;
    components[uid] = {
      uid,
      modelType: 'component',
      category: component.category,
      collectionName: `components_${collectionName(component.category)}_${collectionName(name)}`,
      info: { displayName: component.displayName },
      options: {},
      attributes: rawAttributes(component.attributes),
    };
  }
  return { contentTypes, components };
}
