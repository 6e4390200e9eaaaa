/**
 * The client runtime (src/runtime) as the generator copies it into every output's `runtime/`
 * folder, built from explicit entry points: the core (`index.ts`) and each part it loads on
 * first use with `import()` (RUNTIME_ENTRIES, the one list of them).
 *
 * - `js/`: one file per entry, bundled by esbuild (bundleJs): the core whole, the parts with code
 *   splitting (what two parts share in `shared-<content hash>.js` chunks), importing the core
 *   from `./index.js`; each `import()` of a part names the part's file.
 * - `js/index.d.ts`: the declarations of the core's public surface (what src/runtime/index.ts
 *   exports without `@internal`), one file, from tsc's declarations of the modules: the types a
 *   public type needs are declared but not exported.
 * - `ts/`: the modules themselves (every module the entries import, types included), with their
 *   relative import specifiers written as `./<module>.js`, checked with the strict options of
 *   `--format ts` projects; `specifiers.json` says where each specifier's `.js` is, so that the
 *   generator writes the project's import extension there.
 * - `surface.json`: the names codegen imports, re-exports and reserves, and the parts.
 *
 * Everything is read from the source with the TypeScript API (and esbuild follows the imports);
 * nothing reads generated text back.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import ts from 'typescript';
import type { RuntimeSurface } from '../src/codegen/runtime-assets.ts';

/**
 * The runtime's entry points, relative to src/runtime: the core first, then every part it loads
 * on first use. A module loaded with `import()` that is not listed here fails the build.
 */
export const RUNTIME_ENTRIES = [
  'index.ts',
  'auth/methods.ts',
  'custom-routes.ts',
  'failures.ts',
  'request-extras.ts',
  'session/flow.ts',
  'upload/methods.ts',
  'users/methods.ts',
  'writes.ts',
] as const;

/**
 * Entry points the generated files import directly, never the core: `mock/index.ts`, which only the
 * generated `mocks` file imports (an app that does not import its mocks loads none of it, and
 * no bundler has to tree-shake it away). Built as the parts are (importing the core from
 * `./index.js`, sharing chunks with them), but not loaded by the core.
 */
export const MODULE_ENTRIES = ['mock/index.ts'] as const;

/**
 * Modules the core exports for applications (`toQueryString`) or runs only a little of
 * (`segmentOf`), which parts run more of: each part that imports one bundles a copy of its own
 * instead of importing it from the core, so that a bundle whose code never calls the export
 * leaves the core's copy out, and the first load carries none of what only the parts run.
 */
export const COPIED_INTO_PARTS = [
  'core/path-segment.ts',
  'query/fit.ts',
  'query/to-query-string.ts',
  'query/writer.ts',
] as const;

/** The compiler options `--format ts` output is checked with (the strict options applications turn on). */
export const STRICT_OPTIONS: ts.CompilerOptions = {
  strict: true,
  // The runtime is compiled by the application's own tsc (`--format ts`): a declaration left
  // unused would fail a project that sets noUnusedLocals.
  noUnusedLocals: true,
  noUnusedParameters: true,
  exactOptionalPropertyTypes: true,
  noPropertyAccessFromIndexSignature: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  verbatimModuleSyntax: true,
  erasableSyntaxOnly: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
};

/** A relative path with forward slashes. */
function posix(path: string): string {
  return path.split(sep).join('/');
}

/** Every relative module specifier of `source`: static imports and exports, `import()`, `import('...')` types. */
function relativeSpecifiers(source: ts.SourceFile): ts.StringLiteral[] {
  const found: ts.StringLiteral[] = [];
  const visit = (node: ts.Node) => {
    let specifier: ts.Node | undefined;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) specifier = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      specifier = node.arguments[0];
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      specifier = node.argument.literal;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) found.push(specifier);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `text` with each of `replacements` ([start, end, text]) applied. */
function splice(text: string, replacements: [number, number, string][]): string {
  let out = text;
  for (const [start, end, value] of [...replacements].sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + value + out.slice(end);
  return out;
}

/** What src/runtime/index.ts exports, by its doc tags (`@internal`, `@typesFile`). */
function readSurface(index: ts.SourceFile): Omit<RuntimeSurface, 'coreMembers' | 'parts' | 'modules'> {
  const surface: Omit<RuntimeSurface, 'coreMembers' | 'parts' | 'modules'> = {
    public: { values: [], types: [] },
    internal: { values: [], types: [] },
    typesFile: [],
  };
  for (const statement of index.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier)
      throw new Error(`src/runtime/index.ts may only re-export (found: ${statement.getText(index)})`);
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause)) throw new Error('src/runtime/index.ts: export names, not *');
    const tags = ts.getJSDocTags(statement).map((tag) => tag.tagName.text);
    const side = tags.includes('internal') ? surface.internal : surface.public;
    for (const element of clause.elements) {
      if (element.propertyName)
        throw new Error(`src/runtime/index.ts: export ${element.name.text} under its own name`);
      (statement.isTypeOnly || element.isTypeOnly ? side.types : side.values).push(element.name.text);
      if (tags.includes('typesFile')) surface.typesFile.push(element.name.text);
    }
  }
  for (const list of [
    surface.public.values,
    surface.public.types,
    surface.internal.values,
    surface.internal.types,
    surface.typesFile,
  ])
    list.sort();
  return surface;
}

