/**
 * `<Name>Filters`: what `filters` accepts for each model. Each of the model's filter fields
 * (system fields, then visible scalars) takes the runtime's named condition the model gave it (`TextFilter`, `DateFilter`...): the
 * value itself (shorthand for `$eq`; never `null`, which is `$null`) or the operators of its
 * kind. Relations, media and components take conditions on their target's fields; `$and`,
 * `$or`, `$not` nest. Hidden attributes and dynamic zones are left out: Strapi rejects filters
 * on them.
 */

import { declareInterface, type Member, title } from './emit-syntax.ts';
import { jsdocText, stringLiteral } from './identifiers.ts';
import type {
  CodegenModel,
  ComponentModel,
  ContentTypeModel,
  FilterCondition,
  FilterField,
  FilterKind,
  ModelAttribute,
} from './model-types.ts';

const UPLOAD_FILE_UID = 'plugin::upload.file';

/**
 * What the `<Name>Filters` interfaces refer to: the filters name of every model by uid, and the
 * runtime conditions used so far (the types file imports exactly those).
 */
export class FilterContext {
  readonly #names = new Map<string, string>();
  readonly #used = new Set<FilterCondition>();

  constructor(model: CodegenModel) {
    for (const { uid, names } of [...model.contentTypes, ...model.components])
      this.#names.set(uid, names.filters);
  }

  /** The filters interface of a model uid, or a loose record when the schema lacks it. */
  of(uid: string | null): string {
    return (uid === null ? undefined : this.#names.get(uid)) ?? 'Record<string, unknown>';
  }

  /** Records that a filter uses the runtime condition (so the types file imports it) and returns its name. */
  use(condition: FilterCondition): string {
    this.#used.add(condition);
    return condition;
  }

  /** The runtime's conditions the filters use. */
  used(): string[] {
    return [...this.#used];
  }
}

const FILTER_KIND_DOCS: Record<FilterKind, string> = {
  string: 'a value (as `$eq`) or text operators',
  number: 'a value (as `$eq`) or range operators',
  date: 'an ISO 8601 string or `Date` (as `$eq`), or range operators',
  boolean: 'a value (as `$eq`) or equality operators',
  json: '`$null` or `$notNull` only',
};

/** A scalar field's filter member; an enumeration's condition takes its values. */
function scalarFilterMember(field: FilterField, context: FilterContext): Member {
  const condition = context.use(field.condition);
  const values = field.enumValues.map(stringLiteral).join(' | ');
  return {
    key: field.key,
    type: values === '' ? condition : `${condition}<${values}>`,
    optional: true,
    docs: [`\`${jsdocText(field.name)}\`: ${FILTER_KIND_DOCS[field.filterKind]}.`],
  };
}

function linkFilterMember(attribute: ModelAttribute, context: FilterContext): Member | undefined {
  const name = jsdocText(attribute.name);
  switch (attribute.classification) {
    case 'relation':
      return {
        key: attribute.key,
        type: context.of(attribute.targetUid),
        optional: true,
        docs: [`\`${name}\`: conditions on the related entries' fields.`],
      };
    case 'component':
      return {
        key: attribute.key,
        type: context.of(attribute.targetUid),
        optional: true,
        docs: [`\`${name}\`: conditions on the component's fields.`],
      };
    case 'media':
      return {
        key: attribute.key,
        type: context.of(UPLOAD_FILE_UID),
        optional: true,
        docs: [`\`${name}\`: conditions on the file's fields.`],
      };
    default:
      // Strapi cannot filter by a dynamic zone; scalars are listed before the links.
      return undefined;
  }
}

function filtersDeclaration(
  label: string,
  model: ContentTypeModel | ComponentModel,
  extraLinks: Member[],
  context: FilterContext,
): string {
  const links = model.attributes
    .filter((a) => !a.hidden)
    .map((a) => linkFilterMember(a, context))
    .filter((member): member is Member => member !== undefined);
  const self = model.names.filters;
  return declareInterface(
    [
      `${label}: what \`filters\` accepts. Each field takes the operators of its type;`,
      'relations, media and components take conditions on their target; `$and`, `$or`, `$not` nest.',
    ],
    self,
    [
      ...model.filterFields.map((field) => scalarFilterMember(field, context)),
      ...links,
      ...extraLinks,
      { key: '$and', type: `readonly ${self}[]`, optional: true, docs: ['All of the conditions.'] },
      { key: '$or', type: `readonly ${self}[]`, optional: true, docs: ['Any of the conditions.'] },
      { key: '$not', type: self, optional: true, docs: ['Not the condition.'] },
    ],
  );
}

/** A content type's `<Name>Filters`; a localized one also filters by its `localizations`. */
export function contentTypeFilters(model: ContentTypeModel, context: FilterContext): string {
  const localizations: Member[] = model.localized
    ? [
        {
          key: 'localizations',
          type: model.names.filters,
          optional: true,
          docs: ['`localizations`: conditions on the other locales of the entry.'],
        },
      ]
    : [];
  return filtersDeclaration(
    title('Content type', model.uid, model.displayName),
    model,
    localizations,
    context,
  );
}

/** A component's `<Name>Filters`. */
export function componentFilters(model: ComponentModel, context: FilterContext): string {
  return filtersDeclaration(title('Component', model.uid, model.displayName), model, [], context);
}
