/**
 * The client runtime (src/runtime) as the modules the generator copies into every output:
 * `runtime.ts` (and from it `runtime.js` and `runtime.d.ts`), the core, and one `runtime-<name>.ts`
 * per module the runtime loads with `import()` (auth, upload, the session, failure explanations),
 * named after its path (`auth/methods.ts` -> `runtime-auth-methods.ts`): an application that
 * never calls them never loads them, and its bundler leaves them out of the page. The modules
 * import each other across the folders of src/runtime (`../core/client.ts`); every output file
 * is flat. `src/runtime/index.ts` is the list of what the core exports; what the
 * lazy parts import from the core is exported too (`@internal`); everything else the modules
 * export for each other stays inside. The same list gives codegen the names it must not hand
 * out (`surface.json`).
 *
 * A core module whose file comment carries `@copiedIntoParts` is also copied into each part that
 * imports it, instead of the part importing it from the core: code the core only exports (such as
 * `toQueryString`) that a part also runs stays out of a bundle that never calls the export itself.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import type { RuntimeSurface } from '../src/codegen/runtime-assets.ts';

const LOCAL_IMPORT = /^import\s[\s\S]*?from '(\.\.?\/[^']+)';\n/gm;
const COPIED_INTO_PARTS = /^\/\*\*(?:(?!\*\/)[\s\S])*@copiedIntoParts\b/;
const DYNAMIC_IMPORT = /import\('(\.\.?\/[^']+\.ts)'\)/g;

/**
 * The module a specifier of `module` names, as a path below src/runtime (`core/client.ts`):
 * modules are known by these paths, whatever folder imports them.
 */
function resolve(module: string, specifier: string): string {
  return posix.normalize(posix.join(posix.dirname(module), specifier));
}

/** The file a lazily loaded module becomes: `auth/methods.ts` -> `runtime-auth-methods`. */
function partName(module: string): string {
  return `runtime-${module.replace(/\.ts$/, '').replaceAll('/', '-')}`;
}

/** One file of the runtime: `runtime` (the core) or `runtime-<name>` (a lazily loaded part). */
export interface RuntimeFile {
  name: string;
  source: string;
}

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
function readIndex(dir: string): {
  surface: Omit<RuntimeSurface, 'coreMembers' | 'parts' | 'authMethods'>;
  modules: string[];
} {
  const source = parse('index.ts', readFileSync(join(dir, 'index.ts'), 'utf8'));
  const surface: Omit<RuntimeSurface, 'coreMembers' | 'parts' | 'authMethods'> = {
    public: { values: [], types: [] },
    internal: { values: [], types: [] },
    typesFile: [],
  };
  const modules: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) {
      throw new Error(`src/runtime/index.ts may only re-export (found: ${statement.getText(source)})`);
    }
    const module = resolve('index.ts', (statement.moduleSpecifier as ts.StringLiteral).text);
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
    for (const match of text.matchAll(LOCAL_IMPORT)) visit(resolve(module, match[1] ?? ''));
    order.push(module);
  };
  for (const root of roots) visit(root);
  return order;
}

/**
 * A module's own text: no imports of the other modules; its file comment as line comments; its
 * lazy imports naming the files they load (`withFileNames`).
 */
