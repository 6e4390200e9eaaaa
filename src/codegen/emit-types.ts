/**
 * Model -> the text of `types.ts`: only interfaces and type aliases (no values), so the same text
 * is valid as `types.ts` and as `types.d.ts`. Its one import is type-only, from the runtime
 * module: the types every schema shares (media, relation inputs, blocks, the response envelope),
 * which it re-exports, and the field conditions (`TextFilter`, `DateFilter`...) its per-model
 * `<Name>Filters` interfaces use. Pure and deterministic: models come sorted by uid, attributes in schema order,
 * and every name was resolved by the model step. No header: the writer adds one.
 */

import { type DraftTargets, draftAttributes, draftTargets } from './drafts.ts';
import type {
  CodegenModel,
  ComponentModel,
  ContentTypeModel,
  DraftNames,
  DynamicZoneAttribute,
  ModelAttribute,
  ScalarAttribute,
} from './model.ts';
import { jsdocText, stringLiteral } from './names.ts';
import { type RuntimeSurface, runtimeAssets } from './runtime-assets.ts';

export function emitTypes(model: CodegenModel, surface: RuntimeSurface = runtimeAssets().surface): string {
  const filters = new FilterContext(model);
  const targets = draftTargets([...model.contentTypes, ...model.components]);
  const shared = surface.typesFile;
  const blocks: string[] = [
    `/** The types every schema shares, declared by the runtime module. */\nexport type { ${shared.join(', ')} };`,
  ];
  for (const contentType of model.contentTypes) {
    blocks.push(
      ...contentTypeDeclarations(contentType),
      ...contentTypeDraftDeclarations(contentType, targets),
      contentTypeFilters(contentType, filters),
    );
  }
  for (const component of model.components) {
    blocks.push(
      ...componentDeclarations(component),
      ...componentDraftDeclarations(component, targets),
      componentFilters(component, filters),
    );
  }
  blocks.push(registry(model));
  const imported = [...shared, ...filters.used()].sort();
  return `import type { ${imported.join(', ')} } from './runtime.js';\n\n${blocks.join('\n\n')}\n`;
}

function title(label: string, uid: string, displayName: string): string {
  const name = jsdocText(displayName);
  return `${label} \`${jsdocText(uid)}\`${name === '' ? '' : ` (${name})`}`;
}

function comment(lines: string[], indent = ''): string {
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}\n`).join('')}${indent} */\n`;
}

interface Member {
  key: string;
  type: string;
  optional?: boolean;
  docs?: string[];
}

function declareInterface(docs: string[], name: string, members: Member[]): string {
  const body = members
    .map((member) => {
      const doc = member.docs !== undefined && member.docs.length > 0 ? comment(member.docs, '  ') : '';
      return `${doc}  ${member.key}${member.optional === true ? '?' : ''}: ${member.type};\n`;
    })
    .join('');
  // An empty interface is a lint error (noEmptyInterface) in the consumer's project.
  if (body === '') return `${comment(docs)}export type ${name} = Record<never, never>;`;
  return `${comment(docs)}export interface ${name} {\n${body}}`;
}

function scalarType(attribute: ScalarAttribute, side: 'entry' | 'input'): string {
  switch (attribute.type) {
    case 'enumeration':
      return attribute.enumValues.map(stringLiteral).join(' | ');
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'biginteger':
      return side === 'entry' ? 'string' : 'string | number';
    case 'boolean':
      return 'boolean';
    case 'json':
      return 'JsonValue';
    case 'blocks':
      return 'BlocksContent';
    default:
      // string, text, richtext, email, uid, password, date, time, datetime, timestamp
      return 'string';
  }
}

function nullable(type: string, required: boolean): string {
  return required ? type : `${type} | null`;
}

function entryMembers(attributes: ModelAttribute[]): Member[] {
  return attributes
    .filter((a) => a.classification === 'scalar' && !a.hidden)
    .map((a) => ({
      key: a.key,
      type: nullable(scalarType(a as ScalarAttribute, 'entry'), a.required),
      docs: a.docs,
    }));
}

