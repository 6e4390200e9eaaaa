/**
 * `CmsSchemaTypes`: every content type and component by uid, with its interface names, what
 * each link points at and the filter kind of each of its filter fields (system fields first). The
 * client builds its populate-aware types on it.
 */
import { schemaNames } from './emit-routes.ts';
import { comment } from './emit-syntax.ts';
import { type JsonSchemaNames, jsonSchemaType } from './json-schema.ts';
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
import { compareCodeUnits, stringLiteral } from './names.ts';

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
  'Content types by uid: `entry`, `populatable`, `input`, `filters` and `populate` interfaces, `kind`, `links` and `scalars`; `draftEntry`, `draftPopulatable` and `draftInput` where a draft differs; `addedQuery` and `addedData` where apps or plugins added parameters to the core routes.';
const COMPONENTS_DOC = 'Components by uid, in the same form without `kind`.';

function entry(names: ModelNames, extra: string[]): string {
  return (
    `      entry: ${names.entry};\n` +
    `      populatable: ${names.populatable};\n` +
    `      input: ${names.input};\n` +
    `      filters: ${names.filters};\n` +
    `      populate: ${names.populate};\n` +
    extra.map((line) => `      ${line};\n`).join('')
  );
}

function drafts(draft: DraftNames): string[] {
  return [
    draft.entry === null ? '' : `draftEntry: ${draft.entry}`,
    draft.populatable === null ? '' : `draftPopulatable: ${draft.populatable}`,
    draft.input === null ? '' : `draftInput: ${draft.input}`,
  ].filter((line) => line !== '');
}

/**
 * `addedQuery` / `addedData`: per action of the client, the query keys and the keys of `data`
 * that apps and plugins added to the core route (left out when none were).
 */
function addedParams(ct: ContentTypeModel, names: JsonSchemaNames): string[] {
  const members = (key: string, byAction: ContentTypeModel['addedParams']['query']) => {
    const actions = Object.keys(byAction).sort(compareCodeUnits) as CoreAction[];
    if (actions.length === 0) return [];
    const lines = actions.map(
      (action) =>
        `        ${action}: ${jsonSchemaType(byAction[action], { ...names, optionalUndefined: true }, '        ')};\n`,
    );
    return [`${key}: {\n${lines.join('')}      }`];
  };
  return [...members('addedQuery', ct.addedParams.query), ...members('addedData', ct.addedParams.data)];
}

function contentTypeEntry(ct: ContentTypeModel, names: JsonSchemaNames): string {
  const localizations: [string, string][] = ct.localized
    ? [['localizations', `{ type: 'relation'; target: ${stringLiteral(ct.uid)} }`]]
    : [];
  return (
    `    ${stringLiteral(ct.uid)}: {\n` +
    entry(ct.names, [
      `kind: ${stringLiteral(ct.kind)}`,
      `links: ${linksOf(ct.attributes, localizations)}`,
      `scalars: ${scalarsOf(ct.filterFields)}`,
      ...drafts(ct.draft),
      ...addedParams(ct, names),
    ]) +
    '    };\n'
  );
}

function componentEntry(c: ComponentModel): string {
  return (
    `    ${stringLiteral(c.uid)}: {\n` +
    entry(c.names, [
      `links: ${linksOf(c.attributes)}`,
      `scalars: ${scalarsOf(c.filterFields)}`,
      ...drafts(c.draft),
    ]) +
    '    };\n'
  );
}

/** The `CmsSchemaTypes` interface. */
export function registry(model: CodegenModel): string {
  const names = schemaNames(model);
  const section = (key: string, doc: string, entries: string[]) =>
    comment([doc], '  ') +
    (entries.length === 0 ? `  ${key}: Record<never, never>;\n` : `  ${key}: {\n${entries.join('')}  };\n`);
  return (
    comment([
      'Every content type and component by uid: what the client builds its populate-aware types on.',
      '`links`: what each relation, media, component and zone points at; `scalars`: the filter kind of each field.',
    ]) +
    'export interface CmsSchemaTypes {\n' +
    section(
      'contentTypes',
      CONTENT_TYPES_DOC,
      model.contentTypes.map((ct) => contentTypeEntry(ct, names)),
    ) +
    section('components', COMPONENTS_DOC, model.components.map(componentEntry)) +
    '}'
  );
}
