/**
 * The generated `mocks` file (src/codegen/emit-mocks.ts): what it imports (the runtime's `mock`
 * module and the validators' field tables; only types from the runtime's core and the types
 * file), its `CmsMocks` factories (one per content type with a client property, by kind, and one
 * per component), its `MOCK_TABLES` (REST paths, flags, relation sides and the tables of relation
 * targets without a client property), that the `index` does not re-export it, and that the ts
 * output with it compiles under --strict.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { fieldLiteral } from '../../../src/codegen/emit-validators.ts';
import { buildModel } from '../../../src/codegen/model.ts';
import { generateFiles, type OutputFormat } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { assertCompilesInMemory } from '../../helpers/compile.ts';

const FIXTURES = ['kitchen', 'kitchen-refresh', 'launchpad'] as const;
const FORMATS: OutputFormat[] = ['ts', 'js'];
const RUNTIME = runtimeAssets();

function payloadOf(fixture: string): SchemaResponse {
  return JSON.parse(
    readFileSync(join(ROOT, 'test/fixtures/payloads', `${fixture}.json`), 'utf8'),
  ) as SchemaResponse;
}

function output(payload: SchemaResponse, format: OutputFormat): Record<string, string> {
  return generateFiles(payload, { format, version: '0.0.0-test', runtime: RUNTIME });
}

function parse(name: string, text: string): ts.SourceFile {
  const kind = name.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(name, text, ts.ScriptTarget.ES2023, true, kind);
}

/** The name of a property as written (`articles`, `'shared.seo'`): its text. */
function nameOf(name: ts.PropertyName): string {
  return ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText();
}

/** The value of a literal expression (objects, arrays, strings, numbers, booleans, null). */
function literal(node: ts.Expression): unknown {
  if (ts.isParenthesizedExpression(node)) return literal(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken)
    return -(literal(node.operand as ts.Expression) as number);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) return node.elements.map(literal);
  if (ts.isObjectLiteralExpression(node))
    return Object.fromEntries(
      node.properties.map((property) => {
        assert.ok(ts.isPropertyAssignment(property), `a plain property: ${property.getText()}`);
        return [nameOf(property.name), literal(property.initializer)];
      }),
    );
  assert.fail(`not a literal: ${node.getText()}`);
}

interface Import {
  from: string;
  typeOnly: boolean;
  names: string[];
}

