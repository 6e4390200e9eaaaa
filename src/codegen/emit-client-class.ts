/**
 * The `CmsClient` class of the client file, and the tables its constructor reads: one property
 * per api:: content type (`CONTENT_TYPES`), `upload`, `i18n`, `auth` and `users`, and the route
 * methods of each property (`ROUTE_METHODS`), whose methods and paths are in `client/routes.*`.
 */
import type { Dialect } from './dialect.ts';
import {
  type AuthRoute,
  type RouteGroup,
  routeGroupDoc,
  routeGroupType,
  routeMember,
  schemaNames,
} from './emit-routes.ts';
import { jsdocText, stringLiteral } from './identifiers.ts';
import type { Imports } from './imports.ts';
import type { JsonSchemaNames } from './json-schema-types.ts';
import type { CodegenModel, ContentTypeModel } from './model.ts';
import { type ImportExtension, moduleSpecifier } from './specifiers.ts';

/** The api:: content types the client has a property for. */
export function apiTypes(model: CodegenModel): ContentTypeModel[] {
  return model.contentTypes.filter((type) => type.clientProperty !== null);
}

/** What the class is built from beside the model. */
export interface ClassParts {
  auth: AuthRoute[];
  groups: RouteGroup[];
  imports: Imports;
  /** The extension of the specifiers between the generated files. */
  extension: ImportExtension;
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

/** The `client.auth` method names as a union of string literals. */
function authMethodUnion(auth: AuthRoute[]): string {
  const methods = auth.map((route) => stringLiteral(route.method));
  return methods.length > 0 ? methods.join(' | ') : 'never';
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

function staticMembers(imports: Imports): string[] {
  const schema = imports.registryType('CmsSchemaTypes');
  return [
    `  /** Files of the upload plugin (\`/api/upload\`). */\n  readonly upload: ${imports.type('UploadApi')}<${schema}, ${imports.type('MediaFile')}>;`,
    `  /** The locales of the i18n plugin. */\n  readonly i18n: ${imports.type('I18nApi')};`,
  ];
}

/**
 * The members of the class. In code (`ts`) the content types' properties and the plugin and API
 * properties are `declare`d: `contentTypeApis` and `routeMethods` set them, and a declared field
 * adds no field to the class.
 */
function members(model: CodegenModel, auth: AuthRoute[], imports: Imports, dialect: Dialect): string[] {
  const names = schemaNames(model, imports);
  const modifier = dialect.code ? 'declare readonly' : 'readonly';
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
function sharedMedia(types: ContentTypeModel[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const type of types) {
    const literal = mediaLiteral(type);
    if (literal !== undefined) counts.set(literal, (counts.get(literal) ?? 0) + 1);
  }
  const shared = new Map<string, string>();
  for (const [literal, count] of counts)
    if (count > 1) shared.set(literal, `MEDIA_FIELDS_${shared.size + 1}`);
  return shared;
}

function mediaConstants(shared: Map<string, string>, dialect: Dialect, imports: Imports): string {
  if (shared.size === 0) return '';
  const type = () => dialect.annotation(imports.type('MediaFields'));
  const lines = [...shared].map(([literal, name]) => `const ${name}${type()} = ${literal};\n`);
  return `/** Media fields that several content types have. */\n${lines.join('')}\n`;
}

/**
 * `CONTENT_TYPES`: each content type by client property, with what differs from a collection
 * type at `/api/<property>` without media: its `path`, `single: true`, its `media` fields.
 */
function contentTypeTable(types: ContentTypeModel[], dialect: Dialect, imports: Imports): string {
  const shared = sharedMedia(types);
  const rows = types.map((type) => {
    const single = type.kind === 'singleType';
    const path = single ? type.singularName : type.pluralName;
    const literal = mediaLiteral(type);
    const parts = [
      ...(path === type.clientProperty ? [] : [`path: ${stringLiteral(path)}`]),
      ...(single ? ['single: true'] : []),
      ...(literal === undefined ? [] : [`media: ${shared.get(literal) ?? literal}`]),
    ];
    return `  ${type.clientProperty}: ${parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`},\n`;
  });
  const doc =
    '/** The content types by client property: their path below `/api` when it is not the property, single types, media fields. */';
  const table = rows.length === 0 ? '{}' : `{\n${rows.join('')}}`;
  return `${mediaConstants(shared, dialect, imports)}${doc}\nconst CONTENT_TYPES${dialect.annotation(imports.type('ContentTypeTable'))} = ${table};\n`;
}

/** `ROUTE_METHODS`: the route method names of each property that has some, separated by spaces. */
function routeMethodTable(groups: RouteGroup[], dialect: Dialect, imports: Imports): string {
  if (groups.length === 0) return '';
  const rows = groups.map(
    (group) => `  ${group.property}: ${stringLiteral(group.routes.map((route) => route.name).join(' '))},\n`,
  );
  const doc =
    '/** The route methods of each client property, by name; client/routes.js holds their methods and paths. */';
  return `${doc}\nconst ROUTE_METHODS${dialect.annotation(imports.type('RouteMethodNames'))} = {\n${rows.join('')}};\n`;
}

/** Whether the client loads the route table: for route methods or `auth`. */
export function loadsRoutes(model: CodegenModel, groups: RouteGroup[]): boolean {
  return model.auth !== null || groups.length > 0;
}

/** `routes`: the loader of the route table, in the specifiers' extension. */
const routesLoader = (extension: ImportExtension) =>
  [
    '/** The route table (client/routes.js), loaded on the first call of a route method or of `auth`. */',
    `const routes = () => import('${moduleSpecifier('client/routes', extension)}');`,
    '',
  ].join('\n');

/** The tables the constructor reads, written before the class (code only). */
export function classTables(model: CodegenModel, parts: ClassParts, dialect: Dialect): string {
  if (!dialect.code) return '';
  return [
    contentTypeTable(apiTypes(model), dialect, parts.imports),
    routeMethodTable(parts.groups, dialect, parts.imports),
    loadsRoutes(model, parts.groups) ? routesLoader(parts.extension) : '',
  ]
    .filter((text) => text !== '')
    .join('\n');
}

function construction(
  model: CodegenModel,
  { auth, groups, imports }: ClassParts,
  dialect: Dialect,
): string[] {
  const schema = () => imports.registryType('CmsSchemaTypes');
  const lines = [
    `    ${imports.value('contentTypeApis')}(this, CONTENT_TYPES);`,
    `    this.upload = ${imports.value('uploadApi')}${dialect.typeArguments(`${schema()}, ${imports.type('MediaFile')}`)}(this);`,
    `    this.i18n = ${imports.value('i18nApi')}(this);`,
  ];
  if (model.auth !== null) {
    const names = stringLiteral(auth.map((route) => route.method).join(' '));
    const types = dialect.typeArguments(`${schema()}, ${authMethodUnion(auth)}`);
    lines.push(`    this.auth = ${imports.value('authApi')}${types}(this, routes, ${names});`);
  }
  if (model.usersProperty !== null)
    lines.push(
      `    this.${model.usersProperty} = ${imports.value('usersApi')}${dialect.typeArguments(schema())}(this);`,
    );
  if (groups.length > 0) lines.push(`    ${imports.value('routeMethods')}(this, routes, ROUTE_METHODS);`);
  return lines;
}

const CONSTRUCTOR_DOC =
  '  /** Throws a `TypeError` when `baseURL` is missing or not an absolute http(s) URL, or another option is invalid. */';

const CLASS_DOC = [
  '/**',
  ' * Typed client for this Strapi schema.',
  " * @example const cms = new CmsClient({ baseURL: 'http://localhost:1337', token: process.env.CMS_TOKEN });",
  ' */',
].join('\n');

/** The class: its members' types where the dialect has types, its constructor's body in code. */
export function clientClass(model: CodegenModel, parts: ClassParts, dialect: Dialect): string {
  const { auth, imports } = parts;
  const head = dialect.code ? 'export class' : 'export declare class';
  const lines = [`${CLASS_DOC}\n${head} CmsClient extends ${imports.value('CmsClientCore')} {`];
  if (dialect.types) lines.push(...members(model, auth, imports, dialect));
  const config = `config${dialect.annotation(imports.type('CmsClientConfig'))}`;
  lines.push(CONSTRUCTOR_DOC);
  if (dialect.code)
    lines.push(
      `  constructor(${config}) {`,
      '    super(config, { schemaHash: SCHEMA_HASH, authMode: AUTH_MODE });',
      ...construction(model, parts, dialect),
      '  }',
    );
  else lines.push(`  constructor(${config});`);
  lines.push('}', '');
  return lines.join('\n');
}
