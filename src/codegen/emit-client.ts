/**
 * The `client` and `index` files. `client` is the per-schema part only: the constants and the
 * CmsClient class with one property per api:: content type, built from the runtime module's
 * factories, which it imports (`./runtime/index.js`) with the registry type (`./types.js`). `index`
 * re-exports the client, the types and the runtime's public surface.
 */
import {
  type AuthRoute,
  authRoutes,
  type RouteGroup,
  routeGroupDoc,
  routeGroups,
  routeGroupType,
  routeMember,
  routeSpec,
  routeTypeNames,
  schemaNames,
} from './emit-routes.ts';
import { jsdocText, stringLiteral } from './identifiers.ts';
import { Imports } from './imports.ts';
import { INDEX_RUNTIME_EXPORTS, indexModelTypes } from './index-exports.ts';
import type { JsonSchemaNames } from './json-schema-types.ts';
import type { CodegenModel, ContentTypeModel } from './model.ts';
import { webhookTable } from './referrers.ts';

export interface ClientInfo {
  version: string;
  hash: string;
  authMode: 'legacy' | 'refresh';
}

function apiTypes(model: CodegenModel): ContentTypeModel[] {
  return model.contentTypes.filter((type) => type.clientProperty !== null);
}

/** `body` under the import lines of what its emitters recorded in `imports`. */
function withImports(body: string, imports: Imports, registryOrder: readonly string[]): string {
  const lines = imports.lines(registryOrder);
  return lines.length === 0 ? body : `${lines.join('\n')}\n\n${body}`;
}

function propertyType(type: ContentTypeModel, names: JsonSchemaNames, imports: Imports): string {
  const api = imports.type(type.kind === 'singleType' ? 'SingleApi' : 'CollectionApi');
  const base = `${api}<${imports.registryType('CmsSchemaTypes')}, ${stringLiteral(type.uid)}>`;
  if (type.customRoutes.length === 0) return base;
  const members = type.customRoutes.map((route) => routeMember(route, names, '    ', 'custom', imports));
  return `${base} & {\n${members.join('')}  }`;
}

function propertyDoc(type: ContentTypeModel): string {
  const path = type.kind === 'singleType' ? type.singularName : type.pluralName;
  const kind = type.kind === 'singleType' ? 'Single type' : 'Collection type';
  return `  /** ${kind} ${jsdocText(type.displayName)} (\`${jsdocText(type.uid)}\`) at \`/api/${jsdocText(path)}\`. */\n`;
}

function usersMember(model: CodegenModel, imports: Imports): string[] {
  if (model.usersProperty === null) return [];
  return [
    `  /** Users of the users-permissions plugin (\`/api/users\`): list, count, read, create, update and delete, by numeric id. */
  readonly ${model.usersProperty}: ${imports.type('UsersApi')}<${imports.registryType('CmsSchemaTypes')}>;`,
  ];
}

function authMembers(model: CodegenModel, auth: AuthRoute[], imports: Imports): string[] {
  if (!model.auth) return [];
  const type = `${imports.type('AuthApi')}<${imports.registryType('CmsSchemaTypes')}, ${authMethodUnion(auth)}>`;
  const mode = model.auth.jwtManagement === 'refresh' ? 'refresh' : 'legacy';
  return [
    `  /** Users-permissions (the server is in ${mode} mode): sign-in and the signed-in user${mode === 'refresh' ? ', and the refresh-token session' : ''}. Only the routes the server exposes. */
  readonly auth: ${type};`,
  ];
}

function authMethodUnion(auth: AuthRoute[]): string {
  const methods = auth.map((route) => stringLiteral(route.method));
  return methods.length > 0 ? methods.join(' | ') : 'never';
}

function authConstruction(
  model: CodegenModel,
  auth: AuthRoute[],
  typed: boolean,
  imports: Imports,
): string[] {
  if (!model.auth) return [];
  const names = auth.map((route) => stringLiteral(route.method));
  const types = typed ? `<${imports.registryType('CmsSchemaTypes')}, ${authMethodUnion(auth)}>` : '';
  return [`    this.auth = ${imports.value('authApi')}${types}(this, routes, [${names.join(', ')}]);`];
}

