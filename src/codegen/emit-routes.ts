/**
 * Route methods as the client declares them, and the aliases of the routes' shared schemas as the
 * types file declares them. A route from `schema.routes` is typed from its JSON Schemas
 * (json-schema-types.ts): path parameters from `params`, then `query` (GET, DELETE) or `body` (the
 * other methods), required when the schema has required keys, then cache options; the result
 * from `response`. Without a schema a part keeps the untyped form custom routes always had:
 * `string | number` path parameters, `Record<string, unknown>` query, `unknown` body, and a
 * result type `R` the caller names (`unknown` by default).
 */

import type { Dialect } from './dialect.ts';
import { jsdocText, stringLiteral } from './identifiers.ts';
import { Imports } from './imports.ts';
import {
  hasRequiredKeys,
  type JsonSchemaNames,
  jsonSchemaType,
  propertySchema,
  schemaDescription,
} from './json-schema-types.ts';
import type { CodegenModel, CustomRouteModel, DefinitionModel, RouteGroupModel } from './model-types.ts';
import { routePart } from './route-methods.ts';
import type { ImportExtension } from './specifiers.ts';

/** How the references of a route's or a definition's schema resolve in this model. */
export function schemaNames(model: CodegenModel, imports?: Imports): JsonSchemaNames {
  const definitions = new Map(
    model.definitions.flatMap((definition) =>
      definition.id === null ? [] : [[definition.id, definition.name]],
    ),
  );
  const entries = new Map<string, string>([
    ...model.contentTypes.map((type) => [type.uid, type.names.entry] as [string, string]),
    ...model.components.map((component) => [component.uid, component.names.entry] as [string, string]),
  ]);
  const use = (name: string | undefined) =>
    name === undefined || imports === undefined ? name : imports.registryType(name);
  return { definition: (id) => use(definitions.get(id)), entry: (uid) => use(entries.get(uid)) };
}

/** The names of the types file a client file may refer to: definition aliases and entry interfaces. */
export function routeTypeNames(model: CodegenModel): string[] {
  return [
    ...model.definitions.map((definition) => definition.name),
    ...model.contentTypes.map((type) => type.names.entry),
    ...model.components.map((component) => component.names.entry),
  ];
}

function sendsQuery(route: CustomRouteModel): boolean {
  return route.method === 'GET' || route.method === 'DELETE';
}

/** A self-referring route schema's alias in the types file, recorded as imported. */
function registryAlias(name: string | undefined, imports: Imports): string | undefined {
  return name === undefined ? undefined : imports.registryType(name);
}

/** The parameters and result of a route method. */
function signature(
  route: CustomRouteModel,
  names: JsonSchemaNames,
  indent: string,
  imports: Imports,
): string {
  const source = route.source;
  const params = route.pathParams.map((param) => {
    const schema = propertySchema(routePart(source, 'params'), param.placeholder);
    const typed = schema === undefined ? 'unknown' : jsonSchemaType(schema, names, indent);
    const type = typed === 'unknown' || typed === 'never' ? 'string | number' : typed;
    return `${param.name}: ${type}`;
  });
  const parts: ('query' | 'body')[] = sendsQuery(route)
    ? ['query']
    : bodyWithQuery(route)
      ? ['body', 'query']
      : ['body'];
  const typed = parts.map((part) => {
    const schema = routePart(source, part);
    if (schema === undefined)
      return { part, required: false, type: part === 'query' ? 'Record<string, unknown>' : 'unknown' };
    const type =
      registryAlias(route.selfAliases[part], imports) ??
      jsonSchemaType(schema, { ...names, optionalUndefined: true }, indent);
    return { part, required: hasRequiredKeys(schema), type };
  });
  // A required argument after an optional one: the optional one takes `undefined` instead.
  typed.forEach(({ part, required, type }, index) => {
    const later = typed.slice(index + 1).some((next) => next.required);
    if (required) params.push(`${part}: ${type}`);
    else if (later) params.push(`${part}: ${type} | undefined`);
    else params.push(`${part}?: ${type}`);
  });
  params.push(`cacheOptions?: ${imports.type('CacheOptions')}`);
  const response = source?.response;
  if (response === undefined) return `<R = unknown>(${params.join(', ')}): Promise<R>`;
  const result =
    registryAlias(route.selfAliases.response, imports) ?? jsonSchemaType(response, names, indent);
  return `(${params.join(', ')}): Promise<${result}>`;
}

