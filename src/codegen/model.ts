/**
 * Schema -> model: validates the payload once and resolves every name the emitters print, so
 * emitters never invent or escape a name themselves.
 *
 * Naming (see names.ts for the character rules and the numbering of collisions):
 * - `api::<x>.<y>` content type: PascalCase(singularName) (`blog-post` -> `BlogPost`);
 *   `plugin::<plugin>.<y>`: PascalCase(plugin + '-' + singularName) (`UsersPermissionsUser`);
 *   any other `<ns>::` prefix: PascalCase(ns + '-' + singularName).
 * - Component: PascalCase(category + '-' + name) (`shared.seo` -> `SharedSeo`).
 * - Each content type or component T takes the four names T, TPopulatable, TInput and TFilters
 *   together.
 * - Dynamic zone: `<Owner><Attr>Zone` (`Article` + `sections` -> `ArticleSectionsZone`).
 * - Order of claims: the shared and global names in reservedTypeNames() first (never handed out,
 *   whether or not the output uses them), then content types by uid, then components by uid,
 *   then dynamic zones (owners in that same order, attributes by name). A taken name gets the
 *   first free numeric suffix 2, 3, ...; for T the suffix goes on the stem, so all four names
 *   move together (`Article2`, `Article2Populatable`, `Article2Input`, `Article2Filters`).
 * - Client property of an `api::` content type: camelCase(pluralName) for a collection type,
 *   camelCase(singularName) for a single type; a leading digit gets a `_` prefix, an empty name
 *   becomes `unnamed`. A name equal to a client member (reservedClientMembers()) or an
 *   ECMAScript reserved word (ECMASCRIPT_RESERVED_WORDS; `global`, `type` stay) gets the suffix `Collection` (collection type) or `Single` (single type); a name taken by
 *   an earlier uid then gets 2, 3, ... (`auth` -> `authCollection`, `tags`, `tags2`).
 */
import { SYSTEM_ATTRIBUTES } from '../schema/normalize.ts';
import {
  ATTRIBUTE_TYPES,
  type AttributeType,
  type CmsSchema,
  RELATION_KINDS,
  type RelationKind,
  type SchemaAttribute,
  type SchemaAuth,
  type SchemaComponent,
  type SchemaContentType,
  type SchemaRoute,
} from '../schema/types.ts';
import { conditionDoc, visibleRule } from './conditions.ts';
import { assignDraftNames, NO_DRAFT } from './drafts.ts';
import {
  camelCase,
  compareCodeUnits,
  ECMASCRIPT_RESERVED_WORDS,
  jsdocText,
  pascalCase,
  propertyKey,
  typeName,
  Uniquifier,
} from './names.ts';
import { reservedClientMembers, reservedTypeNames } from './reserved.ts';
import { type RuntimeSurface, runtimeAssets } from './runtime-assets.ts';

/** The schema cannot be turned into types; the message names the model, the attribute and the fix. */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
}

/** True for a SchemaError, also one from another copy of this module. */
export function isSchemaError(error: unknown): error is SchemaError {
  return error instanceof Error && error.name === 'SchemaError';
}

const MORPH_KINDS: ReadonlySet<RelationKind> = new Set([
  'morphToOne',
  'morphToMany',
  'morphOne',
  'morphMany',
]);
const TO_MANY_KINDS: ReadonlySet<RelationKind> = new Set([
  'oneToMany',
  'manyToMany',
  'manyWay',
  'morphToMany',
  'morphMany',
]);

export type AttributeClass = 'scalar' | 'relation' | 'media' | 'component' | 'dynamiczone';
export type ScalarType = Exclude<AttributeType, 'media' | 'relation' | 'component' | 'dynamiczone'>;

