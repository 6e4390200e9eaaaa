/**
 * The built runtime (dist/runtime/js: index.js and index.d.ts, what every output imports from
 * its `runtime/` folder) against its list (src/runtime/index.ts, read by the build into
 * surface.json) and the names the model keeps away from content types: a runtime export that a
 * model could also take would make the generated index.ts re-export ambiguous.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { reservedClientMembers, reservedTypeNames, runtimeExports } from '../../../src/codegen/reserved.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import { ROOT } from '../../harness/paths.ts';
import { RUNTIME_MODULES } from '../../helpers/runtime-parts.ts';

const source = ts.createSourceFile(
  'index.d.ts',
  readFileSync(join(ROOT, 'dist/runtime/js/index.d.ts'), 'utf8'),
  ts.ScriptTarget.ES2023,
  true,
);

/** The names a module exports: by `export` on a declaration, or in an `export { ... }` list. */
function exportsOf(file: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      assert.ok(clause && ts.isNamedExports(clause), `${file.fileName}: export names, not *`);
      names.push(...clause.elements.map((element) => element.name.text));
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        names.push(declaration.name.getText());
    } else if ('name' in statement && statement.name) {
      names.push((statement.name as ts.Identifier).text);
    }
  }
  return names.sort();
}

/** What the runtime's declarations export. */
function exported(): string[] {
  return exportsOf(source);
}

