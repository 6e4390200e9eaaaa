/**
 * Writes as Strapi 5's REST API takes them: `POST /api/<plural>`, `PUT /api/<plural>/:id`,
 * `PUT /api/<singular>`, with `{ data }` as JSON or a form (`data` and `files.<field>`), the
 * query's `status` and `locale`. The data is checked with the validators (Strapi's messages and
 * its 400 `ValidationError` shape), and unique fields against the stored entries; relations
 * take Strapi's forms (a documentId, an id, `{ documentId, locale }`, a list, `connect`,
 * `disconnect`, `set`).
 */

import type { StandardIssue, StandardResult } from '../validate/standard-schema.ts';
import { type Answer, failure, type Incoming, notFound, type Upload } from './answers.ts';
import { imageSize } from './image-size.ts';
import { isLoose, type Loose } from './loose.ts';
import { makeFile, publish } from './make.ts';
import { render } from './render.ts';
import type { Row } from './rows.ts';
import { FILES, type MockType } from './schema.ts';
import { documentRows, nextId, now, type Store, tableRows, typeOf } from './store.ts';
import { imageFormats, documentId as newDocumentId } from './values.ts';

/** A validator's `~standard`, as the mock calls it. */
interface Check {
  readonly '~standard': { readonly validate: (value: unknown) => StandardResult<unknown> };
}

/** The validators of the schema's writes, by client property. */
export type Validators = Record<string, { create: Check; update: Check; draft: Check }>;

const isObject = isLoose;

/** The value at an issue's path in the data. */
function valueAt(data: unknown, path: readonly unknown[]): unknown {
  let value = data;
  for (const key of path)
    value = isObject(value) || Array.isArray(value) ? (value as Loose)[String(key)] : undefined;
  return value;
}

/** Issues as Strapi's 400 answer: one `Invalid key` error, or yup's `{ errors }`. */
function refused(issues: readonly StandardIssue[], data: unknown): Answer {
  const first = issues[0];
  if (issues.length === 1 && first !== undefined && first.message.startsWith('Invalid key ')) {
    const names = (first.path ?? []).map(String).filter((part) => !/^\d+$/.test(part));
    const key = names[names.length - 1] ?? '';
    return failure(400, 'ValidationError', first.message, { key, path: names.join('.') });
  }
  const errors = issues.map((issue) => {
    const path = (issue.path ?? []).map(String);
    const value = valueAt(data, path);
    return {
      path,
      message: issue.message,
      name: 'ValidationError',
      ...(value === undefined ? {} : { value }),
    };
  });
  const message = issues.length === 1 ? (first?.message ?? '') : `${issues.length} errors occurred`;
  return failure(400, 'ValidationError', message, { errors });
}

/** A relation's input as the target documentIds to set, connect and disconnect. */
function relationInput(
  store: Store,
  target: string,
  value: unknown,
): { set?: string[]; connect: string[]; disconnect: string[] } {
  const idOf = (item: unknown): string | undefined => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number') return tableRows(store, target).find((row) => row.id === item)?.documentId;
    if (isObject(item)) {
      if (typeof item.documentId === 'string') return item.documentId;
      if (item.id !== undefined)
        return idOf(typeof item.id === 'string' && /^\d+$/.test(item.id) ? Number(item.id) : item.id);
    }
    return undefined;
  };
  const ids = (list: unknown) =>
    (Array.isArray(list) ? list : list === undefined || list === null ? [] : [list])
      .map(idOf)
      .filter((id): id is string => id !== undefined);
  if (isObject(value) && ('connect' in value || 'disconnect' in value || 'set' in value)) {
    return {
      ...(value.set === undefined ? {} : { set: ids(value.set) }),
      connect: ids(value.connect),
      disconnect: ids(value.disconnect),
    };
  }
  return { set: ids(value), connect: [], disconnect: [] };
}

const many = (relation: string) => /Many$|^manyWay$/.test(relation);

