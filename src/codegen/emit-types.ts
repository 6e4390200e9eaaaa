/**
 * Model -> the text of `types.ts`: only interfaces and type aliases (no values, no imports), so
 * the same text is valid as `types.ts` and as `types.d.ts`. Pure and deterministic: models come
 * sorted by uid, attributes in schema order, and every name was resolved by the model step.
 * No header: the writer adds one.
 */
import type {
  CodegenModel,
  ComponentModel,
  ContentTypeModel,
  DynamicZoneAttribute,
  ModelAttribute,
  ScalarAttribute,
} from './model.ts';
import { jsdocText, stringLiteral } from './names.ts';

export function emitTypes(model: CodegenModel): string {
  const blocks: string[] = [SHARED];
  if (model.hasBlocks) blocks.push(BLOCKS);
  for (const contentType of model.contentTypes) blocks.push(...contentTypeDeclarations(contentType));
  for (const component of model.components) blocks.push(...componentDeclarations(component));
  blocks.push(registry(model));
  return `${blocks.join('\n\n')}\n`;
}

const SHARED = `/** An entry's id: Strapi 5 accepts the \`documentId\` string or the numeric \`id\`. */
export type CmsID = string | number;

/** Any value a \`json\` attribute can hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One generated size of an uploaded image (\`thumbnail\`, \`small\`, \`medium\`, \`large\` or a custom size). */
export interface MediaFormat {
  ext: string;
  url: string;
  hash: string;
  mime: string;
  name: string;
  path: string | null;
  /** Kilobytes. */
  size: number;
  width: number;
  height: number;
  sizeInBytes: number;
}

/** A file of the upload plugin, as a populated media attribute returns it. */
export interface MediaFile {
  id: number;
  documentId: string;
  /** The original file name. */
  name: string;
  alternativeText: string | null;
  caption: string | null;
  focalPoint: { x: number; y: number } | null;
  /** Pixels; null for files that are not images. */
  width: number | null;
  /** Pixels; null for files that are not images. */
  height: number | null;
  /** Resized variants: \`thumbnail\`, \`small\`, \`medium\`, \`large\` and custom sizes. */
  formats: Record<string, MediaFormat> | null;
  hash: string;
  /** File extension with its leading dot. */
  ext: string;
  mime: string;
  /** Kilobytes. */
  size: number;
  url: string;
  previewUrl: string | null;
  /** Storage provider name. */
  provider: string;
  /** Whatever the storage provider recorded. */
  provider_metadata: { [key: string]: JsonValue } | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** Sent by the upload endpoints (\`client.upload\`): whether \`url\` is a signed URL. */
  isUrlSigned?: boolean;
}

/** A single media attribute in create/update data: the id of an uploaded file, or null to clear it. */
export type MediaInput = CmsID | null;

/** A multiple media attribute in create/update data: ids of uploaded files, or null to clear it. */
export type MultiMediaInput = CmsID[] | null;

/** A related entry in relation input: its documentId (or numeric id), or an object that also picks a locale, status or position. */
export type RelationRef =
  | CmsID
  | {
      documentId: string;
      locale?: string;
      status?: "draft" | "published";
      position?: { before?: string; after?: string; start?: boolean; end?: boolean };
    };

/** A to-one relation in create/update data: an id, null to clear it, or connect/disconnect/set. */
export type RelationInput =
  | CmsID
  | null
  | {
      connect?: RelationRef | RelationRef[];
      disconnect?: RelationRef | RelationRef[];
      set?: RelationRef | RelationRef[];
    };

/** A to-many relation in create/update data: ids (replacing the set), null to clear it, or connect/disconnect/set. */
export type RelationsInput =
  | CmsID[]
  | null
  | {
      connect?: RelationRef[];
      disconnect?: RelationRef[];
      set?: RelationRef[];
    };

/** \`meta.pagination\` of a list: page-based, or offset-based when the query used \`start\` and \`limit\`. */
export type CmsPagination =
  | { page: number; pageSize: number; pageCount: number; total: number }
  | { start: number; limit: number; total: number };

/** The \`{ data, meta }\` envelope of Strapi's REST responses. */
export interface CmsResponse<T> {
  data: T;
  meta?: { pagination?: CmsPagination };
}`;

const BLOCKS = `/** The value of a \`blocks\` (rich text) attribute. */
export type BlocksContent = Block[];

/** A top-level node of blocks content, discriminated by \`type\`. */
export type Block = ParagraphBlock | HeadingBlock | QuoteBlock | CodeBlock | ListBlock | ImageBlock;

export interface ParagraphBlock {
  type: "paragraph";
  children: InlineNode[];
}

export interface HeadingBlock {
  type: "heading";
  level: 1 | 2 | 3 | 4 | 5 | 6;
  children: InlineNode[];
}

export interface QuoteBlock {
  type: "quote";
  children: InlineNode[];
}

export interface CodeBlock {
  type: "code";
  language?: string;
  children: InlineNode[];
}

export interface ListBlock {
  type: "list";
  format: "ordered" | "unordered";
  children: ListItemBlock[];
}

export interface ListItemBlock {
  type: "list-item";
  children: InlineNode[];
}

export interface ImageBlock {
  type: "image";
  image: {
    name: string;
    alternativeText?: string | null;
    url: string;
    caption?: string | null;
    width?: number;
    height?: number;
    formats?: Record<string, MediaFormat> | null;
    hash: string;
    ext: string;
    mime: string;
    size: number;
    previewUrl?: string | null;
    provider: string;
    createdAt: string;
    updatedAt: string;
  };
  children: InlineNode[];
}

export type InlineNode = TextNode | LinkInline;

export interface TextNode {
  type: "text";
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}

export interface LinkInline {
  type: "link";
  url: string;
  children: TextNode[];
}`;