function populatableType(attribute: ModelAttribute): string {
  switch (attribute.classification) {
    case 'relation':
      if (attribute.target === null) {
        return attribute.many ? 'Record<string, unknown>[]' : 'Record<string, unknown> | null';
      }
      return attribute.many ? `${attribute.target}[]` : `${attribute.target} | null`;
    case 'media':
    case 'component':
      return attribute.many ? `${attribute.target}[]` : nullable(attribute.target, attribute.required);
    case 'dynamiczone':
      return `${attribute.target}[]`;
    case 'scalar':
      throw new Error('unreachable: a scalar is not populatable');
  }
}

function populatableMembers(attributes: ModelAttribute[]): Member[] {
  return attributes
    .filter((a) => a.classification !== 'scalar' && !a.hidden)
    .map((a) => ({ key: a.key, type: populatableType(a), docs: a.docs }));
}

function inputType(attribute: ModelAttribute): string {
  switch (attribute.classification) {
    case 'scalar':
      return nullable(scalarType(attribute, 'input'), attribute.required);
    case 'media':
      return attribute.many ? 'MultiMediaInput' : 'MediaInput';
    case 'relation':
      return attribute.many ? 'RelationsInput' : 'RelationInput';
    case 'component':
      return attribute.many
        ? `${attribute.targetInput}[]`
        : nullable(attribute.targetInput, attribute.required);
    case 'dynamiczone': {
      if (attribute.members.length === 0) return 'never[]';
      const members = attribute.members.map(
        (member) => `\n    | ({ __component: ${stringLiteral(member.uid)} } & ${member.input})`,
      );
      return `(${members.join('')}\n  )[]`;
    }
  }
}

function inputMembers(attributes: ModelAttribute[]): Member[] {
  return attributes.map((a) => ({
    key: a.key,
    type: inputType(a),
    optional: !a.required || a.hasDefault,
    docs: a.docs,
  }));
}

function zoneDeclarations(uid: string, attributes: ModelAttribute[]): string[] {
  return attributes
    .filter((a): a is DynamicZoneAttribute => a.classification === 'dynamiczone')
    .map((zone) => {
      const doc = comment([
        `Entries of the dynamic zone \`${jsdocText(zone.name)}\` of \`${jsdocText(uid)}\`.`,
      ]);
      if (zone.members.length === 0) return `${doc}export type ${zone.target} = never;`;
      const members = zone.members.map(
        (member) => `\n  | ({ __component: ${stringLiteral(member.uid)} } & ${member.entry})`,
      );
      return `${doc}export type ${zone.target} =${members.join('')};`;
    });
}

const ENTRY_ID_DOC =
  'Numeric id of this row (each locale and draft/published version has its own); use `documentId` to address entries.';
const DOCUMENT_ID_DOC =
  'Stable id shared by all locales and versions of the entry: what `findOne`, `update` and `delete` take.';
const COMPONENT_ID_DOC = 'Numeric id of this component instance; give it in the input to update it in place.';
const COMPONENT_INPUT_ID_DOC =
  'The `id` of the existing component to update in place; without it a new one replaces it.';

/** The fields Strapi adds to every entry of a content type, with the given `publishedAt`. */
function systemMembers(model: ContentTypeModel, publishedAt: Member): Member[] {
  const system: Member[] = [
    { key: 'createdAt', type: 'string', docs: ['ISO 8601 timestamp.'] },
    { key: 'updatedAt', type: 'string', docs: ['ISO 8601 timestamp of the last change.'] },
    publishedAt,
  ];
  if (model.localized)
    system.push({ key: 'locale', type: 'string', docs: ['The locale code of this version, e.g. `en`.'] });
  return system;
}

function publishedAtMember(model: ContentTypeModel): Member {
  return model.draftAndPublish
    ? {
        key: 'publishedAt',
        type: 'string',
        docs: [
          "ISO 8601 timestamp of publication: this is the published version (reads with `status: 'draft'` return {@link " +
            `${model.draft.entry ?? model.names.entry}}).`,
        ],
      }
    : {
        key: 'publishedAt',
        type: 'string',
        docs: ['ISO 8601 timestamp; always set (this type has no drafts).'],
      };
}

