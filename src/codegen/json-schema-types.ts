/**
 * JSON Schema -> TypeScript type text, for the request and response schemas the plugin publishes
 * with each route (`schema.routes`, `schema.definitions`): draft 2020-12 as zod 4's
 * `toJSONSchema` writes it. Pure, no dependencies, never throws: a keyword it does not know adds
 * nothing, and a schema it cannot type becomes `unknown`.
 *
 * Rules:
 * - `true` and `{}` -> `unknown`; `false` and `{ not: {} }` -> `never`.
 * - `{ "x-cms-uid": uid }` -> the entry interface of that content type or component (as the client
 *   reads it), `unknown` for a uid the schema does not know.
 * - `$ref`: `#/definitions/<id>` (and `#/$defs/<id>`) -> the alias named for that definition;
 *   `#` -> the alias being declared (self-recursion); any other reference -> `unknown`.
 * - `const` -> a literal type; `enum` -> a union of literals; both win over `type`.
 * - `type` (one or an array): `string` (whatever its `format`), `number` and `integer` ->
 *   `number`, `boolean`, `null`, `array`, `object`; without `type`, `properties` /
 *   `additionalProperties` / `propertyNames` mean an object and `items` / `prefixItems` an array.
 * - Object: `properties` with `required` (others optional, `?`); `additionalProperties: false`
 *   adds nothing, a missing one, `true` or `{}` adds `[key: string]: unknown`, a schema `S` adds
 *   `[key: string]: S` (`unknown` beside declared properties, whose types it must include);
 *   `propertyNames` with `enum`/`const` and no `properties` -> `Record<'a' | 'b', S>`
 *   (`Partial<...>` unless every name is required). No properties and no extra keys ->
 *   `Record<string, never>`.
 * - Array: `items` -> `S[]`; `prefixItems` -> a tuple, with `...S[]` when `items` is a schema
 *   (zod writes a fixed tuple without `items`, so a missing `items` closes the tuple too).
 * - `anyOf` / `oneOf` -> a union; `allOf` -> an intersection; each beside the rest of the schema
 *   is intersected with it.
 * - `description` -> the doc comment of a property (or of a definition's alias).
 */
import type { JsonSchema, JsonValue } from '../schema/types.ts';
import { jsdocText, propertyKey, stringLiteral } from './identifiers.ts';

/** How references resolve. */
export interface JsonSchemaNames {
  /** The alias of `#/definitions/<id>`, or undefined when there is no such definition. */
  definition(id: string): string | undefined;
  /** The entry interface of a content type or component uid, or undefined. */
  entry(uid: string): string | undefined;
  /** What `#` means: the alias being declared; undefined in an inline schema (then `unknown`). */
  root?: string | undefined;
  /** Optional members also accept `undefined` (for inputs under `exactOptionalPropertyTypes`). */
  optionalUndefined?: boolean | undefined;
}

type Precedence = 'union' | 'intersection' | 'primary';

interface Emitted {
  text: string;
  precedence: Precedence;
}

const UNKNOWN: Emitted = { text: 'unknown', precedence: 'primary' };
const NEVER: Emitted = { text: 'never', precedence: 'primary' };

type SchemaObject = { [key: string]: JsonValue };

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function primary(text: string): Emitted {
  return { text, precedence: 'primary' };
}

/** Parenthesized unless it binds at least as tightly as `at`. */
function operand(emitted: Emitted, at: Precedence): string {
  if (emitted.precedence === 'primary' || emitted.precedence === at) return emitted.text;
  if (at === 'union') return emitted.text;
  return `(${emitted.text})`;
}

function join(parts: Emitted[], kind: 'union' | 'intersection'): Emitted {
  const texts = [...new Set(parts.map((part) => operand(part, kind === 'union' ? 'union' : 'intersection')))];
  if (kind === 'union' && texts.includes('unknown')) return UNKNOWN;
  const kept =
    kind === 'union' ? texts.filter((text) => text !== 'never') : texts.filter((t) => t !== 'unknown');
  if (kind === 'intersection' && kept.includes('never')) return NEVER;
  if (kept.length === 0) return kind === 'union' ? NEVER : UNKNOWN;
  if (kept.length === 1) {
    const only = parts.find((part) => operand(part, kind) === kept[0]);
    return only ?? primary(kept[0]!);
  }
  return { text: kept.join(kind === 'union' ? ' | ' : ' & '), precedence: kind };
}

/** A JSON value as a literal type: `'a'`, `1`, `true`, `null`, tuples and object literals. */
function literal(value: JsonValue, indent: string): Emitted {
  if (value === null) return primary('null');
  if (typeof value === 'string') return primary(stringLiteral(value));
  if (typeof value === 'number') return Number.isFinite(value) ? primary(String(value)) : primary('number');
  if (typeof value === 'boolean') return primary(String(value));
  if (Array.isArray(value)) return primary(`[${value.map((item) => literal(item, indent).text).join(', ')}]`);
  const keys = Object.keys(value);
  if (keys.length === 0) return primary('Record<string, never>');
  const inner = `${indent}  `;
  const members = keys.map(
    (key) =>
      `${inner}/** Always ${jsdocText(JSON.stringify(value[key]))}. */\n${inner}${propertyKey(key)}: ${literal(value[key]!, inner).text};\n`,
  );
  return primary(`{\n${members.join('')}${indent}}`);
}

