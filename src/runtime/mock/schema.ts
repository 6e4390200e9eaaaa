/**
 * The schema as the mocks read it: the generated `cmsFields` tables (content types by client
 * property, components by uid), and the generated `mocks` file's own table of content types
 * (uid, REST path, kind, draft and publish, i18n, the other side of each two-way relation) and of
 * the relation targets that have no client property (`plugin::users-permissions.user`).
 */
import type { CmsField, CmsFieldTable, CmsFieldTables } from '../validate/fields.ts';

/**
 * A content type as the generated mocks file describes it: its uid, its REST path below `/api`,
 * 1 for a single type, 1 with draft and publish, 1 when localized, and per relation whose other
 * side is a field too, that field's name (prefixed with `~` on the side that does not own it).
 */
export type MockTypeRow = readonly [
  uid: string,
  path: string,
  single: 0 | 1,
  draftAndPublish: 0 | 1,
  localized: 0 | 1,
  inverse?: Readonly<Record<string, string>>,
];

/** The generated mocks file's tables: content types by client property, extra tables by uid. */
export interface MockTables {
  /** Content types by client property (every one `cmsFields` has). */
  readonly types: Readonly<Record<string, MockTypeRow>>;
  /** Relation targets without a client property, by uid, as `cmsFields` would write them. */
  readonly extra?: Readonly<Record<string, CmsFieldTable>> | undefined;
  /** The users-permissions mode: `refresh` answers `/auth/refresh` and sends refresh tokens. */
  readonly auth?: 'refresh' | 'legacy' | undefined;
}

/** A content type, resolved. */
export interface MockType {
  readonly key: string;
  readonly uid: string;
  readonly path: string;
  readonly single: boolean;
  readonly draftAndPublish: boolean;
  readonly localized: boolean;
  /** Per relation field: the target's field on the other side, and whether this side owns it. */
  readonly inverse: Readonly<Record<string, { field: string; owner: boolean }>>;
}

/** The upload plugin's files: the key of their table. */
export const FILES = 'plugin::upload.file';
/** The users-permissions users: the key of their table. */
export const USERS = 'plugin::users-permissions.user';

/** The schema the mocks work from. */
export interface MockSchema {
  /** Every table: content types by key (client property or uid), components by uid. */
  readonly tables: CmsFieldTables;
  /** The `cmsFields` tables alone (what the validators take). */
  readonly fields: CmsFieldTables;
  /** Content types by key. */
  readonly types: ReadonlyMap<string, MockType>;
  /** A content type's key by uid. */
  readonly keyOf: ReadonlyMap<string, string>;
  /** The rows `validatorsOf` takes. */
  readonly validatorTypes: Readonly<Record<string, readonly [string, 0 | 1, 0 | 1]>>;
}

/** The field `name` of `table`, if any. */
export function fieldOf(schema: MockSchema, table: string, name: string): CmsField | undefined {
  const fields = schema.tables[table];
  return fields !== undefined && Object.hasOwn(fields, name) ? fields[name] : undefined;
}

/** The schema from the generated tables. */
export function mockSchema(fields: CmsFieldTables, tables: MockTables): MockSchema {
  const types = new Map<string, MockType>();
  const keyOf = new Map<string, string>();
  const validatorTypes: Record<string, readonly [string, 0 | 1, 0 | 1]> = {};
  const all: Record<string, CmsFieldTable> = { ...fields };
  for (const [uid, table] of Object.entries(tables.extra ?? {})) {
    all[uid] = table;
    keyOf.set(uid, uid);
    types.set(uid, {
      key: uid,
      uid,
      path: uid === USERS ? 'users' : uid,
      single: false,
      draftAndPublish: false,
      localized: false,
      inverse: {},
    });
  }
  for (const [key, [uid, path, single, draftAndPublish, localized, inverse]] of Object.entries(
    tables.types,
  )) {
    const sides: Record<string, { field: string; owner: boolean }> = {};
    for (const [name, other] of Object.entries(inverse ?? {}))
      sides[name] = other.startsWith('~')
        ? { field: other.slice(1), owner: false }
        : { field: other, owner: true };
    types.set(key, {
      key,
      uid,
      path,
      single: single === 1,
      draftAndPublish: draftAndPublish === 1,
      localized: localized === 1,
      inverse: sides,
    });
    keyOf.set(uid, key);
    validatorTypes[key] = [uid, draftAndPublish, localized];
  }
  return { tables: all, fields, types, keyOf, validatorTypes };
}
