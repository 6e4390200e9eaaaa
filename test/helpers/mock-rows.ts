/**
 * Rows and a `FilterContext` over hand-written field tables, for the unit tests of the mock
 * Strapi's filters and sort: each relation, media field and component links to the rows the
 * test puts in `links` (components: the row's own value).
 */
import type { FilterContext, Row } from '../../src/runtime/mock/rows.ts';
import type { CmsFieldTables } from '../../src/runtime/validate/fields.ts';

/** A context over `tables`; `keyOf` maps a relation's target uid to its table. */
export function tableContext(
  tables: CmsFieldTables,
  keyOf: Readonly<Record<string, string>>,
  links: Map<Row, Record<string, Row[]>>,
): FilterContext {
  const ctx: FilterContext = {
    field: (table, name) => {
      const fields = tables[table];
      return fields !== undefined && Object.hasOwn(fields, name) ? fields[name] : undefined;
    },
    linked: (table, from, name) => {
      const field = ctx.field(table, name);
      if (field?.kind === 'relation')
        return { table: keyOf[field.target ?? ''] ?? '', rows: links.get(from)?.[name] ?? [] };
      if (field?.kind === 'media')
        return { table: 'plugin::upload.file', rows: links.get(from)?.[name] ?? [] };
      if (field?.kind === 'component') {
        const value = from[name];
        return {
          table: field.component,
          rows: (Array.isArray(value) ? value : value ? [value] : []) as Row[],
        };
      }
      return undefined;
    },
  };
  return ctx;
}
