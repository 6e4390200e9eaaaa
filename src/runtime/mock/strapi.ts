/**
 * The in-memory Strapi of the generated `createMockStrapi`: a store of documents made from the
 * schema (or given by the test), answering the client's REST requests as Strapi 5 does, through
 * a `fetch` function or MSW handlers.
 */

import type { MockStrapi, MockUser, MswApi } from '../types/mock.ts';
import type { CmsFieldTables } from '../validate/fields.ts';
import { validatorsOf } from '../validate/validators.ts';
import { type Answer, failure, type Incoming, notFound, type Upload } from './answers.ts';
import { authRoute } from './auth.ts';
import { MockBadRequest } from './errors.ts';
import { nestedPopulate } from './factories.ts';
import { filterOf } from './filters.ts';
import { isLoose, type Loose } from './loose.ts';
import { makeDocument } from './make.ts';
import { pageOf } from './pagination.ts';
import { readQuery } from './query.ts';
import { filterContext, render } from './render.ts';
import type { Row } from './rows.ts';
import { type MockTables, type MockType, mockSchema } from './schema.ts';
import { sortRows } from './sort.ts';
import { createStore, documentRows, readable, type Store, statusRank, tableRows } from './store.ts';
import { uploadRoute } from './upload.ts';
import { type Validators, writeDocument } from './writes.ts';

/** Options of `createMockStrapi`. */
interface MockStrapiOfOptions {
  seed?: number | undefined;
  url?: string | undefined;
  count?: number | undefined;
  entries?: Record<string, readonly unknown[] | undefined> | undefined;
  locales?: readonly string[] | undefined;
  users?: readonly MockUser[] | undefined;
}

const isObject = isLoose;

/** The body of a request: JSON, or a form's `data` (JSON) and its files. */
async function readBody(request: Request): Promise<{ body: unknown; files: Record<string, Upload[]> }> {
  const type = request.headers.get('content-type') ?? '';
  const files: Record<string, Upload[]> = {};
  if (request.method === 'GET' || request.method === 'HEAD') return { body: undefined, files };
  if (type.includes('multipart/form-data')) {
    const form = await request.formData();
    const fields: Loose = {};
    const uploads: [string, File][] = [];
    form.forEach((value, name) => {
      if (typeof value !== 'string') uploads.push([name, value]);
      else if (name === 'data') fields.data = JSON.parse(value);
      else fields[name] = value;
    });
    for (const [name, file] of uploads) {
      const upload = {
        name: file.name,
        type: file.type,
        size: file.size,
        bytes: new Uint8Array(await file.arrayBuffer()),
      };
      files[name] = [...(files[name] ?? []), upload];
    }
    const body: unknown = fields;
    return { body, files };
  }
  const text = await request.text();
  if (text === '') return { body: undefined, files };
  try {
    return { body: JSON.parse(text), files };
  } catch {
    return { body: Symbol.for('invalid'), files };
  }
}

/**
 * The mock Strapi of a schema.
 * @internal For the generated `createMockStrapi`.
 */
