/**
 * What `npm test -- <selection>` runs, and what it must set up first. The selection is test
 * files by path, folder, glob or a word a test file's path contains; nothing selects the whole
 * suite. Each selected file is grouped into its layer (the folder under test/), and the files'
 * imports are followed (value imports of relative `.ts` files, transitively) to learn which of
 * them need the real test Strapi, Chromium or the database servers, so that a subset sets up
 * only what it uses.
 */
import { existsSync, globSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

/** The layers in the order the suite runs them: fast and self-contained first. */
export const LAYERS = [
  'unit',
  'types',
  'bench',
  'package',
  'e2e',
  'browser',
  'examples',
  'versions',
] as const;
export type Layer = (typeof LAYERS)[number] | 'other';

/** What a set of test files needs before it runs. */
export interface Needs {
  /** The test Strapi installed and this package packed into it (test/harness/prepare.ts). */
  strapi: boolean;
  /** Debian's Chromium (test/helpers/browser.ts). */
  chromium: boolean;
  /** PostgreSQL and MariaDB servers (test/harness/db.ts). */
  databases: boolean;
}

/** The modules whose use means a need, relative to the repository root. */
const MARKERS: Record<keyof Needs, readonly string[]> = {
  strapi: ['test/harness/app.ts', 'test/harness/prepare.ts', 'test/harness/versions.ts', 'scripts/demo.ts'],
  chromium: ['test/helpers/browser.ts'],
  databases: ['test/harness/db.ts'],
};

export interface TestPlan {
  /** Every test file selected (`*.test.ts`), relative to the root, sorted. */
  files: string[];
  /** Whether the type tests (`test/types/*.test-d.ts`, checked by tsc) are selected. */
  typeCheck: boolean;
  /** True when no selection was given: the whole suite. */
  whole: boolean;
  needs: Needs;
}

const toPosix = (path: string) => path.split(sep).join('/');

/** The layer of a test file: the folder under test/ (`test/types/*` is the type tests). */
export function layerOf(file: string): Layer {
  const folder = toPosix(file).split('/')[1] ?? '';
  return (LAYERS as readonly string[]).includes(folder) ? (folder as Layer) : 'other';
}

/** Every test file of the suite. */
export function allTestFiles(root: string): string[] {
  return globSync('test/**/*.test.ts', { cwd: root }).map(toPosix).sort();
}

/** A selection no test file matches, or a file that is not a test. */
export class SelectionError extends Error {}

/**
 * The test files one argument selects: a file, a folder (its test files), a glob, or else a
 * word that part of a test file's path contains (`npm test -- fidelity`).
 */
function select(root: string, argument: string, all: string[]): { files: string[]; typeCheck: boolean } {
  const path = toPosix(relative(root, resolve(root, argument)));
  const typesFolder = path === 'test/types' || path.startsWith('test/types/');
  if (existsSync(resolve(root, argument))) {
    if (statSync(resolve(root, argument)).isDirectory()) {
      const inside = all.filter((file) => file.startsWith(`${path}/`) || path === '' || path === '.');
      const typeCheck = typesFolder || path === 'test' || path === '' || path === '.';
      if (inside.length === 0 && !typeCheck)
        throw new SelectionError(`${argument} holds no test file (*.test.ts)`);
      return { files: inside, typeCheck };
    }
    if (typesFolder && path.endsWith('.test-d.ts')) return { files: [], typeCheck: true };
    if (!path.endsWith('.test.ts'))
      throw new SelectionError(
        `${argument} is not a test file: test files end in .test.ts (type tests in .test-d.ts)`,
      );
    return { files: [path], typeCheck: false };
  }
  if (/[*?[{]/.test(argument)) {
    const files = globSync(argument, { cwd: root })
      .map(toPosix)
      .filter((file) => file.endsWith('.test.ts'));
    if (files.length === 0) throw new SelectionError(`no test file matches ${argument}`);
    return { files, typeCheck: false };
  }
  const word = argument.toLowerCase();
  const files = all.filter((file) => file.toLowerCase().includes(word));
  const typeCheck = word === 'types';
  if (files.length === 0 && !typeCheck)
    throw new SelectionError(
      `no test file's path contains "${argument}": give a file, a folder (test/unit, test/e2e), a glob or part of a file name`,
    );
  return { files, typeCheck };
}

/** The relative `.ts` modules a file imports for their values (not `import type`). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+\.ts)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    if (match[1]) continue;
    found.push(resolve(dirname(file), match[2] ?? ''));
  }
  for (const match of text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+\.ts)['"]\s*\)/g)) {
    found.push(resolve(dirname(file), match[1] ?? ''));
  }
  return found;
}

/** Every module `file` reaches through value imports, itself included, relative to `root`. */
export function importClosure(root: string, file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [resolve(root, file)];
  while (queue.length > 0) {
    const next = queue.pop() as string;
    const key = toPosix(relative(root, next));
    if (seen.has(key) || !existsSync(next) || !statSync(next).isFile()) continue;
    seen.add(key);
    queue.push(...valueImports(next));
  }
  return seen;
}

/** What the given test files need set up. */
export function needsOf(root: string, files: string[]): Needs {
  const needs: Needs = { strapi: false, chromium: false, databases: false };
  for (const file of files) {
    const closure = importClosure(root, file);
    for (const need of Object.keys(MARKERS) as (keyof Needs)[]) {
      if (MARKERS[need].some((marker) => closure.has(marker))) needs[need] = true;
    }
  }
  return needs;
}

/** The plan for `npm test -- ...selection` (no selection: everything). */
export function planTests(root: string, selection: string[]): TestPlan {
  const all = allTestFiles(root);
  if (selection.length === 0) return { files: all, typeCheck: true, whole: true, needs: needsOf(root, all) };
  const files = new Set<string>();
  let typeCheck = false;
  for (const argument of selection) {
    const chosen = select(root, argument, all);
    for (const file of chosen.files) files.add(file);
    typeCheck ||= chosen.typeCheck;
  }
  const sorted = [...files].sort();
  return { files: sorted, typeCheck, whole: false, needs: needsOf(root, sorted) };
}

/** The selected files by layer, in the order the layers run. */
export function byLayer(files: string[]): [Layer, string[]][] {
  const order: Layer[] = [...LAYERS, 'other'];
  return order
    .map((layer): [Layer, string[]] => [layer, files.filter((file) => layerOf(file) === layer)])
    .filter(([, inLayer]) => inLayer.length > 0);
}

/** The counts the spec reporter prints at the end of a run (`ℹ tests 12` ...). */
export interface RunCounts {
  tests: number;
  pass: number;
  fail: number;
  skipped: number;
  todo: number;
  cancelled: number;
}

/** Reads the spec reporter's closing counts from its output; undefined when it printed none. */
export function readCounts(output: string): RunCounts | undefined {
  const count = (name: string) => {
    const matches = [...output.matchAll(new RegExp(`^\\u2139 ${name} (\\d+)$`, 'gm'))];
    const last = matches.at(-1);
    return last ? Number(last[1]) : undefined;
  };
  const tests = count('tests');
  if (tests === undefined) return undefined;
  return {
    tests,
    pass: count('pass') ?? 0,
    fail: count('fail') ?? 0,
    skipped: count('skipped') ?? 0,
    todo: count('todo') ?? 0,
    cancelled: count('cancelled') ?? 0,
  };
}

/** `12.3 s` or `4 min 05 s`. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
