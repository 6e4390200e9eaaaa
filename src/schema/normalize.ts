/**
 * From Strapi's own content-type and component definitions (the runtime registry, or the
 * `schema.json` files it is built from) to the published payload. One place decides which
 * keys are published, so nothing Strapi keeps on a model (secrets, admin layout, column
 * names) can slip into the schema by accident.
 */
import type { JsonValue, SchemaAttribute, SchemaComponent, SchemaContentType } from './types.ts';

/** The loose shape of a Strapi content type, as the registry or a `schema.json` holds it. */
export interface RawContentType {
  uid?: string;
  kind?: string;
  info?: { singularName?: string; pluralName?: string; displayName?: string };
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
  attributes?: Record<string, Record<string, unknown>>;
}

export interface RawComponent {
  uid?: string;
  category?: string;
  info?: { displayName?: string };
  attributes?: Record<string, Record<string, unknown>>;
}

/** Fields Strapi adds to every model; the generator derives them from the model's flags. */
export const SYSTEM_ATTRIBUTES: ReadonlySet<string> = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
]);

const NUMBER_KEYS = ['minLength', 'maxLength'] as const;
const BOUND_KEYS = ['min', 'max'] as const;
const BOOLEAN_KEYS = ['required', 'private', 'unique', 'repeatable', 'multiple'] as const;
const STRING_KEYS = [
  'relation',
  'target',
  'inversedBy',
  'mappedBy',
  'regex',
  'component',
  'targetField',
  'customField',
] as const;

export function normalizeAttribute(raw: Record<string, unknown>): SchemaAttribute {
  const attribute: SchemaAttribute = { type: typeof raw.type === 'string' ? raw.type : String(raw.type) };
  for (const key of BOOLEAN_KEYS) if (typeof raw[key] === 'boolean') attribute[key] = raw[key];
  for (const key of STRING_KEYS) if (typeof raw[key] === 'string') attribute[key] = raw[key];
  for (const key of NUMBER_KEYS) if (typeof raw[key] === 'number') attribute[key] = raw[key];
  for (const key of BOUND_KEYS) {
    const value = raw[key];
    if (typeof value === 'number' || typeof value === 'string') attribute[key] = value;
  }
  if (Array.isArray(raw.enum)) attribute.enum = raw.enum.map(String);
  if (Array.isArray(raw.components)) attribute.components = raw.components.map(String);
  if (Array.isArray(raw.allowedTypes)) attribute.allowedTypes = raw.allowedTypes.map(String);
  const localized = (raw.pluginOptions as { i18n?: { localized?: unknown } } | undefined)?.i18n?.localized;
  if (typeof localized === 'boolean') attribute.localized = localized;
  if ('default' in raw && isJson(raw.default)) attribute.default = raw.default;
  const conditions = raw.conditions;
  if (isPlainObject(conditions) && Object.keys(conditions).length > 0 && isJson(conditions))
    attribute.conditions = conditions;
  return attribute;
}

function isPlainObject(value: unknown): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isJson(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    return (proto === Object.prototype || proto === null) && Object.values(value).every(isJson);
  }
  return false;
}

/**
 * Relations to `admin::` models (admin users, permissions) are never readable through the
 * content API, and publishing them would name admin models; they are left out.
 */
function isAdminRelation(definition: Record<string, unknown>): boolean {
  return typeof definition.target === 'string' && definition.target.startsWith('admin::');
}

export function normalizeAttributes(raw: RawContentType['attributes']): Record<string, SchemaAttribute> {
  const attributes: Record<string, SchemaAttribute> = {};
  for (const [name, definition] of Object.entries(raw ?? {})) {
    if (SYSTEM_ATTRIBUTES.has(name) || isAdminRelation(definition)) continue;
    attributes[name] = normalizeAttribute(definition);
  }
  return attributes;
}

export function normalizeContentType(uid: string, raw: RawContentType): SchemaContentType {
  const singularName = raw.info?.singularName ?? uid.slice(uid.lastIndexOf('.') + 1);
  return {
    uid,
    kind: raw.kind === 'singleType' ? 'singleType' : 'collectionType',
    singularName,
    pluralName: raw.info?.pluralName ?? singularName,
    displayName: raw.info?.displayName ?? singularName,
    draftAndPublish: raw.options?.draftAndPublish === true,
    localized: raw.pluginOptions?.i18n?.localized === true,
    attributes: normalizeAttributes(raw.attributes),
  };
}

export function normalizeComponent(uid: string, raw: RawComponent): SchemaComponent {
  const dot = uid.indexOf('.');
  return {
    uid,
    category: raw.category ?? (dot > 0 ? uid.slice(0, dot) : ''),
    displayName: raw.info?.displayName ?? uid.slice(dot + 1),
    attributes: normalizeAttributes(raw.attributes),
  };
}
