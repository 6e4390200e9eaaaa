/**
 * The mock Strapi's storage: per content type the rows Strapi 5 keeps (a draft and a published
 * version of a draft-and-publish document, one per locale of a localized one), the relations and
 * media each row links to, the upload plugin's files and the users. Deterministic: ids, document
 * ids and timestamps come from the store's counters and seeded generator.
 */

import { seeded } from './random.ts';
import type { Row } from './rows.ts';
import type { MockSchema, MockType } from './schema.ts';
import type { ValueContext } from './values.ts';

/** A relation's targets (document ids) or a media field's files (file ids), in order. */
export type Links = Record<string, (string | number)[]>;

/** The store of one mock Strapi (or of one `createMocks` factory set). */
export interface Store {
  readonly schema: MockSchema;
  /** Rows by table key: content types, `plugin::upload.file`, users. */
  readonly rows: Map<string, Row[]>;
  /** What each row links to, by attribute. */
  readonly links: Map<Row, Links>;
  /** The seeded generator and the counters. */
  readonly ctx: ValueContext;
  /** The locales; the first is the default. */
  readonly locales: readonly string[];
}

/** A new, empty store. */
export function createStore(schema: MockSchema, seed: number, locales: readonly string[]): Store {
  const counters = new Map<string, number>();
  const ctx: ValueContext = {
    random: seeded(seed),
    serial(key: string) {
      const next = (counters.get(key) ?? 0) + 1;
      counters.set(key, next);
      return next;
    },
  };
  return { schema, rows: new Map(), links: new Map(), ctx, locales };
}

/** The rows of a table (created empty on first use). */
export function tableRows(store: Store, key: string): Row[] {
  let rows = store.rows.get(key);
  if (rows === undefined) {
    rows = [];
    store.rows.set(key, rows);
  }
  return rows;
}

/** A new row id of a table. */
export const nextId = (store: Store, key: string): number => store.ctx.serial(`id ${key}`);

/**
 * The store's clock: a timestamp one second after the previous one, from 2026-01-01: the same
 * for the same calls, and increasing (Strapi's `createdAt` order).
 */
export function now(store: Store): string {
  const tick = store.ctx.serial('clock');
  return new Date(Date.UTC(2026, 0, 1) + tick * 1000).toISOString();
}

/** The content type of a key, if it is one. */
export const typeOf = (store: Store, key: string): MockType | undefined => store.schema.types.get(key);

/** Whether a read with draft flag `draft` sees `row` of type `type`. */
export function visible(type: MockType | undefined, row: Row, draft: boolean): boolean {
  if (type === undefined || !type.draftAndPublish) return true;
  return draft ? row.publishedAt === null : row.publishedAt !== null;
}

/**
 * The rows a read sees: of the status the read asks for (a type without draft and publish has
 * one row per document, seen by both), in `locale` when the type is localized (`'*'`: all).
 */
export function readable(store: Store, key: string, draft: boolean, locale: string | undefined): Row[] {
  const type = typeOf(store, key);
  return tableRows(store, key).filter(
    (row) =>
      visible(type, row, draft) &&
      (type === undefined ||
        !type.localized ||
        locale === '*' ||
        row.locale === (locale ?? store.locales[0])),
  );
}

/** A document's rows (every version and locale). */
export const documentRows = (store: Store, key: string, documentId: string): Row[] =>
  tableRows(store, key).filter((row) => row.documentId === documentId);

/**
 * The rows a relation of `row` (of type `key`) reaches, as a read with draft flag `draft` sees
 * them: the target documents' rows of that status, in the row's locale where the target is
 * localized. The side that does not own a two-way relation finds the rows whose owning field
 * links to this document.
 */
export function relationRows(
  store: Store,
  key: string,
  row: Row,
  name: string,
  target: string,
  draft: boolean,
): Row[] {
  const type = typeOf(store, key);
  const targetType = typeOf(store, target);
  const side = type?.inverse[name];
  const sameLocale = targetType?.localized === true && type?.localized === true;
  if (side !== undefined && !side.owner) {
    // Every row of the owning side (each locale of a localized one) that links to this document.
    return tableRows(store, target).filter(
      (other) =>
        visible(targetType, other, draft) &&
        (!sameLocale || other.locale === row.locale) &&
        (store.links.get(other)?.[side.field] ?? []).includes(row.documentId),
    );
  }
  const locale = sameLocale ? row.locale : store.locales[0];
  const found: Row[] = [];
  for (const id of store.links.get(row)?.[name] ?? []) {
    const match = tableRows(store, target).find(
      (other) =>
        other.documentId === id &&
        visible(targetType, other, draft) &&
        (targetType?.localized !== true || other.locale === locale),
    );
    if (match !== undefined) found.push(match);
  }
  return found;
}

/**
 * The rank of a row for a draft-and-publish type's virtual `status` sort: 0 a draft never
 * published, 1 a draft changed since its publication, 2 published.
 */
export const statusRank =
  (store: Store, key: string) =>
  (row: Row): number => {
    if (row.publishedAt !== null) return 2;
    const published = tableRows(store, key).find(
      (other) =>
        other.documentId === row.documentId && other.locale === row.locale && other.publishedAt !== null,
    );
    if (published === undefined) return 0;
    return published.updatedAt < row.updatedAt ? 1 : 2;
  };