interface AttributeBase {
  /** The attribute's name in the schema (the key Strapi reads and writes). */
  name: string;
  /** `name` as an interface property key: bare or quoted. */
  key: string;
  /**
   * Strapi enforces `required` on published entries: true only when the attribute is required
   * and no `conditions.visible` rule can hide it (Strapi skips a hidden field's validation).
   */
  required: boolean;
  /** A `default` is set: the input may leave the attribute out even when it is required. */
  hasDefault: boolean;
  /** Private or a password: left out of the entry and populatable interfaces, kept in the input. */
  hidden: boolean;
  /** JSDoc tag lines (`@maxLength 120`), already safe to print inside a comment. */
  docs: string[];
}

export interface ScalarAttribute extends AttributeBase {
  classification: 'scalar';
  type: ScalarType;
  /** Enumeration values (deduplicated, in schema order); empty for other types. */
  enumValues: string[];
}

export interface RelationAttribute extends AttributeBase {
  classification: 'relation';
  relation: RelationKind;
  many: boolean;
  /** Target content type; null only for a polymorphic relation without a target. */
  targetUid: string | null;
  /** Entry interface of the target, or null (polymorphic: a loose record). */
  target: string | null;
}

export interface MediaAttribute extends AttributeBase {
  classification: 'media';
  many: boolean;
  target: 'MediaFile';
}

export interface ComponentAttribute extends AttributeBase {
  classification: 'component';
  many: boolean;
  targetUid: string;
  target: string;
  targetInput: string;
}

export interface ZoneMember {
  uid: string;
  entry: string;
  input: string;
}

export interface DynamicZoneAttribute extends AttributeBase {
  classification: 'dynamiczone';
  many: true;
  /** The zone's union type name. */
  target: string;
  members: ZoneMember[];
}

export type ModelAttribute =
  | ScalarAttribute
  | RelationAttribute
  | MediaAttribute
  | ComponentAttribute
  | DynamicZoneAttribute;

export interface ModelNames {
  entry: string;
  populatable: string;
  input: string;
  /** What `filters` accepts for this model. */
  filters: string;
}

/**
 * The draft versions of a model's interfaces (`ArticleDraft`, `ArticleDraftPopulatable`,
 * `ArticleDraftInput`), each null where the draft reads or writes exactly like the published
 * entry. Strapi checks `required` only on publish, so a draft may lack a required field.
 */
export interface DraftNames {
  entry: string | null;
  populatable: string | null;
  input: string | null;
}

export interface ContentTypeModel {
  uid: string;
  kind: 'collectionType' | 'singleType';
  singularName: string;
  pluralName: string;
  displayName: string;
  draftAndPublish: boolean;
  localized: boolean;
  names: ModelNames;
  /** Draft interfaces (see drafts.ts); set once every model has its names. */
  draft: DraftNames;
  /** Property on the generated client (`api::` content types only), otherwise null. */
  clientProperty: string | null;
  /** In schema order. */
  attributes: ModelAttribute[];
  routes: SchemaRoute[];
  /** Custom controller routes as client methods (collection and single types of `api::`). */
  customRoutes: CustomRouteModel[];
}

/** A custom route as a method on the content type's client property. */
export interface CustomRouteModel {
  /** Method name: camelCase of the controller action, renamed off the CRUD members (`findRoute`). */
  name: string;
  method: SchemaRoute['method'];
  /** Below `/api`, as the server declares it (`/articles/:id/like`). */
  path: string;
  /** Path parameter names in path order, as parameter identifiers. */
  params: string[];
}

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

/** Route methods: camelCase action names, numbered on collision; path params as identifiers. */
function customRouteModels(routes: SchemaRoute[]): CustomRouteModel[] {
  const names = new Uniquifier();
  return routes.map((route) => {
    let wanted = camelCase(route.handler) || 'route';
    if (/^[0-9]/.test(wanted)) wanted = `_${wanted}`;
    if (API_MEMBERS.includes(wanted) || ECMASCRIPT_RESERVED_WORDS.has(wanted)) wanted = `${wanted}Route`;
    const params = new Uniquifier(['cacheOptions', 'body', 'query']);
    const paramNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => {
      let param = camelCase(match[1] ?? '') || 'param';
      if (/^[0-9]/.test(param) || ECMASCRIPT_RESERVED_WORDS.has(param)) param = `_${param}`;
      return params.claim(param);
    });
    return { name: names.claim(wanted), method: route.method, path: route.path, params: paramNames };
  });
}

