/**
 * The shape of the generated output as a small library: the runtime (the `runtime/` folder) is
 * the same bytes for every schema; the per-schema files (types, client, index) hold no casts and
 * only single-quoted strings; and the imports form a graph without a cycle: the runtime imports
 * nothing outside its folder, types imports only types from the runtime, client imports the
 * runtime and the types, index only re-exports, and only the mocks file imports the runtime's
 * `mock` module.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { INDEX_RUNTIME_EXPORTS, indexModelTypes } from '../../../src/codegen/index-exports.ts';
import { buildModel } from '../../../src/codegen/model.ts';
import { generateFiles, type OutputFormat } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { assertCompilesInMemory } from '../../helpers/compile.ts';
import { RUNTIME_MODULES, RUNTIME_PARTS, runtimeFiles } from '../../helpers/runtime-parts.ts';

const FIXTURES = ['kitchen', 'kitchen-refresh', 'launchpad'] as const;
const FORMATS: OutputFormat[] = ['ts', 'js'];
const RUNTIME = runtimeAssets();
/** The runtime's parts loaded on first use (`auth-methods`...), as the build names them. */
const PARTS = RUNTIME.surface.parts;
/** The runtime's modules that generated files import directly and the core never loads (`mock`). */
const MODULES = RUNTIME.surface.modules;
/** The file of a part in the default format's `runtime/` folder (`auth-methods.js`): its module's path, `-` for `/`. */
const partFile = (part: string) => `${part.split('/').join('-')}.js`;

function payloadOf(fixture: string): SchemaResponse {
  return JSON.parse(
    readFileSync(join(ROOT, 'test/fixtures/payloads', `${fixture}.json`), 'utf8'),
  ) as SchemaResponse;
}

function output(fixture: string, format: OutputFormat): Record<string, string> {
  return generateFiles(payloadOf(fixture), { format, version: '0.0.0-test', runtime: RUNTIME });
}

function parse(name: string, text: string): ts.SourceFile {
  const kind = name.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(name, text, ts.ScriptTarget.ES2023, true, kind);
}

/** Every node of a file, depth first. */
function nodes(source: ts.SourceFile): ts.Node[] {
  const all: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    all.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return all;
}

/** The string literal tokens of a text, comments skipped (the scanner reads them as trivia). */
function stringTokens(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2023, true, ts.LanguageVariant.Standard, text);
  const found: string[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.StringLiteral || token === ts.SyntaxKind.NoSubstitutionTemplateLiteral)
      found.push(scanner.getTokenText());
  }
  return found;
}

interface ModuleLink {
  /** `import`, `import type`, `export from`, `export type from`, or `load` (a dynamic `import()`). */
  kind: string;
  from: string;
}

/** The module links of a file, `import()` as `load`; fails on a `require`. */
function links(source: ts.SourceFile): ModuleLink[] {
  const found: ModuleLink[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const typeOnly = statement.importClause?.isTypeOnly === true;
      found.push({
        kind: typeOnly ? 'import type' : 'import',
        from: (statement.moduleSpecifier as ts.StringLiteral).text,
      });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) {
      found.push({
        kind: statement.isTypeOnly ? 'export type from' : 'export from',
        from: (statement.moduleSpecifier as ts.StringLiteral).text,
      });
    } else if (ts.isImportEqualsDeclaration(statement)) {
      assert.fail(`${source.fileName}: import = require`);
    }
  }
  for (const node of nodes(source)) {
    if (!ts.isCallExpression(node)) continue;
    if (node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      assert.ok(specifier && ts.isStringLiteral(specifier), `${source.fileName}: import() of a literal`);
      found.push({ kind: 'load', from: specifier.text });
      continue;
    }
    assert.ok(
      !(ts.isIdentifier(node.expression) && node.expression.text === 'require'),
      `${source.fileName}: require()`,
    );
  }
  return found;
}

