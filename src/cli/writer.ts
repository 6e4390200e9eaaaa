/**
 * The only code that writes generated output. Files go to a temporary directory beside the
 * output first; only when every one is written are they renamed into place, and the stored
 * hash (`.cms-types.json`) is renamed last. Any failure before that leaves the previous
 * output and hash exactly as they were.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const META_FILE = '.cms-types.json';

/** What a generation records beside its output. */
export interface OutputMeta {
  generator: 'cms-typed-client';
  version: string;
  hash: string;
  format: 'js' | 'ts';
  files: string[];
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

/** Test seam: called before each step so a test can make any step fail. */
export type StepHook = (step: 'mkdir' | 'write' | 'rename' | 'meta', file?: string) => void;

export function writeOutput(
  outputDir: string,
  files: Record<string, string>,
  meta: OutputMeta,
  hook: StepHook = () => {},
): void {
  hook('mkdir');
  const parent = dirname(resolve(outputDir));
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, '.cms-types-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      hook('write', name);
      writeFileSync(join(staging, name), content);
    }
    hook('write', META_FILE);
    writeFileSync(join(staging, META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
    mkdirSync(outputDir, { recursive: true });
    for (const name of Object.keys(files)) {
      hook('rename', name);
      renameSync(join(staging, name), join(outputDir, name));
    }
    hook('meta', META_FILE);
    renameSync(join(staging, META_FILE), join(outputDir, META_FILE));
    // Files of the other format from an earlier run would shadow the new ones.
    for (const stale of meta.format === 'ts'
      ? ['types', 'client', 'index'].flatMap((n) => [`${n}.js`, `${n}.d.ts`])
      : ['types.ts', 'client.ts', 'index.ts']) {
      if (!(stale in files)) rmSync(join(outputDir, stale), { force: true });
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
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

/** Resolves `--output` and refuses anything outside the project root. */
export function resolveOutput(output: string, cwd: string): { dir: string; root: string } {
  const root = findProjectRoot(cwd);
  const dir = resolve(cwd, output);
  const rel = relative(root, dir);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || resolve(root, rel) !== dir) {
    throw new Error(
      `--output '${output}' resolves to ${dir}, which is ${rel === '' ? 'the project root itself' : 'outside the project'} (${root}). ` +
        'Choose a folder inside your project, e.g. --output src/cms.',
    );
  }
  return { dir, root };
}
