/**
 * The package under test, frozen: package.json, bin/ and dist/ copied to .cache/bench/package
 * once per process. The CLI runs from there and the in-process generator embeds its runtime,
 * so every figure of a run comes from one build.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type RuntimeAssets, readRuntime } from '../../src/codegen/runtime-assets.ts';
import { ROOT, SNAPSHOT_DIR } from './paths.ts';

const REQUIRED = [
  'dist/cli/main.js',
  'dist/runtime/surface.json',
  'dist/runtime/specifiers.json',
  'dist/runtime/js/index.js',
  'dist/runtime/js/index.d.ts',
  'dist/runtime/ts/index.ts',
];

let taken = false;
let runtime: RuntimeAssets | undefined;

/** Copies the built package once; retries while dist/ is being rebuilt. */
export function ensureSnapshot(): string {
  if (taken) return SNAPSHOT_DIR;
  for (let attempt = 1; ; attempt++) {
    rmSync(SNAPSHOT_DIR, { recursive: true, force: true });
    try {
      for (const entry of ['package.json', 'bin', 'dist'])
        cpSync(join(ROOT, entry), join(SNAPSHOT_DIR, entry), { recursive: true });
      if (REQUIRED.every((file) => existsSync(join(SNAPSHOT_DIR, file)))) break;
    } catch (error) {
      if (attempt >= 10) throw error;
    }
    if (attempt >= 10) throw new Error(`dist/ is incomplete (${REQUIRED.join(', ')}): run npm run build`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
  }
  taken = true;
  return SNAPSHOT_DIR;
}

/** The client runtime of the snapshot, as the generator embeds it. */
export function snapshotRuntime(): RuntimeAssets {
  if (!runtime) {
    runtime = readRuntime(join(ensureSnapshot(), 'dist', 'runtime'));
  }
  return runtime;
}
