/**
 * The client runtime as built by scripts/build.ts into dist/runtime: the TypeScript source
 * (for `--format ts`), its JavaScript and its declarations (for the default format), and the
 * names it exports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
  /** The lazily loaded parts, `runtime-<part>` files beside `runtime`. */
  parts: string[];
}

export interface RuntimeAssets {
  /** The core: `runtime.ts`, `runtime.js`, `runtime.d.ts`. */
  ts: string;
  js: string;
  dts: string;
  /** The lazily loaded parts by file name without extension (`runtime-auth`). */
  parts: Record<string, { ts: string; js: string }>;
  surface: RuntimeSurface;
}

let cached: RuntimeAssets | undefined;

export function runtimeAssets(): RuntimeAssets {
  if (cached) return cached;
  const dir = join(packageRoot(), 'dist', 'runtime');
  if (!existsSync(join(dir, 'runtime.ts'))) {
    throw new Error(`cms-typed-client is not built: ${dir} is missing (run npm run build)`);
  }
  cached = readRuntime(dir);
  return cached;
}

/** The runtime files in a built `dist/runtime` folder. */
export function readRuntime(dir: string): RuntimeAssets {
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const surface = JSON.parse(read('surface.json')) as RuntimeSurface;
  return {
    ts: read('runtime.ts'),
    js: read('runtime.js'),
    dts: read('runtime.d.ts'),
    parts: Object.fromEntries(
      surface.parts.map((part) => [part, { ts: read(`${part}.ts`), js: read(`${part}.js`) }]),
    ),
    surface,
  };
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