/** The file a specifier of the file `name` names in this output: `./runtime/index.js` is runtime/index.ts in ts format. */
function target(name: string, from: string, format: OutputFormat): string {
  assert.match(from, /^\.\.?\/[a-z/.-]+\.js$/, `a relative .js specifier: ${from}`);
  const file = posix.join(posix.dirname(name), from);
  return format === 'ts' ? file.replace(/\.js$/, '.ts') : file;
}

/** The node of a file in the module graph: the runtime's folder is one node. */
function node(file: string): string {
  return file.startsWith('runtime/') ? 'runtime/' : file;
}

/** Fails when the module graph has a cycle. */
function assertAcyclic(graph: Map<string, string[]>): void {
  const done = new Set<string>();
  const visit = (file: string, path: string[]) => {
    assert.ok(!path.includes(file), `import cycle: ${[...path, file].join(' -> ')}`);
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    done.add(file);
  };
  for (const file of graph.keys()) visit(file, []);
}

/** The per-schema files of a format: everything but the runtime's folder. */
function perSchema(files: Record<string, string>): [string, string][] {
  return modules(files).filter(([name]) => !name.startsWith('runtime/'));
}

/** The modules of an output: every file but the js output's package.json. */
function modules(files: Record<string, string>): [string, string][] {
  return Object.entries(files).filter(([name]) => name !== 'package.json');
}

describe('the runtime module', () => {
  for (const format of FORMATS) {
    it(`is byte-identical for two different schemas (kitchen, launchpad), --format ${format}`, () => {
      const kitchen = output('kitchen', format);
      const launchpad = output('launchpad', format);
      assert.notEqual(
        kitchen['types.d.ts'] ?? kitchen['types.ts'],
        launchpad['types.d.ts'] ?? launchpad['types.ts'],
      );
      const runtime = Object.keys(kitchen).filter((name) => name.startsWith('runtime'));
      assert.deepEqual(runtime.sort(), runtimeFiles(format, runtime));
      for (const name of runtime) {
        assert.ok(kitchen[name] === launchpad[name], `${name} differs between kitchen and launchpad`);
        const built = readFileSync(join(ROOT, 'dist/runtime', format, name.slice('runtime/'.length)), 'utf8');
        assert.ok(kitchen[name]?.endsWith(`\n${built}`), `${name} is the built runtime under a header`);
      }
    });
  }
});

