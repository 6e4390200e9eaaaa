/**
 * Validation of a schema payload, done once, before anything is built from it: the shape of the
 * schema, every content type and component, and every attribute (a known type, a known relation
 * kind, targets and components that exist, enumeration values, no system field names). Used by
 * buildModel and by the CLI on every `/schema` answer. Checks run in a fixed order (content
 * types by uid, then components by uid, then their attributes in schema order), so a schema
 * with several defects always reports the same one first.
 */
import { SYSTEM_ATTRIBUTES } from '../schema/normalize.ts';
import {
  ATTRIBUTE_TYPES,
  type CmsSchema,
  RELATION_KINDS,
  type RelationKind,
  type SchemaAttribute,
  type SchemaComponent,
  type SchemaContentType,
} from '../schema/types.ts';
import { compareCodeUnits } from './identifiers.ts';

/** The schema cannot be turned into types; the message names the model, the attribute and the fix. */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
}

/** True for a SchemaError, also one from another copy of this module. */
export function isSchemaError(error: unknown): error is SchemaError {
  return error instanceof Error && error.name === 'SchemaError';
}

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Relation kinds that may leave out `target` (polymorphic). */
const MORPH_KINDS: ReadonlySet<RelationKind> = new Set([
  'morphToOne',
  'morphToMany',
  'morphOne',
  'morphMany',
]);

/** Keys of a record in UTF-16 code-unit order: the order models are checked, named and emitted in. */
export function sortedKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).sort(compareCodeUnits);
}

interface Owner {
  label: 'content type' | 'component';
  uid: string;
}

function fail(owner: Owner, attribute: string | null, problem: string): never {
  const where = `${owner.label} ${JSON.stringify(owner.uid)}`;
  const what = attribute === null ? '' : `, attribute ${JSON.stringify(attribute)}`;
  throw new SchemaError(`${where}${what}: ${problem}`);
}

function stringField(owner: Owner, record: Record<string, unknown>, field: string): void {
  if (typeof record[field] !== 'string') {
    fail(owner, null, `"${field}" must be a string. Re-fetch the schema.`);
  }
}

/**
 * Checks a whole schema and returns it typed; throws SchemaError on the first thing the
 * generator cannot type, naming the model, the attribute and the fix.
 */
export function validateSchema(schema: unknown): CmsSchema {
  if (!isRecord(schema) || !isRecord(schema.contentTypes) || !isRecord(schema.components)) {
    throw new SchemaError(
      'the schema must be an object with "contentTypes" and "components" objects. Re-fetch it from the plugin.',
    );
  }
  const { contentTypes, components } = schema;
  const ctUids = sortedKeys(contentTypes);
  const componentUids = sortedKeys(components);
  for (const uid of ctUids) checkContentType(uid, contentTypes[uid]);
  for (const uid of componentUids) checkComponent(uid, components[uid]);
  const known: KnownUids = { contentTypes: new Set(ctUids), components: new Set(componentUids) };
  for (const uid of ctUids) {
    const { attributes } = contentTypes[uid] as SchemaContentType;
    checkAttributes({ label: 'content type', uid }, attributes, known);
  }
  for (const uid of componentUids) {
    const { attributes } = components[uid] as SchemaComponent;
    checkAttributes({ label: 'component', uid }, attributes, known);
  }
  checkRoutes(schema.routes, schema.definitions);
  checkRegisterFields(schema.auth);
  checkPreview(schema.preview, known);
  return schema as unknown as CmsSchema;
}

/** `preview`, where sent: content types of this schema. */
function checkPreview(preview: unknown, known: KnownUids): void {
  if (preview === undefined) return;
  const uids = isRecord(preview) ? preview.uids : undefined;
  if (!Array.isArray(uids) || !uids.every((uid) => typeof uid === 'string' && known.contentTypes.has(uid)))
    throw new SchemaError(
      '"preview.uids" must list content types of this schema. Re-fetch the schema from the plugin.',
    );
}

/** `auth.registerFields`, where sent: the names of user fields registration accepts. */
function checkRegisterFields(auth: unknown): void {
  if (!isRecord(auth) || auth.registerFields === undefined) return;
  const fields = auth.registerFields;
  if (!Array.isArray(fields) || !fields.every((field) => typeof field === 'string' && field !== '')) {
    throw new SchemaError(
      `auth.registerFields must be an array of field names, not ${JSON.stringify(fields)}. Re-fetch the schema from the plugin.`,
    );
  }
}

const ROUTE_METHODS: ReadonlySet<unknown> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function isJsonSchema(value: unknown): boolean {
  return typeof value === 'boolean' || isRecord(value);
}

