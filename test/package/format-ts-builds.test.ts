/**
 * `--format ts` output in the projects people build it with. For each, the kitchen schema's
 * output (test/fixtures/payloads/kitchen.json through the codegen) is written into a small
 * project by the rule of `cms-types generate` (the project's tsconfig decides the import
 * specifiers, src/codegen/specifiers.ts), and the project is built with the real tool:
 *
 * - `next build` under Turbopack and under webpack (an App Router server component that
 *   constructs the client and calls `find`), then `next start` serves the page;
 * - Vite: `tsc -b` over create-vite's solution-style tsconfig, an app build and a library
 *   build, whose bundle then runs in Node;
 * - tsc, strict, with NodeNext (emitting, then running the output; emitting with
 *   rewriteRelativeImportExtensions) and with bundler resolution (emitting);
 * - Node's type stripping running a `.ts` entry, after tsc (NodeNext, noEmit,
 *   allowImportingTsExtensions) checked it, and in a project with no tsconfig.
 *
 * The programs call a local HTTP server that answers like Strapi's REST API. Two controls
 * show that the builds catch the old `./client.js` specifiers. The tools are installed once
 * into .cache/build-tools (test/helpers/build-tools.ts).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { projectCompilerOptions } from '../../src/cli/tsconfig.ts';
import { generateFiles } from '../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../src/codegen/runtime-assets.ts';
import {
  chooseImportExtension,
  type ImportExtension,
  siblingSpecifier,
} from '../../src/codegen/specifiers.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { freePort } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';
import { strapiShapedServer, TAG, toolEnv, toolsDir } from '../helpers/build-tools.ts';
import { NEXT_COMPILER_OPTIONS } from '../helpers/next-tsconfig.ts';
import { run } from '../helpers/run.ts';
import { listFiles } from '../helpers/runtime-parts.ts';

const payload = JSON.parse(
  readFileSync(join(ROOT, 'test', 'fixtures', 'payloads', 'kitchen.json'), 'utf8'),
) as SchemaResponse;
const runtime = runtimeAssets();

let tools = '';
let strapi: Awaited<ReturnType<typeof strapiShapedServer>> | undefined;
const env = (): Record<string, string> => ({ CMS_URL: strapi?.url ?? '', NEXT_TELEMETRY_DISABLED: '1' });
const bin = (path: string) => join(tools, 'node_modules', path);

/** What a project has: its folder and the import extension the generated files use. */
interface Project {
  dir: string;
  extension: ImportExtension;
}

/**
 * A project folder inside the tools folder (Node and the bundlers find its node_modules there)
 * with `files`, and the generated client in src/cms, its imports chosen as `cms-types generate`
 * chooses them, or `forced` (the controls).
 */
function project(name: string, files: Record<string, string>, forced?: ImportExtension): Project {
  const dir = join(tools, 'projects', name);
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries({
    'package.json': json({ name, private: true, type: 'module' }),
    ...files,
  })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const output = join(dir, 'src', 'cms');
  const extension = forced ?? chooseImportExtension(projectCompilerOptions(output, dir)?.options).extension;
  mkdirSync(output, { recursive: true });
  const generated = generateFiles(payload, {
    format: 'ts',
    version: 'fixture',
    runtime,
    importExtension: extension,
  });
  for (const [file, text] of Object.entries(generated)) {
    mkdirSync(dirname(join(output, file)), { recursive: true });
    writeFileSync(join(output, file), text);
  }
  return { dir, extension };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The specifier of src/cms/index.ts from src/, as the project's own code writes it. */
const indexFrom = (extension: ImportExtension) => `./cms/${siblingSpecifier('index', extension).slice(2)}`;

/** A program that reads one page of tags through the client and prints their names. */
function mainTs(extension: ImportExtension): string {
  return `import { CmsClient, type CmsEntry } from '${indexFrom(extension)}';

const baseURL = process.env['CMS_URL'];
if (!baseURL) throw new Error('CMS_URL is not set');
const cms = new CmsClient({ baseURL });
const tags: CmsEntry<'api::tag.tag', { fields: ['name'] }>[] = await cms.tags.find({ fields: ['name'] });
console.log(JSON.stringify(tags.map((tag) => tag.name)));
`;
}

/** The line {@link mainTs} prints against the Strapi-shaped server. */
const PRINTED = JSON.stringify([TAG.name]);

/** The specifiers of the generated files' imports of each other (the runtime's modules' too). */
function siblingImports(dir: string): string[] {
  const cms = join(dir, 'src', 'cms');
  return listFiles(cms)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [...readFileSync(join(cms, file), 'utf8').matchAll(/ from '(\.\/[^']+)';$/gm)])
    .map((match) => match[1] ?? '');
}

function assertImports({ dir, extension }: Project, expected: ImportExtension): void {
  assert.equal(extension, expected, `the rule chose '${extension}' for ${dir}`);
  const specifiers = siblingImports(dir);
  assert.ok(specifiers.length >= 3, specifiers.join(', '));
  for (const specifier of specifiers)
    assert.equal(specifier, siblingSpecifier(specifier.slice(2).split('.')[0] ?? '', expected));
}

async function ok(command: string, args: string[], dir: string, label: string): Promise<string> {
  const result = await run(command, args, { cwd: dir, env: toolEnv(env()) });
  assert.equal(result.code, 0, `${label} failed:\n${result.output}`);
  return result.output;
}

const tsc = (dir: string, ...args: string[]) =>
  ok(process.execPath, [bin('typescript/bin/tsc'), ...args], dir, `tsc ${args.join(' ')}`);

/** Node with type stripping (on by default from Node 22.18; the flag before that). */
const STRIP = process.features.typescript ? [] : ['--experimental-strip-types'];

/** The flags of `@tsconfig/strictest` that concern the generated code. */
const STRICT = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noPropertyAccessFromIndexSignature: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  erasableSyntaxOnly: true,
  // The generated files are sources, checked either way; @types/node need not be (time).
  skipLibCheck: true,
};