/** The members of the class `CmsClientCore` exports, which a generated client property may not redeclare. */
function coreMembers(checker: ts.TypeChecker, index: ts.SourceFile): string[] {
  const module = checker.getSymbolAtLocation(index);
  const exported =
    module && checker.getExportsOfModule(module).find((symbol) => symbol.name === 'CmsClientCore');
  if (!exported) throw new Error('runtime: src/runtime/index.ts does not export CmsClientCore');
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declaration = symbol.declarations?.find(ts.isClassDeclaration);
  if (!declaration) throw new Error('runtime: CmsClientCore is not a class');
  return declaration.members
    .flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : []))
    .filter((name, index, all) => all.indexOf(name) === index)
    .sort();
}

/** The names a declaration statement declares. */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
    );
  const named = statement as ts.Statement & { name?: ts.Node };
  return named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
}

/** One declaration of the bundled declarations: its text, without `export`, and the names it mentions. */
interface Declared {
  names: string[];
  text: string;
  mentions: Set<string>;
}

/**
 * One declaration file from tsc's declarations of the modules (`declarations`: module path ->
 * its `.d.ts` text, in dependency order): every declaration without `export`, those the
 * `exports` need (and those they need, and so on), then one `export { ... }` list. The modules
 * of src/runtime declare each name once (the build fails if two do), so imports between them
 * are left out.
 */
function bundleDeclarations(
  declarations: [string, string][],
  exports: { values: string[]; types: string[] },
): string {
  const declared: Declared[] = [];
  const owner = new Map<string, string>();
  for (const [module, text] of declarations) {
    const source = ts.createSourceFile(module, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement)) {
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        if (!from.startsWith('.')) throw new Error(`runtime: ${module} imports ${from}`);
        const bindings = statement.importClause?.namedBindings;
        if (statement.importClause?.name || (bindings && !ts.isNamedImports(bindings)))
          throw new Error(`runtime: ${module} imports ${from} by a name of its own`);
        for (const element of bindings && ts.isNamedImports(bindings) ? bindings.elements : [])
          if (element.propertyName) throw new Error(`runtime: ${module} renames ${element.name.text}`);
        continue;
      }
      if (ts.isExportDeclaration(statement)) {
        const clause = statement.exportClause;
        for (const element of clause && ts.isNamedExports(clause) ? clause.elements : [])
          if (element.propertyName) throw new Error(`runtime: ${module} renames ${element.name.text}`);
        continue;
      }
      const names = declaredNames(statement);
      if (names.length === 0)
        throw new Error(`runtime: cannot name the declaration ${statement.getText(source).slice(0, 60)}`);
      for (const name of names) {
        const other = owner.get(name);
        // Overloads and merged declarations (interface + namespace) share a name within a module.
        if (other !== undefined && other !== module)
          throw new Error(`runtime: ${name} is declared by both ${other} and ${module}`);
        owner.set(name, module);
      }
      const replacements: [number, number, string][] = [];
      const mentions = new Set<string>();
      const visit = (node: ts.Node) => {
        if (ts.isIdentifier(node)) mentions.add(node.text);
        // `import('./core.js').Attempt` (tsc writes one for a type the module does not import): the name alone.
        if (ts.isImportTypeNode(node) && node.qualifier && !node.isTypeOf) {
          const args = node.typeArguments
            ? `<${node.typeArguments.map((arg) => arg.getText(source)).join(', ')}>`
            : '';
          replacements.push([
            node.getStart(source),
            node.getEnd(),
            `${node.qualifier.getText(source)}${args}`,
          ]);
        }
        ts.forEachChild(node, visit);
      };
      visit(statement);
      const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
      for (const modifier of modifiers) {
        if (modifier.kind === ts.SyntaxKind.DefaultKeyword)
          throw new Error(`runtime: ${module} exports a default`);
        if (modifier.kind !== ts.SyntaxKind.ExportKeyword) continue;
        let end = modifier.getEnd();
        while (text[end] === ' ') end++;
        replacements.push([modifier.getStart(source), end, '']);
      }
      // The declaration's own doc comment (the last comment, attached to it), not a file comment above.
      const comments = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [];
      const doc = comments.at(-1);
      const attached =
        doc &&
        text.slice(doc.pos, doc.pos + 3) === '/**' &&
        !text.slice(doc.end, statement.getStart(source)).includes('\n\n');
      const start = attached ? doc.pos : statement.getStart(source);
      const body = splice(
        text.slice(0, statement.getEnd()),
        replacements.filter(([at]) => at >= start),
      ).slice(start);
      declared.push({ names, text: body, mentions });
    }
  }
  const wanted = new Set<string>();
  const pending = [...exports.values, ...exports.types];
  for (const name of pending)
    if (!owner.has(name)) throw new Error(`runtime: ${name} is exported but not declared`);
  while (pending.length > 0) {
    const name = pending.pop() ?? '';
    if (wanted.has(name)) continue;
    wanted.add(name);
    for (const declaration of declared)
      if (declaration.names.includes(name))
        for (const mention of declaration.mentions)
          if (owner.has(mention) && !wanted.has(mention)) pending.push(mention);
  }
  const kept = declared.filter((declaration) => declaration.names.some((name) => wanted.has(name)));
  const list = (names: string[]) => names.join(', ');
  return [
    ...kept.map((declaration) => declaration.text),
    '',
    `export { ${list(exports.values)} };`,
    `export type { ${list(exports.types)} };`,
    '',
  ].join('\n');
}

