/**
 * Making stored documents: made up from the field tables (every value valid under the schema's
 * rules, the same for the same seed), or taken from an entry a test gives (as the factories or
 * `find` return it: the fields it has are kept, the others made up, its populated relations
 * and media stored as documents and files of their own).
 */

import type { CmsField } from '../validate/fields.ts';
import { isLoose, type Loose } from './loose.ts';
import type { Row } from './rows.ts';
import { FILES } from './schema.ts';
import { documentRows, nextId, now, type Store, tableRows, typeOf } from './store.ts';
import { mediaFile, documentId as newDocumentId, scalarValue } from './values.ts';

/** What to make of a document. */
export interface MakeOptions {
  /** A draft only (a draft-and-publish type); otherwise a draft and its published version. */
  draft?: boolean;
  /** The locale of a localized type; the store's default when left out. */
  locale?: string | undefined;
  /**
   * The links to make, by attribute: relations get new target documents (one, or two for a
   * list), media new files, nested as the value's own `populate` says. Components and zones are
   * always made; their links only when asked.
   */
  populate?: Map<string, unknown> | undefined;
  /** A given entry whose fields are kept. */
  given?: Loose | undefined;
  /** Files for every media field, at any depth (the mock Strapi's made entries), populated or not. */
  allMedia?: boolean | undefined;
  /** The populate map of a nested value (`{ populate }` options), resolved by the caller. */
  nested?: ((table: string, options: unknown) => Map<string, unknown>) | undefined;
}

const isObject = isLoose;

/** A new file in the store (a made one, or the given one's fields over it). */
export function makeFile(store: Store, given?: Loose): Row {
  const id = nextId(store, FILES);
  const made = mediaFile(id, store.ctx) as Row;
  const file = { ...made, ...(given ?? {}), id } as Row;
  tableRows(store, FILES).push(file);
  return file;
}

/** Whether a field is one the row holds (not a relation or media, which are links). */
const held = (field: CmsField) => field.kind !== 'relation' && field.kind !== 'media';

/**
 * The attributes of a component or entry made up (or taken from `given`), for storage:
 * scalars and components; relations and media are linked by `linkRow`.
 */
function values(store: Store, table: string, draft: boolean, options: MakeOptions): Loose {
  const fields = store.schema.tables[table] ?? {};
  const given = options.given ?? {};
  const out: Loose = {};
  for (const [name, field] of Object.entries(fields)) {
    if (!held(field)) continue;
    if (field.kind === 'password') continue;
    const has = Object.hasOwn(given, name);
    if (field.kind === 'component') {
      const value = has ? given[name] : undefined;
      const populate =
        options.nested?.(field.component, options.populate?.get(name)) ?? new Map<string, unknown>();
      const make = (item: unknown) =>
        componentRow(store, field.component, draft, {
          ...options,
          populate,
          given: isObject(item) ? item : undefined,
        });
      if (field.repeatable === true) {
        const items = Array.isArray(value)
          ? value
          : has
            ? []
            : [undefined, undefined].slice(0, field.min ?? 1);
        out[name] = items.map(make);
      } else out[name] = has && value === null ? null : make(value);
      continue;
    }
    if (field.kind === 'dynamiczone') {
      const value = has ? given[name] : undefined;
      const items = Array.isArray(value)
        ? value
        : field.components.length > 0
          ? [{ __component: field.components[Math.floor(store.ctx.random() * field.components.length)] }]
          : [];
      out[name] = items.map((item) => {
        const uid = isObject(item) && typeof item.__component === 'string' ? item.__component : '';
        const asked = options.populate?.get(name);
        const on = isObject(asked) && isObject(asked.on) ? asked.on[uid] : undefined;
        const populate = options.nested?.(uid, on) ?? new Map<string, unknown>();
        return componentRow(
          store,
          uid,
          draft,
          { ...options, populate, given: isObject(item) ? item : undefined },
          true,
        );
      });
      continue;
    }
    out[name] = has ? given[name] : (scalarValue(field, name, table, store.ctx, draft) ?? null);
  }
  return out;
}

/** A component's stored value (with its id; a zone's item with its `__component`), its links made as asked. */
export function componentRow(
  store: Store,
  uid: string,
  draft: boolean,
  options: MakeOptions,
  zone = false,
): Row {
  const given = options.given ?? {};
  const id = typeof given.id === 'number' ? given.id : nextId(store, uid);
  const row = { ...(zone ? { __component: uid } : {}), id, ...values(store, uid, draft, options) } as Row;
  linkRow(store, uid, row, draft, options);
  return row;
}

/**
 * The relations and media of a row: from the given entry's populated values (stored, or found
 * by documentId), or made when `populate` asks for them.
 */