/** `routes` (format 2): each route's method, path, handler, owner, auth and schemas; `definitions` an object of schemas. */
function checkRoutes(routes: unknown, definitions: unknown): void {
  if (!Array.isArray(routes)) {
    throw new SchemaError('the schema must have a "routes" array. Re-fetch it from the plugin.');
  }
  if (!isRecord(definitions) || !Object.values(definitions).every(isJsonSchema)) {
    throw new SchemaError(
      'the schema must have a "definitions" object of JSON Schemas. Re-fetch it from the plugin.',
    );
  }
  for (const [index, route] of (routes as unknown[]).entries()) {
    const where = isRecord(route)
      ? `route ${JSON.stringify(`${String(route.method)} ${String(route.path)}`)}`
      : `route #${index}`;
    const fault = (problem: string): never => {
      throw new SchemaError(`${where}: ${problem}. Re-fetch the schema.`);
    };
    if (!isRecord(route))
      throw new SchemaError(`${where}: the definition must be an object. Re-fetch the schema.`);
    if (!ROUTE_METHODS.has(route.method)) fault(`unknown method ${JSON.stringify(route.method)}`);
    if (typeof route.path !== 'string' || !route.path.startsWith('/')) fault('"path" must start with "/"');
    for (const field of ['handler', 'owner']) {
      if (typeof route[field] !== 'string' || route[field] === '')
        fault(`"${field}" must be a non-empty string`);
    }
    if (typeof route.auth !== 'boolean') fault('"auth" must be a boolean');
    for (const field of ['params', 'query', 'inputParams']) {
      const value = route[field];
      if (value !== undefined && (!isRecord(value) || !Object.values(value).every(isJsonSchema))) {
        fault(`"${field}" must map names to JSON Schemas`);
      }
    }
    const required = route.requiredQuery;
    if (
      required !== undefined &&
      (!Array.isArray(required) || !required.every((k) => typeof k === 'string'))
    ) {
      fault('"requiredQuery" must be a list of query keys');
    }
    for (const field of ['body', 'response']) {
      if (route[field] !== undefined && !isJsonSchema(route[field]))
        fault(`"${field}" must be a JSON Schema`);
    }
  }
}

function checkContentType(uid: string, value: unknown): void {
  const owner: Owner = { label: 'content type', uid };
  if (!isRecord(value)) fail(owner, null, 'the definition must be an object. Re-fetch the schema.');
  if (value.kind !== 'collectionType' && value.kind !== 'singleType') {
    fail(owner, null, `unknown kind ${JSON.stringify(value.kind)}; use "collectionType" or "singleType".`);
  }
  if (value.uid !== undefined && value.uid !== uid) {
    fail(owner, null, `its "uid" ${JSON.stringify(value.uid)} differs from its key; they must be equal.`);
  }
  for (const field of ['singularName', 'pluralName', 'displayName']) stringField(owner, value, field);
  if (!isRecord(value.attributes)) fail(owner, null, '"attributes" must be an object.');
}

function checkComponent(uid: string, value: unknown): void {
  const owner: Owner = { label: 'component', uid };
  if (!isRecord(value)) fail(owner, null, 'the definition must be an object. Re-fetch the schema.');
  if (value.uid !== undefined && value.uid !== uid) {
    fail(owner, null, `its "uid" ${JSON.stringify(value.uid)} differs from its key; they must be equal.`);
  }
  for (const field of ['category', 'displayName']) stringField(owner, value, field);
  if (!isRecord(value.attributes)) fail(owner, null, '"attributes" must be an object.');
}

interface KnownUids {
  contentTypes: ReadonlySet<string>;
  components: ReadonlySet<string>;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(ATTRIBUTE_TYPES);
const KNOWN_RELATIONS: ReadonlySet<string> = new Set(RELATION_KINDS);

function checkAttributes(owner: Owner, attributes: Record<string, unknown>, known: KnownUids): void {
  for (const name of Object.keys(attributes)) checkAttribute(owner, name, attributes[name], known);
}

function checkAttribute(owner: Owner, name: string, value: unknown, known: KnownUids): void {
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
  switch (type) {
    case 'relation':
      checkRelation(owner, name, attribute, known);
      return;
    case 'component': {
      const uid = attribute.component;
      if (typeof uid !== 'string' || uid === '') {
        fail(owner, name, 'a component attribute needs "component", the uid of the component it holds.');
      }
      if (!known.components.has(uid)) {
        fail(
          owner,
          name,
          `component ${JSON.stringify(uid)} is not in the schema. Add the component or point "component" at an existing one.`,
        );
      }
      return;
    }
    case 'dynamiczone': {
      if (!Array.isArray(attribute.components)) {
        fail(owner, name, 'a dynamic zone needs "components", the list of component uids it accepts.');
      }
      for (const uid of new Set<unknown>(attribute.components)) {
        if (typeof uid !== 'string' || !known.components.has(uid)) {
          fail(
            owner,
            name,
            `the dynamic zone lists component ${JSON.stringify(uid)}, which is not in the schema. ` +
              'Add the component or remove it from "components".',
          );
        }
      }
      return;
    }
    case 'enumeration': {
      const values = attribute.enum;
      if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
        fail(owner, name, 'an enumeration needs "enum", a non-empty list of string values.');
      }
      return;
    }
  }
}

function checkRelation(owner: Owner, name: string, attribute: SchemaAttribute, known: KnownUids): void {
  const kind = attribute.relation;
  if (typeof kind !== 'string' || !KNOWN_RELATIONS.has(kind)) {
    fail(
      owner,
      name,
      `unknown relation kind ${JSON.stringify(kind)}. Use one of ${RELATION_KINDS.join(', ')}.`,
    );
  }
  const target = attribute.target;
  if (target === undefined || target === null || target === '') {
    if (MORPH_KINDS.has(kind as RelationKind)) return;
    fail(
      owner,
      name,
      `the ${kind} relation has no "target". Set "target" to a content-type uid ` +
        '(only morphToOne, morphToMany, morphOne and morphMany may leave it out).',
    );
  }
  if (typeof target !== 'string' || !known.contentTypes.has(target)) {
    fail(
      owner,
      name,
      `the relation targets ${JSON.stringify(target)}, which is not a content type in the schema. ` +
        'Add that content type or fix "target".',
    );
  }
}
