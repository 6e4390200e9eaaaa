/**
 * What a client costs a browser bundle: esbuild bundles an entry that re-exports the client
 * (minified, browser platform, ES2020, ESM), then the output is gzipped (level 9). With code
 * splitting, what a page loads first is measured apart from the parts it loads on first use.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
  const code = await bundleCode(source, resolveDir);
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

/** The minified bundle of `source` (an entry module resolved from `resolveDir`), as bundleSize measures it. */
export async function bundleCode(source: string, resolveDir: string): Promise<Uint8Array> {
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
  return code;
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
    entry: "export { toQueryString } from './src/runtime/query/to-query-string.ts';",
  },
  {
    label: 'refresh-token session and the auth routes (startSession, authMethods: loaded on first use)',
    requiredBy: 'issue 5 / spec part 5: capture, automatic refresh, latch, race rules',
    entry:
      "export { startSession } from './src/runtime/session/flow.ts'; export { authMethods } from './src/runtime/auth/methods.ts';",
  },
  {
    label: 'failure explanations (failures.ts: loaded when a request first fails)',
    requiredBy: 'issue 8: errors that name the cause and the fix',
    entry: "export { errorFromResponse, connectionError } from './src/runtime/failures.ts';",
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

/** What a page loads first, and the chunks it loads only when a lazily loaded part is used. */
export interface SplitSize {
  /** The entry and the chunks it imports statically, each gzipped on its own, summed. */
  initial: BundleSize;
  /** The entry chunk alone: the app and the generated client, without the runtime chunk it imports. */
  entry: BundleSize;
  /** Every chunk, the lazily loaded ones included. */
  total: BundleSize;
  /** Chunks loaded only on first use, by name. */
  lazy: { name: string; gzip: number }[];
}

/**
 * Bundles `source` the way an app bundler does (esbuild with code splitting, as Next.js and Vite
 * split dynamic imports into chunks) and measures what the page loads first.
 */
export async function splitBundleSize(source: string, resolveDir: string): Promise<SplitSize> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-bundle-'));
  try {
    const entry = join(resolveDir, `.bundle-entry-${process.pid}.ts`);
    writeFileSync(entry, source);
    try {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        splitting: true,
        minify: true,
        platform: 'browser',
        format: 'esm',
        target: 'es2020',
        outdir: dir,
        metafile: true,
        logLevel: 'silent',
        legalComments: 'none',
        entryNames: 'entry',
      });
      const outputs = result.metafile.outputs;
      const size = (path: string): BundleSize => {
        const code = readFileSync(resolve(path));
        return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
      };
      const chunks = Object.keys(outputs).filter((path) => path.endsWith('.js'));
      // Every lazily loaded part is an entry point of esbuild's too: the app's is the one named here.
      const first = chunks.find((path) => {
        const entryPoint = outputs[path]?.entryPoint;
        return entryPoint !== undefined && resolve(entryPoint) === entry;
      });
      if (!first) throw new Error('esbuild produced no entry chunk');
      const initial = new Set<string>();
      const visit = (path: string) => {
        if (initial.has(path)) return;
        initial.add(path);
        for (const imported of outputs[path]?.imports ?? [])
          if (imported.kind === 'import-statement') visit(imported.path);
      };
      visit(first);
      const sum = (paths: string[]): BundleSize =>
        paths.map(size).reduce((a, b) => ({ minified: a.minified + b.minified, gzip: a.gzip + b.gzip }), {
          minified: 0,
          gzip: 0,
        });
      return {
        initial: sum([...initial]),
        entry: size(first),
        total: sum(chunks),
        lazy: chunks
          .filter((path) => !initial.has(path))
          .map((path) => ({
            name: path.replace(/^.*\//, '').replace(/-[A-Z0-9]{8}\.js$/, ''),
            gzip: size(path).gzip,
          })),
      };
    } finally {
      rmSync(entry, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first two collection-type properties of a generated client (from its declarations). */
export function collectionProperties(outputDir: string): [string, string] {
  const declarations = readFileSync(join(outputDir, 'client.d.ts'), 'utf8');
  const names = [...declarations.matchAll(/^ {2}readonly (\w+): CollectionApi</gm)].map(
    (match) => match[1] ?? '',
  );
  if (names.length < 2) throw new Error(`fewer than two collection types in ${outputDir}`);
  return [names[0] ?? '', names[1] ?? ''];
}

/** An app that calls only `find` and `findOne` on two collection types, and nothing else. */
export function findOnlyApp(outputDir: string): string {
  const [first, second] = collectionProperties(outputDir);
  return [
    "import { CmsClient } from './index.js';",
    "const cms = new CmsClient({ baseURL: 'https://cms.example.com' });",
    `export const list = () => cms.${first}.find({ sort: ['id'] });`,
    `export const one = (id: string) => cms.${second}.findOne(id);`,
    '',
  ].join('\n');
}