function linkRow(store: Store, table: string, row: Row, draft: boolean, options: MakeOptions): void {
  const fields = store.schema.tables[table] ?? {};
  const given = options.given ?? {};
  const links = store.links.get(row) ?? {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind !== 'relation' && field.kind !== 'media') continue;
    const asked =
      options.populate?.get(name) ?? (options.allMedia === true && field.kind === 'media' ? true : undefined);
    const has = Object.hasOwn(given, name) && given[name] !== undefined;
    if (!has && asked === undefined) continue;
    const many =
      (field.kind === 'media' && field.multiple === true) ||
      (field.kind === 'relation' && /Many$|^manyWay$/.test(field.relation));
    const list = has
      ? Array.isArray(given[name])
        ? (given[name] as unknown[])
        : given[name] === null
          ? []
          : [given[name]]
      : many
        ? [undefined, undefined]
        : [undefined];
    const nested = options.nested?.(
      field.kind === 'media' ? FILES : (store.schema.keyOf.get(field.target ?? '') ?? ''),
      asked,
    );
    if (field.kind === 'media') {
      links[name] = list.map((item) => makeFile(store, isObject(item) ? item : undefined).id);
      continue;
    }
    const target = store.schema.keyOf.get(field.target ?? '');
    if (target === undefined) continue;
    const ids: string[] = [];
    for (const item of list) {
      const entry = isObject(item) ? item : undefined;
      const existing =
        entry !== undefined &&
        typeof entry.documentId === 'string' &&
        documentRows(store, target, entry.documentId).length > 0
          ? entry.documentId
          : undefined;
      ids.push(
        existing ??
          makeDocument(store, target, {
            draft,
            locale: typeof row.locale === 'string' ? row.locale : options.locale,
            given: entry,
            populate: nested ?? new Map(),
            nested: options.nested,
          }).documentId,
      );
    }
    const type = typeOf(store, table);
    const side = type?.inverse[name];
    if (side !== undefined && !side.owner) {
      // The other side owns it: link each target's row to this document.
      for (const id of ids)
        for (const other of documentRows(store, target, id)) {
          const otherLinks = store.links.get(other) ?? {};
          const current = otherLinks[side.field] ?? [];
          const targetField = store.schema.tables[target]?.[side.field];
          const single = targetField?.kind === 'relation' && !/Many$|^manyWay$/.test(targetField.relation);
          otherLinks[side.field] = single
            ? [row.documentId]
            : [...current.filter((x) => x !== row.documentId), row.documentId];
          store.links.set(other, otherLinks);
        }
    } else links[name] = ids;
  }
  store.links.set(row, links);
}

/**
 * A new document of content type `key`: its draft and, unless `draft`, its published version
 * (one row for a type without draft and publish). Returns the row a read of that status sees.
 */
export function makeDocument(store: Store, key: string, options: MakeOptions): Row {
  const type = typeOf(store, key);
  const given = options.given ?? {};
  const documentId = typeof given.documentId === 'string' ? given.documentId : newDocumentId(store.ctx);
  const draft =
    options.draft === true ||
    (type?.draftAndPublish === true && Object.hasOwn(given, 'publishedAt') && given.publishedAt === null);
  const stamp = now(store);
  const locale =
    type?.localized === true
      ? typeof given.locale === 'string'
        ? given.locale
        : (options.locale ?? store.locales[0] ?? 'en')
      : undefined;
  const base = {
    documentId,
    ...values(store, key, draft, options),
    createdAt: typeof given.createdAt === 'string' ? given.createdAt : stamp,
    updatedAt: typeof given.updatedAt === 'string' ? given.updatedAt : stamp,
  };
  const rows = tableRows(store, key);
  const localeField = locale === undefined ? {} : { locale };
  if (type === undefined || !type.draftAndPublish) {
    const row = {
      id: nextId(store, key),
      ...base,
      publishedAt: typeof given.publishedAt === 'string' ? given.publishedAt : stamp,
      ...localeField,
    } as Row;
    rows.push(row);
    linkRow(store, key, row, false, options);
    return row;
  }
  const draftRow = { id: nextId(store, key), ...base, publishedAt: null, ...localeField } as Row;
  rows.push(draftRow);
  linkRow(store, key, draftRow, true, options);
  if (draft) return draftRow;
  const published = publish(
    store,
    key,
    draftRow,
    typeof given.publishedAt === 'string' ? given.publishedAt : stamp,
  );
  return published;
}

/**
 * Publishes a draft row: its published version (replacing the one there was) holds a copy of
 * its values and links, as Strapi copies a draft on publish.
 */
export function publish(store: Store, key: string, draftRow: Row, publishedAt: string): Row {
  const rows = tableRows(store, key);
  const old = rows.findIndex(
    (row) =>
      row.documentId === draftRow.documentId && row.locale === draftRow.locale && row.publishedAt !== null,
  );
  if (old >= 0) rows.splice(old, 1);
  const copy = structuredClone({ ...draftRow }) as Row;
  const published = { ...copy, id: nextId(store, key), publishedAt } as Row;
  rows.push(published);
  store.links.set(published, structuredClone(store.links.get(draftRow) ?? {}));
  copyComponentLinks(store, draftRow, published);
  return published;
}

/** The links of the components inside a copied row (media in a component). */
function copyComponentLinks(store: Store, from: unknown, to: unknown): void {
  if (Array.isArray(from) && Array.isArray(to)) {
    for (const [index, item] of from.entries()) copyComponentLinks(store, item, to[index]);
    return;
  }
  if (!isObject(from) || !isObject(to)) return;
  const links = store.links.get(from as Row);
  if (links !== undefined && from !== to) store.links.set(to as Row, structuredClone(links));
  for (const [name, value] of Object.entries(from))
    if (typeof value === 'object') copyComponentLinks(store, value, to[name]);
}
