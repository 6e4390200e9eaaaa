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

/** One capability of the runtime, bundled alone: what it costs a client that has it. */
export interface Capability {
  /** What it does, as the table shows it. */
  label: string;
  /** Where the issues ask for it (the peer has none of these). */
  requiredBy: string;
  /** The entry: exports of src/runtime modules, each bundled with only what it imports. */
  entry: string;
}

/**
 * What our client does that strapi-typed-client's does not, each measured alone. Its serializer
 * is a bare recursive `key[sub]=value` writer with no checks; it has no session flow.
 */
export const CAPABILITIES: Capability[] = [
  {
    label: "query serializer that enforces Strapi's qs limits (toQueryString)",
    requiredBy: 'issue 4: qs reads back what was sent; long $in lists split; clear errors before sending',
    entry: "export { toQueryString } from './src/runtime/query.ts';",
  },
  {
    label: 'refresh-token session and the auth routes (CmsSession, authApi)',
    requiredBy: 'issue 5 / spec part 5: capture, automatic refresh, latch, race rules',
    entry:
      "export { CmsSession } from './src/runtime/session.ts'; export { authApi } from './src/runtime/auth.ts';",
  },
  {
    label: 'both together',
    requiredBy: '',
    entry:
      "export { toQueryString } from './src/runtime/query.ts'; export { CmsSession } from './src/runtime/session.ts'; export { authApi } from './src/runtime/auth.ts';",
  },
];

/** Each capability bundled alone (minified, gzipped). */
export async function capabilitySizes(root: string): Promise<(Capability & BundleSize)[]> {
  const sizes: (Capability & BundleSize)[] = [];
  for (const capability of CAPABILITIES)
    sizes.push({ ...capability, ...(await bundleSize(capability.entry, root)) });
  return sizes;
}

/** Our generated client (the `CmsClient` class and everything it uses) from a generated folder. */
export function ourClientSize(outputDir: string): Promise<BundleSize> {
  return bundleSize("export { CmsClient } from './index.js';\n", outputDir);
}
