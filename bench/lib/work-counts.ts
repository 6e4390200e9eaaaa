/**
 * What TypeScript does to answer quick info on a result, counted rather than timed: a language
 * service in this process opens a project, types the hovered name, then computes the quick info,
 * and the checker's own counters say how many type instantiations, types and assignability
 * relations each step added. The counts are the same on every run and every machine (for one
 * TypeScript version), where the editor's timings move by a tenth from run to run, so they tell
 * two declaration designs apart when the timings cannot.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** What one step added to the checker's counters. */
export interface Work {
  instantiations: number;
  types: number;
  /** Pairs of types whose assignability the checker decided (its relation cache). */
  relations: number;
}

/** The counts of typing the hovered name, then of the quick info on it (which prints the type). */
export interface QuickInfoWork {
  type: Work;
  quickInfo: Work;
  /** The quick info text, as the language service returns it. */
  text: string;
}

/** The checker's counters; not in TypeScript's public declarations, so checked where used. */
interface Counters {
  getInstantiationCount(): number;
  getTypeCount(): number;
  getRelationCacheSizes(): { assignable: number };
}

function counters(checker: ts.TypeChecker): Counters {
  const candidate = checker as unknown as Partial<Counters>;
  if (
    typeof candidate.getInstantiationCount !== 'function' ||
    typeof candidate.getTypeCount !== 'function' ||
    typeof candidate.getRelationCacheSizes !== 'function'
  )
    throw new Error(
      `TypeScript ${ts.version}'s checker has no instantiation, type or relation counters: bench/lib/work-counts.ts needs them`,
    );
  return candidate as Counters;
}

function snapshot(checker: Counters): Work {
  return {
    instantiations: checker.getInstantiationCount(),
    types: checker.getTypeCount(),
    relations: checker.getRelationCacheSizes().assignable,
  };
}

const since = (before: Work, after: Work): Work => ({
  instantiations: after.instantiations - before.instantiations,
  types: after.types - before.types,
  relations: after.relations - before.relations,
});

/**
 * The work of quick info at `offset` in `file` (its text `text`) of the project in `dir`, on a
 * fresh language service: a new program and checker, as tsserver has after each edit. Typing the
 * name includes what it depends on (the client, the query's parameters, the result's alias);
 * the quick info then resolves what it prints of the result.
 */
export function quickInfoWork(dir: string, file: string, text: string, offset: number): QuickInfoWork {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(dir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`no tsconfig.json in ${dir}`);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => parsed.fileNames,
    getScriptVersion: () => '0',
    getScriptSnapshot: (name) =>
      name === file
        ? ts.ScriptSnapshot.fromString(text)
        : ts.sys.fileExists(name)
          ? ts.ScriptSnapshot.fromString(readFileSync(name, 'utf8'))
          : undefined,
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => parsed.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  try {
    const program = service.getProgram();
    const source = program?.getSourceFile(file);
    if (!program || !source) throw new Error(`${file} is not in the project ${dir}`);
    const checker = program.getTypeChecker();
    const count = counters(checker);
    const node = findToken(source, offset);
    const start = snapshot(count);
    checker.getTypeAtLocation(node);
    const typed = snapshot(count);
    const info = service.getQuickInfoAtPosition(file, offset);
    if (!info) throw new Error(`no quick info at offset ${offset} of ${file}`);
    return {
      type: since(start, typed),
      quickInfo: since(typed, snapshot(count)),
      text: ts.displayPartsToString(info.displayParts),
    };
  } finally {
    service.dispose();
  }
}

/** The innermost token at `offset`. */
function findToken(source: ts.SourceFile, offset: number): ts.Node {
  let found: ts.Node = source;
  const visit = (node: ts.Node): void => {
    if (offset < node.getStart(source) || offset >= node.getEnd()) return;
    found = node;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}