/** `Content type \`uid\` (Display name)`, safe inside a comment. */
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
  return `${comment(docs)}export interface ${name} {${body === '' ? '' : `\n${body}`}}`;
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

function contentTypeDeclarations(model: ContentTypeModel): string[] {
  const { names } = model;
  const name = title('Content type', model.uid, model.displayName);
  const system: Member[] = [
    { key: 'createdAt', type: 'string' },
    { key: 'updatedAt', type: 'string' },
    model.draftAndPublish
      ? { key: 'publishedAt', type: 'string | null', docs: ['null while the entry is a draft.'] }
      : { key: 'publishedAt', type: 'string' },
  ];
  if (model.localized) system.push({ key: 'locale', type: 'string' });
  return [
    declareInterface(
      [
        `${name}: the fields every response carries.`,
        `Relations, media and components: {@link ${names.populatable}}.`,
      ],
      names.entry,
      [
        { key: 'id', type: 'number' },
        { key: 'documentId', type: 'string' },
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
      [{ key: 'id', type: 'number' }, ...entryMembers(model.attributes)],
    ),
    declareInterface(
      [`${name}: relations, media, nested components and dynamic zones, present only when populated.`],
      names.populatable,
      populatableMembers(model.attributes),
    ),
    declareInterface(
      [`${name}: the data create/update accept; give \`id\` to update an existing entry in place.`],
      names.input,
      [{ key: 'id', type: 'number', optional: true }, ...inputMembers(model.attributes)],
    ),
    ...zoneDeclarations(model.uid, model.attributes),
  ];
}

/** The filter kind of a scalar attribute: which operators its filters accept. */
function filterKind(attribute: ScalarAttribute): string {
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
      return `{ type: "relation"; target: ${attribute.targetUid === null ? 'null' : stringLiteral(attribute.targetUid)} }`;
    case 'media':
      return '{ type: "media" }';
    case 'component':
      return `{ type: "component"; target: ${stringLiteral(attribute.targetUid)} }`;
    case 'dynamiczone': {
      const targets = attribute.members.map((member) => stringLiteral(member.uid)).join(' | ');
      return `{ type: "dynamiczone"; targets: ${targets === '' ? 'never' : targets} }`;
    }
    case 'scalar':
      throw new Error('unreachable: a scalar is not a link');
  }
}

/** `{ key: value; ... }` on one line, or `{}`. */
function inlineObject(members: [string, string][]): string {
  return members.length === 0 ? '{}' : `{ ${members.map(([key, value]) => `${key}: ${value};`).join(' ')} }`;
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

function registry(model: CodegenModel): string {
  const entry = (names: { entry: string; populatable: string; input: string }, extra: string[]) =>
    `      entry: ${names.entry};\n` +
    `      populatable: ${names.populatable};\n` +
    `      input: ${names.input};\n` +
    extra.map((line) => `      ${line};\n`).join('');
  const contentTypes = model.contentTypes.map(
    (ct) =>
      `    ${stringLiteral(ct.uid)}: {\n` +
      entry(ct.names, [
        `kind: ${stringLiteral(ct.kind)}`,
        `links: ${linksOf(ct.attributes, ct.localized ? [['localizations', `{ type: "relation"; target: ${stringLiteral(ct.uid)} }`]] : [])}`,
        `scalars: ${scalarsOf(ct.attributes, contentTypeSystemScalars(ct))}`,
      ]) +
      '    };\n',
  );
  const components = model.components.map(
    (c) =>
      `    ${stringLiteral(c.uid)}: {\n` +
      entry(c.names, [
        `links: ${linksOf(c.attributes)}`,
        `scalars: ${scalarsOf(c.attributes, [['id', stringLiteral('number')]])}`,
      ]) +
      '    };\n',
  );
  const section = (key: string, entries: string[]) =>
    entries.length === 0 ? `  ${key}: {};\n` : `  ${key}: {\n${entries.join('')}  };\n`;
  return (
    comment([
      'Every content type and component by uid: what the client builds its populate-aware types on.',
      '`links`: what each relation, media, component and zone points at; `scalars`: the filter kind of each field.',
    ]) +
    `export interface CmsSchemaTypes {\n${section('contentTypes', contentTypes)}${section('components', components)}}`
  );
}
