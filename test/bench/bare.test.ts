/**
 * The editor benchmark's declarations without words (bench/lib/bare.ts): a generated client's
 * declaration files printed back with every comment removed. Checked on a generated client: no
 * comment is left, no declaration is lost, and the client still types a populated query through
 * them (or the reference would measure a project that answers nothing).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { stripComments, withoutComments } from '../../bench/lib/bare.ts';
import { ROOT } from '../harness/paths.ts';
import { assertTypesPopulatedQuery } from '../helpers/populated-query.ts';
import { listFiles } from '../helpers/runtime-parts.ts';

const GENERATED = join(ROOT, 'test/types/generated/kitchen-refresh-js');
const DECLARATIONS = listFiles(GENERATED).filter((name) => name.endsWith('.d.ts'));
const read = (name: string) => readFileSync(join(GENERATED, name), 'utf8');

/** The comments in `text`, as TypeScript's scanner finds them. */
function comments(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const found: string[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia)
      found.push(scanner.getTokenText());
  return found;
}

/** The kind and name of every top-level statement of a declaration file. */
function outline(text: string): string[] {
  const source = ts.createSourceFile('file.d.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return source.statements.map((statement) => {
    const name = (statement as { name?: ts.Node }).name;
    return `${ts.SyntaxKind[statement.kind]} ${name && ts.isIdentifier(name) ? name.text : ''}`;
  });
}

describe('declarations without words', () => {
  it('removes every comment and keeps every declaration', () => {
    assert.ok(
      DECLARATIONS.includes('types.d.ts') && DECLARATIONS.includes('runtime/index.d.ts'),
      DECLARATIONS.join(', '),
    );
    for (const name of DECLARATIONS) {
      const text = read(name);
      const bare = withoutComments(text);
      assert.ok(comments(text).length > 0, `${name} as generated has comments`);
      assert.deepEqual(comments(bare), [], name);
      assert.deepEqual(outline(bare), outline(text), name);
      assert.ok(bare.length < text.length, name);
    }
  });

  it('still types a populated result: the client compiles with it, and a wrong field is an error', () => {
    const files: Record<string, string> = {};
    for (const name of DECLARATIONS) files[`/virtual/cms/${name}`] = withoutComments(read(name));
    assertTypesPopulatedQuery(files);
  });

  it('rewrites the declaration files of a folder and leaves the others as they are', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bare-'));
    try {
      writeFileSync(join(dir, 'types.d.ts'), read('types.d.ts'));
      writeFileSync(join(dir, 'types.js'), read('types.js'));
      stripComments(dir);
      assert.deepEqual(comments(readFileSync(join(dir, 'types.d.ts'), 'utf8')), []);
      assert.equal(readFileSync(join(dir, 'types.js'), 'utf8'), read('types.js'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
