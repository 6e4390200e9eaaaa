/**
 * `schema.routes` -> client methods: which routes the client already covers, which content type,
 * plugin or API each of the others belongs to, and the names of their properties and methods.
 *
 * Rules:
 * - Covered, so no method is generated: the core CRUD routes of a content type that has a client
 *   property (handler `<uid>.find|findOne|create|update|delete`); the users-permissions routes
 *   in `schema.auth.routes` (`client.auth`), and every other route of its `auth` controller
 *   (`refresh`, `logout` and the sessions in legacy mode, where `client.auth` leaves them out on
 *   purpose; `connect`, a browser redirect); with `client.users`, users-permissions'
 *   `GET /users`, `GET /users/count`, `GET /users/:id`, `POST /users`, `PUT /users/:id` and
 *   `DELETE /users/:id`; the upload plugin's `POST /upload`, `GET /upload/files`,
 *   `GET /upload/files/:id` and `DELETE /upload/files/:id` (`client.upload`); i18n's
 *   `GET /i18n/locales` (`client.i18n`). Paths compare with their parameter names and a
 *   trailing slash ignored (`POST /upload/`).
 * - A route whose path has an unnamed pattern (users-permissions' `GET /connect/(.*)`, a browser
 *   redirect) gets no method: the client cannot build its path.
 * - Every other route of a content type with a client property (handler `<uid>.<action>`) is a
 *   method of that property, as custom routes were before (`client.articles.like`).
 * - The other routes of a plugin go on one property per plugin (`plugin::navigation` ->
 *   `client.navigation`), those of an `api::` API on one per API (`api::probe` -> `client.probe`).
 *   The property is camelCase of the plugin or API name, claimed after every content-type
 *   property and `users`, owners sorted by uid; a name the client already has (a member, a
 *   reserved word) gets the suffix `Plugin` (plugin) or `Api` (api), then 2, 3, ... when taken
 *   (`plugin::upload`'s uncovered routes -> `client.uploadPlugin`).
 * - Methods of one property: routes sorted by path, then HTTP method; the method is camelCase of
 *   the handler's action (`plugin::navigation.client.render` -> `render`); a leading digit gets a
 *   `_`; on a content type, a name of its CRUD API or an ECMAScript reserved word gets the suffix
 *   `Route` (`findRoute`), as before; on a plugin or API property only what every object has
 *   (`then`, `constructor`, `toString`...) does (`client.shop.delete` stays); a name taken by an
 *   earlier route of the same property then gets 2, 3, ... (`render`, `render2`).
 */
import { type ContentTypeRoute, contentTypeHandler } from '../schema/route-kinds.ts';
import type { CmsSchema, JsonSchema, RoutePart, SchemaApiRoute } from '../schema/types.ts';
import {
  camelCase,
  compareCodeUnits,
  ECMASCRIPT_RESERVED_WORDS,
  typeName,
  type Uniquifier,
} from './identifiers.ts';
import { keyedObjectSchema, refersToRoot } from './json-schema-types.ts';
import { API_MEMBERS, customRouteModels } from './model-names.ts';
import type {
  ContentTypeModel,
  CoreAction,
  CustomRouteModel,
  DefinitionModel,
  RouteGroupModel,
} from './model-types.ts';
import { OBJECT_MEMBERS } from './reserved.ts';

/** users-permissions' auth controller: `client.auth` has its routes, those of the server's mode. */
const AUTH_CONTROLLER = 'plugin::users-permissions.auth.';

