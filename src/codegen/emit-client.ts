/**
 * The `client` file: the per-schema part only. Its constants, the `CmsClient` class and the
 * tables it is built from (emit-client-class.ts), `cmsQueries` (emit-queries.ts) and
 * `handleCmsWebhook` (emit-webhooks.ts), over the runtime's factories, which it imports
 * (`./runtime/index.js`) with the registry type (`./types.js`). One emitter per concept, each
 * writing any of the three dialects (dialect.ts).
 */
import type { Dialect } from './dialect.ts';
import { type ClassParts, classTables, clientClass } from './emit-client-class.ts';
import { previewFunction, statusFunction } from './emit-preview.ts';
import { queriesFunction } from './emit-queries.ts';
import { authRoutes, routeGroups, routeTypeNames } from './emit-routes.ts';
import { webhookFunction } from './emit-webhooks.ts';
import { stringLiteral } from './identifiers.ts';
import { Imports } from './imports.ts';
import type { CodegenModel } from './model.ts';
import type { ImportExtension } from './specifiers.ts';

export interface ClientInfo {
  version: string;
  hash: string;
  authMode: 'legacy' | 'refresh';
}

function constants(info: ClientInfo, dialect: Dialect): string {
  const constant = (doc: string, name: string, type: string, value: string) =>
    `/** ${doc} */\n${dialect.exportConstant(name, type, value)}`;
  const version = stringLiteral(info.version);
  const hash = stringLiteral(info.hash);
  return [
    constant(
      'The cms-typed-client version that generated this client.',
      'CMS_TYPES_VERSION',
      version,
      version,
    ),
    constant('SHA-256 hash of the schema this client was generated from.', 'SCHEMA_HASH', hash, hash),
    constant(
      "The server's users-permissions mode at generation (`refresh` means sessions); `authMode` overrides it.",
      'AUTH_MODE',
      "'legacy' | 'refresh'",
      stringLiteral(info.authMode),
    ),
    '',
  ].join('\n');
}

/** Shorthands over the registry, so application code can name query results (typed dialects). */
function helpers(imports: Imports): string {
  const schema = imports.registryType('CmsSchemaTypes');
  const modelOf = imports.type('ModelOf');
  return [
    '/** Uids of the content types, for {@link CmsEntry} and {@link CmsQuery}. */',
    `export type CmsContentTypeUid = keyof ${schema}['contentTypes'] & string;`,
    "/** An entry of content type `U` as a query with parameters `P` returns it, e.g. `CmsEntry<'api::article.article', { populate: { author: true } }>`. */",
    `export type CmsEntry<U extends CmsContentTypeUid, P = unknown> = ${imports.type('Entry')}<${schema}, U, P>;`,
    '/** The query parameters of content type `U`. */',
    `export type CmsQuery<U extends CmsContentTypeUid> = ${imports.type('QueryParams')}<${schema}, ${modelOf}<${schema}, U>>;`,
    '/** The filters of content type `U`. */',
    `export type CmsFilters<U extends CmsContentTypeUid> = ${imports.type('Filters')}<${schema}, ${modelOf}<${schema}, U>>;`,
    '',
  ].join('\n');
}

/** The types file's names in the order the client's type import lists them. */
function registryOrder(model: CodegenModel): string[] {
  return ['CmsSchemaTypes', 'CmsWebhookEvent', ...routeTypeNames(model)];
}

/** The client file in `dialect`: `client.ts`, or `client.js` and `client.d.ts`. */
export function emitClient(
  model: CodegenModel,
  info: ClientInfo,
  dialect: Dialect,
  extension: ImportExtension = 'js',
): string {
  const imports = new Imports(dialect.types, extension);
  const parts: ClassParts = { auth: authRoutes(model), groups: routeGroups(model), imports, extension };
  const sections = [
    constants(info, dialect),
    dialect.types ? helpers(imports) : '',
    classTables(model, parts, dialect),
    clientClass(model, parts, dialect),
    queriesFunction(model, parts, dialect),
    webhookFunction(model, dialect, imports),
    previewFunction(model, dialect, imports),
    statusFunction(dialect, imports),
  ].filter((section) => section !== '');
  const body = sections.join('\n');
  const lines = imports.lines(registryOrder(model));
  return lines.length === 0 ? body : `${lines.join('\n')}\n\n${body}`;
}