/** The modules `file` imports values from (an `import type` brings no code), as absolute paths. */
function valueImports(file: ts.SourceFile): { module: string; names: string[] }[] {
  const found: { module: string; names: string[] }[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const module = join(dirname(file.fileName), specifier.text);
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      if (clause?.name || (bindings && !ts.isNamedImports(bindings)))
        throw new Error(`runtime: ${file.fileName} imports ${specifier.text} by a name of its own`);
      const elements = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
      const names = elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
      if (!clause || names.length > 0) found.push({ module, names });
    } else {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      const elements = clause && ts.isNamedExports(clause) ? clause.elements : [];
      if (!clause || !ts.isNamedExports(clause))
        throw new Error(`runtime: ${file.fileName} re-exports ${specifier.text} by *`);
      const names = elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
      if (names.length > 0) found.push({ module, names });
    }
  }
  return found;
}

/**
 * The output name of an entry: its path in src/runtime without `.ts`, folders joined by `-`; a
 * folder's `index.ts` is named after the folder (`mock/index.ts`: `mock`).
 */
function entryName(entry: string): string {
  return entry
    .replace(/(\/index)?\.ts$/, '')
    .split('/')
    .join('-');
}

/**
 * The default format's JavaScript, in two esbuild builds. The core (`index.js`): src/runtime/index.ts
 * bundled whole, exporting besides its own names those the parts import from its modules; the
 * `import()` of a part names the part's file. The parts: bundled with code splitting (what two
 * parts share goes into a `shared-<hash>.js` chunk), importing what the core runs from
 * `./index.js` and bundling a copy of COPIED_INTO_PARTS. So an application bundler, which splits
 * by file, finds in the core only what the core runs or exports.
 */