/** The definition id a `$ref` points at: `#/definitions/<id>` or `#/$defs/<id>`, JSON-Pointer decoded. */
export function definitionId(ref: string): string | undefined {
  const match = /^#\/(?:definitions|\$defs)\/([^/]+)$/.exec(ref);
  if (match === null) return undefined;
  let id = match[1]!;
  try {
    id = decodeURIComponent(id);
  } catch {
    // Not percent-encoded: the id as written.
  }
  return id.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The doc text of a member: its description, else what its schema says beside the type (format,
 * default), else null: its name says the rest.
 */
function memberDoc(schema: JsonValue | undefined): string | null {
  if (!isObject(schema)) return null;
  if (typeof schema.description === 'string' && jsdocText(schema.description) !== '')
    return jsdocText(schema.description);
  const notes: string[] = [];
  if (typeof schema.format === 'string') notes.push(`format \`${jsdocText(schema.format)}\``);
  if (schema.default !== undefined) notes.push(`default \`${jsdocText(JSON.stringify(schema.default))}\``);
  if (notes.length === 0) return null;
  const text = notes.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function objectType(schema: SchemaObject, names: JsonSchemaNames, indent: string): Emitted {
  const inner = `${indent}  `;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((key) => typeof key === 'string') : [],
  );
  const keys = Object.keys(properties);
  const extra = schema.additionalProperties;
  const extraType: Emitted | null =
    extra === false ? null : extra === undefined || extra === true ? UNKNOWN : convert(extra, names, inner);
  const propertyNames = schema.propertyNames;
  if (keys.length === 0 && extraType !== null && isObject(propertyNames)) {
    const nameValues = Array.isArray(propertyNames.enum)
      ? propertyNames.enum
      : propertyNames.const !== undefined
        ? [propertyNames.const]
        : [];
    if (nameValues.length > 0 && nameValues.every((value) => typeof value === 'string')) {
      const keyUnion = nameValues.map((value) => stringLiteral(value as string)).join(' | ');
      const record = `Record<${keyUnion}, ${extraType.text}>`;
      const complete = nameValues.every((value) => required.has(value as string));
      return primary(complete ? record : `Partial<${record}>`);
    }
  }
  const members = keys.map((key) => {
    const property = properties[key];
    const optional = !required.has(key);
    const type = convert(property as JsonSchema, names, inner).text;
    const widened =
      optional && names.optionalUndefined === true && type !== 'unknown' ? `${type} | undefined` : type;
    const doc = memberDoc(property);
    return `${doc === null ? '' : `${inner}/** ${doc} */\n`}${inner}${propertyKey(key)}${optional ? '?' : ''}: ${widened};\n`;
  });
  if (extraType !== null) {
    const type = keys.length > 0 ? 'unknown' : extraType.text;
    members.push(`${inner}[key: string]: ${type};\n`);
  }
  if (members.length === 0) return primary('Record<string, never>');
  return primary(`{\n${members.join('')}${indent}}`);
}

function arrayType(schema: SchemaObject, names: JsonSchemaNames, indent: string): Emitted {
  const items = schema.items;
  if (Array.isArray(schema.prefixItems)) {
    const elements = schema.prefixItems.map((item) => convert(item as JsonSchema, names, indent).text);
    if (items !== undefined && items !== false) {
      const rest = convert(items as JsonSchema, names, indent);
      elements.push(`...${rest.precedence === 'primary' ? rest.text : `(${rest.text})`}[]`);
    }
    return primary(`[${elements.join(', ')}]`);
  }
  if (items === undefined || items === true) return primary('unknown[]');
  if (Array.isArray(items)) {
    // Draft 4-7 tuple form.
    return primary(`[${items.map((item) => convert(item as JsonSchema, names, indent).text).join(', ')}]`);
  }
  const element = convert(items as JsonSchema, names, indent);
  return primary(element.precedence === 'primary' ? `${element.text}[]` : `(${element.text})[]`);
}

/** The type one `type` keyword value means here. */
function typeOf(name: JsonValue, schema: SchemaObject, names: JsonSchemaNames, indent: string): Emitted {
  switch (name) {
    case 'string':
      return primary('string');
    case 'number':
    case 'integer':
      return primary('number');
    case 'boolean':
      return primary('boolean');
    case 'null':
      return primary('null');
    case 'array':
      return arrayType(schema, names, indent);
    case 'object':
      return objectType(schema, names, indent);
    default:
      return UNKNOWN;
  }
}

/** The part of a schema its `type` (or, without one, its object or array keywords) describes. */
function baseType(schema: SchemaObject, names: JsonSchemaNames, indent: string): Emitted | null {
  const type = schema.type;
  if (typeof type === 'string') return typeOf(type, schema, names, indent);
  if (Array.isArray(type)) {
    if (type.length === 0) return NEVER;
    return join(
      type.map((name) => typeOf(name, schema, names, indent)),
      'union',
    );
  }
  if ('properties' in schema || 'additionalProperties' in schema || 'propertyNames' in schema)
    return objectType(schema, names, indent);
  if ('items' in schema || 'prefixItems' in schema) return arrayType(schema, names, indent);
  return null;
}

function members(value: JsonValue | undefined): JsonSchema[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((item): item is JsonSchema => typeof item === 'boolean' || isObject(item));
}

function convert(
  schema: JsonSchema | JsonValue | undefined,
  names: JsonSchemaNames,
  indent: string,
): Emitted {
  if (schema === true || schema === undefined) return UNKNOWN;
  if (schema === false) return NEVER;
  if (!isObject(schema)) return UNKNOWN;
  const uid = schema['x-cms-uid'];
  if (typeof uid === 'string') {
    const entry = names.entry(uid);
    return entry === undefined ? UNKNOWN : primary(entry);
  }
  if (typeof schema.$ref === 'string') {
    if (schema.$ref === '#') return names.root === undefined ? UNKNOWN : primary(names.root);
    const id = definitionId(schema.$ref);
    const alias = id === undefined ? undefined : names.definition(id);
    return alias === undefined ? UNKNOWN : primary(alias);
  }
  if (isObject(schema.not) && Object.keys(schema.not).length === 0) return NEVER;
  if (schema.not === true) return NEVER;
  if ('const' in schema) return literal(schema.const as JsonValue, indent);
  if (Array.isArray(schema.enum)) {
    return join(
      schema.enum.map((value) => literal(value, indent)),
      'union',
    );
  }
  const parts: Emitted[] = [];
  const base = baseType(schema, names, indent);
  if (base !== null) parts.push(base);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = members(schema[keyword]);
    if (list !== null)
      parts.push(
        join(
          list.map((item) => convert(item, names, indent)),
          'union',
        ),
      );
  }
  const all = members(schema.allOf);
  if (all !== null) parts.push(...all.map((item) => convert(item, names, indent)));
  if (parts.length === 0) return UNKNOWN;
  return join(parts, 'intersection');
}

