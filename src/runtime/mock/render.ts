/**
 * A stored row as Strapi's REST answer carries it: `id`, `documentId`, the scalar fields that
 * `fields` selects (all but private ones and passwords by default), the system fields, and
 * exactly the relations, media, components and zones that `populate` asks for, with their own
 * `fields`, `populate`, `filters`, `sort`, `on` and `count`.
 */

import type { CmsField } from '../validate/fields.ts';
import { MockBadRequest } from './errors.ts';
import { filterOf } from './filters.ts';
import type { Loose } from './loose.ts';
import type { FilterContext, Row } from './rows.ts';
import { FILES, fieldOf } from './schema.ts';
import { sortRows } from './sort.ts';
import { relationRows, type Store, tableRows, typeOf } from './store.ts';

/** The kinds a row links through rather than holds. */
const LINK_KINDS = ['relation', 'media', 'component', 'dynamiczone'];

/** What a read asks of each row. */
export interface Shape {
  fields?: unknown;
  populate?: unknown;
}

/** The system fields of a content type's entry, after its attributes. */
const SYSTEM = ['createdAt', 'updatedAt', 'publishedAt'];

/** The attributes of a table that link (relations, media, components, zones), and `localizations`. */
export function linkNames(store: Store, table: string): string[] {
  const fields = store.schema.tables[table] ?? {};
  const names = Object.keys(fields).filter((name) => LINK_KINDS.includes(fields[name]?.kind ?? ''));
  if (typeOf(store, table)?.localized === true) names.push('localizations');
  return names;
}

/** A list from Strapi's forms of a list: an array, an object with index keys, or `a,b`. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  if (value !== null && typeof value === 'object') return Object.values(value);
  return [];
}

/** `populate` as one entry per attribute (`true`, or its options). */
export function populateOf(store: Store, table: string, populate: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (populate === undefined || populate === null || populate === false || populate === 'false') return out;
  const links = linkNames(store, table);
  if (populate === '*' || populate === true || populate === 'true') {
    for (const name of links) out.set(name, true);
    return out;
  }
  if (typeof populate === 'string' || Array.isArray(populate)) {
    for (const item of listOf(populate)) {
      const name = String(item);
      if (name === '*') {
        for (const link of links) out.set(link, true);
        continue;
      }
      const [head = '', ...rest] = name.split('.');
      if (!links.includes(head)) throw invalidKey(head, name);
      out.set(head, rest.length > 0 ? { populate: rest.join('.') } : true);
    }
    return out;
  }
  if (typeof populate === 'object') {
    for (const [name, options] of Object.entries(populate)) {
      if (!links.includes(name)) throw invalidKey(name, name);
      if (options === false || options === 'false') continue;
      out.set(name, options === 'true' || options === '*' ? true : options);
    }
    return out;
  }
  throw invalidKey(String(populate), String(populate));
}