async function bundleJs(program: ts.Program, sourceDir: string, outDir: string): Promise<void> {
  const files = new Map(
    program
      .getSourceFiles()
      .filter((file) => !file.isDeclarationFile && !relative(sourceDir, file.fileName).startsWith('..'))
      .map((file) => [file.fileName, file]),
  );
  const path = (entry: string) => join(sourceDir, entry);
  const index = path(RUNTIME_ENTRIES[0]);
  const parts = new Map(
    [...RUNTIME_ENTRIES.slice(1), ...MODULE_ENTRIES].map((entry) => [path(entry), entryName(entry)]),
  );
  const names = [...parts.values()];
  if (new Set(names).size !== names.length)
    throw new Error(`runtime: two parts would be named alike: ${names}`);
  const copied = new Set(COPIED_INTO_PARTS.map(path));
  for (const module of copied)
    if (!files.has(module)) throw new Error(`runtime: ${module} is not a runtime module`);
  // The core: what index.ts imports values from, and so on.
  const core = new Set<string>();
  const visit = (module: string) => {
    if (core.has(module) || parts.has(module)) return;
    core.add(module);
    const file = files.get(module);
    if (!file) throw new Error(`runtime: ${module} is not a runtime module`);
    for (const imported of valueImports(file)) visit(imported.module);
  };
  visit(index);
  const shared = (module: string) => core.has(module) && !copied.has(module);
  // What the parts' modules import from the core's, which the core exports for them.
  const forParts = new Map<string, Set<string>>();
  const surface = readSurface(files.get(index) as ts.SourceFile);
  const exported = new Set([...surface.public.values, ...surface.internal.values]);
  for (const [name, file] of files) {
    if (shared(name)) continue;
    for (const imported of valueImports(file)) {
      if (!shared(imported.module) || imported.module === index) continue;
      const list = forParts.get(imported.module) ?? new Set<string>();
      for (const value of imported.names) if (!exported.has(value)) list.add(value);
      forParts.set(imported.module, list);
    }
  }
  const coreEntry = [
    `export * from './${posix(relative(sourceDir, index))}';`,
    ...[...forParts]
      .filter(([, list]) => list.size > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([module, list]) =>
          `export { ${[...list].sort().join(', ')} } from './${posix(relative(sourceDir, module))}';`,
      ),
  ].join('\n');
  /** `import()` of a part: its file; in a part, a module of the core: `./index.js`. */
  const links = (inPart: boolean): Plugin => ({
    name: 'runtime-links',
    setup(plugin) {
      plugin.onResolve({ filter: /^runtime-core$/ }, () => ({ path: 'index.ts', namespace: 'runtime-core' }));
      plugin.onLoad({ filter: /.*/, namespace: 'runtime-core' }, () => ({
        contents: coreEntry,
        resolveDir: sourceDir,
        loader: 'ts',
      }));
      plugin.onResolve({ filter: /^\./ }, (args) => {
        const target = join(args.resolveDir, args.path);
        const part = parts.get(target);
        if (args.kind === 'dynamic-import') {
          if (part === undefined)
            throw new Error(`runtime: ${args.importer} loads ${args.path}, which is not in RUNTIME_ENTRIES`);
          return { path: `./${part}.js`, external: true };
        }
        if (!inPart) return undefined;
        if (shared(target)) return { path: './index.js', external: true };
        // A copy of its own for each part (not a chunk the parts share): a module of the part's
        // own is bundled once, a copied one once per part that imports it.
        const owner = args.namespace.startsWith('copy-')
          ? args.namespace
          : `copy-${parts.get(args.importer)}`;
        if (copied.has(target) && (parts.has(args.importer) || args.namespace.startsWith('copy-')))
          return { path: posix(relative(sourceDir, target)), namespace: owner };
        return args.namespace.startsWith('copy-') ? { path: target } : undefined;
      });
      for (const name of parts.values())
        plugin.onLoad({ filter: /.*/, namespace: `copy-${name}` }, (args) => ({
          contents: files.get(join(sourceDir, args.path))?.text ?? '',
          resolveDir: dirname(join(sourceDir, args.path)),
          loader: 'ts',
        }));
    },
  });
  const common = {
    absWorkingDir: sourceDir,
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  } as const;
  const coreBuild = await build({
    ...common,
    entryPoints: [{ in: 'runtime-core', out: 'index' }],
    plugins: [links(false)],
  });
  const partBuild = await build({
    ...common,
    entryPoints: [...parts].map(([module, name]) => ({ in: module, out: name })),
    splitting: true,
    chunkNames: 'shared-[hash]',
    plugins: [links(true)],
  });
  for (const file of [...coreBuild.outputFiles, ...partBuild.outputFiles]) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.text);
  }
}