function moduleBody(dir: string, module: string, extension: string): string {
  const original = withFileNames(module, readFileSync(join(dir, module), 'utf8'), extension);
  // A file comment is followed by the imports or a blank line; any other leading comment documents
  // the first declaration and stays as it is.
  const header = /^\/\*\*([\s\S]*?)\*\/\n(?=import |\n)/.exec(original);
  const text = original.replace(LOCAL_IMPORT, '');
  if (!header) return text.trim();
  const lines = (header[1] ?? '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .filter((line, index, all) => line !== '' || (index > 0 && index < all.length - 1));
  const comment = lines.map((line) => (line === '' ? '//' : `// ${line}`)).join('\n');
  return `${comment}\n\n${text.slice(header[0].length).trim()}`;
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

/** Every identifier of `source` with where it starts. */
function identifiers(source: ts.SourceFile): { name: string; at: number }[] {
  const found: { name: string; at: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) found.push({ name: node.text, at: node.getStart(source) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Drops the declarations named in `candidates` (those of the modules copied into the parts)
 * that nothing else in `text` refers to: the core keeps what it runs of a copied module, and a
 * part keeps its own copy of the rest. Repeated, since a dropped declaration may have been the
 * only user of another.
 */
function withoutUnused(text: string, candidates: ReadonlySet<string>): string {
  let out = text;
  for (;;) {
    const source = parse('runtime.ts', out);
    const names = identifiers(source);
    const unused = source.statements.filter((statement) => {
      const declared = declaredNames(statement);
      if (declared.length === 0 || !declared.every((name) => candidates.has(name))) return false;
      const start = statement.getStart(source);
      const end = statement.getEnd();
      return !names.some(({ name, at }) => declared.includes(name) && (at < start || at >= end));
    });
    if (unused.length === 0) return out;
    for (const statement of [...unused].reverse())
      out = out.slice(0, statement.getFullStart()) + out.slice(statement.getEnd());
  }
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

/** The names each of `modules` imports from the modules in `from`: name -> type-only. */
function importsFrom(dir: string, modules: string[], from: ReadonlySet<string>): Map<string, boolean> {
  const names = new Map<string, boolean>();
  for (const module of modules) {
    const source = parse(module, readFileSync(join(dir, module), 'utf8'));
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      const target = resolve(module, (statement.moduleSpecifier as ts.StringLiteral).text);
      if (!from.has(target)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings))
        throw new Error(`${module}: import names from ${target}`);
      for (const element of bindings.elements) {
        const typeOnly = statement.importClause?.isTypeOnly === true || element.isTypeOnly;
        names.set(element.name.text, (names.get(element.name.text) ?? true) && typeOnly);
      }
    }
  }
  return names;
}

/** The modules `module` imports values from (an `import type` brings no code). */
function valueImports(dir: string, module: string): string[] {
  return [...readFileSync(join(dir, module), 'utf8').matchAll(LOCAL_IMPORT)]
    .filter((match) => !match[0].startsWith('import type '))
    .map((match) => resolve(module, match[1] ?? ''));
}

/** The copied modules whose code `modules` run: imported for values, by them or by such a copy. */
function copiedNeeds(dir: string, modules: string[], copied: ReadonlySet<string>): Set<string> {
  const needed = new Set<string>();
  const pending = [...modules];
  while (pending.length > 0) {
    for (const target of valueImports(dir, pending.shift() ?? '')) {
      if (!copied.has(target) || needed.has(target)) continue;
      needed.add(target);
      pending.push(target);
    }
  }
  return needed;
}

/**
 * Where each lazily loaded module of `module`'s text goes: in `auth/api.ts`,
 * `import('./methods.ts')` -> `import('./runtime-auth-methods.js')`.
 */
function withFileNames(module: string, text: string, extension: string): string {
  return text.replace(
    DYNAMIC_IMPORT,
    (_match, specifier: string) => `import('./${partName(resolve(module, specifier))}${extension}')`,
  );
}

/**
 * The runtime's files and the surface the core exports. `extension` is how the files name each
 * other in import specifiers (`.js`, which TypeScript resolves to the `.ts` beside it).
 */
export function runtimeModule(
  dir: string,
  extension = '.js',
): { files: RuntimeFile[]; surface: Omit<RuntimeSurface, 'authMethods'> } {
  const { surface, modules } = readIndex(dir);
  const core = moduleOrder(dir, modules);
  const coreSet = new Set(core);
  const copied = new Set(
    core.filter((module) => COPIED_INTO_PARTS.test(readFileSync(join(dir, module), 'utf8'))),
  );
  const imported = new Set(core.filter((module) => !copied.has(module)));
  /** What the copied modules declare: a copy's declarations that its user does not run are left out. */
  const copiedDeclared = new Set(
    [...copied].flatMap((module) =>
      parse(module, moduleBody(dir, module, extension)).statements.flatMap(declaredNames),
    ),
  );
  const units: { name: string; modules: string[] }[] = [];
  const owner = new Map<string, string>(core.map((module) => [module, 'runtime']));
  const pending = [...core];
  while (pending.length > 0) {
    const module = pending.shift() ?? '';
    for (const match of readFileSync(join(dir, module), 'utf8').matchAll(DYNAMIC_IMPORT)) {
      const root = resolve(module, match[1] ?? '');
      if (owner.has(root)) {
        if (coreSet.has(root))
          throw new Error(`runtime: ${module} loads ${root} lazily, but the core imports it`);
        continue;
      }
      const name = partName(root);
      const members = moduleOrder(dir, [root]);
      const needed = copiedNeeds(
        dir,
        members.filter((member) => !coreSet.has(member)),
        copied,
      );
      const unit = members.filter((member) => !coreSet.has(member) || needed.has(member));
      for (const member of unit) {
        if (copied.has(member)) continue;
        const taken = owner.get(member);
        if (taken !== undefined)
          throw new Error(
            `runtime: ${member} would be in both ${taken} and ${name}; import it lazily in one`,
          );
        owner.set(member, name);
      }
      units.push({ name, modules: unit });
      pending.push(...unit);
    }
  }
  const keep = new Set([
    ...surface.public.values,
    ...surface.public.types,
    ...surface.internal.values,
    ...surface.internal.types,
  ]);
  const files: RuntimeFile[] = [];
  for (const unit of units) {
    const shared = importsFrom(dir, unit.modules, imported);
    const named = [...shared.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, typeOnly]) => {
        if (!keep.has(name)) {
          keep.add(name);
          (typeOnly ? surface.internal.types : surface.internal.values).push(name);
        }
        return typeOnly ? `type ${name}` : name;
      });
    const allTypes = [...shared.values()].every(Boolean);
    const list = allTypes ? named.map((name) => name.replace(/^type /, '')) : named;
    const header =
      named.length === 0
        ? ''
        : `import ${allTypes ? 'type ' : ''}{ ${list.join(', ')} } from './runtime${extension}';\n\n`;
    // A copy is the part's own code, not something it offers: unexported, a bundler drops what the part does not run.
    const body = unit.modules
      .map((module) =>
        copied.has(module)
          ? unexportOthers(moduleBody(dir, module, extension), new Set())
          : moduleBody(dir, module, extension),
      )
      .join('\n\n');
    files.push({
      name: unit.name,
      source: `${withoutUnused(`${header}${body}`, copiedDeclared)}\n`,
    });
  }
  surface.internal.values.sort();
  surface.internal.types.sort();
  const joined = core.map((module) => moduleBody(dir, module, extension)).join('\n\n');
  const copiedNames = new Set([...copiedDeclared].filter((name) => !keep.has(name)));
  const source = `${withoutUnused(unexportOthers(joined, keep), copiedNames)}\n`;
  return {
    files: [{ name: 'runtime', source }, ...files],
    surface: { ...surface, coreMembers: coreMembers(source), parts: units.map((unit) => unit.name) },
  };
}
