/**
 * The rooms of src/runtime that the import check (.dependency-cruiser.mjs) cannot see into:
 * src/runtime/types holds types and nothing else (no value, no function, no class), so any
 * module may import it without running or loading code; the import rules keep it from importing
 * anything but itself.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { ROOT } from '../../harness/paths.ts';

const TYPES = join(ROOT, 'src/runtime/types');

/** The statements of `text` that are not types: what a type-only module may not hold. */
function code(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return source.statements
    .filter(
      (statement) =>
        !ts.isInterfaceDeclaration(statement) &&
        !ts.isTypeAliasDeclaration(statement) &&
        !(ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly === true) &&
        !(ts.isExportDeclaration(statement) && statement.isTypeOnly),
    )
    .map((statement) => `${file}: ${statement.getText(source).split('\n')[0]}`);
}

describe('src/runtime/types', () => {
  it('holds only types and type-only imports', () => {
    const files = readdirSync(TYPES).filter((file) => file.endsWith('.ts'));
    assert.ok(files.length > 10, `src/runtime/types has ${files.length} modules`);
    assert.deepEqual(
      files.flatMap((file) => code(file, readFileSync(join(TYPES, file), 'utf8'))),
      [],
    );
  });

  it('would notice a value, a function or a value import', () => {
    assert.deepEqual(
      code(
        'params.ts',
        [
          "import type { A } from './a.ts';",
          "import { b } from './b.ts';",
          'export type C = A;',
          "export const FILTERS = ['modified'] as const;",
          'export function d(): void {}',
        ].join('\n'),
      ),
      [
        "params.ts: import { b } from './b.ts';",
        "params.ts: export const FILTERS = ['modified'] as const;",
        'params.ts: export function d(): void {}',
      ],
    );
  });
});