function contentTypeDeclarations(model: ContentTypeModel): string[] {
  const { names } = model;
  const name = title('Content type', model.uid, model.displayName);
  const system = systemMembers(model, publishedAtMember(model));
  return [
    declareInterface(
      [
        `${name}: the fields every response carries.`,
        `Relations, media and components: {@link ${names.populatable}}.`,
      ],
      names.entry,
      [
        { key: 'id', type: 'number', docs: [ENTRY_ID_DOC] },
        { key: 'documentId', type: 'string', docs: [DOCUMENT_ID_DOC] },
        ...entryMembers(model.attributes),
        ...system,
      ],
    ),
    declareInterface(
      [`${name}: relations, media, components and dynamic zones, present only when populated.`],
      names.populatable,
      [
        ...populatableMembers(model.attributes),
        ...(model.localized
          ? [{ key: 'localizations', type: `${names.entry}[]`, docs: ['The other locales of this entry.'] }]
          : []),
      ],
    ),
    declareInterface(
      [`${name}: the data \`create\` accepts; \`update\` takes a \`Partial\` of it.`],
      names.input,
      inputMembers(model.attributes),
    ),
    ...zoneDeclarations(model.uid, model.attributes),
  ];
}

function componentDeclarations(model: ComponentModel): string[] {
  const { names } = model;
  const name = title('Component', model.uid, model.displayName);
  return [
    declareInterface(
      [
        `${name}: its fields as every response carries them.`,
        `Relations, media and components: {@link ${names.populatable}}.`,
      ],
      names.entry,
      [{ key: 'id', type: 'number', docs: [COMPONENT_ID_DOC] }, ...entryMembers(model.attributes)],
    ),
    declareInterface(
      [`${name}: relations, media, nested components and dynamic zones, present only when populated.`],
      names.populatable,
      populatableMembers(model.attributes),
    ),
    declareInterface(
      [`${name}: the data create/update accept; give \`id\` to update an existing entry in place.`],
      names.input,
      [
        { key: 'id', type: 'number', optional: true, docs: [COMPONENT_INPUT_ID_DOC] },
        ...inputMembers(model.attributes),
      ],
    ),
    ...zoneDeclarations(model.uid, model.attributes),
  ];
}

const DRAFT_NOTE = 'Strapi checks `required` only on publish, so required fields may be null here.';

/** The draft interfaces of a content type (see drafts.ts), those it has. */
function contentTypeDraftDeclarations(model: ContentTypeModel, targets: DraftTargets): string[] {
  const { draft, names } = model;
  const name = title('Content type', model.uid, model.displayName);
  const attributes = draftAttributes(model.attributes, targets);
  const blocks: string[] = [];
  if (draft.entry !== null) {
    const publishedAt: Member = {
      key: 'publishedAt',
      type: 'null',
      docs: ['Always null: this is the draft version (publishing makes a separate published version).'],
    };
    blocks.push(
      declareInterface(
        [
          `${name} as a draft (\`status: 'draft'\`): the fields every response carries.`,
          DRAFT_NOTE,
          `The published version: {@link ${names.entry}}.`,
        ],
        draft.entry,
        [
          { key: 'id', type: 'number', docs: [ENTRY_ID_DOC] },
          { key: 'documentId', type: 'string', docs: [DOCUMENT_ID_DOC] },
          ...entryMembers(attributes),
          ...systemMembers(model, publishedAt),
        ],
      ),
    );
  }
  if (draft.populatable !== null) {
    const self = draft.entry ?? names.entry;
    blocks.push(
      declareInterface(
        [
          `${name} as a draft: relations (their drafts), media, components and zones, present only when populated.`,
        ],
        draft.populatable,
        [
          ...populatableMembers(attributes),
          ...(model.localized
            ? [{ key: 'localizations', type: `${self}[]`, docs: ['The other locales of this entry.'] }]
            : []),
        ],
      ),
    );
  }
  if (draft.input !== null) {
    blocks.push(
      declareInterface(
        [
          `${name}: the data \`create\` accepts with \`status: 'draft'\`; \`update\` takes a \`Partial\` of it.`,
          'Strapi checks `required` only on publish, so required fields may be left out.',
        ],
        draft.input,
        inputMembers(attributes),
      ),
    );
  }
  return blocks;
}