/** The specifiers a built JavaScript file imports (statically or by `import()`) and re-exports from. */
function specifiersOf(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) found.push(specifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A JavaScript file of the built runtime, parsed. */
function builtJs(name: string): ts.SourceFile {
  const text = readFileSync(join(ROOT, 'dist/runtime/js', name), 'utf8');
  return ts.createSourceFile(name, text, ts.ScriptTarget.ES2023, true, ts.ScriptKind.JS);
}

const surface = runtimeAssets().surface;

/** The names src/runtime/index.ts re-exports, read here with the compiler, not by the build's code. */
function indexExports(): string[] {
  const index = ts.createSourceFile(
    'index.ts',
    readFileSync(join(ROOT, 'src/runtime/index.ts'), 'utf8'),
    ts.ScriptTarget.ES2023,
    true,
  );
  return index.statements
    .filter(ts.isExportDeclaration)
    .flatMap((statement) =>
      statement.exportClause && ts.isNamedExports(statement.exportClause)
        ? statement.exportClause.elements.map((element) => element.name.text)
        : [],
    )
    .sort();
}

describe('runtime surface', () => {
  it('the built runtime exports what src/runtime/index.ts lists and what its parts and modules import, and surface.json says so', () => {
    const forParts = new Set<string>();
    // The modules (`mock`) are built as the parts are: they import the core and the shared chunks.
    assert.deepEqual(surface.modules, [...RUNTIME_MODULES]);
    for (const part of [...surface.parts, ...surface.modules]) {
      const file = builtJs(`${part.split('/').join('-')}.js`);
      for (const statement of file.statements) {
        if (!ts.isImportDeclaration(statement)) continue;
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        assert.match(
          from,
          /^\.\/(index|shared-[A-Z0-9]{8})\.js$/,
          `${part} imports only the core and shared chunks`,
        );
        const bindings = statement.importClause?.namedBindings;
        if (from === './index.js' && bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) forParts.add((element.propertyName ?? element.name).text);
      }
    }
    assert.ok(forParts.size > 0, 'the parts import from the core');
    for (const module of surface.modules)
      assert.ok(
        builtJs(`${module}.js`).statements.some(
          (statement) =>
            ts.isImportDeclaration(statement) &&
            (statement.moduleSpecifier as ts.StringLiteral).text === './index.js',
        ),
        `${module} imports the core`,
      );
    assert.deepEqual(runtimeExports(surface), indexExports());
    const values = indexExports().filter(
      (name) => !surface.public.types.includes(name) && !surface.internal.types.includes(name),
    );
    assert.deepEqual(exportsOf(builtJs('index.js')), [...new Set([...values, ...forParts])].sort());
    // The declarations declare the public surface only: no @internal name, none the parts import.
    assert.deepEqual(exported(), [...surface.public.values, ...surface.public.types].sort());
  });

  it('the declarations export no plumbing (CallOptions, Attempt, ResolvedConfig, CorePort): a public type that needs one declares it unexported', () => {
    for (const name of [
      'CallOptions',
      'Attempt',
      'ResolvedConfig',
      'CorePort',
      'GeneratedInfo',
      'RouteTable',
    ])
      assert.ok(!exported().includes(name), name);
    // CmsClientCore's `core` member is a ResolvedConfig: declared, not exported.
    const declared = source.statements.flatMap((statement) =>
      'name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)
        ? [(statement.name as ts.Identifier).text]
        : [],
    );
    assert.ok(declared.includes('ResolvedConfig'));
    // tsc would export every declaration of a declaration file without an export list of its own.
    assert.ok(source.statements.some(ts.isExportDeclaration));
    assert.ok(
      !source.statements.some(
        (statement) =>
          ts.isExportDeclaration(statement) &&
          statement.exportClause &&
          ts.isNamedExports(statement.exportClause) &&
          statement.exportClause.elements.length === 0,
      ),
      'no export {}',
    );
  });

  it('the core, its parts and their shared chunks never load a module (mock.js): only a generated file imports one', () => {
    const modules = surface.modules.map((module) => `./${module}.js`);
    assert.ok(modules.length > 0);
    const files = readdirSync(join(ROOT, 'dist/runtime/js')).filter(
      (name) => name.endsWith('.js') && !modules.includes(`./${name}`),
    );
    for (const part of ['index', ...surface.parts])
      assert.ok(files.includes(`${part.split('/').join('-')}.js`), `${part}: ${files.join()}`);
    for (const name of files)
      for (const specifier of specifiersOf(builtJs(name)))
        assert.ok(!modules.includes(specifier), `${name} imports ${specifier}`);
    // Nor does the core's declaration file name one.
    for (const specifier of specifiersOf(source))
      assert.ok(!modules.includes(specifier), `index.d.ts imports ${specifier}`);
  });

  it('module-internal helpers are not exported (toQueryString is; describeBody, causeCode are not)', () => {
    assert.ok(exported().includes('toQueryString'));
    for (const name of ['describeBody', 'causeCode', 'CmsSession', 'fitArrayLimit', 'errorFromResponse'])
      assert.ok(!exported().includes(name), name);
  });

  it('every runtime export is a reserved type name', () => {
    const reserved = reservedTypeNames(surface);
    for (const name of exported()) assert.ok(reserved.includes(name), name);
  });

  it("every CmsClientCore member is a reserved client property (a content type can't shadow it)", () => {
    const core = source.statements.find(
      (statement): statement is ts.ClassDeclaration =>
        ts.isClassDeclaration(statement) && statement.name?.text === 'CmsClientCore',
    );
    assert.ok(core);
    const members = core.members
      .filter((member) => member.name !== undefined && !ts.isConstructorDeclaration(member))
      .map((member) => member.name!.getText());
    assert.ok(members.length >= 5, members.join());
    const reserved = reservedClientMembers(surface);
    for (const name of members) assert.ok(reserved.has(name), name);
  });
});

describe('zero dependencies', () => {
  it('the runtime every client embeds imports only its own files and uses no Node-only global', () => {
    const files = readdirSync(join(ROOT, 'dist/runtime/js')).filter((name) => name.endsWith('.js'));
    for (const file of files.map((name) => name.slice(0, -3))) {
      const js = readFileSync(join(ROOT, 'dist/runtime/js', `${file}.js`), 'utf8');
      for (const pattern of [/\brequire\(/, /\bprocess\./, /\bBuffer\b/, /\bglobal\./]) {
        assert.doesNotMatch(js, pattern, `${file}.js`);
      }
      const specifiers = [
        ...[...js.matchAll(/^\s*import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((match) => match[1]),
        ...[...js.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]),
      ];
      for (const specifier of specifiers)
        assert.ok(files.includes(specifier?.slice(2) ?? ''), `${file}.js imports ${specifier}`);
      if (file === 'index')
        assert.equal(specifiers.length >= surface.parts.length, true, 'the core loads its parts');
    }
  });
});
