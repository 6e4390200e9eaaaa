/**
 * The factories of the generated `createMocks`: per content type `entry(params, overrides)`
 * (and `list` for a collection type), per component `entry`. Each call makes the documents the
 * parameters need in a store of its own (the related entries `populate` asks for, the files) and
 * answers with the entry rendered as a read with those parameters returns it.
 */

import type { CmsFieldTables } from '../validate/fields.ts';
import { isLoose, type Loose } from './loose.ts';
import { componentRow, makeDocument } from './make.ts';
import { populateOf, render } from './render.ts';
import { type MockTables, mockSchema } from './schema.ts';
import { createStore, type Store } from './store.ts';

/** Options of `createMocks`. */
interface MocksOfOptions {
  seed?: number | undefined;
  locale?: string | undefined;
}

const isObject = isLoose;

/** The populate maps of nested options, for the store's tables. */
export const nestedPopulate =
  (store: Store) =>
  (table: string, options: unknown): Map<string, unknown> =>
    populateOf(store, table, isObject(options) ? options.populate : undefined);

/** Reads `params` as a query does: its status. */
const isDraft = (params: Loose) => params.status === 'draft';

/**
 * The factories of a schema. `Mocks` is the generated `CmsMocks`, whose keys the tables match.
 * @internal For the generated `createMocks`.
 */
export function mocksOf<Mocks>(
  fields: CmsFieldTables,
  tables: MockTables,
  options: MocksOfOptions = {},
): Mocks {
  const schema = mockSchema(fields, tables);
  const store = createStore(schema, options.seed ?? 1, [options.locale ?? 'en']);
  const nested = nestedPopulate(store);
  const entry = (key: string, params: unknown, overrides: unknown) => {
    const query = isObject(params) ? params : {};
    const draft = isDraft(query);
    const populate = populateOf(store, key, query.populate);
    const row = makeDocument(store, key, {
      draft,
      locale: typeof query.locale === 'string' ? query.locale : undefined,
      populate,
      nested,
      given: isObject(overrides) ? overrides : undefined,
    });
    const rendered = render(store, key, row, { fields: query.fields, populate: query.populate }, draft);
    return isObject(overrides) ? { ...rendered, ...overrides } : rendered;
  };
  const out: Loose = {};
  for (const [key, type] of schema.types) {
    if (!Object.hasOwn(fields, key)) continue;
    out[key] = type.single
      ? { entry: (params?: unknown, overrides?: unknown) => entry(key, params, overrides) }
      : {
          entry: (params?: unknown, overrides?: unknown) => entry(key, params, overrides),
          list: (count: number, params?: unknown, overrides?: unknown) =>
            Array.from({ length: count }, () => entry(key, params, overrides)),
        };
  }
  for (const uid of Object.keys(fields)) {
    if (schema.types.has(uid)) continue;
    out[uid] = {
      entry: (params?: unknown, overrides?: unknown) => {
        const query = isObject(params) ? params : {};
        const made = componentRow(store, uid, false, {
          populate: populateOf(store, uid, query.populate),
          nested,
          given: isObject(overrides) ? overrides : undefined,
        });
        const rendered = render(store, uid, made, { fields: query.fields, populate: query.populate }, false);
        return isObject(overrides) ? { ...rendered, ...overrides } : rendered;
      },
    };
  }
  return out as Mocks;
}
