/** Compiles in-memory TypeScript files (paths under /virtual/) with the default libs. */
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';

export const BASE_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: [],
  noEmit: true,
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  noUnusedLocals: true,
  skipLibCheck: false,
  skipDefaultLibCheck: true,
};

const libFiles = new Map<string, ts.SourceFile>();

/** Diagnostics of a program made of in-memory files (paths under /virtual/) and the default libs. */
export function diagnostics(
  files: Record<string, string>,
  overrides: ts.CompilerOptions = {},
): readonly ts.Diagnostic[] {
  const options = { ...BASE_OPTIONS, ...overrides };
  const host = ts.createCompilerHost(options, true);
  const diskSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError) => {
    const text = files[fileName];
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    let cached = libFiles.get(fileName);
    if (cached === undefined) {
      cached = diskSourceFile(fileName, languageVersion, onError);
      if (cached !== undefined) libFiles.set(fileName, cached);
    }
    return cached;
  };
  host.fileExists = (fileName) => fileName in files || ts.sys.fileExists(fileName);
  host.directoryExists = (dir) =>
    dir === '/virtual' || dir.startsWith('/virtual/') || ts.sys.directoryExists(dir);
  host.readFile = (fileName) => files[fileName] ?? ts.sys.readFile(fileName);
  host.writeFile = () => {};
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts.getPreEmitDiagnostics(program);
}

/** The same, formatted as tsc prints them. */
export function compile(files: Record<string, string>, overrides: ts.CompilerOptions = {}): string[] {
  return diagnostics(files, overrides).map((d) => ts.formatDiagnostic(d, FORMAT_HOST));
}

const FORMAT_HOST: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => '/virtual',
  getNewLine: () => '\n',
};

/** Fails with every diagnostic when the files do not compile. */
export function assertCompilesInMemory(
  files: Record<string, string>,
  overrides: ts.CompilerOptions,
  label: string,
): void {
  const diagnostics = compile(files, overrides);
  assert.deepEqual(diagnostics, [], `${label} does not compile:\n${diagnostics.join('\n')}`);
}

/**
 * {@link compile} in a worker thread, for tests that talk to a running Strapi: a compile blocks
 * for seconds, and while this thread's event loop is blocked fetch (undici) cannot retire its idle
 * keep-alive sockets, so the next request may go out on one that Strapi is closing
 * ("fetch failed: other side closed").
 */
export function compileOffThread(
  files: Record<string, string>,
  overrides: ts.CompilerOptions = {},
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compile-worker.ts', import.meta.url), {
      workerData: { files, overrides },
    });
    worker.once('message', (diagnostics: string[]) => resolve(diagnostics));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the compile worker exited (${code}) without an answer`)));
  });
}

/** {@link assertCompilesInMemory} with the compile in a worker thread ({@link compileOffThread}). */
export async function assertCompilesOffThread(
  files: Record<string, string>,
  overrides: ts.CompilerOptions,
  label: string,
): Promise<void> {
  const diagnostics = await compileOffThread(files, overrides);
  assert.deepEqual(diagnostics, [], `${label} does not compile:\n${diagnostics.join('\n')}`);
}
