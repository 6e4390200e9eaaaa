/**
 * The `mocks` file: `createMocks` (seeded factories of entries shaped as the client's reads
 * return them, typed by the same result types) and `createMockStrapi` (an in-memory Strapi that
 * answers the client's requests, as its `fetch` or as MSW handlers). A module of its own that
 * the `index` does not re-export: an app that does not import it bundles none of it. It reads
 * `cmsFields` from the `validators` file and the runtime's `mock` module.
 */
import type { SchemaAttribute, SchemaContentType } from '../schema/types.ts';
import type { Dialect } from './dialect.ts';
import { fieldLiteral, value } from './emit-validators.ts';
import { propertyKey, stringLiteral } from './identifiers.ts';
import type { CodegenModel } from './model.ts';
import { type ImportExtension, moduleSpecifier } from './specifiers.ts';

const MOCKS_DOC = [
  '/**',
  ' * Seeded factories, one per content type and component: `createMocks({ seed: 1 }).articles.entry({ populate: { author: true } })`',
  " * makes an entry as `findOne` with those parameters returns it, typed as the client's result, every value valid",
  " * under the schema's rules; the same seed makes the same entries. `overrides` set fields by hand.",
  ' */',
].join('\n');

const STRAPI_DOC = [
  '/**',
  " * An in-memory Strapi that answers the client's requests as Strapi does (filters, sort, `fields`, `populate`,",
  ' * pagination, `status`, `locale`, writes and their 400 errors, users-permissions sign-in):',
  ' * `new CmsClient({ baseURL: mock.url, fetch: mock.fetch })`, or `setupServer(...mock.handlers({ http }))` with MSW.',
  ' */',
].join('\n');

/** A literal value as code (`{ a: 1 }`, single-quoted), for the tables. */
const code = (literal: Parameters<typeof value>[0]): string => value(literal);

/** The `mocks` file in `dialect`. */
export function emitMocks(
  model: CodegenModel,
  schema: {
    contentTypes: Record<string, SchemaContentType>;
    components: Record<string, { attributes: Record<string, SchemaAttribute> }>;
    auth?: { jwtManagement?: string | undefined } | null | undefined;
  },
  dialect: Dialect,
  extension: ImportExtension = 'js',
): string {
  const types = model.contentTypes.filter((type) => type.clientProperty !== null);
  const lines: string[] = [];
  if (dialect.code) {
    // The js output's runtime bundles the room into one module; the ts output has its modules.
    const runtime = dialect.types ? 'runtime/mock/index' : 'runtime/mock';
    lines.push(`import { mockStrapiOf, mocksOf } from '${moduleSpecifier(runtime, extension)}';`);
    lines.push(`import { cmsFields } from '${moduleSpecifier('validators', extension)}';`);
  }
  const runtimeTypes = [
    'MockOptions',
    'MockStrapi',
    'MockStrapiOptions',
    ...(dialect.code ? ['MockTables'] : []),
  ];
  if (dialect.types) {
    if (types.some((type) => type.kind !== 'singleType')) runtimeTypes.push('CollectionMock');
    if (types.some((type) => type.kind === 'singleType')) runtimeTypes.push('SingleMock');
    if (model.components.length > 0) runtimeTypes.push('ComponentMock');
    lines.push(
      `import type { ${runtimeTypes.sort().join(', ')} } from '${moduleSpecifier('runtime/index', extension)}';`,
    );
    lines.push(`import type { CmsSchemaTypes } from '${moduleSpecifier('types', extension)}';`);
  }
  const parts: string[] = [];
  if (dialect.types) {
    const rows = [
      ...types.map(
        (type) =>
          `  readonly ${propertyKey(type.clientProperty as string)}: ${type.kind === 'singleType' ? 'SingleMock' : 'CollectionMock'}<CmsSchemaTypes, ${stringLiteral(type.uid)}>;\n`,
      ),
      ...model.components.map(
        (component) =>
          `  readonly ${propertyKey(component.uid)}: ComponentMock<CmsSchemaTypes, ${stringLiteral(component.uid)}>;\n`,
      ),
    ];
    parts.push(
      `/** The factories of \`createMocks\`: each content type's (by client property), each component's (by uid). */\nexport interface CmsMocks {\n${rows.join('')}}\n`,
    );
  }
  if (dialect.code) {
    // Relation targets of the content types and of the components (a component may relate to the user).
    const targets = new Set<string>();
    const sources = [
      ...types.map((type) => schema.contentTypes[type.uid]?.attributes ?? {}),
      ...Object.values(schema.components).map((component) => component.attributes),
    ];
    for (const attributes of sources)
      for (const attribute of Object.values(attributes))
        if (attribute.type === 'relation' && typeof attribute.target === 'string')
          targets.add(attribute.target);
    const extra = [...targets]
      .filter((uid) => !types.some((type) => type.uid === uid) && schema.contentTypes[uid] !== undefined)
      .sort()
      .map(
        (uid) =>
          `    ${propertyKey(uid)}: ${code(Object.fromEntries(Object.entries(schema.contentTypes[uid]?.attributes ?? {}).map(([name, attribute]) => [name, fieldLiteral(attribute)])))},\n`,
      );
    const typeRows = types.map((type) => {
      const source = schema.contentTypes[type.uid];
      const inverse: Record<string, string> = {};
      for (const [name, attribute] of Object.entries(source?.attributes ?? {})) {
        if (attribute.type !== 'relation') continue;
        if (typeof attribute.inversedBy === 'string') inverse[name] = attribute.inversedBy;
        else if (typeof attribute.mappedBy === 'string') inverse[name] = `~${attribute.mappedBy}`;
      }
      const path = type.kind === 'singleType' ? type.singularName : type.pluralName;
      const sides = Object.keys(inverse).length > 0 ? `, ${code(inverse)}` : '';
      return `    ${propertyKey(type.clientProperty as string)}: [${stringLiteral(type.uid)}, ${stringLiteral(path)}, ${type.kind === 'singleType' ? 1 : 0}, ${type.draftAndPublish ? 1 : 0}, ${type.localized ? 1 : 0}${sides}],\n`;
    });
    const auth = schema.auth?.jwtManagement === 'refresh' ? 'refresh' : 'legacy';
    parts.push(
      `/** The content types' REST paths, kinds and relation sides, and the relation targets without a client property. */\nconst MOCK_TABLES${dialect.annotation('MockTables')} = {\n  types: {\n${typeRows.join('')}  },\n  extra: {\n${extra.join('')}  },\n  auth: '${auth}',\n};\n`,
    );
  }
  parts.push(
    `${MOCKS_DOC}\n${dialect.exportFunction(
      'createMocks',
      [{ name: 'options?', type: 'MockOptions' }],
      'CmsMocks',
      `  return mocksOf${dialect.typeArguments('CmsMocks')}(cmsFields, MOCK_TABLES, options);\n`,
    )}`,
    `${STRAPI_DOC}\n${dialect.exportFunction(
      'createMockStrapi',
      [{ name: 'options?', type: 'MockStrapiOptions<CmsMocks>' }],
      'MockStrapi',
      `  return mockStrapiOf(cmsFields, MOCK_TABLES, options);\n`,
    )}`,
  );
  return `${lines.join('\n')}\n\n${parts.join('\n')}`;
}