function staticMembers(imports: Imports): string[] {
  const schema = imports.registryType('CmsSchemaTypes');
  return [
    `  /** Files of the upload plugin (\`/api/upload\`). */\n  readonly upload: ${imports.type('UploadApi')}<${schema}, ${imports.type('MediaFile')}>;`,
    `  /** The locales of the i18n plugin. */\n  readonly i18n: ${imports.type('I18nApi')};`,
  ];
}

type ConstantsStyle = 'ts' | 'js' | 'dts';

function constants(info: ClientInfo, style: ConstantsStyle): string {
  const constant = (doc: string, name: string, type: string, value: string) => {
    const line =
      style === 'dts'
        ? `export declare const ${name}: ${type};`
        : style === 'ts' && type !== value
          ? `export const ${name}: ${type} = ${value};`
          : `export const ${name} = ${value};`;
    return `/** ${doc} */\n${line}`;
  };
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

const CONSTRUCTOR_DOC =
  '  /** Throws a `TypeError` when `baseURL` is missing or not an absolute http(s) URL, or another option is invalid. */';

const CLASS_DOC = [
  '/**',
  ' * Typed client for this Strapi schema.',
  " * @example const cms = new CmsClient({ baseURL: 'http://localhost:1337', token: process.env.CMS_TOKEN });",
  ' */',
].join('\n');

/**
 * The members of the class. In the class itself (`declared`) the content types' properties and
 * the plugin and API properties are `declare`d: `contentTypeApis` and `routeMethods` set them,
 * and a declared field adds no field to the class.
 */
function members(model: CodegenModel, auth: AuthRoute[], imports: Imports, declared = false): string[] {
  const names = schemaNames(model, imports);
  const modifier = declared ? 'declare readonly' : 'readonly';
  return [
    ...apiTypes(model).map(
      (type) =>
        `${propertyDoc(type)}  ${modifier} ${type.clientProperty}: ${propertyType(type, names, imports)};`,
    ),
    ...staticMembers(imports),
    ...authMembers(model, auth, imports),
    ...usersMember(model, imports),
    ...model.routeGroups.map(
      (group) =>
        `${routeGroupDoc(group)}  ${modifier} ${group.property}: ${routeGroupType(group, names, imports)};`,
    ),
  ];
}

/** The media fields of a content type as an object literal, or `undefined` when it has none. */
function mediaLiteral(type: ContentTypeModel): string | undefined {
  const media = type.attributes
    .filter((attribute) => attribute.classification === 'media')
    .map((attribute) => `${attribute.key}: ${stringLiteral(attribute.many ? 'many' : 'one')}`);
  return media.length > 0 ? `{ ${media.join(', ')} }` : undefined;
}

/** Media field maps that several content types share, each written once as a constant: literal -> name. */
function sharedMedia(model: CodegenModel): Map<string, string> {
  const counts = new Map<string, number>();
  for (const type of apiTypes(model)) {
    const literal = mediaLiteral(type);
    if (literal !== undefined) counts.set(literal, (counts.get(literal) ?? 0) + 1);
  }
  const shared = new Map<string, string>();
  for (const [literal, count] of counts)
    if (count > 1) shared.set(literal, `MEDIA_FIELDS_${shared.size + 1}`);
  return shared;
}

function mediaConstants(shared: Map<string, string>, typed: boolean, imports: Imports): string {
  const lines = [...shared].map(
    ([literal, name]) => `const ${name}${typed ? `: ${imports.type('MediaFields')}` : ''} = ${literal};\n`,
  );
  return lines.length === 0
    ? ''
    : `/** Media fields that several content types have. */\n${lines.join('')}\n`;
}

/**
 * `contentTypeApis`' table (a `ContentTypeRow` per content type: its media fields, `true` for a
 * single type, its path when that is not the property's name; trailing parts left out).
 */
function contentTypeConstruction(
  model: CodegenModel,
  shared: Map<string, string>,
  imports: Imports,
): string[] {
  const types = apiTypes(model);
  if (types.length === 0) return [];
  const rows = types.map((type) => {
    const single = type.kind === 'singleType';
    const path = single ? type.singularName : type.pluralName;
    const literal = mediaLiteral(type);
    const media = literal === undefined ? '{}' : (shared.get(literal) ?? literal);
    const parts =
      path !== type.clientProperty
        ? [media, String(single), stringLiteral(path)]
        : single
          ? [media, 'true']
          : literal === undefined
            ? []
            : [media];
    return `      ${type.clientProperty}: [${parts.join(', ')}],\n`;
  });
  return [`    ${imports.value('contentTypeApis')}(this, {\n${rows.join('')}    });`];
}

/**
 * `routeMethods`' table: the route method names of each property that has some, in the order
 * the route table (`routes.*`) numbers the routes.
 */
function routeConstruction(groups: RouteGroup[], imports: Imports): string[] {
  if (groups.length === 0) return [];
  const rows = groups.map(
    (group) =>
      `      ${group.property}: [${group.routes.map((route) => stringLiteral(route.name)).join(', ')}],\n`,
  );
  return [`    ${imports.value('routeMethods')}(this, routes, {\n${rows.join('')}    });`];
}

/** What the class is built from beside the model: computed once by `classSource`. */
interface ClassParts {
  auth: AuthRoute[];
  groups: RouteGroup[];
  shared: Map<string, string>;
  typed: boolean;
  imports: Imports;
}

function construction(model: CodegenModel, { auth, groups, shared, typed, imports }: ClassParts): string[] {
  const lines = contentTypeConstruction(model, shared, imports);
  const schema = () => imports.registryType('CmsSchemaTypes');
  lines.push(
    `    this.upload = ${imports.value('uploadApi')}${typed ? `<${schema()}, ${imports.type('MediaFile')}>` : ''}(this);`,
    `    this.i18n = ${imports.value('i18nApi')}(this);`,
    ...authConstruction(model, auth, typed, imports),
    ...(model.usersProperty === null
      ? []
      : [
          `    this.${model.usersProperty} = ${imports.value('usersApi')}${typed ? `<${schema()}>` : ''}(this);`,
        ]),
    ...routeConstruction(groups, imports),
  );
  return lines;
}

const ROUTES_LOADER = [
  '/** The route table (routes.js), loaded on the first call of a route method or of `auth`. */',
  "const routes = () => import('./routes.js');",
  '',
  '',
].join('\n');

function classSource(model: CodegenModel, auth: AuthRoute[], typed: boolean, imports: Imports): string {
  const shared = sharedMedia(model);
  const groups = routeGroups(model);
  const loader = model.auth || groups.length > 0 ? ROUTES_LOADER : '';
  const lines = [
    `${mediaConstants(shared, typed, imports)}${loader}${CLASS_DOC}\nexport class CmsClient extends ${imports.value('CmsClientCore')} {`,
  ];
  if (typed) lines.push(...members(model, auth, imports, true));
  lines.push(
    CONSTRUCTOR_DOC,
    `  constructor(config${typed ? `: ${imports.type('CmsClientConfig')}` : ''}) {`,
    '    super(config, { schemaHash: SCHEMA_HASH, authMode: AUTH_MODE });',
    ...construction(model, { auth, groups, shared, typed, imports }),
    '  }',
    '}',
    '',
  );
  return lines.join('\n');
}

function classDeclaration(model: CodegenModel, auth: AuthRoute[], imports: Imports): string {
  const lines = [`${CLASS_DOC}\nexport declare class CmsClient extends ${imports.value('CmsClientCore')} {`];
  lines.push(...members(model, auth, imports));
  lines.push(CONSTRUCTOR_DOC, `  constructor(config: ${imports.type('CmsClientConfig')});`, '}', '');
  return lines.join('\n');
}

const QUERIES_DOC = [
  '/**',
  ' * TanStack Query options of every read and write of `client`, typed as its methods: e.g.',
  ' * `useQuery(cmsQueries(cms).articles.find({ populate: { author: true } }))`. Build it once per client.',
  ' */',
].join('\n');

/**
 * What `cmsQueries` needs of each member (`QueryTable`): the path of each content type, whether
 * it is a single type, its custom routes, and `auth` when the server has `auth.me`. Nothing else
 * refers to it, so an app that does not call `cmsQueries` does not bundle it.
 */
function queryTable(model: CodegenModel, auth: AuthRoute[], typed: boolean, imports: Imports): string {
  const entries = apiTypes(model).map((type) => {
    const single = type.kind === 'singleType';
    const path = stringLiteral(single ? type.singularName : type.pluralName);
    const routes = type.customRoutes.map((route) => `${route.name}: ${routeSpec(route)}`);
    const parts = [`path: ${path}`, ...(single ? ['single: true'] : [])];
    if (routes.length > 0) parts.push(`routes: { ${routes.join(', ')} }`);
    return `  ${type.clientProperty}: { ${parts.join(', ')} },\n`;
  });
  for (const group of model.routeGroups) {
    const routes = group.routes.map((route) => `${route.name}: ${routeSpec(route)}`);
    entries.push(`  ${group.property}: { routes: { ${routes.join(', ')} } },\n`);
  }
  if (auth.some((route) => route.method === 'me')) entries.push('  auth: { auth: true },\n');
  return [
    `const QUERY_TABLE${typed ? `: ${imports.type('QueryTable')}` : ''} = {\n${entries.join('')}};`,
    '',
    QUERIES_DOC,
    `export function cmsQueries(client${typed ? ': CmsClient' : ''})${typed ? `: ${queriesType(model, imports)}` : ''} {`,
    `  return ${imports.value('createQueries')}${typed && model.routeGroups.length > 0 ? `<CmsClient, ${groupNames(model)}>` : ''}(client, QUERY_TABLE);`,
    '}',
    '',
  ].join('\n');
}

/** What `cmsQueries` returns: the queries of the content types and `auth`, and of the plugin and API properties. */
function queriesType(model: CodegenModel, imports: Imports): string {
  const queries = `${imports.type('CmsQueries')}<CmsClient>`;
  if (model.routeGroups.length === 0) return queries;
  return `${queries} & ${imports.type('RouteGroupQueries')}<CmsClient, ${groupNames(model)}>`;
}

/** The plugin and API properties as a union of string literals. */
function groupNames(model: CodegenModel): string {
  return model.routeGroups.map((group) => stringLiteral(group.property)).join(' | ');
}

function queriesDeclaration(model: CodegenModel, imports: Imports): string {
  return `${QUERIES_DOC}\nexport declare function cmsQueries(client: CmsClient): ${queriesType(model, imports)};\n`;
}

/** Shorthands over the registry, so application code can name query results. */
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

const WEBHOOK_DOC = [
  '/**',
  ' * Checks a Strapi webhook delivery and parses it: a POST carrying the secret (`Authorization: Bearer <secret>`,',
  ' * or the whole value of `options.header`), compared in constant time, with a JSON body of an event of this',
  ' * schema. Returns the typed event and the cache tags it makes stale (for `revalidateTag`); throws a',
  ' * `CmsWebhookError` whose `status` is the one to answer with otherwise.',
  ' */',
].join('\n');

function webhookSignature(imports: Imports): string {
  return `handleCmsWebhook(request: Request, options: ${imports.type('WebhookOptions')}): Promise<${imports.type('WebhookResult')}<${imports.registryType('CmsWebhookEvent')}>>`;
}

/**
 * `handleCmsWebhook`: the runtime's check with this schema's table (each uid: the path its tags
 * are keyed on, then its referrers' paths; referrers.ts) and, typed, its event union. A list of
 * referrers that several rows share is written once, as a constant the rows spread (in a schema
 * whose types all reach each other, the table stays linear in the number of types). The table is
 * inside the function, so an app that does not call it does not bundle it.
 */
function webhookHandler(model: CodegenModel, style: ConstantsStyle, imports: Imports): string {
  if (style === 'dts') return `${WEBHOOK_DOC}\nexport declare function ${webhookSignature(imports)};\n`;
  const rows = webhookTable(model);
  // Rows of one strongly connected component share their list: each is written out once.
  const literals = new Map<readonly string[], string>();
  const literal = (paths: readonly string[]) => {
    const known = literals.get(paths);
    if (known !== undefined) return known;
    const text = paths.map(stringLiteral).join(', ');
    literals.set(paths, text);
    return text;
  };
  const uses = new Map<string, number>();
  for (const { referrers } of rows)
    if (referrers.length > 1) uses.set(literal(referrers), (uses.get(literal(referrers)) ?? 0) + 1);
  const shared = new Map<string, string>();
  for (const [list, count] of uses) if (count > 1) shared.set(list, `referrers${shared.size + 1}`);
  const constants = [...shared].map(([list, name]) => `  const ${name} = [${list}];\n`).join('');
  const entries = rows
    .map(({ uid, path, referrers }) => {
      const name = shared.get(literal(referrers));
      const rest =
        name !== undefined ? `, ...${name}` : referrers.length > 0 ? `, ${literal(referrers)}` : '';
      return `    ${stringLiteral(uid)}: [${stringLiteral(path)}${rest}],\n`;
    })
    .join('');
  const head = style === 'ts' ? webhookSignature(imports) : 'handleCmsWebhook(request, options)';
  const check = imports.value('checkWebhook');
  const call = style === 'ts' ? `${check}<${imports.registryType('CmsWebhookEvent')}>` : check;
  return `${WEBHOOK_DOC}\nexport function ${head} {\n${constants}  return ${call}(request, options, {\n${entries}  });\n}\n`;
}

/** The types file's names in the order the client's type import lists them. */
function registryOrder(model: CodegenModel): string[] {
  return ['CmsSchemaTypes', 'CmsWebhookEvent', ...routeTypeNames(model)];
}

export function emitClientTs(model: CodegenModel, info: ClientInfo): string {
  const auth = authRoutes(model);
  const imports = new Imports();
  return withImports(
    `${constants(info, 'ts')}\n${helpers(imports)}\n${classSource(model, auth, true, imports)}\n${queryTable(model, auth, true, imports)}\n${webhookHandler(model, 'ts', imports)}`,
    imports,
    registryOrder(model),
  );
}

export function emitClientJs(model: CodegenModel, info: ClientInfo): string {
  const auth = authRoutes(model);
  const imports = new Imports();
  return withImports(
    `${constants(info, 'js')}\n${classSource(model, auth, false, imports)}\n${queryTable(model, auth, false, imports)}\n${webhookHandler(model, 'js', imports)}`,
    imports,
    registryOrder(model),
  );
}

export function emitClientDts(model: CodegenModel, info: ClientInfo): string {
  const imports = new Imports();
  return withImports(
    `${constants(info, 'dts')}\n${helpers(imports)}\n${classDeclaration(model, authRoutes(model), imports)}\n${queriesDeclaration(model, imports)}\n${webhookHandler(model, 'dts', imports)}`,
    imports,
    registryOrder(model),
  );
}

/** `index.ts` / `index.d.ts`: the client, and what users use of the runtime and the types (index-exports.ts). */
export function emitIndexTs(model: CodegenModel): string {
  return [
    "export * from './client.js';",
    `export { ${INDEX_RUNTIME_EXPORTS.values.join(', ')} } from './runtime/index.js';`,
    `export type { ${INDEX_RUNTIME_EXPORTS.types.join(', ')} } from './runtime/index.js';`,
    `export type { ${indexModelTypes(model).join(', ')} } from './types.js';`,
    '',
  ].join('\n');
}

/** `index.js`: the values of `index.ts`. */
export function emitIndexJs(): string {
  return [
    "export * from './client.js';",
    `export { ${INDEX_RUNTIME_EXPORTS.values.join(', ')} } from './runtime/index.js';`,
    '',
  ].join('\n');
}
