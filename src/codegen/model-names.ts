/**
 * The names the model hands out: type-name stems of content types and components, the six
 * names every model takes together, client property names and custom route method names.
 * buildModel (model.ts) claims them in the order below.
 *
 * Rules (see identifiers.ts for the character rules and the numbering of collisions):
 * - `api::<x>.<y>` content type: PascalCase(singularName) (`blog-post` -> `BlogPost`);
 *   `plugin::<plugin>.<y>`: PascalCase(plugin + '-' + singularName) (`UsersPermissionsUser`);
 *   any other `<ns>::` prefix: PascalCase(ns + '-' + singularName).
 * - Component: PascalCase(category + '-' + name) (`shared.seo` -> `SharedSeo`).
 * - Each content type or component T takes the six names T, TPopulatable, TInput, TFilters,
 *   TPopulate and TModel together.
 * - Dynamic zone: `<Owner><Attr>Zone` (`Article` + `sections` -> `ArticleSectionsZone`).
 * - Order of claims: the shared and global names in reservedTypeNames() first (never handed out,
 *   whether or not the output uses them), then content types by uid, then components by uid,
 *   then dynamic zones (owners in that same order, attributes by name), then draft names
 *   (drafts.ts). A taken name gets the
 *   first free numeric suffix 2, 3, ...; for T the suffix goes on the stem, so all six names
 *   move together (`Article2`, `Article2Populatable`, `Article2Input`, `Article2Filters`,
 *   `Article2Populate`, `Article2Model`).
 * - Client property of an `api::` content type: camelCase(pluralName) for a collection type,
 *   camelCase(singularName) for a single type; a leading digit gets a `_` prefix, an empty name
 *   becomes `unnamed`. A name equal to a client member (reservedClientMembers()) or an
 *   ECMAScript reserved word (ECMASCRIPT_RESERVED_WORDS; `global`, `type` stay) gets the suffix `Collection` (collection type) or `Single` (single type); a name taken by
 *   an earlier uid then gets 2, 3, ... (`auth` -> `authCollection`, `tags`, `tags2`).
 */

import { camelCase, ECMASCRIPT_RESERVED_WORDS, typeName, Uniquifier } from './identifiers.ts';
import type { ContentTypeModel, ContentTypeRoute, CustomRouteModel, ModelNames } from './model-types.ts';

/** Members of the collection and single-type APIs that a custom route method may not take. */
export const API_MEMBERS: readonly string[] = [
  'find',
  'findWithMeta',
  'findOne',
  'create',
  'update',
  'delete',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__proto__',
  'then',
];

/**
 * The type-name stem of a content type: PascalCase(singularName) for `api::`,
 * PascalCase(plugin + '-' + singularName) for `plugin::<plugin>.`, else PascalCase(ns + '-' + singularName).
 */
export function contentTypeStem(uid: string, singularName: string): string {
  const separator = uid.indexOf('::');
  const namespace = separator >= 0 ? uid.slice(0, separator) : '';
  if (namespace === 'api') return typeName(singularName);
  if (namespace === 'plugin') {
    const rest = uid.slice(separator + 2);
    const dot = rest.indexOf('.');
    return typeName(`${dot >= 0 ? rest.slice(0, dot) : rest}-${singularName}`);
  }
  return typeName(`${namespace}-${singularName}`);
}

/** The type-name stem of a component: PascalCase(category + '-' + name) (`shared.seo` -> `SharedSeo`). */
export function componentStem(uid: string, category: string): string {
  const name = uid.startsWith(`${category}.`) ? uid.slice(category.length + 1) : uid;
  return typeName(`${category}-${name}`);
}

const MODEL_NAME_SUFFIXES = ['', 'Populatable', 'Input', 'Filters', 'Populate', 'Model'];

/** Claims T, TPopulatable, TInput, TFilters, TPopulate and TModel together: a suffix moves all six (`Article2Input`). */
export function claimModelNames(types: Uniquifier, stem: string): ModelNames {
  const entry = types.claimGroup(stem, MODEL_NAME_SUFFIXES);
  return {
    entry,
    populatable: `${entry}Populatable`,
    input: `${entry}Input`,
    filters: `${entry}Filters`,
    populate: `${entry}Populate`,
    model: `${entry}Model`,
  };
}

/**
 * Sets the client property of every `api::` content type, in model order: camelCase(pluralName)
 * for a collection type, camelCase(singularName) for a single type; `unnamed` when empty, `_`
 * before a leading digit, `Collection`/`Single` after a client member or reserved word, then 2, 3, ...
 * With `withUsers`, then claims the property of the users-permissions user routes and returns it.
 */
export function assignClientProperties(
  models: ContentTypeModel[],
  reserved: ReadonlySet<string>,
  withUsers: boolean,
  clientNames: Uniquifier = new Uniquifier([...reserved, ...ECMASCRIPT_RESERVED_WORDS]),
): string | null {
  for (const model of models) {
    if (!model.uid.startsWith('api::')) continue;
    const collection = model.kind === 'collectionType';
    let base = camelCase(collection ? model.pluralName : model.singularName);
    if (base === '') base = 'unnamed';
    if (/^[0-9]/.test(base)) base = `_${base}`;
    if (reserved.has(base) || ECMASCRIPT_RESERVED_WORDS.has(base)) {
      base += collection ? 'Collection' : 'Single';
    }
    model.clientProperty = clientNames.claim(base);
  }
  // The users-permissions user routes come after every api:: type: `users`, or `users2`... when taken.
  return withUsers ? clientNames.claim('users') : null;
}

/**
 * Route methods: camelCase action names, numbered on collision; path params as identifiers. A
 * name in `reserved` gets the suffix `Route`, as does an ECMAScript reserved word unless
 * `reservedWords` is false.
 */
export function customRouteModels(
  routes: ContentTypeRoute[],
  reserved: readonly string[] = API_MEMBERS,
  reservedWords = true,
): CustomRouteModel[] {
  const names = new Uniquifier();
  return routes.map((route) => {
    let wanted = camelCase(route.handler) || 'route';
    if (/^[0-9]/.test(wanted)) wanted = `_${wanted}`;
    if (reserved.includes(wanted) || (reservedWords && ECMASCRIPT_RESERVED_WORDS.has(wanted)))
      wanted = `${wanted}Route`;
    const params = routeParams(route.path);
    return {
      name: names.claim(wanted),
      method: route.method,
      path: route.path,
      params: params.map((param) => param.name),
      pathParams: params,
      source: null,
      selfAliases: {},
    };
  });
}

/** The `:param` placeholders of a path, in order: as written, and as parameter identifiers. */
export function routeParams(path: string): { placeholder: string; name: string }[] {
  const params = new Uniquifier(['cacheOptions', 'body', 'query']);
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => {
    const placeholder = match[1] ?? '';
    let param = camelCase(placeholder) || 'param';
    if (/^[0-9]/.test(param) || ECMASCRIPT_RESERVED_WORDS.has(param)) param = `_${param}`;
    return { placeholder, name: params.claim(param) };
  });
}