/** The import declarations of a file; fails on any other link (`export from`, `import()`). */
function importsOf(source: ts.SourceFile): Import[] {
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      assert.fail(`${source.fileName} loads a module: ${node.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const statement of source.statements) {
    assert.ok(
      !(ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined),
      `${source.fileName} re-exports: ${statement.getText()}`,
    );
    if (!ts.isImportDeclaration(statement)) continue;
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    assert.ok(bindings && ts.isNamedImports(bindings) && clause?.name === undefined, statement.getText());
    const inline = bindings.elements.filter((element) => element.isTypeOnly);
    assert.deepEqual(inline, [], `${source.fileName}: no inline type imports`);
    found.push({
      from: (statement.moduleSpecifier as ts.StringLiteral).text,
      typeOnly: clause?.isTypeOnly === true,
      names: bindings.elements.map((element) => element.name.text).sort(),
    });
  }
  return found.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** The names a file exports by `export` on a declaration. */
function exportsOf(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(statement))
      names.push(...statement.declarationList.declarations.map((declaration) => declaration.name.getText()));
    else if ('name' in statement && statement.name) names.push((statement.name as ts.Identifier).text);
  }
  assert.ok(!source.statements.some(ts.isExportDeclaration), `${source.fileName}: no export list`);
  return names.sort();
}

/** The `CmsMocks` interface's members: property -> `Factory<CmsSchemaTypes, 'uid'>` as [factory, uid]. */
function cmsMocks(source: ts.SourceFile): Record<string, [string, string]> {
  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'CmsMocks',
  );
  assert.ok(declaration, `${source.fileName} declares CmsMocks`);
  const members: Record<string, [string, string]> = {};
  for (const member of declaration.members) {
    assert.ok(ts.isPropertySignature(member) && member.type, member.getText());
    assert.ok(
      member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword),
      `${member.getText()} is readonly`,
    );
    const type = member.type;
    assert.ok(ts.isTypeReferenceNode(type) && type.typeArguments?.length === 2, type.getText());
    const [schema, uid] = type.typeArguments;
    assert.equal(schema?.getText(), 'CmsSchemaTypes');
    assert.ok(uid && ts.isLiteralTypeNode(uid) && ts.isStringLiteral(uid.literal), type.getText());
    members[nameOf(member.name)] = [type.typeName.getText(), uid.literal.text];
  }
  return members;
}

/** The value of `const MOCK_TABLES`, unexported, and the type it is annotated with (ts). */
function mockTables(source: ts.SourceFile): { value: MockTablesValue; annotation: string | undefined } {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const declaration = statement.declarationList.declarations.find(
      (candidate) => candidate.name.getText() === 'MOCK_TABLES',
    );
    if (!declaration?.initializer) continue;
    assert.ok(
      (statement.declarationList.flags & ts.NodeFlags.Const) !== 0 &&
        !ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword),
      'MOCK_TABLES is an unexported const',
    );
    return {
      value: literal(declaration.initializer) as MockTablesValue,
      annotation: declaration.type?.getText(),
    };
  }
  assert.fail(`${source.fileName} has no MOCK_TABLES`);
}

interface MockTablesValue {
  types: Record<string, unknown[]>;
  extra: Record<string, Record<string, Record<string, unknown>>>;
  auth: string;
}

/** What MOCK_TABLES should hold for a payload, from its schema (and the model's client properties and flags). */
function expectedTables(payload: SchemaResponse): MockTablesValue {
  const { contentTypes } = payload.schema;
  const model = buildModel(payload.schema, RUNTIME.surface);
  const withClient = model.contentTypes.filter((type) => type.clientProperty !== null);
  const types: Record<string, unknown[]> = {};
  const targets = new Set<string>();
  for (const type of withClient) {
    const source = contentTypes[type.uid];
    assert.ok(source);
    const sides: Record<string, string> = {};
    for (const [name, attribute] of Object.entries(source.attributes)) {
      if (attribute.type !== 'relation') continue;
      if (typeof attribute.target === 'string') targets.add(attribute.target);
      if (typeof attribute.inversedBy === 'string') sides[name] = attribute.inversedBy;
      else if (typeof attribute.mappedBy === 'string') sides[name] = `~${attribute.mappedBy}`;
    }
    const single = source.kind === 'singleType';
    types[type.clientProperty as string] = [
      type.uid,
      single ? source.singularName : source.pluralName,
      single ? 1 : 0,
      source.draftAndPublish === true ? 1 : 0,
      type.localized ? 1 : 0,
      ...(Object.keys(sides).length > 0 ? [sides] : []),
    ];
  }
  const extra: MockTablesValue['extra'] = {};
  for (const uid of [...targets].sort()) {
    const target = contentTypes[uid];
    if (target === undefined || withClient.some((type) => type.uid === uid)) continue;
    extra[uid] = Object.fromEntries(
      Object.entries(target.attributes).map(([name, attribute]) => [
        name,
        fieldLiteral(attribute) as Record<string, unknown>,
      ]),
    );
  }
  return { types, extra, auth: payload.schema.auth?.jwtManagement === 'refresh' ? 'refresh' : 'legacy' };
}

/** The mocks file(s) of an output: the code (`mocks.ts` / `mocks.js`) and the types (`mocks.ts` / `mocks.d.ts`). */
function mocksFiles(format: OutputFormat): { code: string; types: string } {
  return format === 'ts'
    ? { code: 'mocks.ts', types: 'mocks.ts' }
    : { code: 'mocks.js', types: 'mocks.d.ts' };
}

describe('the generated mocks file', () => {
  for (const fixture of FIXTURES) {
    const payload = payloadOf(fixture);
    const model = buildModel(payload.schema, RUNTIME.surface);
    const withClient = model.contentTypes.filter((type) => type.clientProperty !== null);

    for (const format of FORMATS) {
      const files = output(payload, format);
      const { code, types } = mocksFiles(format);

      it(`${fixture}, --format ${format}: the files, and what they import`, () => {
        const names = Object.keys(files).filter((name) => /(^|\/)mocks?\b/.test(name));
        // The runtime's module (runtime/mock.js, or src/runtime/mock's modules) and the mocks file.
        assert.deepEqual(
          names.filter((name) => !name.startsWith('runtime/')).sort(),
          format === 'ts' ? ['mocks.ts'] : ['mocks.d.ts', 'mocks.js'],
        );
        if (format === 'js') assert.ok('runtime/mock.js' in files, 'the js runtime has its mock module');
        else assert.ok('runtime/mock/index.ts' in files, 'the ts runtime has the mock modules');
        const runtimeMock = format === 'ts' ? './runtime/mock/index.js' : './runtime/mock.js';
        const values: Import[] = [
          { from: runtimeMock, typeOnly: false, names: ['mockStrapiOf', 'mocksOf'] },
          { from: './validators.js', typeOnly: false, names: ['cmsFields'] },
        ];
        const factories = [
          ...(withClient.some((type) => type.kind !== 'singleType') ? ['CollectionMock'] : []),
          ...(model.components.length > 0 ? ['ComponentMock'] : []),
          ...(withClient.some((type) => type.kind === 'singleType') ? ['SingleMock'] : []),
        ];
        const typeImports = (tables: boolean): Import[] => [
          {
            from: './runtime/index.js',
            typeOnly: true,
            names: [
              ...factories,
              'MockOptions',
              'MockStrapi',
              'MockStrapiOptions',
              ...(tables ? ['MockTables'] : []),
            ].sort(),
          },
          { from: './types.js', typeOnly: true, names: ['CmsSchemaTypes'] },
        ];
        const sorted = (list: Import[]) => [...list].sort((a, b) => (a.from < b.from ? -1 : 1));
        if (format === 'ts') {
          assert.deepEqual(
            importsOf(parse(code, files[code] ?? '')),
            sorted([...values, ...typeImports(true)]),
          );
        } else {
          assert.deepEqual(importsOf(parse(code, files[code] ?? '')), sorted(values));
          assert.deepEqual(importsOf(parse(types, files[types] ?? '')), sorted(typeImports(false)));
        }
        // Every file it imports is in the output.
        for (const name of new Set([code, types]))
          for (const { from } of importsOf(parse(name, files[name] ?? ''))) {
            const file = join('/', from).slice(1);
            assert.ok((format === 'ts' ? file.replace(/\.js$/, '.ts') : file) in files, `${name}: ${from}`);
          }
      });

      it(`${fixture}, --format ${format}: createMocks and createMockStrapi, and CmsMocks with a factory per content type and component`, () => {
        assert.deepEqual(exportsOf(parse(code, files[code] ?? '')), [
          ...(format === 'ts' ? ['CmsMocks'] : []),
          'createMockStrapi',
          'createMocks',
        ]);
        if (format === 'js')
          assert.deepEqual(exportsOf(parse(types, files[types] ?? '')), [
            'CmsMocks',
            'createMockStrapi',
            'createMocks',
          ]);
        const want: Record<string, [string, string]> = {};
        for (const type of withClient)
          want[type.clientProperty as string] = [
            type.kind === 'singleType' ? 'SingleMock' : 'CollectionMock',
            type.uid,
          ];
        for (const component of model.components) want[component.uid] = ['ComponentMock', component.uid];
        assert.ok(
          Object.values(want).some(([factory]) => factory === 'CollectionMock') &&
            Object.values(want).some(([factory]) => factory === 'SingleMock') &&
            Object.values(want).some(([factory]) => factory === 'ComponentMock'),
          `${fixture} has every kind of factory`,
        );
        assert.deepEqual(cmsMocks(parse(types, files[types] ?? '')), want);
      });

      it(`${fixture}, --format ${format}: MOCK_TABLES has each content type's REST path, flags and relation sides, the extra tables and the auth mode`, () => {
        const { value, annotation } = mockTables(parse(code, files[code] ?? ''));
        assert.equal(annotation, format === 'ts' ? 'MockTables' : undefined);
        const want = expectedTables(payload);
        assert.deepEqual(value, want);
        // Meaningful: paths of both kinds, and both flags and both sides somewhere.
        const rows = Object.values(value.types);
        assert.ok(rows.some((row) => row[2] === 1) && rows.some((row) => row[2] === 0));
        assert.ok(
          rows.some((row) => row[3] === 1),
          'a content type with draft and publish',
        );
        assert.ok(
          rows.some((row) => row[5] !== undefined),
          'a content type with a two-way relation',
        );
        if (fixture.startsWith('kitchen')) {
          assert.deepEqual(value.types.articles?.slice(0, 2), ['api::article.article', 'articles']);
          assert.deepEqual(value.types.articles?.[5], {
            author: 'articles',
            tags: 'articles',
            related: '~parent',
            parent: 'related',
          });
          assert.deepEqual(value.types.authors?.[5], { articles: '~author', profile: 'author' });
          assert.ok(
            rows.some((row) => row[4] === 1),
            'a localized content type',
          );
          assert.equal(value.auth, fixture === 'kitchen-refresh' ? 'refresh' : 'legacy');
        }
        if (fixture === 'launchpad') {
          assert.deepEqual(value.types.categories?.slice(0, 3), ['api::category.category', 'categories', 0]);
          assert.deepEqual(value.types.global?.slice(0, 3), ['api::global.global', 'global', 1]);
        }
        // No content type here relates to one without a client property.
        assert.deepEqual(value.extra, {});
      });

      it(`${fixture}, --format ${format}: the index does not mention the mocks`, () => {
        for (const name of format === 'ts' ? ['index.ts'] : ['index.js', 'index.d.ts']) {
          assert.ok(files[name], name);
          assert.doesNotMatch(files[name] ?? '', /mocks|createMockStrapi/i, `${name} mentions the mocks`);
        }
      });
    }

    for (const format of FORMATS)
      it(`${fixture}, --format ${format}: the output with its mocks (the js output's declarations) compiles under --strict`, () => {
        const property = withClient.find((type) => type.kind !== 'singleType')?.clientProperty;
        const single = withClient.find((type) => type.kind === 'singleType')?.clientProperty;
        assert.ok(property && single);
        const consumer = [
          "import { CmsClient } from './index.js';",
          "import { type CmsMocks, createMocks, createMockStrapi } from './mocks.js';",
          'const mocks: CmsMocks = createMocks({ seed: 7 });',
          `export const one = mocks['${property}'].entry();`,
          `export const many = mocks['${property}'].list(2);`,
          `export const single = mocks['${single}'].entry();`,
          'const strapi = createMockStrapi({ seed: 7, count: 2 });',
          'export const cms = new CmsClient({ baseURL: strapi.url, fetch: strapi.fetch });',
          '',
        ].join('\n');
        const files = output(payload, format);
        const program: Record<string, string> = { '/virtual/consumer.ts': consumer };
        for (const [name, text] of Object.entries(files))
          if (name.endsWith('.ts')) program[`/virtual/${name}`] = text;
        assert.ok(`/virtual/mocks.${format === 'ts' ? 'ts' : 'd.ts'}` in program);
        assertCompilesInMemory(program, {}, `${fixture} --format ${format} with a consumer of the mocks`);
      });
  }

  it('foodadvisor: a relation to a content type without a client property (the users-permissions user) gets an extra table', () => {
    const payload = payloadOf('foodadvisor');
    const user = 'plugin::users-permissions.user';
    for (const format of FORMATS) {
      const files = output(payload, format);
      const { code } = mocksFiles(format);
      const { value } = mockTables(parse(code, files[code] ?? ''));
      assert.deepEqual(value, expectedTables(payload));
      assert.deepEqual(Object.keys(value.extra), [user]);
      const table = value.extra[user] ?? {};
      const attributes = payload.schema.contentTypes[user]?.attributes ?? {};
      assert.deepEqual(Object.keys(table), Object.keys(attributes));
      for (const [name, attribute] of Object.entries(attributes))
        assert.equal(table[name]?.kind, attribute.type, name);
      // The review's author: the user's side of it is `reviews`.
      assert.deepEqual(value.types.reviews?.[5], { author: 'reviews', restaurant: 'reviews' });
    }
  });
});