/** Writes one attribute's input into a row (or a component's row). */
function applyInput(
  store: Store,
  table: string,
  row: Row,
  data: Loose,
  files: Record<string, Upload[]>,
  prefix: string,
): void {
  const fields = store.schema.tables[table] ?? {};
  const links = store.links.get(row) ?? {};
  store.links.set(row, links);
  for (const [name, field] of Object.entries(fields)) {
    const uploaded = files[`files.${prefix}${name}`] ?? files[`${prefix}${name}`];
    if (field.kind === 'media' && uploaded !== undefined) {
      const made = uploaded.map((file) => makeUploaded(store, file).id);
      links[name] = field.multiple === true ? [...(links[name] ?? []), ...made] : made.slice(-1);
      continue;
    }
    if (!Object.hasOwn(data, name)) continue;
    const value = data[name];
    if (field.kind === 'password') continue;
    if (field.kind === 'media') {
      const ids = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])
        .map((item) => (isObject(item) ? item.id : item))
        .map((id) => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id))
        .filter((id) => tableRows(store, FILES).some((file) => file.id === id)) as number[];
      // The same file twice is linked once.
      links[name] = [...new Set(ids)];
      continue;
    }
    if (field.kind === 'relation') {
      const target = store.schema.keyOf.get(field.target ?? '');
      if (target === undefined) continue;
      const input = relationInput(store, target, value);
      const type = typeOf(store, table);
      const side = type?.inverse[name];
      if (side !== undefined && !side.owner) {
        writeInverse(store, target, side.field, row.documentId as string, input);
        continue;
      }
      let current = (links[name] ?? []) as string[];
      if (input.set !== undefined) current = input.set;
      current = current.filter((id) => !input.disconnect.includes(id));
      for (const id of input.connect) if (!current.includes(id)) current = [...current, id];
      links[name] = many(field.relation) ? current : current.slice(-1);
      continue;
    }
    if (field.kind === 'component') {
      const make = (item: unknown, index?: number) =>
        componentInput(
          store,
          field.component,
          item,
          files,
          `${prefix}${name}.${index === undefined ? '' : `${index}.`}`,
          false,
        );
      row[name] =
        field.repeatable === true
          ? (Array.isArray(value) ? value : []).map((item, index) => make(item, index))
          : value === null || value === undefined
            ? null
            : make(value);
      continue;
    }
    if (field.kind === 'dynamiczone') {
      row[name] = (Array.isArray(value) ? value : []).map((item, index) =>
        componentInput(
          store,
          isObject(item) ? String(item.__component) : '',
          item,
          files,
          `${prefix}${name}.${index}.`,
          true,
        ),
      );
      continue;
    }
    row[name] = stored(field.kind, value);
  }
}

/**
 * A scalar as SQLite gives it back: a time with its milliseconds (`01:15:00.000`), a timestamp
 * as its epoch milliseconds in a string, a datetime as an ISO string in UTC.
 */