export function mockStrapiOf(
  fields: CmsFieldTables,
  tables: MockTables,
  options: MockStrapiOfOptions = {},
): MockStrapi {
  const schema = mockSchema(fields, tables);
  const validators = validatorsOf<Validators>(fields, schema.validatorTypes);
  const url = (options.url ?? 'http://localhost:1337').replace(/\/+$/, '');
  const locales = options.locales !== undefined && options.locales.length > 0 ? options.locales : ['en'];
  const requests: { method: string; url: string; status: number }[] = [];
  const fill = (): Store => {
    const store = createStore(schema, options.seed ?? 1, locales);
    const nested = nestedPopulate(store);
    const count = options.count ?? 3;
    const entries = options.entries ?? {};
    for (const [key, type] of schema.types) {
      if (!Object.hasOwn(fields, key)) continue;
      const given = entries[key];
      if (given !== undefined) {
        for (const entry of given)
          makeDocument(store, key, {
            given: isObject(entry) ? entry : {},
            nested,
            populate: new Map(),
            allMedia: true,
          });
        continue;
      }
      const made = type.single ? Math.min(1, count) : count;
      for (let index = 0; index < made; index += 1)
        makeDocument(store, key, { nested, populate: new Map(), allMedia: true });
    }
    linkMade(store, entries);
    for (const user of options.users ?? []) addUser(store, user);
    return store;
  };
  let store = fill();
  const handle = async (request: Request): Promise<Response> => {
    const target = new URL(request.url);
    const base = new URL(url);
    const prefix = base.pathname.replace(/\/+$/, '');
    const path = target.pathname.startsWith(prefix) ? target.pathname.slice(prefix.length) : target.pathname;
    let answer: Answer;
    try {
      const { body, files } = await readBody(request);
      const incoming: Incoming = {
        method: request.method.toUpperCase(),
        segments: path
          .split('/')
          .filter((segment) => segment !== '')
          .map(decodeURIComponent),
        query: readQuery(target.search),
        body,
        files,
        token: /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1],
      };
      answer =
        body === Symbol.for('invalid')
          ? failure(400, 'BadRequestError', 'Invalid JSON body')
          : route(store, validators, incoming, tables.auth === 'refresh');
    } catch (error) {
      // A query Strapi refuses is its 400; anything else is the mock's own failure, thrown.
      if (!(error instanceof MockBadRequest)) throw error;
      answer = failure(400, error.errorName, error.message, error.details);
    }
    requests.push({
      method: request.method.toUpperCase(),
      url: target.pathname + target.search,
      status: answer.status,
    });
    const headers: Record<string, string> = { ...(answer.headers ?? {}) };
    if (answer.body !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers,
    });
  };
  return {
    url,
    fetch: ((input: Request | string | URL, init?: RequestInit) =>
      handle(new Request(input, init))) as typeof fetch,
    handlers<Handler>(msw: MswApi<Handler>): Handler[] {
      return [msw.http.all(`${url}/api/*`, ({ request }) => handle(request))];
    },
    get requests() {
      return requests;
    },
    reset() {
      store = fill();
      requests.length = 0;
    },
  };
}

/** Links the made documents' required and some optional relations to other made documents. */
function linkMade(store: Store, entries: Record<string, readonly unknown[] | undefined>): void {
  for (const [key, type] of store.schema.types) {
    if (entries[key] !== undefined) continue;
    const fields = store.schema.tables[key] ?? {};
    for (const row of tableRows(store, key)) {
      const links = store.links.get(row) ?? {};
      for (const [name, field] of Object.entries(fields)) {
        if (field.kind !== 'relation' || field.target === undefined) continue;
        if (type.inverse[name]?.owner === false) continue;
        const target = store.schema.keyOf.get(field.target);
        if (target === undefined || links[name] !== undefined) continue;
        const documents = [...new Set(tableRows(store, target).map((other) => other.documentId))].filter(
          (id) => id !== row.documentId,
        );
        if (documents.length === 0) continue;
        const start = Math.floor(store.ctx.random() * documents.length);
        const many = /Many$|^manyWay$/.test(field.relation);
        links[name] = many ? documents.slice(start, start + 2) : [documents[start] as string];
      }
      store.links.set(row, links);
    }
  }
}

/** A users-permissions user in the store. */
function addUser(store: Store, user: MockUser): Row {
  const rows = tableRows(store, 'plugin::users-permissions.user');
  const stamp = new Date(Date.UTC(2026, 0, 1)).toISOString();
  const row = {
    id: rows.length + 1,
    documentId: `user${String(rows.length + 1).padStart(20, '0')}`,
    locale: null,
    provider: 'local',
    confirmed: true,
    blocked: false,
    createdAt: stamp,
    updatedAt: stamp,
    publishedAt: stamp,
    ...user,
  } as Row;
  rows.push(row);
  return row;
}

/** The content type at a REST path. */
function typeAt(store: Store, path: string | undefined): MockType | undefined {
  for (const type of store.schema.types.values())
    if (type.path === path && !type.uid.startsWith('plugin::')) return type;
  return undefined;
}

const statusOf = (query: Loose) => query.status === 'draft';
const localeOf = (store: Store, type: MockType, query: Loose) =>
  type.localized ? (typeof query.locale === 'string' ? query.locale : store.locales[0]) : undefined;

