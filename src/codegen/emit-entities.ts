/**
 * The published interfaces of each model: `<Name>` (the fields every response carries, system
 * fields included), `<Name>Populatable` (relations, media, components and zones, present when
 * populated), `<Name>Input` (what writes accept) and the dynamic zones' unions. The populatable
 * and input member builders are shared with the draft declarations (emit-drafts.ts), which list
 * the members a draft changes.
 */

import { comment, declareInterface, type Member, title } from './emit-syntax.ts';
import { jsdocText, stringLiteral } from './identifiers.ts';
import type {
  ComponentModel,
  ContentTypeModel,
  DynamicZoneAttribute,
  ModelAttribute,
  ScalarType,
  SystemField,
  SystemFieldName,
} from './model-types.ts';

/** The TypeScript type of a scalar value as read (`entry`) or written (`input`). */
function scalarType(type: ScalarType, enumValues: readonly string[], side: 'entry' | 'input'): string {
  switch (type) {
    case 'enumeration':
      return enumValues.map(stringLiteral).join(' | ');
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
  return attributes.flatMap((a) =>
    a.classification === 'scalar' && !a.hidden
      ? [{ key: a.key, type: nullable(scalarType(a.type, a.enumValues, 'entry'), a.required), docs: a.docs }]
      : [],
  );
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

/** The populatable members: every visible relation, media, component and zone. */
export function populatableMembers(attributes: ModelAttribute[]): Member[] {
  return attributes
    .filter((a) => a.classification !== 'scalar' && !a.hidden)
    .map((a) => ({ key: a.key, type: populatableType(a), docs: a.docs }));
}

function inputType(attribute: ModelAttribute): string {
  switch (attribute.classification) {
    case 'scalar':
      return nullable(scalarType(attribute.type, attribute.enumValues, 'input'), attribute.required);
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

/** The input members of a content type: every attribute, hidden ones included. */
export function inputMembers(attributes: ModelAttribute[]): Member[] {
  return attributes.map((a) => ({
    key: a.key,
    type: inputType(a),
    optional: !a.required || a.hasDefault,
    docs: a.inputDocs,
  }));
}

const ENTRY_DOCS: Record<SystemFieldName, string> = {
  id: 'Numeric id of this row (each locale and draft/published version has its own); use `documentId` to address entries.',
  documentId:
    'Stable id shared by all locales and versions of the entry: what `findOne`, `update` and `delete` take.',
  createdAt: 'ISO 8601 timestamp.',
  updatedAt: 'ISO 8601 timestamp of the last change.',
  publishedAt: 'ISO 8601 timestamp; always set (this type has no drafts).',
  locale: 'The locale code of this version, e.g. `en`.',
};
const COMPONENT_DOCS: Partial<Record<SystemFieldName, string>> = {
  id: 'Numeric id of this component instance; give it in the input to update it in place.',
};
const COMPONENT_INPUT_DOCS: Partial<Record<SystemFieldName, string>> = {
  id: 'The `id` of the existing component to update in place; without it a new one replaces it.',
};

function systemMember(field: SystemField, doc: string | undefined): Member {
  return { key: field.key, type: scalarType(field.type, [], 'entry'), docs: doc === undefined ? [] : [doc] };
}

/** System fields that lead (`id`, `documentId`), the scalar attributes, then the other system fields. */
function withSystemFields(
  system: SystemField[],
  attributes: ModelAttribute[],
  member: (field: SystemField) => Member,
): Member[] {
  return [
    ...system.filter((field) => field.leading).map(member),
    ...entryMembers(attributes),
    ...system.filter((field) => !field.leading).map(member),
  ];
}

/** The members of a content type's entry interface. */
function contentTypeEntryMembers(model: ContentTypeModel): Member[] {
  return withSystemFields(model.systemFields, model.attributes, (field) =>
    field.name === 'publishedAt' ? publishedAtMember(model) : systemMember(field, ENTRY_DOCS[field.name]),
  );
}

/** The members of a component's entry interface. */
function componentEntryMembers(model: ComponentModel): Member[] {
  return withSystemFields(model.systemFields, model.attributes, (field) =>
    systemMember(field, COMPONENT_DOCS[field.name]),
  );
}

/** The members of a component's input: its system fields (`id`), optional, then the attributes. */
export function componentInputMembers(model: ComponentModel, attributes: ModelAttribute[]): Member[] {
  return [
    ...model.systemFields.map((field) => {
      const doc = COMPONENT_INPUT_DOCS[field.name];
      return {
        key: field.key,
        type: scalarType(field.type, [], 'input'),
        optional: true,
        docs: doc === undefined ? [] : [doc],
      };
    }),
    ...inputMembers(attributes),
  ];
}

/** `localizations` of a localized content type: the other locales, as `entry`. */
export function localizationsMembers(model: ContentTypeModel, entry: string): Member[] {
  return model.localized
    ? [{ key: 'localizations', type: `${entry}[]`, docs: ['The other locales of this entry.'] }]
    : [];
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

function publishedAtMember(model: ContentTypeModel): Member {
  return {
    key: 'publishedAt',
    type: 'string',
    docs: [
      model.draftAndPublish
        ? "ISO 8601 timestamp of publication; null in the draft version (reads with `status: 'draft'` return {@link " +
          `${model.draft.entry ?? model.names.entry}}).`
        : ENTRY_DOCS.publishedAt,
    ],
  };
}

/** A content type's entry, populatable and input interfaces and its zones. */
export function contentTypeDeclarations(model: ContentTypeModel): string[] {
  const { names } = model;
  const name = title('Content type', model.uid, model.displayName);
  return [
    declareInterface(
      [
        `${name}: the fields every response carries.`,
        `Relations, media and components: {@link ${names.populatable}}.`,
      ],
      names.entry,
      contentTypeEntryMembers(model),
    ),
    declareInterface(
      [`${name}: relations, media, components and dynamic zones, present only when populated.`],
      names.populatable,
      [...populatableMembers(model.attributes), ...localizationsMembers(model, names.entry)],
    ),
    declareInterface(
      [`${name}: the data \`create\` accepts; \`update\` takes a \`Partial\` of it.`],
      names.input,
      inputMembers(model.attributes),
    ),
    ...zoneDeclarations(model.uid, model.attributes),
  ];
}

/** A component's entry, populatable and input interfaces and its zones. */
export function componentDeclarations(model: ComponentModel): string[] {
  const { names } = model;
  const name = title('Component', model.uid, model.displayName);
  return [
    declareInterface(
      [
        `${name}: its fields as every response carries them.`,
        `Relations, media and components: {@link ${names.populatable}}.`,
      ],
      names.entry,
      componentEntryMembers(model),
    ),
    declareInterface(
      [`${name}: relations, media, nested components and dynamic zones, present only when populated.`],
      names.populatable,
      populatableMembers(model.attributes),
    ),
    declareInterface(
      [`${name}: the data create/update accept; give \`id\` to update an existing entry in place.`],
      names.input,
      componentInputMembers(model, model.attributes),
    ),
    ...zoneDeclarations(model.uid, model.attributes),
  ];
}
