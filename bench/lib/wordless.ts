/**
 * The bundle benchmark's floor for the whole client: a generated folder with the wording of its
 * messages taken out. Every string and template text that holds a space (the prose of error
 * messages, hints and warnings) becomes empty; what has no space (header names, paths, keys, MIME
 * types) stays, so the code around the wording is the code that ships. What the whole client
 * weighs without wording tells how much of the 9 KB budget the wording may take.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

/** Whether a piece of literal text is wording: prose has spaces, identifiers and paths do not. */
const isWording = (text: string) => text.includes(' ');

function emptyWording(context: ts.TransformationContext): (root: ts.SourceFile) => ts.SourceFile {
  const { factory } = context;
  const visit = (node: ts.Node): ts.Node => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isWording(node.text)) {
      return ts.isStringLiteral(node)
        ? factory.createStringLiteral('')
        : factory.createNoSubstitutionTemplateLiteral('');
    }
    // The texts of a template with substitutions, around the `${...}` parts.
    if (ts.isTemplateHead(node) && isWording(node.text)) return factory.createTemplateHead('');
    if (ts.isTemplateMiddle(node) && isWording(node.text)) return factory.createTemplateMiddle('');
    if (ts.isTemplateTail(node) && isWording(node.text)) return factory.createTemplateTail('');
    return ts.visitEachChild(node, visit, context);
  };
  return (root) => ts.visitEachChild(root, visit, context);
}

/** JavaScript source with the wording of its strings and templates emptied. */
export function withoutWording(source: string): string {
  const file = ts.createSourceFile('module.js', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const result = ts.transform(file, [emptyWording]);
  try {
    return ts.createPrinter({ removeComments: true }).printFile(result.transformed[0] as ts.SourceFile);
  } finally {
    result.dispose();
  }
}

/** A copy of a generated `--format js` folder, in a new temporary folder, with every `.js` file's wording emptied (the runtime's too). */
export function wordlessCopy(outputDir: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-wordless-'));
  cpSync(outputDir, dir, { recursive: true });
  const names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  for (const name of names.filter((file) => file.endsWith('.js'))) {
    const path = join(dir, name);
    writeFileSync(path, withoutWording(readFileSync(path, 'utf8')));
  }
  return dir;
}