/** A route sent with a body whose schema declares query keys too: they come after the body. */
function bodyWithQuery(route: CustomRouteModel): boolean {
  return !sendsQuery(route) && routePart(route.source, 'query') !== undefined;
}

/** The `RouteSpec` of a route as the route table holds it. */
export function routeSpec(route: CustomRouteModel): string {
  const query = bodyWithQuery(route) ? ', query: true' : '';
  return `{ method: ${stringLiteral(route.method)}, path: ${stringLiteral(route.path)}${query} }`;
}

/** One route of `client.auth`: the client's method name and the route's path. */
export interface AuthRoute {
  path: string;
  method: string;
}

/**
 * `client.auth` method names by the route names of the schema's `auth` block, in the order the
 * client lists them. The runtime knows only the method names (`AuthMethods`, and the route
 * table's `AUTH_ROUTES` keyed by them); the generated fixtures' type check fails on a name it
 * does not have.
 */
const AUTH_METHODS = {
  login: 'login',
  register: 'register',
  me: 'me',
  forgotPassword: 'forgotPassword',
  resetPassword: 'resetPassword',
  changePassword: 'changePassword',
  emailConfirmation: 'confirmEmail',
  sendEmailConfirmation: 'sendEmailConfirmation',
  callback: 'callback',
  refresh: 'refresh',
  logout: 'logout',
  sessions: 'getSessions',
  revokeSession: 'revokeSession',
} as const;

/** The routes of `client.auth` the server exposes, in `AUTH_METHODS` order, with their method names. */
export function authRoutes(model: CodegenModel): AuthRoute[] {
  const routes = model.auth?.routes ?? {};
  return Object.entries(AUTH_METHODS).flatMap(([route, method]) => {
    const found = routes[route as keyof typeof routes];
    return found ? [{ path: found.path, method }] : [];
  });
}

/** The route methods of one client property. */
export type RouteGroup = Pick<RouteGroupModel, 'property' | 'routes'>;

/** Every property with route methods: the content types with custom routes, then the plugin and API properties. */
export function routeGroups(model: CodegenModel): RouteGroup[] {
  const types = model.contentTypes.flatMap((type) =>
    type.clientProperty !== null && type.customRoutes.length > 0
      ? [{ property: type.clientProperty, routes: type.customRoutes }]
      : [],
  );
  return [
    ...types,
    ...model.routeGroups.map((group) => ({ property: group.property, routes: group.routes })),
  ];
}

const ROUTE_TABLE_DOC =
  '/** The method and path of each route method of the client, by client property and method name; loaded on the first route call. */';
const AUTH_TABLE_DOC =
  '/** The paths of the users-permissions routes behind `client.auth`, by method name. */';

/** An object literal of `rows` (each `key: value`) at `indent`, one row per line. */
function objectLiteral(rows: string[], indent: string): string {
  return rows.length === 0 ? '{}' : `{\n${rows.map((row) => `${indent}  ${row},\n`).join('')}${indent}}`;
}

/**
 * `client/routes.*`: `ROUTES` (each route once, by property and method name) and `AUTH_ROUTES`,
 * the route table the client loads on its first route call.
 */
