/**
 * The only code that writes generated output. The new output, stored hash included, is
 * written in full to a staging folder, then swapped in for the old folder. Any failure before
 * the swap, or of the swap itself, leaves the previous output and hash exactly as they were.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { SchemaOutline } from '../schema/outline.ts';

export const META_FILE = '.cms-types.json';

/** What a generation records beside its output. */
export interface OutputMeta {
  generator: 'cms-typed-client';
  version: string;
  hash: string;
  format: 'js' | 'ts';
  /** `--format ts`: the extension of the imports between the files (src/codegen/specifiers.ts). */
  imports?: 'ts' | 'js' | 'none';
  files: string[];
  /**
   * SHA-256 of each generated file as written, by name, so that `check` notices a file edited
   * or deleted afterwards. Absent from output of cms-typed-client 0.1.
   */
  checksums?: Record<string, string>;
  /**
   * The outline of the schema the output was generated from (src/schema/outline.ts), so that
   * the next generation can say what changed without the previous payload.
   */
  outline?: SchemaOutline;
}

/** SHA-256 hex digest of a file's text. */
export function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The checksums of the files a generation writes, in the order it writes them. */
export function fileChecksums(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([name, text]) => [name, checksum(text)]));
}

/** A generated file that no longer holds what was written. */
export interface FileDrift {
  file: string;
  change: 'edited' | 'deleted';
}

/**
 * The generated files of `outputDir` that were edited or deleted since they were written:
 * every file the state lists must exist, and match its checksum when the state has one.
 */
export function outputDrift(outputDir: string, meta: OutputMeta): FileDrift[] {
  const drift: FileDrift[] = [];
  for (const file of meta.files ?? []) {
    let text: string;
    try {
      text = readFileSync(join(outputDir, file), 'utf8');
    } catch {
      drift.push({ file, change: 'deleted' });
      continue;
    }
    const expected = meta.checksums?.[file];
    if (expected !== undefined && checksum(text) !== expected) drift.push({ file, change: 'edited' });
  }
  return drift;
}

export function readMeta(outputDir: string): OutputMeta | undefined {
  try {
    const meta = JSON.parse(readFileSync(join(outputDir, META_FILE), 'utf8')) as Partial<OutputMeta>;
    if (
      meta.generator !== 'cms-typed-client' ||
      typeof meta.hash !== 'string' ||
      typeof meta.version !== 'string'
    )
      return undefined;
    return meta as OutputMeta;
  } catch {
    return undefined;
  }
}

/**
 * The state file's text: indented, except that each attribute and route of the schema outline
 * takes one line (a third of the size of indenting it all, and still a readable diff).
 */
export function metaText(meta: OutputMeta): string {
  return `${layout(meta, '', 5)}\n`;
}

/** JSON indented by two spaces down to `depth` levels, compact below. */
function layout(value: unknown, indent: string, depth: number): string {
  if (depth === 0 || value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${layout(item, inner, depth - 1)}`).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return '{}';
  const lines = entries.map(
    ([key, item]) => `${inner}${JSON.stringify(key)}: ${layout(item, inner, depth - 1)}`,
  );
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** Test seam: called before each step so a test can make any step fail. */
export type StepHook = (step: 'mkdir' | 'write' | 'copy' | 'swap' | 'swap-in', file?: string) => void;

/** Every name a generation may write, in either format, in this layout or the ones before (no runtime or routes file). */
const GENERATED = new Set([
  META_FILE,
  ...['runtime', 'types', 'client', 'routes', 'index'].flatMap((name) => [
    `${name}.ts`,
    `${name}.js`,
    `${name}.d.ts`,
  ]),
]);

/** A generated name: one of GENERATED, or a lazily loaded runtime part (`runtime-auth.js`). */
function isGenerated(name: string): boolean {
  return GENERATED.has(name) || /^runtime-[a-z-]+\.(?:ts|js)$/.test(name);
}

/**
 * Writes the complete new output into a staging folder beside the output (same file system),
 * then swaps the folders with two renames; files in the output that this tool did not write
 * are carried over. If the swap fails, the old folder is put back.
 */
export function writeOutput(
  outputDir: string,
  files: Record<string, string>,
  meta: OutputMeta,
  hook: StepHook = () => {},
): void {
  hook('mkdir');
  const target = resolve(outputDir);
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, '.cms-types-new-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      hook('write', name);
      writeFileSync(join(staging, name), content);
    }
    hook('write', META_FILE);
    writeFileSync(join(staging, META_FILE), metaText(meta));
    const exists = existsSync(target);
    if (exists) {
      // The js output's package.json (src/codegen/generate.ts) is generated only where the
      // previous state lists it: a package.json of the user's own is carried over.
      const previous = new Set(readMeta(target)?.files ?? []);
      for (const entry of readdirSync(target)) {
        if (isGenerated(entry) || (entry === 'package.json' && previous.has(entry))) continue;
        hook('copy', entry);
        cpSync(join(target, entry), join(staging, entry), { recursive: true, preserveTimestamps: true });
      }
    }
    hook('swap');
    if (!exists) {
      renameSync(staging, target);
      return;
    }
    const backup = `${staging.replace('.cms-types-new-', '.cms-types-old-')}`;
    renameSync(target, backup);
    try {
      hook('swap-in');
      renameSync(staging, target);
    } catch (error) {
      renameSync(backup, target);
      throw error;
    }
    rmSync(backup, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Writes one file whole or not at all: the text goes to a temporary file beside it, which is
 * then renamed over the target (a crash or a full disk leaves the previous file as it was).
 */
export function writeFileAtomic(path: string, text: string): void {
  const target = resolve(path);
  mkdirSync(dirname(target), { recursive: true });
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, target);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** The nearest folder from `cwd` upwards that has a package.json. */
export function findProjectRoot(cwd: string): string {
  let current = resolve(cwd);
  for (;;) {
    try {
      if (statSync(join(current, 'package.json')).isFile()) return current;
    } catch {
      // keep looking upwards
    }
    const parent = dirname(current);
    if (parent === current) return resolve(cwd);
    current = parent;
  }
}

/**
 * Resolves `--output` against `cwd` and refuses anything outside the project root; `label`
 * names where the value came from in messages (the project config).
 */
export function resolveOutput(
  output: string,
  cwd: string,
  label = '--output',
): { dir: string; root: string } {
  const root = findProjectRoot(cwd);
  const dir = resolve(cwd, output);
  const rel = relative(root, dir);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || resolve(root, rel) !== dir) {
    throw new Error(
      `${label} '${output}' resolves to ${dir}, which is ${rel === '' ? 'the project root itself' : 'outside the project'} (${root}). ` +
        'Choose a folder inside your project, e.g. --output src/cms.',
    );
  }
  return { dir, root };
}