export interface ComponentModel {
  uid: string;
  category: string;
  displayName: string;
  names: ModelNames;
  /** Draft interfaces (see drafts.ts); set once every model has its names. */
  draft: DraftNames;
  attributes: ModelAttribute[];
}

export interface CodegenModel {
  /** Sorted by uid. */
  contentTypes: ContentTypeModel[];
  /** Sorted by uid. */
  components: ComponentModel[];
  /** Some attribute has the type `blocks`: the blocks types are emitted. */
  hasBlocks: boolean;
  auth: SchemaAuth | null;
}

interface Owner {
  label: string;
  uid: string;
}

function fail(owner: Owner, attribute: string | null, problem: string): never {
  const where = `${owner.label} ${JSON.stringify(owner.uid)}`;
  const what = attribute === null ? '' : `, attribute ${JSON.stringify(attribute)}`;
  throw new SchemaError(`${where}${what}: ${problem}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sortedKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).sort(compareCodeUnits);
}

function stringField(owner: Owner, record: Record<string, unknown>, field: string): string {
  const value = record[field];
  if (typeof value !== 'string') fail(owner, null, `"${field}" must be a string. Re-fetch the schema.`);
  return value;
}

/** Validates a schema payload and resolves every name; throws SchemaError on what it cannot type. */
export function buildModel(
  schema: CmsSchema,
  surface: RuntimeSurface = runtimeAssets().surface,
): CodegenModel {
  if (!isRecord(schema) || !isRecord(schema.contentTypes) || !isRecord(schema.components)) {
    throw new SchemaError(
      'the schema must be an object with "contentTypes" and "components" objects. Re-fetch it from the plugin.',
    );
  }
  const contentTypes = schema.contentTypes;
  const components = schema.components;
  const ctUids = sortedKeys(contentTypes);
  const componentUids = sortedKeys(components);

  const types = new Uniquifier(reservedTypeNames(surface));
  const group = ['', 'Populatable', 'Input', 'Filters'];
  const claimNames = (stem: string): ModelNames => {
    const entry = types.claimGroup(stem, group);
    return {
      entry,
      populatable: `${entry}Populatable`,
      input: `${entry}Input`,
      filters: `${entry}Filters`,
    };
  };

  const ctNames = new Map<string, ModelNames>();
  const ctSources = new Map<string, SchemaContentType>();
  for (const uid of ctUids) {
    const source = checkContentType(uid, contentTypes[uid]);
    ctSources.set(uid, source);
    ctNames.set(uid, claimNames(contentTypeStem(uid, source.singularName)));
  }
  const componentNames = new Map<string, ModelNames>();
  const componentSources = new Map<string, SchemaComponent>();
  for (const uid of componentUids) {
    const source = checkComponent(uid, components[uid]);
    componentSources.set(uid, source);
    componentNames.set(uid, claimNames(componentStem(uid, source.category)));
  }

  const context: Context = { ctNames, componentNames, types, hasBlocks: false };

  const contentTypeModels = ctUids.map((uid): ContentTypeModel => {
    const source = ctSources.get(uid)!;
    const names = ctNames.get(uid)!;
    const owner = { label: 'content type', uid };
    return {
      uid,
      kind: source.kind,
      singularName: source.singularName,
      pluralName: source.pluralName,
      displayName: source.displayName,
      draftAndPublish: source.draftAndPublish === true,
      localized: source.localized === true,
      names,
      draft: NO_DRAFT,
      clientProperty: null,
      attributes: buildAttributes(owner, names.entry, source.attributes, context),
      routes: Array.isArray(source.routes) ? source.routes : [],
      customRoutes: customRouteModels(Array.isArray(source.routes) ? source.routes : []),
    };
  });
  const componentModels = componentUids.map((uid): ComponentModel => {
    const source = componentSources.get(uid)!;
    const names = componentNames.get(uid)!;
    return {
      uid,
      category: source.category,
      displayName: source.displayName,
      names,
      draft: NO_DRAFT,
      attributes: buildAttributes({ label: 'component', uid }, names.entry, source.attributes, context),
    };
  });

  // Zone names come after every model name, owners in model order, attributes by name.
  for (const model of [...contentTypeModels, ...componentModels]) {
    const zones = model.attributes.filter(
      (a): a is DynamicZoneAttribute => a.classification === 'dynamiczone',
    );
    zones.sort((a, b) => compareCodeUnits(a.name, b.name));
    for (const zone of zones) zone.target = types.claim(zone.target);
  }
  // Draft names come last, so no earlier name moves when a schema gains drafts.
  assignDraftNames(contentTypeModels, componentModels, types);

  const reservedMembers = reservedClientMembers(surface);
  const clientNames = new Uniquifier([...reservedMembers, ...ECMASCRIPT_RESERVED_WORDS]);
  for (const model of contentTypeModels) {
    if (model.uid.startsWith('api::'))
      model.clientProperty = clientProperty(model, clientNames, reservedMembers);
  }

  return {
    contentTypes: contentTypeModels,
    components: componentModels,
    hasBlocks: context.hasBlocks,
    auth: isRecord(schema.auth) ? schema.auth : null,
  };
}

function contentTypeStem(uid: string, singularName: string): string {
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

function componentStem(uid: string, category: string): string {
  const name = uid.startsWith(`${category}.`) ? uid.slice(category.length + 1) : uid;
  return typeName(`${category}-${name}`);
}

function clientProperty(
  model: ContentTypeModel,
  clientNames: Uniquifier,
  reserved: ReadonlySet<string>,
): string {
  const collection = model.kind === 'collectionType';
  let base = camelCase(collection ? model.pluralName : model.singularName);
  if (base === '') base = 'unnamed';
  if (/^[0-9]/.test(base)) base = `_${base}`;
  if (reserved.has(base) || ECMASCRIPT_RESERVED_WORDS.has(base)) {
    base += collection ? 'Collection' : 'Single';
  }
  return clientNames.claim(base);
}

function checkContentType(uid: string, value: unknown): SchemaContentType {
  const owner = { label: 'content type', uid };
  if (!isRecord(value)) fail(owner, null, 'the definition must be an object. Re-fetch the schema.');
  if (value.kind !== 'collectionType' && value.kind !== 'singleType') {
    fail(owner, null, `unknown kind ${JSON.stringify(value.kind)}; use "collectionType" or "singleType".`);
  }
  if (value.uid !== undefined && value.uid !== uid) {
    fail(owner, null, `its "uid" ${JSON.stringify(value.uid)} differs from its key; they must be equal.`);
  }
  for (const field of ['singularName', 'pluralName', 'displayName']) stringField(owner, value, field);
  if (!isRecord(value.attributes)) fail(owner, null, '"attributes" must be an object.');
  return value as unknown as SchemaContentType;
}

function checkComponent(uid: string, value: unknown): SchemaComponent {
  const owner = { label: 'component', uid };
  if (!isRecord(value)) fail(owner, null, 'the definition must be an object. Re-fetch the schema.');
  if (value.uid !== undefined && value.uid !== uid) {
    fail(owner, null, `its "uid" ${JSON.stringify(value.uid)} differs from its key; they must be equal.`);
  }
  for (const field of ['category', 'displayName']) stringField(owner, value, field);
  if (!isRecord(value.attributes)) fail(owner, null, '"attributes" must be an object.');
  return value as unknown as SchemaComponent;
}

interface Context {
  ctNames: Map<string, ModelNames>;
  componentNames: Map<string, ModelNames>;
  types: Uniquifier;
  hasBlocks: boolean;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(ATTRIBUTE_TYPES);
const KNOWN_RELATIONS: ReadonlySet<string> = new Set(RELATION_KINDS);

function buildAttributes(
  owner: Owner,
  ownerName: string,
  attributes: Record<string, SchemaAttribute>,
  context: Context,
): ModelAttribute[] {
  return Object.keys(attributes).map((name) =>
    buildAttribute(owner, ownerName, name, attributes[name] as unknown, context),
  );
}

const LINK_REQUIRED_DOC =
  'Required in the admin; the REST API enforces it only with `api.documents.strictRelations`, so it may be missing.';

function buildAttribute(
  owner: Owner,
  ownerName: string,
  name: string,
  value: unknown,
  context: Context,
): ModelAttribute {
  if (SYSTEM_ATTRIBUTES.has(name) || (owner.label === 'component' && name === '__component')) {
    fail(owner, name, 'this name is reserved for a field Strapi adds itself. Rename the attribute.');
  }
  if (!isRecord(value)) fail(owner, name, 'the definition must be an object. Re-fetch the schema.');
  const attribute = value as unknown as SchemaAttribute;
  const { type } = attribute;
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) {
    fail(
      owner,
      name,
      `unknown attribute type ${JSON.stringify(type)}. Use one of ${ATTRIBUTE_TYPES.join(', ')}; ` +
        'a custom field must carry its underlying type in "type".',
    );
  }
  const rule = visibleRule(attribute.conditions);
  // Strapi's REST API enforces a required media or relation only with the
  // `api.documents.strictRelations` option (off by default), even on publish.
  const linkRequired = attribute.required === true && (type === 'media' || type === 'relation');
  const base: AttributeBase = {
    name,
    key: propertyKey(name),
    required: attribute.required === true && rule === undefined && !linkRequired,
    hasDefault: attribute.default !== undefined,
    hidden: attribute.private === true || type === 'password',
    docs: [
      ...(rule === undefined ? [] : [jsdocText(conditionDoc(rule, attribute.required === true))]),
      ...(linkRequired && rule === undefined ? [LINK_REQUIRED_DOC] : []),
      ...docs(attribute),
    ],
  };
  switch (type as AttributeType) {
    case 'relation':
      return relationAttribute(owner, base, attribute, context);
    case 'media':
      return { ...base, classification: 'media', many: attribute.multiple === true, target: 'MediaFile' };
    case 'component': {
      const uid = attribute.component;
      if (typeof uid !== 'string' || uid === '') {
        fail(owner, name, 'a component attribute needs "component", the uid of the component it holds.');
      }
      const names = context.componentNames.get(uid);
      if (names === undefined) {
        fail(
          owner,
          name,
          `component ${JSON.stringify(uid)} is not in the schema. Add the component or point "component" at an existing one.`,
        );
      }
      return {
        ...base,
        classification: 'component',
        many: attribute.repeatable === true,
        targetUid: uid,
        target: names.entry,
        targetInput: names.input,
      };
    }
    case 'dynamiczone': {
      if (!Array.isArray(attribute.components)) {
        fail(owner, name, 'a dynamic zone needs "components", the list of component uids it accepts.');
      }
      const members: ZoneMember[] = [];
      for (const uid of new Set<unknown>(attribute.components)) {
        const names = typeof uid === 'string' ? context.componentNames.get(uid) : undefined;
        if (typeof uid !== 'string' || names === undefined) {
          fail(
            owner,
            name,
            `the dynamic zone lists component ${JSON.stringify(uid)}, which is not in the schema. ` +
              'Add the component or remove it from "components".',
          );
        }
        members.push({ uid, entry: names.entry, input: names.input });
      }
      // The final name is claimed once every model has its name (see buildModel).
      return {
        ...base,
        classification: 'dynamiczone',
        many: true,
        target: `${ownerName}${pascalCase(name)}Zone`,
        members,
      };
    }
    case 'enumeration': {
      const values = attribute.enum;
      if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
        fail(owner, name, 'an enumeration needs "enum", a non-empty list of string values.');
      }
      return { ...base, classification: 'scalar', type: 'enumeration', enumValues: [...new Set(values)] };
    }
    default:
      if (type === 'blocks') context.hasBlocks = true;
      return { ...base, classification: 'scalar', type: type as ScalarType, enumValues: [] };
  }
}

function relationAttribute(
  owner: Owner,
  base: AttributeBase,
  attribute: SchemaAttribute,
  context: Context,
): RelationAttribute {
  const kind = attribute.relation;
  if (typeof kind !== 'string' || !KNOWN_RELATIONS.has(kind)) {
    fail(
      owner,
      base.name,
      `unknown relation kind ${JSON.stringify(kind)}. Use one of ${RELATION_KINDS.join(', ')}.`,
    );
  }
  const relation = kind as RelationKind;
  const many = TO_MANY_KINDS.has(relation);
  const targetUid = attribute.target;
  if (targetUid === undefined || targetUid === null || targetUid === '') {
    if (MORPH_KINDS.has(relation)) {
      return { ...base, classification: 'relation', relation, many, targetUid: null, target: null };
    }
    fail(
      owner,
      base.name,
      `the ${relation} relation has no "target". Set "target" to a content-type uid ` +
        '(only morphToOne, morphToMany, morphOne and morphMany may leave it out).',
    );
  }
  const names = typeof targetUid === 'string' ? context.ctNames.get(targetUid) : undefined;
  if (typeof targetUid !== 'string' || names === undefined) {
    fail(
      owner,
      base.name,
      `the relation targets ${JSON.stringify(targetUid)}, which is not a content type in the schema. ` +
        'Add that content type or fix "target".',
    );
  }
  return { ...base, classification: 'relation', relation, many, targetUid, target: names.entry };
}

/**
 * What a value of these types reads back as, where it is not what one would guess or the
 * databases differ (seen on Strapi 5.54 with SQLite, PostgreSQL 15 and MariaDB 10.11).
 */
const VALUE_NOTES: Partial<Record<string, string>> = {
  biginteger:
    'Read back as a string on every database; SQLite rounds integers beyond 2^53 (9007199254740993 reads back as "9007199254740992").',
  decimal: 'Read back as a number (a JavaScript double) on every database.',
  time: 'Read back as `HH:mm:ss` on PostgreSQL, `HH:mm:ss.SSS` on SQLite and MySQL/MariaDB.',
  timestamp:
    'Read back as epoch milliseconds in a string (`"1735806600000"`), not ISO 8601, on SQLite, PostgreSQL and MySQL/MariaDB.',
  json: 'A bare `true`/`false` reads back as `1`/`0` on SQLite and MySQL/MariaDB; PostgreSQL and MySQL/MariaDB refuse a bare string.',
};

/** JSDoc lines for an attribute: how its value reads back, then tag lines for its rules; each safe to print inside a comment. */
function docs(attribute: SchemaAttribute): string[] {
  const lines: string[] = [];
  const note = VALUE_NOTES[attribute.type];
  if (note !== undefined) lines.push(jsdocText(note));
  const add = (tag: string, value: unknown) => {
    if (value === undefined) return;
    const text = jsdocText(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
    lines.push(text === '' ? `@${tag}` : `@${tag} ${text}`);
  };
  if (attribute.customField !== undefined) add('customField', String(attribute.customField));
  if (attribute.default !== undefined) add('default', JSON.stringify(attribute.default) ?? 'null');
  add('min', attribute.min);
  add('max', attribute.max);
  add('minLength', attribute.minLength);
  add('maxLength', attribute.maxLength);
  if (attribute.regex !== undefined) add('pattern', String(attribute.regex));
  if (attribute.unique === true) lines.push('@unique');
  if (Array.isArray(attribute.allowedTypes) && attribute.allowedTypes.length > 0) {
    add('allowedTypes', attribute.allowedTypes.map(String).join(', '));
  }
  if (attribute.targetField !== undefined) add('targetField', String(attribute.targetField));
  if (attribute.private === true) lines.push('@private');
  return lines;
}
