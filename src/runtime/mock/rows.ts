/**
 * The storage rows the mock Strapi keeps, and what filters and sort need to follow an attribute
 * that is not a plain value (a relation, media, a component).
 */
import type { CmsField } from '../validate/fields.ts';
import type { Loose } from './loose.ts';

/**
 * One version of a document, as Strapi 5 stores it (a draft or a published version, one per
 * locale of a localized document). Each attribute by name, in storage form: scalars as the JSON
 * value Strapi returns (string, number, boolean, null, json, blocks array); a component as a
 * component row object `{ id, ...its attributes in storage form }` or null; a repeatable
 * component or a dynamic zone as an array of such objects (zone items carry `__component`).
 * Relations and media are not stored on the row: `FilterContext.linked` reaches them.
 */
export interface Row extends Loose {
  id: number;
  documentId: string;
  locale: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What filters and sort need to follow an attribute that is not a plain value. */
export interface FilterContext {
  /** The field `name` of `table`, or undefined when there is none. */
  field(table: string, name: string): CmsField | undefined;
  /**
   * The rows an attribute links a row to: a relation's target rows (table = the target's key), a
   * media field's files (table = 'plugin::upload.file'), a component's rows (table = its uid),
   * a zone's items. undefined when `name` is not a link of `table`.
   *
   * filters.ts and sort.ts also call it with a placeholder row that links to nothing (the row an
   * SQL LEFT JOIN yields when there is no linked row) to learn the table a link leads to: it
   * should then answer the table with no rows.
   */
  linked(table: string, row: Row, name: string): { table: string; rows: Row[] } | undefined;
}
