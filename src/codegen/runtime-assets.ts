/**
 * The client runtime as built by scripts/build.ts into dist/runtime: the TypeScript source
 * (for `--format ts`), its JavaScript and its declarations (for the default format).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RuntimeAssets {
  ts: string;
  js: string;
  dts: string;
}

let cached: RuntimeAssets | undefined;

export function runtimeAssets(): RuntimeAssets {
  if (cached) return cached;
  const dir = join(packageRoot(), 'dist', 'runtime');
  if (!existsSync(join(dir, 'runtime.ts'))) {
    throw new Error(`cms-typed-client is not built: ${dir} is missing (run npm run build)`);
  }
  cached = {
    ts: readFileSync(join(dir, 'runtime.ts'), 'utf8'),
    js: readFileSync(join(dir, 'runtime.js'), 'utf8'),
    dts: readFileSync(join(dir, 'runtime.d.ts'), 'utf8'),
  };
  return cached;
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
