/**
 * Declarations without words: a declaration file printed back by TypeScript with every comment
 * removed. What a client's declarations cost an editor with no doc comment at all (tsserver
 * parses every doc comment of every file in the program when it opens a project).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** `source` printed back without a comment. */
export function printBare(source: ts.SourceFile): string {
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

/** The declaration file `text` without a comment. */
export function withoutComments(text: string): string {
  return printBare(ts.createSourceFile('file.d.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
}

/** Rewrites every `.d.ts` file of `dir` and its subfolders (the runtime's) without a comment. */
export function stripComments(dir: string): void {
  const names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  for (const name of names.filter((file) => file.endsWith('.d.ts'))) {
    const file = join(dir, name);
    writeFileSync(file, withoutComments(readFileSync(file, 'utf8')));
  }
}