/** `METHOD path` with parameter names and a trailing slash dropped: `GET /users/:`. */
function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/:[A-Za-z0-9_]+(?:\([^)]*\))?/g, ':').replace(/(.)\/+$/, '$1')}`;
}

/**
 * A path the client can build: nothing but `:param` placeholders (each maybe with its pattern)
 * between fixed segments. `/connect/(.*)` (an unnamed pattern) cannot be: no method.
 */
function buildable(path: string): boolean {
  return !/[()*+?]/.test(path.replace(/:[A-Za-z0-9_]+(?:\([^)]*\))?/g, ''));
}

const UPLOAD_ROUTES = [
  'POST /upload',
  'GET /upload/files',
  'GET /upload/files/:id',
  'DELETE /upload/files/:id',
];
const I18N_ROUTES = ['GET /i18n/locales'];
const USERS_ROUTES = [
  'GET /users',
  'GET /users/count',
  'GET /users/:id',
  'POST /users',
  'PUT /users/:id',
  'DELETE /users/:id',
];

/** Members a method of a plugin or API property may not take: what every object has, and `then`. */
const OBJECT_METHODS = ['constructor', ...OBJECT_MEMBERS, 'then'];

function covered(schema: CmsSchema, withUsers: boolean): Set<string> {
  const keys = new Set<string>();
  const add = (owner: string, list: string[]) => {
    for (const key of list) {
      const space = key.indexOf(' ');
      keys.add(`${owner} ${routeKey(key.slice(0, space), key.slice(space + 1))}`);
    }
  };
  add('plugin::upload', UPLOAD_ROUTES);
  add('plugin::i18n', I18N_ROUTES);
  if (withUsers) add('plugin::users-permissions', USERS_ROUTES);
  for (const route of Object.values(schema.auth?.routes ?? {}))
    if (route) keys.add(`plugin::users-permissions ${routeKey(route.method, route.path)}`);
  return keys;
}

/** The query keys and `data` keys added to a core route, on its content type's model. */
function addParams(type: ContentTypeModel, crud: CoreAction, route: SchemaApiRoute): void {
  const query = keyedObjectSchema(route.query, route.requiredQuery ?? []);
  if (query !== undefined) type.addedParams.query[crud] = query;
  const data = keyedObjectSchema(route.inputParams, []);
  if (data !== undefined) type.addedParams.data[crud] = data;
}

function byPathThenMethod(a: SchemaApiRoute, b: SchemaApiRoute): number {
  return compareCodeUnits(a.path, b.path) || compareCodeUnits(a.method, b.method);
}

/** The action of a handler: what follows its last dot (`plugin::navigation.client.render` -> `render`). */
function action(handler: string): string {
  const dot = handler.lastIndexOf('.');
  return dot >= 0 ? handler.slice(dot + 1) : handler;
}

/** The route as the naming rules take it (`handler` the action). */
function asRoute(route: SchemaApiRoute): ContentTypeRoute {
  return { method: route.method, path: route.path, handler: action(route.handler) };
}

function routeModels(
  routes: SchemaApiRoute[],
  reserved: readonly string[],
  reservedWords: boolean,
): CustomRouteModel[] {
  const sorted = [...routes].sort(byPathThenMethod);
  return customRouteModels(sorted.map(asRoute), reserved, reservedWords).map((model, index) => ({
    ...model,
    source: sorted[index]!,
  }));
}

/**
 * Sets the custom routes of every content type with a client property from `schema.routes`, and
 * returns the routes of plugins and APIs grouped by property. Claims the properties in
 * `clientNames` (after the content types' and `users`).
 */
export function assignRoutes(
  schema: CmsSchema,
  contentTypes: ContentTypeModel[],
  clientNames: Uniquifier,
  reservedClient: ReadonlySet<string>,
  withUsers: boolean,
): RouteGroupModel[] {
  const routes = schema.routes ?? [];
  const coveredKeys = covered(schema, withUsers);
  const typed = new Map(
    contentTypes.filter((type) => type.clientProperty !== null).map((type) => [type.uid, type]),
  );
  const perType = new Map<string, SchemaApiRoute[]>();
  const perOwner = new Map<string, SchemaApiRoute[]>();
  for (const route of routes) {
    if (coveredKeys.has(`${route.owner} ${routeKey(route.method, route.path)}`)) continue;
    if (schema.auth && route.handler.startsWith(AUTH_CONTROLLER)) continue;
    if (!buildable(route.path)) continue;
    const served = contentTypeHandler(route.handler, (uid) => typed.has(uid));
    if (served !== undefined) {
      if (served.core) addParams(typed.get(served.uid)!, served.action as CoreAction, route);
      else perType.set(served.uid, [...(perType.get(served.uid) ?? []), route]);
      continue;
    }
    perOwner.set(route.owner, [...(perOwner.get(route.owner) ?? []), route]);
  }
  for (const type of typed.values())
    type.customRoutes = routeModels(perType.get(type.uid) ?? [], API_MEMBERS, true);

  const groups: RouteGroupModel[] = [];
  for (const owner of [...perOwner.keys()].sort(compareCodeUnits)) {
    const separator = owner.indexOf('::');
    const namespace = separator >= 0 ? owner.slice(0, separator) : '';
    let base = camelCase(separator >= 0 ? owner.slice(separator + 2) : owner);
    if (base === '') base = 'unnamed';
    if (/^[0-9]/.test(base)) base = `_${base}`;
    if (reservedClient.has(base) || ECMASCRIPT_RESERVED_WORDS.has(base))
      base += namespace === 'plugin' ? 'Plugin' : 'Api';
    groups.push({
      owner,
      property: clientNames.claim(base),
      routes: routeModels(perOwner.get(owner) ?? [], OBJECT_METHODS, false),
    });
  }
  return groups;
}

const PARTS: RoutePart[] = ['params', 'query', 'body', 'response'];

/**
 * Names the aliases of the types file: one per `schema.definitions` id, in id order
 * (PascalCase of the id, `typeName`), then one per route schema that refers to itself
 * (`$ref: "#"`), `<Property><Method><Part>` (`NavigationRenderResponse`), properties in client
 * order. Each is claimed after every other type name, so a schema gaining routes moves none.
 */
export function claimDefinitionNames(
  schema: CmsSchema,
  owners: { property: string | null; routes: CustomRouteModel[] }[],
  types: Uniquifier,
): DefinitionModel[] {
  const source = schema.definitions ?? {};
  const definitions: DefinitionModel[] = Object.keys(source)
    .sort(compareCodeUnits)
    .map((id) => ({ id, name: types.claim(typeName(id)), schema: source[id] as JsonSchema }));
  for (const owner of owners) {
    if (owner.property === null) continue;
    for (const route of owner.routes) {
      for (const part of PARTS) {
        const partSchema = routePart(route.source, part);
        if (partSchema === undefined || !refersToRoot(partSchema)) continue;
        const name = types.claim(typeName(`${owner.property}-${route.name}-${part}`));
        route.selfAliases[part] = name;
        const what = part === 'params' ? 'path parameters' : part;
        definitions.push({
          id: null,
          name,
          schema: partSchema,
          of: `the ${what} of \`${route.method} /api${route.path}\``,
        });
      }
    }
  }
  return definitions;
}

/**
 * A route's schema of `part`; `params` and `query` as one object schema (keyedObjectSchema): every
 * path parameter required, and the query keys `requiredQuery` lists.
 */
export function routePart(source: SchemaApiRoute | null, part: RoutePart): JsonSchema | undefined {
  if (source === null) return undefined;
  if (part === 'params') return keyedObjectSchema(source.params, Object.keys(source.params ?? {}));
  if (part === 'query') return keyedObjectSchema(source.query, source.requiredQuery ?? []);
  return source[part];
}
