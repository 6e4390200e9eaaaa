/**
 * The `validators` file: `cmsFields`, each `api::` content type's fields (by client property)
 * and each component's (by uid) with their kinds and rules, as literal values and literal types
 * (a form reads a `maxLength` or an enumeration's `values` from it); and `cmsValidators`, the
 * runtime's Standard Schema validators over those tables, typed with the inputs of the client's
 * writes. A module of its own, pure: an app that imports neither bundles none of it.
 */
import type { SchemaAttribute, SchemaContentType } from '../schema/types.ts';
import type { Dialect } from './dialect.ts';
import { propertyKey, stringLiteral } from './identifiers.ts';
import { Imports } from './imports.ts';
import type { CodegenModel } from './model.ts';
import { type ImportExtension, moduleSpecifier } from './specifiers.ts';

type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

const NUMBER_KINDS = new Set(['integer', 'float', 'decimal']);
const TEXT_KINDS = new Set(['string', 'text', 'richtext', 'password', 'email', 'uid']);

/** A number from a schema's `min`/`max` (which Strapi also takes as a string). */
const numeric = (value: number | string | undefined): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};

/** One attribute's entry in `cmsFields`: its kind, then only the rules it has. */
export function fieldLiteral(attribute: SchemaAttribute): Record<string, Literal> {
  const kind = attribute.type;
  const field: Record<string, Literal> = { kind };
  const set = (key: string, value: Literal | undefined) => {
    if (value !== undefined) field[key] = value;
  };
  if (attribute.required === true) field.required = true;
  if (TEXT_KINDS.has(kind)) {
    set('minLength', numeric(attribute.minLength));
    set('maxLength', numeric(attribute.maxLength));
    set('regex', attribute.regex);
    if (kind === 'uid') set('targetField', attribute.targetField);
  } else if (kind === 'enumeration') field.values = [...new Set(attribute.enum ?? [])];
  else if (NUMBER_KINDS.has(kind)) {
    set('min', numeric(attribute.min));
    set('max', numeric(attribute.max));
  } else if (kind === 'biginteger') {
    // Strapi does not check them; kept for forms, as written (a string may hold more digits than a number).
    set('min', attribute.min);
    set('max', attribute.max);
  } else if (kind === 'media') {
    if (attribute.multiple === true) field.multiple = true;
    set('allowedTypes', attribute.allowedTypes);
  } else if (kind === 'relation') {
    set('relation', attribute.relation);
    set('target', attribute.target);
  } else if (kind === 'component') {
    set('component', attribute.component);
    if (attribute.repeatable === true) field.repeatable = true;
    set('min', numeric(attribute.min));
    set('max', numeric(attribute.max));
  } else if (kind === 'dynamiczone') {
    field.components = attribute.components ?? [];
    set('min', numeric(attribute.min));
    set('max', numeric(attribute.max));
  }
  set('default', attribute.default as Literal | undefined);
  set('customField', attribute.customField);
  if (attribute.unique === true) field.unique = true;
  if (attribute.private === true) field.private = true;
  const visible = attribute.conditions?.visible;
  if (visible !== undefined && visible !== null) field.visible = visible as Literal;
  return field;
}

/** A rule's key: bare where it is an identifier (reserved words too: `default`), else quoted. */
const ruleKey = (key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) && key !== '__proto__' ? key : propertyKey(key);

/** A literal as a value (`{ kind: 'string' }`), single-quoted. */
export function value(literal: Literal): string {
  if (Array.isArray(literal)) return `[${literal.map(value).join(', ')}]`;
  if (literal !== null && typeof literal === 'object') {
    const entries = Object.entries(literal);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([key, item]) => `${ruleKey(key)}: ${value(item)}`).join(', ')} }`;
  }
  return typeof literal === 'string' ? stringLiteral(literal) : JSON.stringify(literal);
}

/** A literal as its readonly literal type (`{ readonly kind: 'string' }`). */
function type(literal: Literal): string {
  if (Array.isArray(literal)) return `readonly [${literal.map(type).join(', ')}]`;
  if (literal !== null && typeof literal === 'object') {
    const entries = Object.entries(literal);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([key, item]) => `readonly ${ruleKey(key)}: ${type(item)}`).join('; ')} }`;
  }
  return typeof literal === 'string' ? stringLiteral(literal) : JSON.stringify(literal);
}

interface Table {
  key: string;
  fields: [string, Record<string, Literal>][];
}