function invalidKey(key: string, path: string): MockBadRequest {
  return new MockBadRequest(path !== key ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`, {
    key,
    path,
  });
}

/** The scalar fields a read returns, in schema order. */
function selected(store: Store, table: string, fields: unknown): string[] {
  const table_ = store.schema.tables[table] ?? {};
  const scalars = Object.keys(table_).filter((name) => {
    const field = table_[name];
    return (
      field !== undefined &&
      !LINK_KINDS.includes(field.kind) &&
      field.kind !== 'password' &&
      field.private !== true
    );
  });
  const type = typeOf(store, table);
  const system = type === undefined ? [] : [...SYSTEM, ...(type.localized ? ['locale'] : [])];
  if (fields === undefined || fields === null || fields === '' || fields === '*')
    return [...scalars, ...system];
  const asked = listOf(fields).map(String);
  for (const name of asked)
    if (name !== 'id' && name !== 'documentId' && !scalars.includes(name) && !system.includes(name))
      throw invalidKey(name, name);
  return [...scalars, ...system].filter((name) => asked.includes(name));
}

/** The read's view of links, for filters and sort. */
export function filterContext(store: Store, draft: boolean): FilterContext {
  return {
    field: (table, name) => fieldOf(store.schema, table, name),
    linked: (table, row, name) => linked(store, table, row, name, draft),
  };
}

/** The rows an attribute of `row` links to, with their table. */
export function linked(
  store: Store,
  table: string,
  row: Row,
  name: string,
  draft: boolean,
): { table: string; rows: Row[] } | undefined {
  if (name === 'localizations' && typeOf(store, table)?.localized === true)
    return {
      table,
      rows: tableRows(store, table).filter(
        (other) =>
          other.documentId === row.documentId &&
          other.locale !== row.locale &&
          (other.publishedAt === null) === (row.publishedAt === null),
      ),
    };
  const field: CmsField | undefined = fieldOf(store.schema, table, name);
  if (field === undefined) return undefined;
  if (field.kind === 'relation') {
    const target = field.target === undefined ? undefined : store.schema.keyOf.get(field.target);
    if (target === undefined) return { table: field.target ?? '', rows: [] };
    return { table: target, rows: relationRows(store, table, row, name, target, draft) };
  }
  if (field.kind === 'media') {
    const ids = store.links.get(row)?.[name] ?? [];
    const files = tableRows(store, FILES);
    const rows: Row[] = [];
    for (const id of ids) {
      const file = files.find((candidate) => candidate.id === id);
      if (file !== undefined) rows.push(file);
    }
    return { table: FILES, rows };
  }
  if (field.kind === 'component') {
    const value = row[name];
    const rows = (
      Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]
    ) as Row[];
    return { table: field.component, rows };
  }
  if (field.kind === 'dynamiczone') {
    const value = row[name];
    return { table: '', rows: (Array.isArray(value) ? value : []) as Row[] };
  }
  return undefined;
}

/** Whether the options of a populated attribute are an object (rather than `true`). */
const optionsOf = (options: unknown): Loose =>
  options !== null && typeof options === 'object' ? (options as Loose) : {};

/** A row rendered as the answer carries it. */
export function render(
  store: Store,
  table: string,
  row: Row,
  shape: Shape,
  draft: boolean,
  nested = false,
): Loose {
  const out: Loose = {};
  const populate = populateOf(store, table, shape.populate);
  const type = typeOf(store, table);
  // Populated attributes come first in Strapi's answers: each is read after the row.
  const fields = selected(store, table, shape.fields);
  if (table === FILES) {
    // A file: every field it has (the upload plugin's own model).
    const file: Loose = {};
    const names =
      shape.fields === undefined
        ? Object.keys(row)
        : ['id', 'documentId', ...listOf(shape.fields).map(String)];
    for (const name of names) if (Object.hasOwn(row, name)) file[name] = row[name];
    return file;
  }
  out.id = row.id;
  if (type !== undefined) out.documentId = row.documentId;
  for (const name of fields) out[name] = row[name] ?? null;
  for (const [name, options] of populate)
    out[name] = renderLink(store, table, row, name, options, draft, nested);
  return out;
}

function renderLink(
  store: Store,
  table: string,
  row: Row,
  name: string,
  options: unknown,
  draft: boolean,
  nested: boolean,
): unknown {
  const field = fieldOf(store.schema, table, name);
  const link = linked(store, table, row, name, draft);
  if (link === undefined) return undefined;
  const opts = optionsOf(options);
  const many =
    name === 'localizations' ||
    field?.kind === 'dynamiczone' ||
    (field?.kind === 'component' && field.repeatable === true) ||
    (field?.kind === 'media' && field.multiple === true) ||
    (field?.kind === 'relation' && /Many$|^manyWay$/.test(field.relation));
  // Strapi 5.54 populates the localizations of an entry reached through a relation as none.
  let rows = name === 'localizations' && nested ? [] : link.rows;
  const ctx = filterContext(store, draft);
  if (field?.kind === 'relation' || name === 'localizations') {
    if (opts.filters !== undefined) rows = rows.filter(filterOf(link.table, opts.filters, ctx));
    if (opts.sort !== undefined) rows = sortRows(link.table, rows, opts.sort, ctx);
  }
  if (opts.count === true || opts.count === 'true') return { count: rows.length };
  if (field?.kind === 'dynamiczone') {
    const on = optionsOf(opts.on);
    return rows.map((item) => {
      const uid = String(item.__component);
      const itemOptions = Object.hasOwn(on, uid) ? on[uid] : undefined;
      const inner = renderComponent(store, uid, item, optionsOf(itemOptions), draft, nested);
      return { __component: uid, ...inner };
    });
  }
  const rendered = rows.map((other) =>
    field?.kind === 'component'
      ? renderComponent(store, link.table, other, opts, draft, nested)
      : render(store, link.table, other, { fields: opts.fields, populate: opts.populate }, draft, true),
  );
  return many ? rendered : (rendered[0] ?? null);
}

/** A component as a populated attribute carries it: its id, scalars, and what `populate` asks for. */
function renderComponent(
  store: Store,
  uid: string,
  row: Row,
  opts: Loose,
  draft: boolean,
  nested: boolean,
): Loose {
  return render(store, uid, row, { fields: opts.fields, populate: opts.populate }, draft, nested);
}
