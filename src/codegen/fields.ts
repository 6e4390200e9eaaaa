/**
 * Decided once for the whole generator: how a scalar field filters (by its attribute type) and
 * which fields Strapi adds to every entry and component instance. The emitters only read the
 * result from the model.
 */
import type { ScalarFilter, ScalarType, SystemField, SystemFieldName } from './model-types.ts';

/**
 * A scalar attribute type's filter: numbers and dates take range operators (and a number or a
 * `Date`), JSON and blocks only `$null` and `$notNull`, booleans equality, the rest text
 * operators; `biginteger` is a number kind with its own condition (it reads back as a string).
 */
export function scalarFilter(type: ScalarType): ScalarFilter {
  switch (type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return { filterKind: 'number', condition: 'NumberFilter' };
    case 'biginteger':
      return { filterKind: 'number', condition: 'BigIntegerFilter' };
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp':
      return { filterKind: 'date', condition: 'DateFilter' };
    case 'boolean':
      return { filterKind: 'boolean', condition: 'BooleanFilter' };
    case 'json':
    case 'blocks':
      return { filterKind: 'json', condition: 'JsonOperators' };
    default:
      // string, text, richtext, email, uid, password, enumeration
      return { filterKind: 'string', condition: 'TextFilter' };
  }
}

function systemField(name: SystemFieldName, type: SystemField['type'], leading = false): SystemField {
  return { name, key: name, type, leading, ...scalarFilter(type) };
}

/**
 * The fields Strapi adds to every entry of a content type: `id`, `documentId`, `createdAt`,
 * `updatedAt`, `publishedAt` (set on a published version, null on a draft; always set without
 * draft and publish), and `locale` when i18n is on.
 */
export function contentTypeSystemFields(localized: boolean): SystemField[] {
  const fields = [
    systemField('id', 'integer', true),
    systemField('documentId', 'string', true),
    systemField('createdAt', 'datetime'),
    systemField('updatedAt', 'datetime'),
    systemField('publishedAt', 'datetime'),
  ];
  if (localized) fields.push(systemField('locale', 'string'));
  return fields;
}

/** The field Strapi adds to every component instance: its numeric `id`. */
export function componentSystemFields(): SystemField[] {
  return [systemField('id', 'integer', true)];
}