/**
 * The TypeScript type a JSON Schema describes, as text. `indent` is the indentation of the line
 * the type starts on: object members are printed one per line, two spaces further in.
 */
export function jsonSchemaType(schema: JsonSchema | undefined, names: JsonSchemaNames, indent = ''): string {
  return convert(schema, names, indent).text;
}

/** True when the schema refers to itself (`$ref: "#"`) anywhere inside. */
export function refersToRoot(schema: JsonValue | undefined): boolean {
  if (Array.isArray(schema)) return schema.some(refersToRoot);
  if (!isObject(schema)) return false;
  if (schema.$ref === '#') return true;
  return Object.values(schema).some(refersToRoot);
}

/** The definition ids a schema refers to (`#/definitions/<id>`), anywhere inside. */
export function referencedDefinitions(schema: JsonValue | undefined, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) referencedDefinitions(item, into);
  else if (isObject(schema)) {
    if (typeof schema.$ref === 'string') {
      const id = definitionId(schema.$ref);
      if (id !== undefined) into.add(id);
    }
    for (const value of Object.values(schema)) referencedDefinitions(value, into);
  }
  return into;
}

/** True for an object schema with at least one required key: the argument cannot be left out. */
export function hasRequiredKeys(schema: JsonSchema | undefined): boolean {
  return isObject(schema) && Array.isArray(schema.required) && schema.required.length > 0;
}

/** The schema of one property of an object schema (`params.properties.id`), or undefined. */
export function propertySchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (!isObject(schema) || !isObject(schema.properties)) return undefined;
  const property = schema.properties[key];
  return typeof property === 'boolean' || isObject(property) ? property : undefined;
}

/** The description of a schema, or undefined. */
export function schemaDescription(schema: JsonSchema | undefined): string | undefined {
  return isObject(schema) && typeof schema.description === 'string' && jsdocText(schema.description) !== ''
    ? jsdocText(schema.description)
    : undefined;
}

/**
 * The object schema of a route's `params` or `query`, which the payload writes as its keys, each
 * a JSON Schema (`{ slug: { type: 'string' } }`), with the required ones listed apart.
 */
export function keyedObjectSchema(
  keys: Record<string, JsonSchema> | undefined,
  required: readonly string[],
): JsonSchema | undefined {
  if (keys === undefined || Object.keys(keys).length === 0) return undefined;
  return {
    type: 'object',
    properties: keys,
    required: required.filter((key) => Object.hasOwn(keys, key)),
    additionalProperties: false,
  };
}
