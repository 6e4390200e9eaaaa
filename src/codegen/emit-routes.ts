/**
 * Route methods as the client declares them, and the aliases of the routes' shared schemas as the
 * types file declares them. A route from `schema.routes` is typed from its JSON Schemas
 * (json-schema.ts): path parameters from `params`, then `query` (GET, DELETE) or `body` (the
 * other methods), required when the schema has required keys, then cache options; the result
 * from `response`. Without a schema a part keeps the untyped form custom routes always had:
 * `string | number` path parameters, `Record<string, unknown>` query, `unknown` body, and a
 * result type `R` the caller names (`unknown` by default).
 */

import {
  hasRequiredKeys,
  type JsonSchemaNames,
  jsonSchemaType,
  propertySchema,
  schemaDescription,
} from './json-schema.ts';
import type { CodegenModel, CustomRouteModel, DefinitionModel, RouteGroupModel } from './model-types.ts';
import { jsdocText, stringLiteral } from './names.ts';
import { routePart } from './routes.ts';

/** How the references of a route's or a definition's schema resolve in this model. */
export function schemaNames(model: CodegenModel): JsonSchemaNames {
  const definitions = new Map(
    model.definitions.flatMap((definition) =>
      definition.id === null ? [] : [[definition.id, definition.name]],
    ),
  );
  const entries = new Map<string, string>([
    ...model.contentTypes.map((type) => [type.uid, type.names.entry] as [string, string]),
    ...model.components.map((component) => [component.uid, component.names.entry] as [string, string]),
  ]);
  return { definition: (id) => definitions.get(id), entry: (uid) => entries.get(uid) };
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

/** The parameters and result of a route method. */
function signature(route: CustomRouteModel, names: JsonSchemaNames, indent: string): string {
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
      route.selfAliases[part] ?? jsonSchemaType(schema, { ...names, optionalUndefined: true }, indent);
    return { part, required: hasRequiredKeys(schema), type };
  });
  // A required argument after an optional one: the optional one takes `undefined` instead.
  typed.forEach(({ part, required, type }, index) => {
    const later = typed.slice(index + 1).some((next) => next.required);
    if (required) params.push(`${part}: ${type}`);
    else if (later) params.push(`${part}: ${type} | undefined`);
    else params.push(`${part}?: ${type}`);
  });
  params.push('cacheOptions?: CacheOptions');
  const response = source?.response;
  if (response === undefined) return `<R = unknown>(${params.join(', ')}): Promise<R>`;
  const result = route.selfAliases.response ?? jsonSchemaType(response, names, indent);
  return `(${params.join(', ')}): Promise<${result}>`;
}

/** A route sent with a body whose schema declares query keys too: they come after the body. */
function bodyWithQuery(route: CustomRouteModel): boolean {
  return !sendsQuery(route) && routePart(route.source, 'query') !== undefined;
}

/** The `RouteSpec` of a route as the client passes it to `customRoute`. */
export function routeSpec(route: CustomRouteModel): string {
  const query = bodyWithQuery(route) ? ', query: true' : '';
  return `{ method: ${stringLiteral(route.method)}, path: ${stringLiteral(route.path)}${query} }`;
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
): string {
  return `${indent}${routeDoc(route, kind)}\n${indent}${route.name}${signature(route, names, indent)};\n`;
}

/** The object of route methods a plugin or API property holds (`customRoute` each). */
export function routeGroupValue(group: RouteGroupModel, indent: string): string {
  const routes = group.routes.map(
    (route) => `${indent}  ${route.name}: customRoute(this, ${routeSpec(route)}),\n`,
  );
  return `{\n${routes.join('')}${indent}}`;
}

/** The type of a plugin or API property. */
export function routeGroupType(group: RouteGroupModel, names: JsonSchemaNames): string {
  return `{\n${group.routes.map((route) => routeMember(route, names, '    ', 'plugin')).join('')}  }`;
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
