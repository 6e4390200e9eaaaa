/**
 * Builds the package into dist/:
 * - dist/server/index.js: the Strapi plugin entry, CommonJS (Strapi's loader requires a `.js`
 *   file and ignores `.cjs`), with a package.json that marks the folder CommonJS.
 * - dist/cli/main.js: the `cms-types` command, ESM.
 * - dist/runtime/runtime.{ts,js,d.ts}: the client runtime's core (src/runtime), and
 *   runtime-<part>.{ts,js}, the parts it loads lazily: the generator copies them into every
 *   output unchanged; surface.json says what the core exports and names the parts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import ts from 'typescript';
import type { RuntimeSurface } from '../src/codegen/runtime-assets.ts';
import { type RuntimeFile, runtimeModule } from './runtime-module.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'server'), { recursive: true });

await build({
  entryPoints: [join(root, 'src/server/index.ts')],
  outfile: join(dist, 'server/index.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Strapi reads the default export; the `0 &&` line names the exports for Node's CommonJS
  // lexer, so `import { register } from 'cms-typed-client/strapi-server'` works too.
  footer: {
    js: 'module.exports = module.exports.default;\n0 && (module.exports = { register, bootstrap, destroy, config, routes, controllers });',
  },
  logLevel: 'warning',
});
await build({
  entryPoints: [join(root, 'src/cli/main.ts')],
  outfile: join(dist, 'cli/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  logLevel: 'warning',
});
writeFileSync(join(dist, 'server/package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
writeFileSync(
  join(dist, 'server/index.d.ts'),
  [
    '/** The cms-typed-client Strapi plugin server object (loaded by Strapi, not by applications). */',
    'declare const plugin: {',
    '  register(): void;',
    '  bootstrap(context: { strapi: unknown }): void;',
    '  destroy(): void;',
    '  config: { default: (context: { env: (key: string) => string | undefined }) => Record<string, unknown>; validator: (config: unknown) => void };',
    '  routes: Record<string, unknown>;',
    '  controllers: Record<string, unknown>;',
    '};',
    'export = plugin;',
    '',
  ].join('\n'),
);

/** `runtime.d.ts`, after checking every runtime file as the strict `--format ts` output is checked. */
function declarations(files: RuntimeFile[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-runtime-'));
  try {
    for (const file of files) writeFileSync(join(dir, `${file.name}.ts`), file.source);
    const main = join(dir, 'runtime.ts');
    let output = '';
    const program = ts.createProgram(
      files.map((file) => join(dir, `${file.name}.ts`)),
      {
        declaration: true,
        emitDeclarationOnly: true,
        strict: true,
        // runtime.ts is compiled by the application's own tsc (`--format ts`): a declaration left
        // behind when its export was dropped would fail a project that sets noUnusedLocals.
        noUnusedLocals: true,
        noUnusedParameters: true,
        // And the strict options applications turn on beyond `strict`.
        exactOptionalPropertyTypes: true,
        noPropertyAccessFromIndexSignature: true,
        noUncheckedIndexedAccess: true,
        noImplicitOverride: true,
        noImplicitReturns: true,
        noFallthroughCasesInSwitch: true,
        verbatimModuleSyntax: true,
        erasableSyntaxOnly: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: [],
      },
    );
    const diagnostics = ts.getPreEmitDiagnostics(program);
    if (diagnostics.length > 0) {
      throw new Error(
        ts.formatDiagnostics(diagnostics, {
          getCanonicalFileName: (f) => f,
          getCurrentDirectory: () => dir,
          getNewLine: () => '\n',
        }),
      );
    }
    program.emit(program.getSourceFile(main), (name, text) => {
      if (name.endsWith('runtime.d.ts')) output = text;
    });
    // tsc ends the file with `export {};` because it declares types it does not export; Biome's
    // recommended noUselessEmptyExport flags that line in users' projects. Without it those
    // types are exported too (a declaration file's rule), which only adds names: the generated
    // index re-exports the runtime's public names one by one.
    return output.replace(/\nexport \{\};\n$/, '\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

mkdirSync(join(dist, 'runtime'), { recursive: true });
const runtime = runtimeModule(join(root, 'src/runtime'));
for (const file of runtime.files) {
  const js = (await transform(file.source, { loader: 'ts', format: 'esm', target: 'es2022' })).code;
  writeFileSync(join(dist, `runtime/${file.name}.ts`), file.source);
  writeFileSync(join(dist, `runtime/${file.name}.js`), js);
}
writeFileSync(join(dist, 'runtime/runtime.d.ts'), declarations(runtime.files));
const surface: RuntimeSurface = runtime.surface;
writeFileSync(join(dist, 'runtime/surface.json'), `${JSON.stringify(surface, null, 2)}\n`);
