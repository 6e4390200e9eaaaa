/**
 * The outline of a schema: what a schema diff compares (content types, components, their fields'
 * type, `required`, enum values, relation, target and component, and the routes), and nothing
 * else. The generator stores it beside its output, so the next generation can say what changed
 * without the previous payload, offline too. Built in a fixed order; small next to the output.
 */
import { customRoutesByType, isCoreRoute, isCustomRoute } from './route-kinds.ts';
import type { CmsSchema, SchemaAttribute } from './types.ts';

export interface OutlineAttribute {
  type: string;
  required?: boolean;
  enum?: string[];
  relation?: string;
  target?: string;
  component?: string;
  repeatable?: boolean;
  components?: string[];
  multiple?: boolean;
}

export interface OutlineRoute {
  method: string;
  /** Below `/api`, with `:param` placeholders. */
  path: string;
  /** The controller action: it names the client method. */
  handler: string;
}

/** A route of the payload's `routes` that is neither a content type's core nor custom route. */
export interface OutlineApiRoute extends OutlineRoute {
  /** `api::<name>` or `plugin::<name>`. */
  owner: string;
}

export interface OutlineContentType {
  kind: string;
  attributes: Record<string, OutlineAttribute>;
  routes: OutlineRoute[];
}

export interface OutlineComponent {
  attributes: Record<string, OutlineAttribute>;
}

export interface SchemaOutline {
  contentTypes: Record<string, OutlineContentType>;
  components: Record<string, OutlineComponent>;
  /**
   * users-permissions routes by name, and the user fields registration accepts besides
   * username, email and password (absent from outlines stored before 0.2, and where the payload
   * did not say); null without users-permissions.
   */
  auth: { routes: Record<string, { method: string; path: string }>; registerFields?: string[] } | null;
  /**
   * The other content-API routes (plugins', and `api::` routes of no content type; not the
   * auth routes above), in payload order; absent from outlines stored before payload format 2.
   */
  routes?: OutlineApiRoute[];
}

const KEYS = [
  'type',
  'required',
  'enum',
  'relation',
  'target',
  'component',
  'repeatable',
  'components',
  'multiple',
] as const;

export function outlineAttribute(attribute: SchemaAttribute): OutlineAttribute {
  const outline: Record<string, unknown> = {};
  for (const key of KEYS) if (attribute[key] !== undefined) outline[key] = attribute[key];
  return outline as unknown as OutlineAttribute;
}

function outlineAttributes(attributes: Record<string, SchemaAttribute>): Record<string, OutlineAttribute> {
  const outline: Record<string, OutlineAttribute> = {};
  for (const [name, attribute] of Object.entries(attributes)) outline[name] = outlineAttribute(attribute);
  return outline;
}

export function schemaOutline(schema: CmsSchema): SchemaOutline {
  const customRoutes = customRoutesByType(schema);
  const contentTypes: SchemaOutline['contentTypes'] = {};
  for (const uid of Object.keys(schema.contentTypes).sort()) {
    const type = schema.contentTypes[uid];
    if (!type) continue;
    contentTypes[uid] = {
      kind: type.kind,
      attributes: outlineAttributes(type.attributes),
      routes: customRoutes.get(uid) ?? [],
    };
  }
  const components: SchemaOutline['components'] = {};
  for (const uid of Object.keys(schema.components).sort()) {
    const component = schema.components[uid];
    if (component) components[uid] = { attributes: outlineAttributes(component.attributes) };
  }
  const routes: Record<string, { method: string; path: string }> = {};
  for (const name of Object.keys(schema.auth?.routes ?? {}).sort()) {
    const route = schema.auth?.routes[name as keyof NonNullable<CmsSchema['auth']>['routes']];
    if (route) routes[name] = { method: route.method, path: route.path };
  }
  // The auth routes are compared under `auth` already.
  const authKeys = new Set(Object.values(routes).map((route) => `${route.method} ${route.path}`));
  const apiRoutes = schema.routes
    .filter(
      (route) =>
        !isCoreRoute(schema, route) &&
        !isCustomRoute(schema, route) &&
        !authKeys.has(`${route.method} ${route.path}`),
    )
    .map(({ method, path, handler, owner }) => ({ method, path, handler, owner }));
  const registerFields = schema.auth?.registerFields;
  const auth = schema.auth
    ? { routes, ...(registerFields ? { registerFields: [...registerFields] } : {}) }
    : null;
  return { contentTypes, components, auth, routes: apiRoutes };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAttributes(value: unknown): boolean {
  return isObject(value) && Object.values(value).every((a) => isObject(a) && typeof a.type === 'string');
}

/** Whether a stored value (read back from disk) has the outline's shape. */
export function isSchemaOutline(value: unknown): value is SchemaOutline {
  if (!isObject(value) || !isObject(value.contentTypes) || !isObject(value.components)) return false;
  const typesOk = Object.values(value.contentTypes).every(
    (type) =>
      isObject(type) &&
      typeof type.kind === 'string' &&
      isAttributes(type.attributes) &&
      Array.isArray(type.routes) &&
      type.routes.every(
        (route) => isObject(route) && typeof route.method === 'string' && typeof route.path === 'string',
      ),
  );
  const componentsOk = Object.values(value.components).every(
    (component) => isObject(component) && isAttributes(component.attributes),
  );
  const authOk =
    value.auth === null ||
    (isObject(value.auth) &&
      isObject(value.auth.routes) &&
      (value.auth.registerFields === undefined ||
        (Array.isArray(value.auth.registerFields) &&
          value.auth.registerFields.every((field) => typeof field === 'string'))));
  const routesOk =
    value.routes === undefined ||
    (Array.isArray(value.routes) &&
      value.routes.every(
        (route) =>
          isObject(route) &&
          typeof route.method === 'string' &&
          typeof route.path === 'string' &&
          typeof route.owner === 'string',
      ));
  return typesOk && componentsOk && authOk && routesOk;
}