/** The tables: content types with a client property in model order, then components by uid. */
function tables(
  model: CodegenModel,
  contentTypes: Record<string, SchemaContentType>,
  components: Record<string, { attributes: Record<string, SchemaAttribute> }>,
): Table[] {
  const of = (attributes: Record<string, SchemaAttribute>) =>
    Object.entries(attributes).map(([name, attribute]): [string, Record<string, Literal>] => [
      name,
      fieldLiteral(attribute),
    ]);
  return [
    ...model.contentTypes
      .filter((type) => type.clientProperty !== null)
      .map((type) => ({ key: type.clientProperty!, fields: of(contentTypes[type.uid]!.attributes) })),
    ...model.components.map((component) => ({
      key: component.uid,
      fields: of(components[component.uid]!.attributes),
    })),
  ];
}

const FIELDS_DOC = [
  '/**',
  " * Each content type's fields (by client property) and each component's (by uid): kind, `required`,",
  ' * limits, enumeration `values`, targets, conditions. For a form: `maxLength={cmsFields.articles.title.maxLength}`.',
  ' */',
].join('\n');

const VALIDATORS_DOC = [
  '/**',
  ' * Validators that check a write as Strapi checks it, with its messages: per content type `create`,',
  " * `update` and `draft`, per component (by uid) one. Each is a Standard Schema (React Hook Form's",
  " * `standardSchemaResolver`, TanStack Form, tRPC...) whose output goes to the client's write as it is.",
  " * Left to the server: `unique`, whether a related entry exists, a published update's fields not sent.",
  ' */',
].join('\n');

/** The `validators` file in `dialect`. */
export function emitValidators(
  model: CodegenModel,
  schema: {
    contentTypes: Record<string, SchemaContentType>;
    components: Record<string, { attributes: Record<string, SchemaAttribute> }>;
  },
  dialect: Dialect,
  extension: ImportExtension = 'js',
): string {
  const list = tables(model, schema.contentTypes, schema.components);
  const imports = new Imports(dialect.types, extension);
  const typeNames = new Set<string>();
  const input = (name: string) => {
    typeNames.add(name);
    return name;
  };
  const fieldsValue = `{\n${list
    .map(
      ({ key, fields }) =>
        `  ${propertyKey(key)}: {\n${fields.map(([name, field]) => `    ${propertyKey(name)}: ${value(field)},\n`).join('')}  },\n`,
    )
    .join('')}}`;
  const fieldsType = `{\n${list
    .map(
      ({ key, fields }) =>
        `  readonly ${propertyKey(key)}: {\n${fields.map(([name, field]) => `    readonly ${propertyKey(name)}: ${type(field)};\n`).join('')}  };\n`,
    )
    .join('')}}`;
  const types = model.contentTypes.filter((type) => type.clientProperty !== null);
  const typesValue = `{ ${types
    .map(
      (type) =>
        `${propertyKey(type.clientProperty!)}: [${stringLiteral(type.uid)}, ${type.draftAndPublish ? 1 : 0}, ${type.localized ? 1 : 0}]`,
    )
    .join(', ')} }`;
  const parts: string[] = [];
  if (dialect.types) {
    // Imported only where used: a schema without components names no CmsValidator.
    const writes = () => imports.type('CmsWriteValidators');
    const one = () => imports.type('CmsValidator');
    const rows = [
      ...types.map((type) => {
        const published = input(type.names.input);
        const draft = type.draft.input === null ? published : input(type.draft.input);
        return `  readonly ${propertyKey(type.clientProperty!)}: ${writes()}<${published}, Partial<${published}>, ${draft}>;\n`;
      }),
      ...model.components.map(
        (component) =>
          `  readonly ${propertyKey(component.uid)}: ${one()}<${input(component.names.input)}>;\n`,
      ),
    ];
    parts.push(
      `/** The validators of \`cmsValidators\`: each content type's writes, each component. */\nexport interface CmsValidators {\n${rows.join('')}}\n`,
    );
  }
  if (dialect.types)
    parts.push(
      `/** The type of \`cmsFields\`: each rule as its literal type. */\nexport type CmsFields = ${fieldsType};\n`,
    );
  const validators = dialect.code
    ? `${imports.value('validatorsOf')}${dialect.typeArguments('CmsValidators')}(cmsFields, ${typesValue})`
    : '';
  parts.push(
    `${FIELDS_DOC}\n${dialect.exportConstant('cmsFields', 'CmsFields', fieldsValue)}\n`,
    `${VALIDATORS_DOC}\n${dialect.exportConstant('cmsValidators', 'CmsValidators', dialect.code ? `/* @__PURE__ */ ${validators}` : '')}\n`,
  );
  const lines = imports.lines([]);
  if (typeNames.size > 0)
    lines.push(
      `import type { ${[...typeNames].sort().join(', ')} } from '${moduleSpecifier('types', extension)}';`,
    );
  return `${lines.join('\n')}${lines.length > 0 ? '\n\n' : ''}${parts.join('\n')}`;
}
