/**
 * Small schema payloads for codegen unit tests: a content type, a component and a format 2
 * schema of them, with the defaults a plain collection type has.
 */
import type {
  CmsSchema,
  SchemaApiRoute,
  SchemaAttribute,
  SchemaComponent,
  SchemaContentType,
} from '../../src/schema/types.ts';

export type Attrs = Record<string, SchemaAttribute>;

/** A collection type named after the last segment of `uid`, without i18n or drafts. */
export function contentType(
  uid: string,
  attributes: Attrs = {},
  extra: Partial<SchemaContentType> = {},
): SchemaContentType {
  const name = uid.slice(uid.lastIndexOf('.') + 1);
  return {
    uid,
    kind: 'collectionType',
    singularName: name,
    pluralName: `${name}s`,
    displayName: name,
    draftAndPublish: false,
    localized: false,
    attributes,
    ...extra,
  };
}

/** A component `<category>.<name>`. */
export function component(uid: string, attributes: Attrs = {}): SchemaComponent {
  const dot = uid.indexOf('.');
  return { uid, category: uid.slice(0, dot), displayName: uid.slice(dot + 1), attributes };
}

/** A format 2 schema of these, without users-permissions. */
export function schemaOf(
  contentTypes: SchemaContentType[],
  components: SchemaComponent[] = [],
  routes: SchemaApiRoute[] = [],
): CmsSchema {
  return {
    format: 2,
    contentTypes: Object.fromEntries(contentTypes.map((c) => [c.uid, c])),
    components: Object.fromEntries(components.map((c) => [c.uid, c])),
    auth: null,
    routes,
    definitions: {},
  };
}