export function emitRouteTable(
  model: CodegenModel,
  dialect: Dialect,
  extension: ImportExtension = 'js',
): string {
  const imports = new Imports(dialect.types, extension, '../');
  const specs = imports.type('RouteSpecs');
  const auth = imports.type('AuthRoutes');
  let body: string;
  if (dialect.code) {
    const groups = routeGroups(model).map(
      (group) =>
        `${group.property}: ${objectLiteral(
          group.routes.map((route) => `${route.name}: ${routeSpec(route)}`),
          '  ',
        )}`,
    );
    const paths = authRoutes(model).map((route) => `${route.method}: ${stringLiteral(route.path)}`);
    body = [
      `${ROUTE_TABLE_DOC}\nexport const ROUTES${dialect.annotation(specs)} = ${objectLiteral(groups, '')};\n`,
      `${AUTH_TABLE_DOC}\nexport const AUTH_ROUTES${dialect.annotation(auth)} = ${objectLiteral(paths, '')};\n`,
    ].join('');
  } else {
    body = `${ROUTE_TABLE_DOC}\n${dialect.exportConstant('ROUTES', specs, '')}\n${AUTH_TABLE_DOC}\n${dialect.exportConstant('AUTH_ROUTES', auth, '')}\n`;
  }
  const lines = imports.lines([]);
  return lines.length === 0 ? body : `${lines.join('\n')}\n\n${body}`;
}

/** The doc of a route method: what it sends and returns. */
function routeDoc(route: CustomRouteModel, kind: 'custom' | 'plugin'): string {
  const source = route.source;
  const where = `\`${route.method} /api${jsdocText(route.path)}\``;
  if (source === null)
    return `/** Custom route ${where}: ${sendsQuery(route) ? 'query parameters' : 'a JSON body or FormData'}, then cache options; returns the response body. */`;
  const head =
    source === null
      ? `Custom route ${where}`
      : `${kind === 'custom' ? 'Custom route' : 'Route'} ${where} (\`${jsdocText(source.handler)}\`${source.auth ? '' : ', public'})`;
  const part = sendsQuery(route)
    ? 'query parameters'
    : bodyWithQuery(route)
      ? 'the body, then query parameters'
      : 'the body';
  const path = route.params.length > 0 ? 'path parameters, then ' : '';
  const result =
    source.response === undefined
      ? 'returns the response body, typed as `R`'
      : 'returns the response body as its schema declares it';
  return `/** ${head}: ${path}${part}, then cache options; ${result}. */`;
}

/** A route method as an interface member, at `indent`. */
export function routeMember(
  route: CustomRouteModel,
  names: JsonSchemaNames,
  indent: string,
  kind: 'custom' | 'plugin',
  imports: Imports,
): string {
  return `${indent}${routeDoc(route, kind)}\n${indent}${route.name}${signature(route, names, indent, imports)};\n`;
}

/** The type of a plugin or API property. */
export function routeGroupType(group: RouteGroupModel, names: JsonSchemaNames, imports: Imports): string {
  return `{\n${group.routes.map((route) => routeMember(route, names, '    ', 'plugin', imports)).join('')}  }`;
}

/** The doc of a plugin or API property. */
export function routeGroupDoc(group: RouteGroupModel): string {
  const kind = group.owner.startsWith('plugin::') ? 'plugin' : 'API';
  return `  /** Routes of the ${kind} \`${jsdocText(group.owner)}\` that the client has no other method for. */\n`;
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The alias of one shared or self-referring schema. */
function definitionDeclaration(definition: DefinitionModel, names: JsonSchemaNames): string {
  const doc =
    schemaDescription(definition.schema) ??
    (definition.id === null
      ? `${upperFirst(jsdocText(definition.of ?? 'a route schema'))}, as its schema (which refers to itself) declares it.`
      : `The shared schema \`${jsdocText(definition.id)}\` of the server's routes.`);
  const type = jsonSchemaType(definition.schema, { ...names, root: definition.name });
  return `/** ${doc} */\nexport type ${definition.name} = ${type};`;
}

/** The aliases of the routes' shared schemas, for the types file. */
export function definitionDeclarations(model: CodegenModel): string[] {
  const names = schemaNames(model);
  return model.definitions.map((definition) => definitionDeclaration(definition, names));
}
