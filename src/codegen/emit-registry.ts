/**
 * The registry the client builds its populate-aware types on. Per model, `<Name>Model`: its
 * interface names, what each link points at and the filter kind of each of its filter fields
 * (system fields first). Then `CmsSchemaTypes`: every content type and component by uid, naming
 * its model interface.
 *
 * A named interface per model rather than an object type inside `CmsSchemaTypes`: editors print
 * the name where a type argument is the model (`FindOneParams<CmsSchemaTypes, ArticleModel>` in
 * the signature help of `findOne`), not its dozen members.
 */
import { comment, declareInterface, type Member, title } from './emit-syntax.ts';
import { compareCodeUnits, stringLiteral } from './identifiers.ts';
import { type JsonSchemaNames, jsonSchemaType } from './json-schema-types.ts';
import type {
  CodegenModel,
  ComponentModel,
  ContentTypeModel,
  CoreAction,
  DraftNames,
  FilterField,
  ModelAttribute,
  ModelNames,
} from './model-types.ts';

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

function linksOf(attributes: ModelAttribute[], extra: [string, string][] = []): string {
  return inlineObject([
    ...attributes
      .filter((a) => a.classification !== 'scalar' && !a.hidden)
      .map((a): [string, string] => [a.key, linkType(a)]),
    ...extra,
  ]);
}

function scalarsOf(fields: FilterField[]): string {
  return inlineObject(fields.map((field): [string, string] => [field.key, stringLiteral(field.filterKind)]));
}

const CONTENT_TYPES_DOC =
  'Content types by uid, each its `<Name>Model`: `entry`, `populatable`, `input`, `filters` and `populate` interfaces, `kind`, `links` and `scalars`; `draftEntry`, `draftPopulatable` and `draftInput` where a draft differs; `addedQuery` and `addedData` where apps or plugins added parameters to the core routes.';
const COMPONENTS_DOC = 'Components by uid, each its `<Name>Model`, in the same form without `kind`.';

/** The interface names every model has, then `extra`. */
function slots(names: ModelNames, extra: Member[]): Member[] {
  return [
    { key: 'entry', type: names.entry },
    { key: 'populatable', type: names.populatable },
    { key: 'input', type: names.input },
    { key: 'filters', type: names.filters },
    { key: 'populate', type: names.populate },
    ...extra,
  ];
}

function drafts(draft: DraftNames): Member[] {
  return [
    draft.entry === null ? [] : [{ key: 'draftEntry', type: draft.entry }],
    draft.populatable === null ? [] : [{ key: 'draftPopulatable', type: draft.populatable }],
    draft.input === null ? [] : [{ key: 'draftInput', type: draft.input }],
  ].flat();
}

/**
 * `addedQuery` / `addedData`: per action of the client, the query keys and the keys of `data`
 * that apps and plugins added to the core route (left out when none were).
 */
function addedParams(ct: ContentTypeModel, names: JsonSchemaNames): Member[] {
  const member = (key: string, byAction: ContentTypeModel['addedParams']['query']): Member[] => {
    const actions = Object.keys(byAction).sort(compareCodeUnits) as CoreAction[];
    if (actions.length === 0) return [];
    const lines = actions.map(
      (action) =>
        `    ${action}: ${jsonSchemaType(byAction[action], { ...names, optionalUndefined: true }, '    ')};\n`,
    );
    return [{ key, type: `{\n${lines.join('')}  }` }];
  };
  return [...member('addedQuery', ct.addedParams.query), ...member('addedData', ct.addedParams.data)];
}

const MODEL_DOC = 'what `CmsSchemaTypes` holds for it.';

/** A content type's `<Name>Model`; `names` resolve the types of added parameters (schemaNames). */
export function contentTypeModel(ct: ContentTypeModel, names: JsonSchemaNames): string {
  const localizations: [string, string][] = ct.localized
    ? [['localizations', `{ type: 'relation'; target: ${stringLiteral(ct.uid)} }`]]
    : [];
  return declareInterface(
    [`${title('Content type', ct.uid, ct.displayName)}: ${MODEL_DOC}`],
    ct.names.model,
    slots(ct.names, [
      { key: 'kind', type: stringLiteral(ct.kind) },
      { key: 'links', type: linksOf(ct.attributes, localizations) },
      { key: 'scalars', type: scalarsOf(ct.filterFields) },
      ...drafts(ct.draft),
      ...addedParams(ct, names),
    ]),
  );
}

/** A component's `<Name>Model`. */
export function componentModel(c: ComponentModel): string {
  return declareInterface(
    [`${title('Component', c.uid, c.displayName)}: ${MODEL_DOC}`],
    c.names.model,
    slots(c.names, [
      { key: 'links', type: linksOf(c.attributes) },
      { key: 'scalars', type: scalarsOf(c.filterFields) },
      ...drafts(c.draft),
    ]),
  );
}

/** The `CmsSchemaTypes` interface: each model's uid and its `<Name>Model`. */
export function registry(model: CodegenModel): string {
  const section = (key: string, doc: string, entries: string[]) =>
    comment([doc], '  ') +
    (entries.length === 0 ? `  ${key}: Record<never, never>;\n` : `  ${key}: {\n${entries.join('')}  };\n`);
  const entry = (m: { uid: string; names: ModelNames }) => `    ${stringLiteral(m.uid)}: ${m.names.model};\n`;
  return (
    comment([
      'Every content type and component by uid: what the client builds its populate-aware types on.',
      '`links`: what each relation, media, component and zone points at; `scalars`: the filter kind of each field.',
    ]) +
    'export interface CmsSchemaTypes {\n' +
    section('contentTypes', CONTENT_TYPES_DOC, model.contentTypes.map(entry)) +
    section('components', COMPONENTS_DOC, model.components.map(entry)) +
    registerFields(model) +
    '}'
  );
}

const USER_UID = 'plugin::users-permissions.user';

/**
 * The registry's `registerFields`, with users-permissions: the user fields `auth.register`
 * takes besides `username`, `email` and `password`, picked from the user's input interface (a
 * listed name the user has no attribute for is left out). A payload that does not say (a plugin
 * before 0.2) leaves them open.
 */
function registerFields(model: CodegenModel): string {
  const user = model.contentTypes.find((type) => type.uid === USER_UID);
  if (model.auth === null || user === undefined) return '';
  const listed = model.auth.registerFields;
  const names = new Set(user.attributes.map((attribute) => attribute.name));
  const fields = (listed ?? []).filter((field) => names.has(field));
  const [which, type] =
    listed === undefined
      ? [
          "any field, as this server's plugin does not say which users-permissions' `register.allowedFields` lists (Strapi refuses the others with a 400)",
          'Record<string, unknown>',
        ]
      : [
          "the user fields users-permissions' `register.allowedFields` lists (Strapi refuses any other with a 400)",
          fields.length === 0
            ? 'Record<never, never>'
            : `Pick<${user.names.input}, ${fields.map((field) => stringLiteral(field)).join(' | ')}>`,
        ];
  const doc = `What \`auth.register\` takes besides \`username\`, \`email\` and \`password\`: ${which}.`;
  return `${comment([doc], '  ')}  registerFields: ${type};\n`;
}