/** The draft interfaces of a component (see drafts.ts), those it has. */
function componentDraftDeclarations(model: ComponentModel, targets: DraftTargets): string[] {
  const { draft } = model;
  const name = title('Component', model.uid, model.displayName);
  const attributes = draftAttributes(model.attributes, targets);
  const blocks: string[] = [];
  if (draft.entry !== null) {
    blocks.push(
      declareInterface(
        [`${name} inside a draft: its fields as every response carries them.`, DRAFT_NOTE],
        draft.entry,
        [{ key: 'id', type: 'number', docs: [COMPONENT_ID_DOC] }, ...entryMembers(attributes)],
      ),
    );
  }
  if (draft.populatable !== null) {
    blocks.push(
      declareInterface(
        [
          `${name} inside a draft: relations (their drafts), media, nested components and zones, present only when populated.`,
        ],
        draft.populatable,
        populatableMembers(attributes),
      ),
    );
  }
  if (draft.input !== null) {
    blocks.push(
      declareInterface(
        [
          `${name}: the data a draft write accepts; give \`id\` to update an existing entry in place.`,
          'Strapi checks `required` only on publish, so required fields may be left out.',
        ],
        draft.input,
        [
          { key: 'id', type: 'number', optional: true, docs: [COMPONENT_INPUT_ID_DOC] },
          ...inputMembers(attributes),
        ],
      ),
    );
  }
  return blocks;
}

/** The filter conditions of the client runtime (src/runtime/filters.ts) the filters use. */
type Condition =
  | 'BigIntegerFilter'
  | 'BooleanFilter'
  | 'DateFilter'
  | 'JsonOperators'
  | 'NumberFilter'
  | 'TextFilter';

/**
 * What the `<Name>Filters` interfaces refer to: the filters name of every model by uid, and the
 * runtime conditions used so far (the types file imports exactly those).
 */
class FilterContext {
  readonly #names = new Map<string, string>();
  readonly #used = new Set<Condition>();

  constructor(model: CodegenModel) {
    for (const { uid, names } of [...model.contentTypes, ...model.components])
      this.#names.set(uid, names.filters);
  }

