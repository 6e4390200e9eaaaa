/**
 * The built runtime module (dist/runtime/runtime.d.ts, what every output imports) against its
 * list (src/runtime/index.ts, read by the build into surface.json) and the names the model keeps
 * away from content types: a runtime export that a model could also take would make the
 * generated index.ts re-export ambiguous.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { reservedClientMembers, reservedTypeNames, runtimeExports } from '../../../src/codegen/reserved.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import { ROOT } from '../../harness/paths.ts';

const source = ts.createSourceFile(
  'runtime.d.ts',
  readFileSync(join(ROOT, 'dist/runtime/runtime.d.ts'), 'utf8'),
  ts.ScriptTarget.ES2023,
  true,
);

function exported(): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
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
  it('the built runtime exports what src/runtime/index.ts lists and what its parts import, and surface.json says so', () => {
    const forParts = new Set<string>();
    for (const part of surface.parts) {
      const text = readFileSync(join(ROOT, 'dist/runtime', `${part}.ts`), 'utf8');
      const source = ts.createSourceFile(`${part}.ts`, text, ts.ScriptTarget.ES2023, true);
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement)) continue;
        assert.equal(
          (statement.moduleSpecifier as ts.StringLiteral).text,
          './runtime.js',
          `${part} imports only the core`,
        );
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) forParts.add(element.name.text);
      }
    }
    const expected = [...new Set([...indexExports(), ...forParts])].sort();
    assert.deepEqual(exported(), expected);
    assert.deepEqual(runtimeExports(surface), expected);
    // What only the parts need is internal: the generated index does not re-export it.
    for (const name of forParts)
      if (!indexExports().includes(name))
        assert.ok([...surface.internal.values, ...surface.internal.types].includes(name), name);
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
    for (const file of ['runtime', ...surface.parts]) {
      const js = readFileSync(join(ROOT, 'dist/runtime', `${file}.js`), 'utf8');
      for (const pattern of [/\brequire\(/, /\bprocess\./, /\bBuffer\b/, /\bglobal\./]) {
        assert.doesNotMatch(js, pattern, `${file}.js`);
      }
      const specifiers = [
        ...[...js.matchAll(/^\s*import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((match) => match[1]),
        ...[...js.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]),
      ];
      for (const specifier of specifiers)
        assert.match(specifier ?? '', /^\.\/runtime(-[a-z-]+)?\.js$/, `${file}.js imports ${specifier}`);
      if (file === 'runtime')
        assert.equal(specifiers.length >= surface.parts.length, true, 'the core loads its parts');
    }
  });
});
