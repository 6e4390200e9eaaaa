/**
 * Types resolved by the TypeScript compiler, for {@link TypeWalker}: the result type of each
 * call in a `calls` object of a .ts file on disk (what `await calls.x(client)` gives), or the
 * type aliases of an in-memory source.
 */
import ts from 'typescript';
import { BASE_OPTIONS } from './compile.ts';
import { TypeWalker } from './type-walker.ts';

const FORMAT_HOST: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => '/',
  getNewLine: () => '\n',
};

function formatted(program: ts.Program): string[] {
  return ts.getPreEmitDiagnostics(program).map((d) => ts.formatDiagnostic(d, FORMAT_HOST));
}

/** What {@link callResultTypes} returns. */
export interface CallResults {
  checker: ts.TypeChecker;
  walker: TypeWalker;
  /** The awaited return type of each property of `calls`, by name. */
  results: Map<string, ts.Type>;
  /** Compiler diagnostics of the file (empty when the calls type-check). */
  diagnostics: string[];
}

/**
 * Reads `export const calls = { name: (client: X) => client.y.find(...), ... }` from `file`
 * and resolves what each call's promise resolves to.
 */
export function callResultTypes(file: string): CallResults {
  const program = ts.createProgram([file], { ...BASE_OPTIONS, noUnusedLocals: false });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`${file} is not in the program`);
  const results = new Map<string, ts.Type>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'calls' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const type = checker.getTypeAtLocation(property.initializer);
        const [signature] = type.getCallSignatures();
        if (signature === undefined) throw new Error(`calls.${property.name.getText()} is not a function`);
        const returned = checker.getReturnTypeOfSignature(signature);
        results.set(property.name.getText(), checker.getAwaitedType(returned) ?? returned);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { checker, walker: new TypeWalker(checker), results, diagnostics: formatted(program) };
}

/** The exported type aliases of `source` (compiled in memory), by name, and a walker over them. */
export function aliasTypes(source: string): { walker: TypeWalker; alias(name: string): ts.Type } {
  const fileName = '/virtual/types.ts';
  const options = { ...BASE_OPTIONS, noUnusedLocals: false };
  const host = ts.createCompilerHost(options, true);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError) =>
    name === fileName ? ts.createSourceFile(name, source, version, true) : read(name, version, onError);
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.readFile = (name) => (name === fileName ? source : ts.sys.readFile(name));
  const program = ts.createProgram([fileName], options, host);
  const diagnostics = formatted(program);
  if (diagnostics.length > 0) throw new Error(`the type source does not compile:\n${diagnostics.join('\n')}`);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(fileName) as ts.SourceFile;
  const aliases = new Map<string, ts.Type>();
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
      const symbol = checker.getSymbolAtLocation(statement.name);
      if (symbol) aliases.set(statement.name.text, checker.getDeclaredTypeOfSymbol(symbol));
    }
  }
  return {
    walker: new TypeWalker(checker),
    alias(name) {
      const type = aliases.get(name);
      if (type === undefined) throw new Error(`no type alias ${name}`);
      return type;
    },
  };
}