/** Answers one request. */
function route(store: Store, validators: Validators, incoming: Incoming, refresh: boolean): Answer {
  const [api, first, second, ...rest] = incoming.segments;
  if (api !== 'api' || first === undefined) return notFound();
  const auth = authRoute(store, incoming, refresh);
  if (auth !== undefined) return auth;
  const upload = uploadRoute(store, incoming);
  if (upload !== undefined) return upload;
  if (first === 'i18n' && second === 'locales' && incoming.method === 'GET')
    return {
      status: 200,
      body: store.locales.map((code, index) => ({
        id: index + 1,
        documentId: `locale${String(index + 1).padStart(18, '0')}`,
        name: localeName(code),
        code,
        isDefault: index === 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        publishedAt: '2026-01-01T00:00:00.000Z',
      })),
    };
  const type = typeAt(store, first);
  if (type === undefined || rest.length > 0) return notFound();
  const { method, query } = incoming;
  const draft = statusOf(query);
  const locale = localeOf(store, type, query);
  const shape = { fields: query.fields, populate: query.populate };
  if (type.single) {
    if (second !== undefined) return notFound();
    if (method === 'GET') {
      const row = readable(store, type.key, draft, locale).find(
        filterOf(type.key, query.filters, filterContext(store, draft)),
      );
      return row === undefined
        ? notFound()
        : { status: 200, body: { data: render(store, type.key, row, shape, draft), meta: {} } };
    }
    if (method === 'PUT') return writeDocument(store, validators, type, undefined, incoming, 'update');
    if (method === 'DELETE') return remove(store, type, undefined, query);
    return notFound();
  }
  if (second === undefined) {
    if (method === 'GET') return find(store, type, query);
    if (method === 'POST') return writeDocument(store, validators, type, undefined, incoming, 'create');
    return notFound();
  }
  if (method === 'GET') {
    const matches = filterOf(type.key, query.filters, filterContext(store, draft));
    const row = readable(store, type.key, draft, locale).find(
      (candidate) => candidate.documentId === second && matches(candidate),
    );
    return row === undefined
      ? notFound()
      : { status: 200, body: { data: render(store, type.key, row, shape, draft), meta: {} } };
  }
  if (method === 'PUT') return writeDocument(store, validators, type, second, incoming, 'update');
  if (method === 'DELETE') return remove(store, type, second, query);
  return notFound();
}

/** `GET /api/<plural>`: filters, `_q`, sort, pagination, as Strapi reads them. */
function find(store: Store, type: MockType, query: Loose): Answer {
  const draft = statusOf(query);
  const ctx = filterContext(store, draft);
  let rows = readable(store, type.key, draft, localeOf(store, type, query));
  rows = rows.filter(filterOf(type.key, query.filters, ctx));
  if (typeof query._q === 'string' && query._q !== '')
    rows = rows.filter((row) => searched(store, type, row, String(query._q)));
  rows =
    query.sort === undefined
      ? [...rows].sort((a, b) => (a.id as number) - (b.id as number))
      : sortRows(
          type.key,
          rows,
          query.sort,
          ctx,
          type.draftAndPublish ? statusRank(store, type.key) : undefined,
        );
  const { start, limit, meta } = pageOf(query.pagination, rows.length);
  const page = limit < 0 ? rows.slice(start) : rows.slice(start, start + limit);
  return {
    status: 200,
    body: {
      data: page.map((row) =>
        render(store, type.key, row, { fields: query.fields, populate: query.populate }, draft),
      ),
      meta: { pagination: meta },
    },
  };
}

/** `_q`: a substring of a text field (case-insensitive), or the id, or a number field equal to it. */
function searched(store: Store, type: MockType, row: Row, text: string): boolean {
  const needle = text.toLowerCase();
  if (String(row.id) === text) return true;
  for (const [name, field] of Object.entries(store.schema.tables[type.key] ?? {})) {
    const value = row[name];
    if (['string', 'text', 'richtext', 'email', 'uid', 'enumeration'].includes(field.kind)) {
      if (typeof value === 'string' && value.toLowerCase().includes(needle)) return true;
    } else if (['integer', 'float', 'decimal', 'biginteger'].includes(field.kind)) {
      if (value !== null && value !== undefined && String(value) === text) return true;
    }
  }
  return false;
}

/** `DELETE`: the document's rows in the locale (every locale with `'*'`); 204, or 404 when none. */
function remove(store: Store, type: MockType, documentId: string | undefined, query: Loose): Answer {
  const locale = query.locale === '*' ? '*' : localeOf(store, type, query);
  const rows = tableRows(store, type.key);
  const doomed = (documentId === undefined ? rows : documentRows(store, type.key, documentId)).filter(
    (row) => !type.localized || locale === '*' || row.locale === locale,
  );
  if (doomed.length === 0) return notFound();
  for (const row of doomed) {
    rows.splice(rows.indexOf(row), 1);
    store.links.delete(row);
  }
  return { status: 204 };
}

/** A locale's name as the i18n plugin lists it: `French (fr)`. */
function localeName(code: string): string {
  try {
    return `${new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}
