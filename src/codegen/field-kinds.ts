/**
 * Decided once for the whole generator: which fields Strapi adds to every entry and component
 * instance, and how each scalar field filters (by its attribute type). The emitters only read
 * the result from the model (`systemFields`, `filterFields`).
 */
import type {
  FilterField,
  ModelAttribute,
  ScalarFilter,
  ScalarType,
  SystemField,
  SystemFieldName,
} from './model-types.ts';

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
  return { name, key: name, type, leading };
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

/** The fields `filters` takes a condition on: the system fields, then the visible scalar attributes. */
export function filterFields(system: SystemField[], attributes: ModelAttribute[]): FilterField[] {
  const fields: FilterField[] = system.map((field) => ({
    name: field.name,
    key: field.key,
    enumValues: [],
    ...scalarFilter(field.type),
  }));
  for (const attribute of attributes) {
    if (attribute.classification !== 'scalar' || attribute.hidden) continue;
    const { name, key, enumValues } = attribute;
    fields.push({ name, key, enumValues, ...scalarFilter(attribute.type) });
  }
  return fields;
}