/** Builds the runtime from src/runtime (`sourceDir`) into `outDir` (dist/runtime). */
export async function buildRuntime(sourceDir: string, outDir: string): Promise<void> {
  const entries = [...RUNTIME_ENTRIES, ...MODULE_ENTRIES].map((entry) => join(sourceDir, entry));
  const program = ts.createProgram(entries, {
    ...STRICT_OPTIONS,
    allowImportingTsExtensions: true,
    noEmit: true,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0)
    throw new Error(
      ts.formatDiagnostics(diagnostics, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => sourceDir,
        getNewLine: () => '\n',
      }),
    );
  const index = program.getSourceFile(join(sourceDir, 'index.ts'));
  if (!index) throw new Error('runtime: src/runtime/index.ts is missing');
  const surface = readSurface(index);

  // The modules, in the program's order (what a module imports comes before it).
  const modules = program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && !relative(sourceDir, file.fileName).startsWith('..'));
  const tsFiles = new Map<string, string>();
  const specifiers: Record<string, number[]> = {};
  for (const file of modules) {
    const name = posix(relative(sourceDir, file.fileName));
    const replacements = relativeSpecifiers(file).map((literal): [number, number, string] => {
      if (!literal.text.endsWith('.ts'))
        throw new Error(`runtime: ${name} imports ${literal.text}, not a .ts module`);
      // `'./x.ts'` -> `'./x.js'`: the extension is the three characters before the closing quote.
      return [literal.getEnd() - 4, literal.getEnd() - 1, '.js'];
    });
    tsFiles.set(name, splice(file.text, replacements));
    // Where each `.js` is (as long as the `.ts` it replaced), for the generator to write the
    // project's import extension there.
    specifiers[name] = replacements.map(([start]) => start).sort((a, b) => a - b);
  }

  // The modules as `--format ts` output has them, checked as it is, and their declarations.
  const host = ts.createCompilerHost(STRICT_OPTIONS);
  const virtual = (file: string) => posix(relative(sourceDir, file));
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => tsFiles.has(virtual(file)) || fileExists(file);
  host.readFile = (file) => tsFiles.get(virtual(file)) ?? readFile(file);
  host.getSourceFile = (file, language, onError, create) => {
    const text = tsFiles.get(virtual(file));
    return text !== undefined
      ? ts.createSourceFile(file, text, language, true)
      : getSourceFile(file, language, onError, create);
  };
  const output = ts.createProgram(
    entries,
    {
      ...STRICT_OPTIONS,
      declaration: true,
      emitDeclarationOnly: true,
      noEmit: false,
      outDir: join(outDir, 'd'),
    },
    host,
  );
  const strict = ts.getPreEmitDiagnostics(output);
  if (strict.length > 0)
    throw new Error(
      ts.formatDiagnostics(strict, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => sourceDir,
        getNewLine: () => '\n',
      }),
    );
  const emitted = new Map<string, string>();
  output.emit(undefined, (file, text) => {
    emitted.set(posix(relative(join(outDir, 'd'), file)).replace(/\.d\.ts$/, '.ts'), text);
  });
  const declarations = [...tsFiles.keys()].map((name): [string, string] => {
    const text = emitted.get(name);
    if (text === undefined) throw new Error(`runtime: tsc wrote no declarations for ${name}`);
    return [name, text];
  });

  await bundleJs(program, sourceDir, join(outDir, 'js'));
  const js = join(outDir, 'js');
  // The core's declarations come from the modules the core reaches (any import, types too): a
  // module only MODULE_ENTRIES reach (the mocks) has names of its own that a public type's
  // property may share (\`documentId\`), which would otherwise be pulled in.
  const reached = new Set<string>();
  const reach = (file: ts.SourceFile) => {
    const name = posix(relative(sourceDir, file.fileName));
    if (reached.has(name)) return;
    reached.add(name);
    for (const literal of relativeSpecifiers(file)) {
      const target = program.getSourceFile(join(dirname(file.fileName), literal.text));
      if (target) reach(target);
    }
  };
  reach(index);
  writeFileSync(
    join(js, 'index.d.ts'),
    bundleDeclarations(
      declarations.filter(([name]) => reached.has(name)),
      surface.public,
    ),
  );
  for (const [name, text] of tsFiles) {
    mkdirSync(dirname(join(outDir, 'ts', name)), { recursive: true });
    writeFileSync(join(outDir, 'ts', name), text);
  }
  const full: RuntimeSurface = {
    ...surface,
    coreMembers: coreMembers(program.getTypeChecker(), index),
    parts: RUNTIME_ENTRIES.slice(1)
      .map((entry) => entry.replace(/\.ts$/, ''))
      .sort(),
    modules: MODULE_ENTRIES.map(entryName),
  };
  writeFileSync(join(outDir, 'surface.json'), `${JSON.stringify(full, null, 2)}\n`);
  writeFileSync(join(outDir, 'specifiers.json'), `${JSON.stringify(specifiers)}\n`);
}
