/**
 * The runtime's files as the tests expect them in every output (its `runtime/` folder) and in
 * the package. The parts loaded on first use and the modules the generated files import directly
 * are written out once here (not derived from the build), so a part or module that appears or
 * goes away fails the tests that list files until these lists say so; the `--format ts` modules
 * are src/runtime's, one for one.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** The parts the core loads on first use, by their module in src/runtime. */
export const RUNTIME_PARTS = [
  'auth-methods',
  'custom-routes',
  'failures',
  'request-extras',
  'session-flow',
  'upload-methods',
  'users-methods',
  'writes',
] as const;

/**
 * The modules of the default format's `runtime/` folder that generated files import directly
 * and the core never loads (`mock`: what the generated `mocks` file imports), by their file's
 * name there: built as the parts are (importing the core and the shared chunks).
 */
export const RUNTIME_MODULES = ['mock'] as const;

/** A chunk of code the core and its parts share, named by esbuild after its content. */
export const SHARED_CHUNK = /^(?:.*\/)?shared-[A-Z0-9]{8}\.js$/;

/** The part files of the default format, in name order, as paths in the output (`runtime/writes.js`). */
export function partFiles(): string[] {
  return RUNTIME_PARTS.map((part) => `runtime/${part}.js`);
}

/** The module files of the default format, in name order, as paths in the output (`runtime/mock.js`). */
export function moduleFiles(): string[] {
  return RUNTIME_MODULES.map((module) => `runtime/${module}.js`);
}

/**
 * The files of an output's `runtime/` folder, as paths in the output, in name order: for the
 * default format the core, its declarations, the parts and the modules (the shared chunks, which
 * `names` holds, are matched by SHARED_CHUNK); for `--format ts` every module of src/runtime.
 */
export function runtimeFiles(format: 'js' | 'ts', names: readonly string[] = []): string[] {
  if (format === 'ts')
    return readdirSync(join(ROOT, 'src', 'runtime'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `runtime/${name.split(sep).join('/')}`)
      .sort();
  return [
    'runtime/index.d.ts',
    'runtime/index.js',
    ...partFiles(),
    ...moduleFiles(),
    ...names.filter((name) => SHARED_CHUNK.test(name) && name.startsWith('runtime/')),
  ].sort();
}

/** The files of a generated folder, by path in it (`runtime/index.js`), in name order. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}