// ---- Next.js ---------------------------------------------------------------------------------

/** A Next.js App Router app as create-next-app lays it out (its tsconfig as `next build` wants it). */
function nextApp(name: string, options: { forced?: ImportExtension; allowTs?: boolean } = {}): Project {
  return project(
    name,
    {
      'next.config.ts': `import { join } from 'node:path';
import type { NextConfig } from 'next';

// The tools folder two levels up holds node_modules.
const root = join(import.meta.dirname, '..', '..');
const config: NextConfig = { turbopack: { root }, outputFileTracingRoot: root };

export default config;
`,
      'tsconfig.json': json({
        compilerOptions: {
          ...NEXT_COMPILER_OPTIONS,
          // What next build writes back into the file.
          jsx: 'react-jsx',
          plugins: [{ name: 'next' }],
          ...(options.allowTs ? { allowImportingTsExtensions: true } : {}),
        },
        include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts', '.next/dev/types/**/*.ts'],
        exclude: ['node_modules'],
      }),
      'app/layout.tsx': `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
      'app/page.tsx': `import { CmsClient } from '../src/cms';

// Rendered per request: the build needs no CMS.
export const dynamic = 'force-dynamic';

export default async function Page() {
  const baseURL = process.env.CMS_URL;
  if (!baseURL) throw new Error('CMS_URL is not set');
  const cms = new CmsClient({ baseURL });
  const tags = await cms.tags.find({ fields: ['name'] });
  return (
    <main>
      {tags.map((tag) => (
        <p key={tag.documentId}>tag: {tag.name}</p>
      ))}
    </main>
  );
}
`,
    },
    options.forced,
  );
}

const nextBin = () => bin('next/dist/bin/next');
let server: ChildProcess | undefined;

function stopServer(): void {
  if (server?.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  server = undefined;
}

/** `next start` on the build, then the page: it must show the tag the client fetched. */
async function servePage(dir: string): Promise<string> {
  const port = await freePort();
  let output = '';
  server = spawn(process.execPath, [nextBin(), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, ...env() },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        const body = await response.text();
        assert.equal(response.status, 200, `${body}\n${output}`);
        return body;
      } catch (error) {
        if (attempt > 150 || server.exitCode !== null) throw new Error(`next start: ${error}\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    stopServer();
  }
}

describe('--format ts output builds with each tool', { timeout: 15 * 60_000 }, () => {
  before(async () => {
    tools = await toolsDir();
    strapi = await strapiShapedServer();
  });

  after(async () => {
    stopServer();
    await strapi?.close();
  });

  for (const bundler of ['turbopack', 'webpack'] as const) {
    it(`next build (${bundler}): builds, and next start serves a server component calling find`, async () => {
      const app = nextApp(`next-${bundler}`);
      assertImports(app, 'none');
      const tsconfig = readFileSync(join(app.dir, 'tsconfig.json'), 'utf8');
      const build = await ok(
        process.execPath,
        [nextBin(), 'build', `--${bundler}`],
        app.dir,
        `next build --${bundler}`,
      );
      assert.match(build, bundler === 'turbopack' ? /\(Turbopack\)/ : /\(webpack\)/);
      assert.match(build, /ƒ \/\s/, 'the page is dynamic');
      assert.equal(
        readFileSync(join(app.dir, 'tsconfig.json'), 'utf8'),
        tsconfig,
        'next build rewrote tsconfig.json',
      );
      const requests = strapi!.paths.length;
      const page = await servePage(app.dir);
      assert.ok(page.includes(`tag: <!-- -->${TAG.name}`) || page.includes(`tag: ${TAG.name}`), page);
      assert.equal(strapi!.paths.slice(requests)[0], '/api/tags?fields[0]=name');
    });
  }

  it('next build (turbopack) of an app with allowImportingTsExtensions: the ./x.ts imports', async () => {
    const app = nextApp('next-allow-ts', { allowTs: true });
    assertImports(app, 'ts');
    await ok(process.execPath, [nextBin(), 'build', '--turbopack'], app.dir, 'next build --turbopack');
  });

  it('control: the ./client.js specifiers of before fail next build under Turbopack', async () => {
    const app = nextApp('next-js-specifiers', { forced: 'js' });
    const result = await run(process.execPath, [nextBin(), 'build', '--turbopack'], {
      cwd: app.dir,
      env: toolEnv(env()),
    });
    assert.notEqual(result.code, 0, result.output);
    assert.match(result.output, /Can't resolve '\.\/client\.js'/);
  });

  // ---- Vite --------------------------------------------------------------------------------

  it("vite build (app and library) after tsc -b over create-vite's tsconfig; the library bundle runs", async () => {
    const app = project('vite', {
      'tsconfig.json': json({
        files: [],
        references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }],
      }),
      'tsconfig.app.json': json({
        compilerOptions: {
          tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
          target: 'ES2022',
          useDefineForClassFields: true,
          module: 'ESNext',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: ['vite/client'],
          skipLibCheck: true,
          moduleResolution: 'bundler',
          allowImportingTsExtensions: true,
          verbatimModuleSyntax: true,
          moduleDetection: 'force',
          noEmit: true,
          strict: true,
          noUnusedLocals: true,
          noUnusedParameters: true,
          erasableSyntaxOnly: true,
          noFallthroughCasesInSwitch: true,
          noUncheckedSideEffectImports: true,
        },
        include: ['src'],
      }),
      'tsconfig.node.json': json({
        compilerOptions: {
          tsBuildInfoFile: './node_modules/.tmp/tsconfig.node.tsbuildinfo',
          target: 'ES2023',
          lib: ['ES2023'],
          module: 'ESNext',
          types: ['node'],
          skipLibCheck: true,
          moduleResolution: 'bundler',
          allowImportingTsExtensions: true,
          verbatimModuleSyntax: true,
          moduleDetection: 'force',
          noEmit: true,
          strict: true,
          erasableSyntaxOnly: true,
        },
        include: ['vite.config.ts', 'vite.lib.config.ts'],
      }),
      'index.html':
        '<!doctype html>\n<html lang="en">\n  <body>\n    <script type="module" src="/src/main.ts"></script>\n  </body>\n</html>\n',
      'src/main.ts': `import { CmsClient } from './cms/index.ts';

const cms = new CmsClient({ baseURL: location.origin });
const tags = await cms.tags.find({ fields: ['name'] });
document.body.textContent = tags.map((tag) => tag.name).join(', ');
`,
      'vite.config.ts': "import { defineConfig } from 'vite';\n\nexport default defineConfig({});\n",
      'vite.lib.config.ts': `import { defineConfig } from 'vite';

export default defineConfig({
  build: { outDir: 'dist-lib', lib: { entry: 'src/cms/index.ts', formats: ['es'], fileName: 'cms' } },
});
`,
      'run-lib.js': `import { CmsClient } from './dist-lib/cms.js';

const cms = new CmsClient({ baseURL: process.env.CMS_URL });
const tags = await cms.tags.find({ fields: ['name'] });
console.log(JSON.stringify(tags.map((tag) => tag.name)));
`,
    });
    assertImports(app, 'ts');
    await tsc(app.dir, '-b');
    const vite = bin('vite/bin/vite.js');
    await ok(process.execPath, [vite, 'build'], app.dir, 'vite build');
    const html = readFileSync(join(app.dir, 'dist', 'index.html'), 'utf8');
    const script = /src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script && existsSync(join(app.dir, 'dist', script)), html);
    await ok(process.execPath, [vite, 'build', '-c', 'vite.lib.config.ts'], app.dir, 'vite library build');
    const printed = await ok(process.execPath, ['run-lib.js'], app.dir, 'the library bundle');
    assert.equal(printed.trim(), PRINTED);
  });

  // ---- tsc -----------------------------------------------------------------------------------

  const nodenext = {
    target: 'es2023',
    lib: ['es2023'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: ['node'],
  };

  // Emitting checks as much as noEmit does; noEmit is the node type-stripping setup below.
  it('tsc, NodeNext, strict: emits, and the emitted program runs', async () => {
    const app = project('tsc-nodenext', {
      'tsconfig.json': json({
        compilerOptions: { ...nodenext, ...STRICT, outDir: 'dist', declaration: true },
        include: ['src'],
      }),
      'src/main.ts': mainTs('js'),
    });
    assertImports(app, 'js');
    await tsc(app.dir, '-p', 'tsconfig.json');
    assert.ok(existsSync(join(app.dir, 'dist', 'cms', 'index.d.ts')));
    assert.equal((await ok(process.execPath, ['dist/main.js'], app.dir, 'dist/main.js')).trim(), PRINTED);
  });

  it('tsc, NodeNext with rewriteRelativeImportExtensions: emits from ./x.ts imports, and it runs', async () => {
    const app = project('tsc-nodenext-rewrite', {
      'tsconfig.json': json({
        compilerOptions: { ...nodenext, ...STRICT, outDir: 'dist', rewriteRelativeImportExtensions: true },
        include: ['src'],
      }),
      'src/main.ts': mainTs('ts'),
    });
    assertImports(app, 'ts');
    await tsc(app.dir, '-p', 'tsconfig.json');
    assert.equal((await ok(process.execPath, ['dist/main.js'], app.dir, 'dist/main.js')).trim(), PRINTED);
  });

  it('tsc, bundler resolution, strict: checks and emits', async () => {
    const app = project('tsc-bundler', {
      'tsconfig.json': json({
        compilerOptions: {
          target: 'es2022',
          lib: ['es2023', 'dom', 'dom.iterable'],
          module: 'esnext',
          moduleResolution: 'bundler',
          types: ['node'],
          ...STRICT,
          outDir: 'dist',
          declaration: true,
        },
        include: ['src'],
      }),
      'src/main.ts': mainTs('none'),
    });
    assertImports(app, 'none');
    await tsc(app.dir, '-p', 'tsconfig.json');
    assert.ok(existsSync(join(app.dir, 'dist', 'cms', 'client.js')));
  });

  // ---- Node ----------------------------------------------------------------------------------

  it("node runs a .ts entry by type stripping (with TypeScript's setup for it, and with no tsconfig)", async () => {
    const checked = project('node-strip', {
      'tsconfig.json': json({
        compilerOptions: { ...nodenext, ...STRICT, allowImportingTsExtensions: true, noEmit: true },
        include: ['src'],
      }),
      'src/main.ts': mainTs('ts'),
    });
    assertImports(checked, 'ts');
    await tsc(checked.dir, '-p', 'tsconfig.json');
    const plain = project('node-strip-plain', { 'src/main.ts': mainTs('ts') });
    assertImports(plain, 'ts');
    for (const { dir } of [checked, plain]) {
      const printed = await ok(process.execPath, [...STRIP, 'src/main.ts'], dir, 'node src/main.ts');
      assert.equal(
        printed
          .split('\n')
          .filter((line) => line.startsWith('['))
          .join('\n'),
        PRINTED,
        printed,
      );
    }
  });

  it('control: node cannot run the ./client.js specifiers of before', async () => {
    const app = project('node-js-specifiers', { 'src/main.ts': mainTs('ts') }, 'js');
    const result = await run(process.execPath, [...STRIP, 'src/main.ts'], {
      cwd: app.dir,
      env: toolEnv(env()),
    });
    assert.notEqual(result.code, 0, result.output);
    assert.match(result.output, /ERR_MODULE_NOT_FOUND[\s\S]*client\.js|Cannot find module '[^']*client\.js'/);
  });
});
