/**
 * The client runtime (src/runtime) as the one module the generator copies into every output:
 * `runtime.ts`, and from it `runtime.js` and `runtime.d.ts`. `src/runtime/index.ts` is the list of
 * what it exports; everything else the modules export for each other stays inside. The same
 * list gives codegen the names it must not hand out (`surface.json`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { RuntimeSurface } from '../src/codegen/runtime-assets.ts';

const LOCAL_IMPORT = /^import\s[\s\S]*?from '\.\/([^']+)';\n/gm;

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** The tag a statement's own doc comment starts with (`/** @internal ...`), if any. */
function markOf(source: ts.SourceFile, node: ts.Node): string | undefined {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const last = ranges.at(-1);
  if (!last) return undefined;
  return /^\/\*\*\s*@(\w+)/.exec(source.text.slice(last.pos, last.end))?.[1];
}

/** The exports of index.ts, split into public and `@internal`, and the modules they come from. */
function readIndex(dir: string): { surface: Omit<RuntimeSurface, 'coreMembers'>; modules: string[] } {
  const source = parse('index.ts', readFileSync(join(dir, 'index.ts'), 'utf8'));
  const surface: Omit<RuntimeSurface, 'coreMembers'> = {
    public: { values: [], types: [] },
    internal: { values: [], types: [] },
    typesFile: [],
  };
  const modules: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) {
      throw new Error(`src/runtime/index.ts may only re-export (found: ${statement.getText(source)})`);
    }
    const module = (statement.moduleSpecifier as ts.StringLiteral).text.replace(/^\.\//, '');
    if (!modules.includes(module)) modules.push(module);
    const mark = markOf(source, statement);
    const side = mark === 'internal' ? surface.internal : surface.public;
    const typesFile = mark === 'typesFile';
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause)) throw new Error('src/runtime/index.ts: export names, not *');
    for (const element of clause.elements) {
      const list = statement.isTypeOnly || element.isTypeOnly ? side.types : side.values;
      list.push(element.name.text);
      if (typesFile) surface.typesFile.push(element.name.text);
    }
  }
  const lists = [
    surface.public.values,
    surface.public.types,
    surface.internal.values,
    surface.internal.types,
  ];
  for (const list of [...lists, surface.typesFile]) list.sort();
  return { surface, modules };
}

/** Modules in dependency order (what a module imports comes before it), from the index's. */
function moduleOrder(dir: string, roots: string[]): string[] {
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (module: string) => {
    if (order.includes(module) || visiting.has(module)) return;
    visiting.add(module);
    const text = readFileSync(join(dir, module), 'utf8');
    for (const match of text.matchAll(LOCAL_IMPORT)) visit(match[1] ?? '');
    order.push(module);
  };
  for (const root of roots) visit(root);
  return order;
}

/** A module's own text: no imports of the other modules; its file comment as line comments. */
function moduleBody(dir: string, module: string): string {
  const original = readFileSync(join(dir, module), 'utf8');
  // A file comment is followed by the imports or a blank line; any other leading comment documents
  // the first declaration and stays as it is.
  const header = /^\/\*\*([\s\S]*?)\*\/\n(?=import |\n)/.exec(original);
  const text = original.replace(LOCAL_IMPORT, '');
  if (!header) return text.trim();
  const lines = (header[1] ?? '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .filter((line, index, all) => line !== '' || (index > 0 && index < all.length - 1));
  return `${lines.map((line) => (line === '' ? '//' : `// ${line}`)).join('\n')}\n${text.slice(header[0].length).trim()}`;
}

function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
    );
  const named = statement as ts.Statement & { name?: ts.Identifier };
  return named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
}

/** Drops `export` from every declaration whose name is not in `keep`. */
function unexportOthers(text: string, keep: ReadonlySet<string>): string {
  const source = parse('runtime.ts', text);
  const cuts: [number, number][] = [];
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    const exported = modifiers.find((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    const names = declaredNames(statement);
    if (names.length === 0)
      throw new Error(`runtime: cannot name the export at ${statement.getText(source).slice(0, 60)}`);
    if (names.some((name) => keep.has(name))) continue;
    let end = exported.getEnd();
    while (text[end] === ' ') end++;
    cuts.push([exported.getStart(source), end]);
  }
  let out = text;
  for (const [start, end] of cuts.reverse()) out = out.slice(0, start) + out.slice(end);
  return out;
}

function coreMembers(text: string): string[] {
  const source = parse('runtime.ts', text);
  const core = source.statements.find(
    (statement): statement is ts.ClassDeclaration =>
      ts.isClassDeclaration(statement) && statement.name?.text === 'CmsClientCore',
  );
  if (!core) throw new Error('runtime: class CmsClientCore not found');
  return core.members
    .flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : []))
    .filter((name, index, all) => all.indexOf(name) === index)
    .sort();
}

/** `runtime.ts` and the surface it exports. */
export function runtimeModule(dir: string): { source: string; surface: RuntimeSurface } {
  const { surface, modules } = readIndex(dir);
  const keep = new Set([
    ...surface.public.values,
    ...surface.public.types,
    ...surface.internal.values,
    ...surface.internal.types,
  ]);
  const joined = moduleOrder(dir, modules)
    .map((module) => moduleBody(dir, module))
    .join('\n\n');
  const source = `${unexportOthers(joined, keep)}\n`;
  return { source, surface: { ...surface, coreMembers: coreMembers(source) } };
}