function stored(kind: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'time' && typeof value === 'string') {
    const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value);
    if (match !== null)
      return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${(match[4] ?? '').padEnd(3, '0')}`;
  }
  if (kind === 'timestamp') {
    const time = typeof value === 'number' ? value : Date.parse(String(value));
    if (Number.isFinite(time)) return String(time);
  }
  if (kind === 'datetime' && (typeof value === 'string' || typeof value === 'number')) {
    const time = new Date(value);
    if (Number.isFinite(time.getTime())) return time.toISOString();
  }
  return value;
}

/** The other side of a two-way relation written from its non-owning side. */
function writeInverse(
  store: Store,
  target: string,
  field: string,
  documentId: string,
  input: { set?: string[]; connect: string[]; disconnect: string[] },
): void {
  const targetField = store.schema.tables[target]?.[field];
  const single = targetField?.kind === 'relation' && !many(targetField.relation);
  for (const other of tableRows(store, target)) {
    const links = store.links.get(other) ?? {};
    const current = (links[field] ?? []) as string[];
    const linked = current.includes(documentId);
    const wanted =
      input.set !== undefined
        ? input.set.includes(other.documentId as string)
        : input.connect.includes(other.documentId as string)
          ? true
          : input.disconnect.includes(other.documentId as string)
            ? false
            : linked;
    if (wanted === linked) continue;
    links[field] = wanted
      ? single
        ? [documentId]
        : [...current, documentId]
      : current.filter((id) => id !== documentId);
    store.links.set(other, links);
  }
}

/** A component's stored row from its input: a new id (Strapi replaces components on write). */
function componentInput(
  store: Store,
  uid: string,
  item: unknown,
  files: Record<string, Upload[]>,
  prefix: string,
  zone: boolean,
): Row {
  const row = { ...(zone ? { __component: uid } : {}), id: nextId(store, uid) } as Row;
  for (const [name, field] of Object.entries(store.schema.tables[uid] ?? {}))
    if (field.kind !== 'relation' && field.kind !== 'media' && field.kind !== 'password')
      row[name] =
        field.kind === 'dynamiczone' || (field.kind === 'component' && field.repeatable === true)
          ? []
          : (field.default ?? null);
  applyInput(store, uid, row, isObject(item) ? item : {}, files, prefix);
  return row;
}

/** An uploaded file's row, as the upload plugin stores it: its dimensions read from its bytes. */
export function makeUploaded(store: Store, upload: Upload): Row {
  const dot = upload.name.lastIndexOf('.');
  const ext = dot >= 0 ? upload.name.slice(dot).toLowerCase() : '';
  const base = dot >= 0 ? upload.name.slice(0, dot) : upload.name;
  const mime = upload.type === '' ? 'application/octet-stream' : upload.type;
  const made = makeFile(store);
  // The plugin's hash: the name as a slug with `_`, then 5 random bytes in hex.
  const random = Array.from({ length: 10 }, () => Math.floor(store.ctx.random() * 16).toString(16)).join('');
  const hash = `${base.replace(/[^A-Za-z0-9]+/g, '_')}_${random}`;
  const size = imageSize(upload.bytes);
  const bytesPerPixel = size === undefined ? 0 : upload.size / Math.max(1, size.width * size.height);
  const file = { name: upload.name, hash, ext, mime, width: size?.width ?? 0, height: size?.height ?? 0 };
  Object.assign(made, {
    name: upload.name,
    alternativeText: null,
    caption: null,
    width: size?.width ?? null,
    height: size?.height ?? null,
    formats: size === undefined ? null : imageFormats(file, bytesPerPixel),
    hash,
    ext,
    mime,
    size: Math.round((upload.size / 1000) * 100) / 100,
    url: `/uploads/${hash}${ext}`,
  });
  return made;
}

/** A unique field's value another document holds (in the same locale and status), as Strapi refuses it. */
function uniqueIssue(store: Store, type: MockType, row: Row): Answer | undefined {
  for (const [name, field] of Object.entries(store.schema.tables[type.key] ?? {})) {
    if (field.unique !== true) continue;
    const value = row[name];
    if (value === null || value === undefined) continue;
    const taken = tableRows(store, type.key).some(
      (other) =>
        other.documentId !== row.documentId &&
        other[name] === value &&
        other.locale === row.locale &&
        (other.publishedAt === null) === (row.publishedAt === null),
    );
    if (taken)
      return failure(400, 'ValidationError', 'This attribute must be unique', {
        errors: [{ path: [name], message: 'This attribute must be unique', name: 'ValidationError', value }],
      });
  }
  return undefined;
}

/** A create or update; the answer Strapi sends. */
export function writeDocument(
  store: Store,
  validators: Validators,
  type: MockType,
  documentId: string | undefined,
  incoming: Incoming,
  action: 'create' | 'update',
): Answer {
  const { query, body, files } = incoming;
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data)) return failure(400, 'ValidationError', 'Missing "data" payload in the request body');
  let input: Loose = data;
  const draft = query.status === 'draft';
  const checks = validators[type.key];
  if (checks !== undefined) {
    const check = draft ? checks.draft : action === 'create' ? checks.create : checks.update;
    const result = check['~standard'].validate(data);
    if (result.issues !== undefined) return refused(result.issues, data);
    // The value as Strapi casts it (`'12'` to 12) is what is stored.
    if ('value' in result && isObject(result.value)) input = result.value;
  }
  const locale = type.localized
    ? typeof query.locale === 'string'
      ? query.locale
      : store.locales[0]
    : undefined;
  const rows = tableRows(store, type.key);
  const existing =
    documentId !== undefined ? documentRows(store, type.key, documentId) : type.single ? rows : [];
  if (action === 'update' && documentId !== undefined && existing.length === 0) return notFound();
  const inLocale = existing.filter((row) => !type.localized || row.locale === locale);
  const stamp = now(store);
  let working = inLocale.find((row) => !type.draftAndPublish || row.publishedAt === null);
  if (working === undefined) {
    // A new document (or a new locale of one): every field null but its default.
    working = {
      id: nextId(store, type.key),
      documentId: existing[0]?.documentId ?? documentId ?? newDocumentId(store.ctx),
      createdAt: stamp,
      updatedAt: stamp,
      publishedAt: type.draftAndPublish ? null : stamp,
      ...(locale === undefined ? {} : { locale }),
    } as Row;
    for (const [name, field] of Object.entries(store.schema.tables[type.key] ?? {})) {
      if (field.kind === 'relation' || field.kind === 'media' || field.kind === 'password') continue;
      working[name] =
        field.default !== undefined
          ? field.default
          : field.kind === 'dynamiczone' || (field.kind === 'component' && field.repeatable === true)
            ? []
            : null;
    }
    rows.push(working);
    store.links.set(working, {});
  }
  const previous = structuredClone({ ...working });
  applyInput(store, type.key, working, input, files, '');
  working.updatedAt = stamp;
  const taken = uniqueIssue(store, type, working);
  if (taken !== undefined) {
    Object.assign(working, previous);
    return taken;
  }
  let answer = working;
  if (type.draftAndPublish && !draft) answer = publish(store, type.key, working, stamp);
  else if (type.draftAndPublish && draft) {
    // A draft write leaves the published version as it was.
  }
  return {
    status: action === 'create' ? 201 : 200,
    body: {
      data: render(store, type.key, answer, { fields: query.fields, populate: query.populate }, draft),
      meta: {},
    },
  };
}