describe('modules copied into the parts (COPIED_INTO_PARTS in scripts/runtime-build.ts)', () => {
  /** The top-level functions `text` declares, and those it exports. */
  function functions(name: string, text: string): { declared: string[]; exported: string[] } {
    const source = parse(name, text);
    const declared: string[] = [];
    const exported: string[] = [];
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
      declared.push(statement.name.text);
      if (statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
        exported.push(statement.name.text);
    }
    for (const statement of source.statements)
      if (
        ts.isExportDeclaration(statement) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      )
        exported.push(...statement.exportClause.elements.map((element) => element.name.text));
    return { declared, exported };
  }
  const SEGMENT = ['pathSegment', 'segmentError', 'segmentOf'];

  it('each part holds what it runs of a copied module, unexported; the core only what the core runs', () => {
    const core = functions('index.js', RUNTIME.js['index.js'] ?? '');
    // The core checks a documentId (segmentOf); the wording of a bad one is not in it.
    assert.deepEqual(
      SEGMENT.filter((name) => core.declared.includes(name)),
      ['segmentOf'],
    );
    const held: Record<string, string[]> = {};
    for (const name of RUNTIME_PARTS) {
      const found = functions(`${name}.js`, RUNTIME.js[partFile(name)] ?? '');
      held[name] = SEGMENT.filter((fn) => found.declared.includes(fn));
      assert.deepEqual(
        found.exported.filter((fn) => SEGMENT.includes(fn) || fn === 'writeQuery'),
        [],
        `${name} exports none of its copies`,
      );
    }
    assert.deepEqual(held, {
      'auth-methods': SEGMENT,
      'custom-routes': SEGMENT,
      // failures.ts words a bad documentId (segmentError) and splits long lists (query-writer.ts).
      failures: ['segmentError'],
      'request-extras': [],
      'session-flow': [],
      'upload-methods': [],
      'users-methods': [],
      writes: [],
    });
    assert.match(RUNTIME.js['failures.js'] ?? '', /function writeQuery\(/);
  });
});

describe('the per-schema files', () => {
  for (const fixture of FIXTURES) {
    for (const format of FORMATS) {
      const files = output(fixture, format);

      it(`${fixture}, --format ${format}: the expected files`, () => {
        assert.deepEqual(
          Object.keys(files).sort(),
          format === 'ts'
            ? [
                'client.ts',
                'client/routes.ts',
                'index.ts',
                ...runtimeFiles('ts'),
                'mocks.ts',
                'types.ts',
                'validators.ts',
              ].sort()
            : [
                'client.d.ts',
                'client.js',
                'client/routes.d.ts',
                'client/routes.js',
                'index.d.ts',
                'index.js',
                'mocks.d.ts',
                'mocks.js',
                'package.json',
                ...runtimeFiles('js', Object.keys(files)),
                'types.d.ts',
                'types.js',
                'validators.d.ts',
                'validators.js',
              ].sort(),
        );
      });

      it(`${fixture}, --format ${format}: no casts in types, client and index`, () => {
        for (const [name, text] of perSchema(files)) {
          const casts = nodes(parse(name, text))
            .filter((node) => ts.isAsExpression(node) || ts.isTypeAssertionExpression(node))
            .map((node) => node.getText());
          assert.deepEqual(casts, [], `${name} casts`);
          // The same, as text, outside comments: no ` as ` anywhere in the code.
          const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
          assert.doesNotMatch(code, / as /, `${name} has " as " in its code`);
        }
      });

      it(`${fixture}, --format ${format}: every string literal in code is single-quoted`, () => {
        for (const [name, text] of perSchema(files)) {
          const tokens = stringTokens(text);
          assert.ok(tokens.length > 0 || name === 'types.js', `${name} has string literals`);
          const others = tokens.filter((token) => !token.startsWith("'"));
          assert.deepEqual(others, [], `${name} has literals that are not single-quoted`);
        }
      });

      it(`${fixture}, --format ${format}: runtime -> nothing, types -> runtime (types only), client -> runtime and types, index re-exports, only mocks -> the mock module`, () => {
        const graph = new Map<string, string[]>();
        const seen: Record<string, string[]> = {};
        const loaded = new Set<string>();
        const clientLoads: string[] = [];
        /** The files that link to a runtime module (`mock`) other than by a type-only link, by module. */
        const moduleUsers: Record<string, string[]> = {};
        /** Whether `file` (a path in the output) is in a runtime module: `runtime/mock.js`, or under `runtime/mock/` in ts format. */
        const moduleOf = (file: string): string | undefined =>
          MODULES.find((module) =>
            format === 'ts'
              ? file.startsWith(`runtime/${module}/`) || file === `runtime/${module}.ts`
              : file === `runtime/${module}.js` || file === `runtime/${module}.d.ts`,
          );
        for (const [name, text] of modules(files)) {
          const source = parse(name, text);
          const found = links(source);
          const lazy = found.filter((link) => link.kind === 'load');
          const inRuntime = name.startsWith('runtime/');
          for (const link of lazy) {
            if (name.startsWith('client.') && link.from === './client/routes.js') {
              clientLoads.push(name);
              continue;
            }
            assert.ok(inRuntime, `${name}: only the runtime loads parts lazily`);
            const file = target(name, link.from, format).slice('runtime/'.length);
            const part = PARTS.find((p) => (format === 'ts' ? `${p}.ts` : partFile(p)) === file);
            assert.ok(
              part !== undefined,
              `${name} loads only runtime parts (and the client its route table): ${link.from}`,
            );
            loaded.add(part);
          }
          const fixed = found.filter((link) => link.kind !== 'load');
          // A lazy load runs after the module it loads from: only static links make a cycle.
          const targets = fixed.map((link) => target(name, link.from, format));
          for (const link of found)
            assert.ok(target(name, link.from, format) in files, `${name}: ${link.from} is in the output`);
          for (const link of found) {
            const module = moduleOf(target(name, link.from, format));
            if (module === undefined || moduleOf(name) === module || link.kind.includes('type')) continue;
            moduleUsers[module] = [...(moduleUsers[module] ?? []), name];
          }
          if (inRuntime) {
            // The runtime's files link only to each other.
            for (const file of targets) assert.ok(file.startsWith('runtime/'), `${name} imports ${file}`);
            if (format === 'js' && name !== 'runtime/index.js' && name !== 'runtime/index.d.ts')
              // Each part imports what it uses of the core, and the chunks parts share.
              for (const link of fixed)
                assert.match(
                  `${link.kind} ${link.from}`,
                  /^import \.\/(index|shared-[A-Z0-9]{8})\.js$/,
                  name,
                );
            if (name === 'runtime/index.js' || name === 'runtime/index.d.ts')
              assert.deepEqual(fixed, [], `${name}: the core imports nothing`);
          } else seen[name] = fixed.map((link) => `${link.kind} ${link.from}`).sort();
          const from = node(name);
          graph.set(from, [...(graph.get(from) ?? []), ...targets.map(node).filter((next) => next !== from)]);
          if (name.startsWith('index.')) {
            for (const statement of source.statements)
              assert.ok(
                ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined,
                `${name} only re-exports: ${statement.getText()}`,
              );
          }
        }
        const ext = format === 'ts' ? 'ts' : 'd.ts';
        const want: Record<string, string[]> = {
          [`types.${ext}`]: ['import type ./runtime/index.js'],
          [`client.${ext}`]: ['import ./runtime/index.js', 'import type ./types.js'],
          [`client/routes.${ext}`]: ['import type ../runtime/index.js'],
          [`index.${ext}`]: [
            'export from ./client.js',
            'export from ./runtime/index.js',
            'export from ./validators.js',
            'export type from ./runtime/index.js',
            'export type from ./types.js',
            'export type from ./validators.js',
          ],
          // The validators' tables import the runtime's interpreter and the inputs they output.
          [`validators.${ext}`]: ['import ./runtime/index.js', 'import type ./types.js'],
          // The mocks: the runtime's mock module (the modules of its folder in ts format), the
          // validators' field tables, and types only from the runtime's core and the types file.
          [`mocks.${ext}`]: [
            'import ./runtime/mock/index.js',
            'import ./validators.js',
            'import type ./runtime/index.js',
            'import type ./types.js',
          ],
        };
        if (format === 'js') {
          want['types.js'] = [];
          want['client.js'] = ['import ./runtime/index.js'];
          want['client/routes.js'] = [];
          want['index.js'] = [
            'export from ./client.js',
            'export from ./runtime/index.js',
            'export from ./validators.js',
          ];
          want['validators.js'] = ['import ./runtime/index.js'];
          want['validators.d.ts'] = ['import type ./runtime/index.js', 'import type ./types.js'];
          // The js output's runtime bundles the mock module into one file, runtime/mock.js.
          want['mocks.js'] = ['import ./runtime/mock.js', 'import ./validators.js'];
          want['mocks.d.ts'] = ['import type ./runtime/index.js', 'import type ./types.js'];
        }
        assert.deepEqual(seen, want);
        assert.deepEqual([...loaded].sort(), [...PARTS].sort(), 'every part is loaded by the runtime');
        // Neither the core nor a part nor the index loads a runtime module: only the mocks file imports it.
        assert.deepEqual([...MODULES], [...RUNTIME_MODULES]);
        assert.deepEqual(
          moduleUsers,
          Object.fromEntries(MODULES.map((module) => [module, [`mocks.${format}`]])),
          'only the mocks file imports the mock module',
        );
        assert.deepEqual(
          clientLoads,
          [`client.${format}`],
          'the client (not its declarations) loads the route table',
        );
        // In js format a specifier names the .js file and, for the compiler, its .d.ts beside it.
        const resolved = new Map(
          [...graph].map(([file, targets]) => [
            file,
            targets.map((name) => (file.endsWith('.d.ts') ? name.replace(/\.js$/, '.d.ts') : name)),
          ]),
        );
        assertAcyclic(resolved);
      });
    }
  }
});

describe('the tables the client is built from: keyed by name, each route written once', () => {
  /** The object literal a `const NAME = { ... }` of a file starts with, parsed. */
  const table = (source: ts.SourceFile, name: string): ts.ObjectLiteralExpression => {
    const found = nodes(source).find(
      (node): node is ts.VariableDeclaration =>
        ts.isVariableDeclaration(node) && node.name.getText() === name,
    );
    assert.ok(
      found?.initializer && ts.isObjectLiteralExpression(found.initializer),
      `${name} is an object literal`,
    );
    return found.initializer;
  };
  const keys = (object: ts.ObjectLiteralExpression) =>
    object.properties.map((property) => property.name?.getText() ?? '');

  for (const fixture of FIXTURES) {
    for (const format of FORMATS) {
      const files = output(fixture, format);
      const model = buildModel(payloadOf(fixture).schema, RUNTIME.surface);
      const client = parse(`client.${format}`, files[`client.${format}`] ?? '');
      const routes = parse(`client/routes.${format}`, files[`client/routes.${format}`] ?? '');

      it(`${fixture}, --format ${format}: no table is an array read by position`, () => {
        for (const source of [client, routes])
          for (const node of nodes(source))
            if (ts.isArrayLiteralExpression(node))
              assert.ok(
                !node.elements.some(
                  (element) => ts.isObjectLiteralExpression(element) || ts.isArrayLiteralExpression(element),
                ),
                `${source.fileName}: an array of objects or arrays: ${node.getText().slice(0, 80)}`,
              );
        assert.doesNotMatch(files[`client.${format}`] ?? '', /QUERY_TABLE/);
      });

      it(`${fixture}, --format ${format}: CONTENT_TYPES has each api:: type by its client property`, () => {
        const properties = model.contentTypes.flatMap((type) =>
          type.clientProperty === null ? [] : [type.clientProperty],
        );
        assert.deepEqual(keys(table(client, 'CONTENT_TYPES')), properties);
      });

      it(`${fixture}, --format ${format}: ROUTES holds each route once, under its property and method name`, () => {
        const routeTable = table(routes, 'ROUTES');
        const groups = [
          ...model.contentTypes.flatMap((type) =>
            type.clientProperty !== null && type.customRoutes.length > 0
              ? [{ property: type.clientProperty, routes: type.customRoutes }]
              : [],
          ),
          ...model.routeGroups,
        ];
        assert.deepEqual(
          keys(routeTable),
          groups.map((group) => group.property),
        );
        for (const [index, group] of groups.entries()) {
          const entry = routeTable.properties[index];
          assert.ok(
            entry && ts.isPropertyAssignment(entry) && ts.isObjectLiteralExpression(entry.initializer),
          );
          assert.deepEqual(
            keys(entry.initializer),
            group.routes.map((route) => route.name),
          );
        }
        // Every route's method and path are written in the route table, once, and nowhere else.
        const all = Object.entries(files).filter(([name]) => !name.startsWith('runtime/'));
        for (const route of groups.flatMap((group) => group.routes)) {
          const literal = `method: '${route.method}', path: '${route.path}'`;
          const where = all.flatMap(([name, text]) => Array(text.split(literal).length - 1).fill(name));
          assert.deepEqual(
            where,
            [`client/routes.${format}`],
            `${route.method} ${route.path} is written once`,
          );
        }
        if (groups.length > 0)
          assert.deepEqual(
            keys(table(client, 'ROUTE_METHODS')),
            groups.map((group) => group.property),
          );
      });
    }
  }
});

describe('the index re-exports what an application needs', () => {
  for (const format of FORMATS) {
    it(`the client, the runtime exports and model types index-exports.ts lists, and nothing else, --format ${format}`, () => {
      const files = output('kitchen', format);
      const model = buildModel(payloadOf('kitchen').schema, RUNTIME.surface);
      const modelTypes = indexModelTypes(model);
      assert.ok(modelTypes.includes('Article') && modelTypes.includes('CmsSchemaTypes'));
      // What the index names itself, by the file it re-exports from (the client comes whole).
      const named = (name: string): Record<string, string[]> => {
        const found: Record<string, string[]> = {};
        for (const statement of parse(name, files[name] ?? '').statements) {
          if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier === undefined) continue;
          const from = (statement.moduleSpecifier as ts.StringLiteral).text;
          const clause = statement.exportClause;
          const names =
            clause !== undefined && ts.isNamedExports(clause)
              ? clause.elements.map((e) => e.name.text)
              : ['*'];
          found[from] = [...(found[from] ?? []), ...names];
        }
        return found;
      };
      assert.deepEqual(named(format === 'ts' ? 'index.ts' : 'index.d.ts'), {
        './client.js': ['*'],
        './runtime/index.js': [...INDEX_RUNTIME_EXPORTS.values, ...INDEX_RUNTIME_EXPORTS.types],
        './types.js': modelTypes,
        './validators.js': ['cmsFields', 'cmsValidators', 'CmsFields', 'CmsValidators'],
      });
      if (format === 'js')
        assert.deepEqual(named('index.js'), {
          './client.js': ['*'],
          './runtime/index.js': [...INDEX_RUNTIME_EXPORTS.values],
          './validators.js': ['cmsFields', 'cmsValidators'],
        });
      const values = [
        ...INDEX_RUNTIME_EXPORTS.values,
        'CmsClient',
        'SCHEMA_HASH',
        'CMS_TYPES_VERSION',
        'AUTH_MODE',
      ];
      const types = [
        ...INDEX_RUNTIME_EXPORTS.types,
        ...modelTypes,
        'CmsContentTypeUid',
        'CmsEntry',
        'CmsQuery',
        'CmsFilters',
      ];
      for (const internal of [...RUNTIME.surface.internal.values, ...RUNTIME.surface.internal.types])
        assert.ok(!values.includes(internal) && !types.includes(internal), `${internal} is internal`);
      const consumer = [
        `export { ${values.join(', ')} } from './index.js';`,
        `export type { ${[...new Set(types)].join(', ')} } from './index.js';`,
        // Plugin-internal models and plumbing stay where they are declared.
        "// @ts-expect-error not re-exported\nimport type { ContentReleasesRelease as Hidden1 } from './index.js';",
        "// @ts-expect-error not re-exported\nimport type { UsersPermissionsPermission as Hidden2 } from './index.js';",
        "// @ts-expect-error not re-exported\nimport type { SchemaShape as Hidden3 } from './index.js';",
        "export type { ContentReleasesRelease, UsersPermissionsPermission } from './types.js';",
        "export type { SchemaShape } from './runtime/index.js';",
        '',
      ].join('\n');
      const program: Record<string, string> = { '/virtual/consumer.ts': consumer };
      for (const [name, text] of Object.entries(files))
        if (!name.endsWith('.js')) program[`/virtual/${name}`] = text;
      assertCompilesInMemory(
        program,
        {},
        `kitchen ${format}: a consumer importing every name the index lists`,
      );
    });
  }
});
