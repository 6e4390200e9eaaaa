/**
 * What a client costs a browser bundle: esbuild bundles an entry that re-exports the client
 * (minified, browser platform, ES2020, ESM), then the output is gzipped (level 9).
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  /** Minified bytes. */
  minified: number;
  /** Minified and gzipped bytes. */
  gzip: number;
}

/** Bundles `source` (an entry module resolved from `resolveDir`) and measures it. */
export async function bundleSize(source: string, resolveDir: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('esbuild produced no output');
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

/**
 * Minified bytes per module of src/runtime (the code every generated client embeds), from
 * esbuild's metafile for a bundle of all of it.
 */
export async function runtimeBreakdown(root: string): Promise<{ module: string; bytes: number }[]> {
  const result = await build({
    entryPoints: [`${root}/src/runtime/index.ts`],
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2020',
    write: false,
    metafile: true,
    outdir: 'out',
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  if (!output) throw new Error('esbuild produced no output');
  return Object.entries(output.inputs)
    .map(([path, input]) => ({ module: path.replace(/^.*src\/runtime\//, ''), bytes: input.bytesInOutput }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

/** Our generated client (the `CmsClient` class and everything it uses) from a generated folder. */
export function ourClientSize(outputDir: string): Promise<BundleSize> {
  return bundleSize("export { CmsClient } from './index.js';\n", outputDir);
}
