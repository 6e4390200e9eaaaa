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
import { reservedClientMembers, reservedTypeNames, runtimeExports } from '../../src/codegen/reserved.ts';
import { runtimeAssets } from '../../src/codegen/runtime-assets.ts';
import { ROOT } from '../harness/paths.ts';

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
  it('the built runtime exports exactly what src/runtime/index.ts lists, and surface.json says so', () => {
    assert.deepEqual(exported(), indexExports());
    assert.deepEqual(runtimeExports(surface), indexExports());
  });

  it('module-internal helpers are not exported (toQueryString is; describeBody, pathSegment are not)', () => {
    assert.ok(exported().includes('toQueryString'));
    for (const name of ['describeBody', 'pathSegment', 'causeCode', 'CmsSession', 'fitArrayLimit'])
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
  it('the runtime every client embeds imports nothing and uses no Node-only global', () => {
    const js = readFileSync(join(ROOT, 'dist/runtime/runtime.js'), 'utf8');
    for (const pattern of [
      /^\s*import\s/m,
      /\bimport\(/,
      /\brequire\(/,
      /\bprocess\./,
      /\bBuffer\b/,
      /\bglobal\./,
    ]) {
      assert.doesNotMatch(js, pattern);
    }
  });
});
