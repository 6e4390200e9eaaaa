/**
 * The built client runtime (dist/runtime/runtime.d.ts, what every generated client contains)
 * against the names the model keeps away from content types: a runtime export that a model
 * could also take would make the generated index.ts re-export ambiguous.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { RESERVED_CLIENT_MEMBERS, RESERVED_TYPE_NAMES, RUNTIME_EXPORTS } from '../../src/codegen/model.ts';
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

describe('runtime surface', () => {
  it('RUNTIME_EXPORTS lists exactly what the built runtime exports', () => {
    assert.deepEqual(exported(), [...RUNTIME_EXPORTS].sort());
  });

  it('every runtime export is a reserved type name', () => {
    for (const name of exported()) assert.ok(RESERVED_TYPE_NAMES.includes(name), name);
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
    for (const name of members) assert.ok(RESERVED_CLIENT_MEMBERS.has(name), name);
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
