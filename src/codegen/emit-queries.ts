/**
 * `cmsQueries` of the client file: the runtime's `createQueries` over the client's own tables
 * (`CONTENT_TYPES`, `ROUTE_METHODS`, the route table's loader), typed as the client's members.
 * Nothing in the class refers to it, so an app that does not call it does not bundle it.
 */
import type { Dialect } from './dialect.ts';
import type { ClassParts } from './emit-client-class.ts';
import { loadsRoutes } from './emit-client-class.ts';
import { stringLiteral } from './identifiers.ts';
import type { Imports } from './imports.ts';
import type { CodegenModel } from './model.ts';

const QUERIES_DOC = [
  '/**',
  ' * TanStack Query options of every read and write of `client`, typed as its methods: e.g.',
  ' * `useQuery(cmsQueries(cms).articles.find({ populate: { author: true } }))`. Build it once per client.',
  ' */',
].join('\n');

/** The plugin and API properties as a union of string literals. */
function groupNames(model: CodegenModel): string {
  return model.routeGroups.map((group) => stringLiteral(group.property)).join(' | ');
}

/** What `cmsQueries` returns: the queries of the content types and `auth`, and of the plugin and API properties. */
function queriesType(model: CodegenModel, imports: Imports): string {
  const queries = `${imports.type('CmsQueries')}<CmsClient>`;
  if (model.routeGroups.length === 0) return queries;
  return `${queries} & ${imports.type('RouteGroupQueries')}<CmsClient, ${groupNames(model)}>`;
}

/** `cmsQueries(client)`: its declaration, or the call of `createQueries` with the tables the class has. */
export function queriesFunction(model: CodegenModel, parts: ClassParts, dialect: Dialect): string {
  const { groups, imports } = parts;
  const result = queriesType(model, imports);
  const tables = ['CONTENT_TYPES'];
  if (loadsRoutes(model, groups)) tables.push(groups.length > 0 ? 'ROUTE_METHODS' : 'undefined', 'routes');
  const types = model.routeGroups.length > 0 ? dialect.typeArguments(`CmsClient, ${groupNames(model)}`) : '';
  const body = dialect.code
    ? `  return ${imports.value('createQueries')}${types}(client, ${tables.join(', ')});\n`
    : '';
  return `${QUERIES_DOC}\n${dialect.exportFunction('cmsQueries', [{ name: 'client', type: 'CmsClient' }], result, body)}`;
}
