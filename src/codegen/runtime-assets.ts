/**
 * The client runtime as built by scripts/runtime-build.ts into dist/runtime: the TypeScript
 * modules (for `--format ts`), the JavaScript and declarations (for the default format), and
 * the names it exports. The generator copies them into the output's `runtime/` folder.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the runtime module exports, as the build read it from `src/runtime/index.ts`. */
export interface RuntimeSurface {
  /** The public surface, values and types; the generated `index` re-exports what index-exports.ts lists of it. */
  public: { values: string[]; types: string[] };
  /** Exported for the generated client only (`@internal` in index.ts). */
  internal: { values: string[]; types: string[] };
  /** Members of `CmsClientCore`, which a generated client property may not redeclare. */
  coreMembers: string[];
  /** Types every schema shares that the generated `types` file re-exports (`@typesFile`). */
  typesFile: string[];
  /** The parts the core loads on first use: their modules in src/runtime, without `.ts`. */
  parts: string[];
  /** The modules generated files import directly, never the core (`mock`): without `.ts`. */
  modules: string[];
}

/** The folder of the generated output the runtime goes into, and the module its files import. */
export const RUNTIME_DIR = 'runtime';

export interface RuntimeAssets {
  /**
   * The files of the output's `runtime/` folder by path inside it: for the default format the
   * core (`index.js`, `index.d.ts`), a file per part loaded on first use and the chunks they
   * share; for `--format ts` the modules of src/runtime (`index.ts`...).
   */
  js: Record<string, string>;
  ts: Record<string, string>;
  /** Where the `.js` of each relative import specifier of a `ts` module starts. */
  specifiers: Record<string, number[]>;
  surface: RuntimeSurface;
}

let cached: RuntimeAssets | undefined;

export function runtimeAssets(): RuntimeAssets {
  if (cached) return cached;
  const dir = join(packageRoot(), 'dist', 'runtime');
  if (!existsSync(join(dir, 'surface.json'))) {
    throw new Error(`cms-typed-client is not built: ${dir} is missing (run npm run build)`);
  }
  cached = readRuntime(dir);
  return cached;
}

/** The files under `dir` by path relative to it, in name order. */
function readTree(dir: string): Record<string, string> {
  const names = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(sep).join('/'))
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort();
  return Object.fromEntries(names.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

/** The runtime files in a built `dist/runtime` folder. */
export function readRuntime(dir: string): RuntimeAssets {
  const surface = JSON.parse(readFileSync(join(dir, 'surface.json'), 'utf8')) as RuntimeSurface;
  const specifiers = JSON.parse(readFileSync(join(dir, 'specifiers.json'), 'utf8')) as Record<
    string,
    number[]
  >;
  return { js: readTree(join(dir, 'js')), ts: readTree(join(dir, 'ts')), specifiers, surface };
}

/** The folder of this package's package.json, from src/ (tests) or dist/ (published). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'cms-typed-client')
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the cms-typed-client package root');
    dir = parent;
  }
}

export function packageVersion(): string {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string;
}