  /** The filters interface of a model uid, or a loose record when the schema lacks it. */
  of(uid: string | null): string {
    return (uid === null ? undefined : this.#names.get(uid)) ?? 'Record<string, unknown>';
  }

  use(condition: Condition): string {
    this.#used.add(condition);
    return condition;
  }

  /** The runtime's conditions the filters use. */
  used(): string[] {
    return [...this.#used];
  }
}

/**
 * A scalar field's condition, resolved here to the runtime's named condition of its type: the
 * value itself (shorthand for `$eq`; never `null`, which is `$null`) or the operators of its
 * kind, exactly the runtime's `FieldFilter<kind, value>`. Numbers and dates also take a number
 * or a `Date`; JSON and blocks only `$null` and `$notNull`.
 */
function fieldFilter(attribute: ScalarAttribute | SystemField, context: FilterContext): string {
  switch (attribute.type) {
    case 'enumeration':
      return `${context.use('TextFilter')}<${scalarType(attribute, 'entry')}>`;
    case 'integer':
    case 'float':
    case 'decimal':
      return context.use('NumberFilter');
    case 'biginteger':
      return context.use('BigIntegerFilter');
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp':
      return context.use('DateFilter');
    case 'boolean':
      return context.use('BooleanFilter');
    case 'json':
    case 'blocks':
      return context.use('JsonOperators');
    default:
      return context.use('TextFilter');
  }
}

/** A field Strapi adds to every entry, typed like the attribute type it behaves as. */
interface SystemField {
  key: string;
  name: string;
  type: 'integer' | 'string' | 'datetime';
}

const FILTER_KIND_DOCS: Record<string, string> = {
  string: 'a value (as `$eq`) or text operators',
  number: 'a value (as `$eq`) or range operators',
  date: 'an ISO 8601 string or `Date` (as `$eq`), or range operators',
  boolean: 'a value (as `$eq`) or equality operators',
  json: '`$null` or `$notNull` only',
};

function scalarFilterMember(attribute: ScalarAttribute | SystemField, context: FilterContext): Member {
  return {
    key: attribute.key,
    type: fieldFilter(attribute, context),
    optional: true,
    docs: [`\`${jsdocText(attribute.name)}\`: ${FILTER_KIND_DOCS[filterKind(attribute)]}.`],
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

const UPLOAD_FILE_UID = 'plugin::upload.file';

/**
 * `<Name>Filters`: the scalar fields (system fields first) with the operators of their kind,
 * then relations, media and components by their target's filters, then `$and`, `$or`, `$not`.
 * Hidden attributes and dynamic zones are left out: Strapi rejects filters on them.
 */
function filtersDeclaration(
  label: string,
  names: { filters: string },
  system: SystemField[],
  attributes: ModelAttribute[],
  extraLinks: Member[],
  context: FilterContext,
): string {
  const visible = attributes.filter((a) => !a.hidden);
  const scalars = visible
    .filter((a): a is ScalarAttribute => a.classification === 'scalar')
    .map((a) => scalarFilterMember(a, context));
  const links = visible
    .map((a) => linkFilterMember(a, context))
    .filter((member): member is Member => member !== undefined);
  const self = names.filters;
  return declareInterface(
    [
      `${label}: what \`filters\` accepts. Each field takes the operators of its type;`,
      'relations, media and components take conditions on their target; `$and`, `$or`, `$not` nest.',
    ],
    self,
    [
      ...system.map((field) => scalarFilterMember(field, context)),
      ...scalars,
      ...links,
      ...extraLinks,
      { key: '$and', type: `readonly ${self}[]`, optional: true, docs: ['All of the conditions.'] },
      { key: '$or', type: `readonly ${self}[]`, optional: true, docs: ['Any of the conditions.'] },
      { key: '$not', type: self, optional: true, docs: ['Not the condition.'] },
    ],
  );
}

function systemField(name: string, type: SystemField['type']): SystemField {
  return { key: name, name, type };
}

function contentTypeFilters(model: ContentTypeModel, context: FilterContext): string {
  const system: SystemField[] = [
    systemField('id', 'integer'),
    systemField('documentId', 'string'),
    systemField('createdAt', 'datetime'),
    systemField('updatedAt', 'datetime'),
    systemField('publishedAt', 'datetime'),
  ];
  if (model.localized) system.push(systemField('locale', 'string'));
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
    model.names,
    system,
    model.attributes,
    localizations,
    context,
  );
}

function componentFilters(model: ComponentModel, context: FilterContext): string {
  return filtersDeclaration(
    title('Component', model.uid, model.displayName),
    model.names,
    [systemField('id', 'integer')],
    model.attributes,
    [],
    context,
  );
}

/** The filter kind of a scalar attribute: which operators its filters accept. */
function filterKind(attribute: ScalarAttribute | SystemField): string {
  switch (attribute.type) {
    case 'integer':
    case 'float':
    case 'decimal':
    case 'biginteger':
      return 'number';
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'json':
    case 'blocks':
      return 'json';
    default:
      return 'string';
  }
}

function linkType(attribute: ModelAttribute): string {
  switch (attribute.classification) {
    case 'relation':
      return `{ type: 'relation'; target: ${attribute.targetUid === null ? 'null' : stringLiteral(attribute.targetUid)} }`;
    case 'media':
      return "{ type: 'media' }";
    case 'component':
      return `{ type: 'component'; target: ${stringLiteral(attribute.targetUid)} }`;
    case 'dynamiczone': {
      const targets = attribute.members.map((member) => stringLiteral(member.uid)).join(' | ');
      return `{ type: 'dynamiczone'; targets: ${targets === '' ? 'never' : targets} }`;
    }
    case 'scalar':
      throw new Error('unreachable: a scalar is not a link');
  }
}

/** `{ key: value; ... }` on one line, or `Record<never, never>` (a bare `{}` is a lint warning). */
function inlineObject(members: [string, string][]): string {
  return members.length === 0
    ? 'Record<never, never>'
    : `{ ${members.map(([key, value]) => `${key}: ${value};`).join(' ')} }`;
}

function linksOf(attributes: ModelAttribute[], system: [string, string][] = []): string {
  return inlineObject([
    ...attributes
      .filter((a) => a.classification !== 'scalar' && !a.hidden)
      .map((a): [string, string] => [a.key, linkType(a)]),
    ...system,
  ]);
}

function scalarsOf(attributes: ModelAttribute[], system: [string, string][]): string {
  const own = attributes
    .filter((a): a is ScalarAttribute => a.classification === 'scalar' && !a.hidden)
    .map((a): [string, string] => [a.key, stringLiteral(filterKind(a))]);
  return inlineObject([...system, ...own]);
}

function contentTypeSystemScalars(model: ContentTypeModel): [string, string][] {
  const date = stringLiteral('date');
  const system: [string, string][] = [
    ['id', stringLiteral('number')],
    ['documentId', stringLiteral('string')],
    ['createdAt', date],
    ['updatedAt', date],
    ['publishedAt', date],
  ];
  if (model.localized) system.push(['locale', stringLiteral('string')]);
  return system;
}

const CONTENT_TYPES_DOC =
  'Content types by uid: `entry`, `populatable`, `input` and `filters` interfaces, `kind`, `links` and `scalars`; `draftEntry`, `draftPopulatable` and `draftInput` where a draft differs.';
const COMPONENTS_DOC = 'Components by uid, in the same form without `kind`.';

function registry(model: CodegenModel): string {
  const entry = (
    names: { entry: string; populatable: string; input: string; filters: string },
    extra: string[],
  ) =>
    `      entry: ${names.entry};\n` +
    `      populatable: ${names.populatable};\n` +
    `      input: ${names.input};\n` +
    `      filters: ${names.filters};\n` +
    extra.map((line) => `      ${line};\n`).join('');
  const drafts = (draft: DraftNames) =>
    [
      draft.entry === null ? '' : `draftEntry: ${draft.entry}`,
      draft.populatable === null ? '' : `draftPopulatable: ${draft.populatable}`,
      draft.input === null ? '' : `draftInput: ${draft.input}`,
    ].filter((line) => line !== '');
  const contentTypes = model.contentTypes.map(
    (ct) =>
      `    ${stringLiteral(ct.uid)}: {\n` +
      entry(ct.names, [
        `kind: ${stringLiteral(ct.kind)}`,
        `links: ${linksOf(ct.attributes, ct.localized ? [['localizations', `{ type: 'relation'; target: ${stringLiteral(ct.uid)} }`]] : [])}`,
        `scalars: ${scalarsOf(ct.attributes, contentTypeSystemScalars(ct))}`,
        ...drafts(ct.draft),
      ]) +
      '    };\n',
  );
  const components = model.components.map(
    (c) =>
      `    ${stringLiteral(c.uid)}: {\n` +
      entry(c.names, [
        `links: ${linksOf(c.attributes)}`,
        `scalars: ${scalarsOf(c.attributes, [['id', stringLiteral('number')]])}`,
        ...drafts(c.draft),
      ]) +
      '    };\n',
  );
  const section = (key: string, doc: string, entries: string[]) =>
    comment([doc], '  ') +
    (entries.length === 0 ? `  ${key}: Record<never, never>;\n` : `  ${key}: {\n${entries.join('')}  };\n`);
  return (
    comment([
      'Every content type and component by uid: what the client builds its populate-aware types on.',
      '`links`: what each relation, media, component and zone points at; `scalars`: the filter kind of each field.',
    ]) +
    'export interface CmsSchemaTypes {\n' +
    section('contentTypes', CONTENT_TYPES_DOC, contentTypes) +
    section('components', COMPONENTS_DOC, components) +
    '}'
  );
}
