/**
 * A failed generation, whatever the cause, leaves the previous output and the stored hash
 * exactly as they were. Faults a live Strapi cannot produce on demand come from a small
 * loopback server speaking the plugin's endpoints.
 */
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CliContext } from '../../../src/cli/context.ts';
import { runGenerate } from '../../../src/cli/generate.ts';
import { generateOptions } from '../../../src/cli/options.ts';
import { createOutput } from '../../../src/cli/output.ts';
import type { StepHook } from '../../../src/cli/writer.ts';
import { schemaHash } from '../../../src/schema/hash.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { runtimeFiles } from '../../helpers/runtime-parts.ts';

type Mode = 'ok' | 'drop' | 'invalid-json' | 'html' | 'corrupt' | 'broken-schema' | 'hang';

const original = JSON.parse(
  readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8'),
) as SchemaResponse;

function withTagAttribute(name: string): SchemaResponse {
  const schema = structuredClone(original.schema);
  schema.contentTypes['api::tag.tag']!.attributes[name] = { type: 'string' };
  return { hash: schemaHash(schema), schema };
}

function brokenSchema(): SchemaResponse {
  const schema = structuredClone(original.schema);
  schema.contentTypes['api::tag.tag']!.attributes.owner = {
    type: 'relation',
    relation: 'manyToOne',
    target: 'api::missing.missing',
  };
  return { hash: schemaHash(schema), schema };
}

/** Every file of a folder (and of its folders, as `runtime/index.js`) with its bytes. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(dir, name);
    if (statSync(path).isFile()) files[name.split(sep).join('/')] = readFileSync(path, 'utf8');
  }
  return files;
}

describe('generation is atomic', () => {
  let server: Server;
  let url = '';
  let mode: Mode = 'ok';
  let served: SchemaResponse = original;
  let project = '';
  let baseline: Record<string, string> = {};
  const output: string[] = [];

  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/api/cms-typed-client/schema-hash') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hash: served.hash }));
        return;
      }
      if (req.url !== '/api/cms-typed-client/schema') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.stringify(mode === 'broken-schema' ? brokenSchema() : served);
      if (mode === 'ok' || mode === 'broken-schema')
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
      else if (mode === 'corrupt')
        res.writeHead(200).end(JSON.stringify({ ...served, hash: 'f'.repeat(64) }));
      else if (mode === 'invalid-json') res.writeHead(200).end(body.slice(0, 100));
      else if (mode === 'html')
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
      else if (mode === 'drop') {
        res.writeHead(200, { 'Content-Length': String(body.length) });
        res.write(body.slice(0, 500), () => res.socket?.destroy());
      }
      // 'hang': never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    project = mkdtempSync(join(tmpdir(), 'cms-atomic-'));
    writeFileSync(join(project, 'package.json'), '{"name":"atomic","private":true}\n');
  });
  after(() => {
    server.closeAllConnections();
    server.close();
    rmSync(project, { recursive: true, force: true });
  });

  function context(signal = new AbortController().signal): CliContext {
    const sink = {
      write: (chunk: string) => output.push(chunk) !== 0,
      isTTY: false,
    } as unknown as NodeJS.WritableStream;
    return {
      cwd: project,
      env: {},
      stdin: process.stdin,
      stdout: sink,
      out: createOutput({ stdout: sink, stderr: sink, env: {} }),
      signal,
    };
  }

  function generate(options: { hook?: StepHook; signal?: AbortSignal; format?: string } = {}) {
    const ctx = context(options.signal);
    const settings = generateOptions(
      { url, output: 'src/cms', format: options.format ?? 'js' },
      ctx,
      'generate',
    );
    return runGenerate(settings, ctx, options.hook ? { hook: options.hook } : {});
  }

  it('a first generation writes the output and the stored hash', async () => {
    const result = await generate();
    assert.equal(result.written, true);
    writeFileSync(join(project, 'src/cms/NOTES.md'), 'my own notes\n');
    baseline = snapshot(join(project, 'src/cms'));
    assert.equal(JSON.parse(baseline['.cms-types.json'] ?? '{}').hash, original.hash);
    served = withTagAttribute('shade');
  });

  const remoteFaults: [Mode, RegExp][] = [
    ['drop', /dropped while reading the schema/],
    ['invalid-json', /sent the schema that is not JSON/],
    ['html', /an HTML page \(a proxy or another server\?\)/],
    ['corrupt', /is corrupt: its hash does not match its content/],
    ['broken-schema', /"api::tag\.tag", attribute "owner": .*api::missing\.missing/],
  ];
  for (const [fault, message] of remoteFaults) {
    it(`${fault}: fails clearly and changes nothing`, async () => {
      mode = fault;
      await assert.rejects(generate(), message);
      assert.deepEqual(snapshot(join(project, 'src/cms')), baseline);
      mode = 'ok';
    });
  }

  const steps: [Parameters<StepHook>[0], string | undefined][] = [
    ['mkdir', undefined],
    ['write', 'types.js'],
    ['write', 'client.d.ts'],
    ['write', 'index.d.ts'],
    ['write', '.cms-types.json'],
    ['copy', 'NOTES.md'],
    ['swap', undefined],
    ['swap-in', undefined],
  ];
  for (const [step, file] of steps) {
    it(`a disk failure at ${step}${file ? ` ${file}` : ''} changes nothing`, async () => {
      const hook: StepHook = (current, name) => {
        if (current === step && (file === undefined || name === file))
          throw new Error(`ENOSPC: injected at ${step}`);
      };
      await assert.rejects(generate({ hook }), /ENOSPC: injected/);
      assert.deepEqual(snapshot(join(project, 'src/cms')), baseline);
      assert.deepEqual(
        readdirSync(join(project, 'src')).filter((name) => name.startsWith('.cms-types-')),
        [],
        'no staging folder left behind',
      );
    });
  }

  it('Ctrl-C while fetching changes nothing', async () => {
    mode = 'hang';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(generate({ signal: controller.signal }));
    assert.deepEqual(snapshot(join(project, 'src/cms')), baseline);
    mode = 'ok';
  });

  it('then a good run replaces the output, keeps foreign files and stores the new hash last', async () => {
    const result = await generate();
    assert.equal(result.written, true);
    const now = snapshot(join(project, 'src/cms'));
    assert.equal(now['NOTES.md'], 'my own notes\n');
    assert.equal(JSON.parse(now['.cms-types.json'] ?? '{}').hash, served.hash);
    assert.match(now['types.d.ts'] ?? '', /\bshade\b/);
  });

  it('switching format removes the other format and is deterministic', async () => {
    await generate({ format: 'ts' });
    const first = snapshot(join(project, 'src/cms'));
    assert.deepEqual(Object.keys(first).sort(), [
      '.cms-types.json',
      'NOTES.md',
      'client.ts',
      'client/routes.ts',
      'index.ts',
      'mocks.ts',
      ...runtimeFiles('ts'),
      'types.ts',
      'validators.ts',
    ]);
    rmSync(join(project, 'src/cms'), { recursive: true });
    mkdirSync(join(project, 'src/cms'));
    writeFileSync(join(project, 'src/cms/NOTES.md'), 'my own notes\n');
    await generate({ format: 'ts' });
    assert.deepEqual(snapshot(join(project, 'src/cms')), first, 'byte-identical output for the same schema');
  });

  it('the js output marks its folder ESM; a package.json of your own in a ts output stays', async () => {
    const dir = join(project, 'src/cms');
    await generate({ format: 'js' });
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')), { type: 'module' });
    await generate({ format: 'ts' });
    assert.equal(existsSync(join(dir, 'package.json')), false, "the js output's package.json goes with it");
    writeFileSync(join(dir, 'package.json'), '{"name":"mine","private":true}\n');
    rmSync(join(dir, 'index.ts'));
    assert.equal((await generate({ format: 'ts' })).written, true, 'a deleted file is written again');
    assert.equal(readFileSync(join(dir, 'package.json'), 'utf8'), '{"name":"mine","private":true}\n');
    rmSync(join(dir, 'package.json'));
  });

  it('output of the layout before (the runtime pasted into client, no runtime file) is replaced cleanly; your files stay', async () => {
    const dir = join(project, 'src/cms');
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    const old = [
      'client.d.ts',
      'client.js',
      'index.d.ts',
      'index.js',
      'types.d.ts',
      'types.js',
      // The runtime as 0.1 wrote it, beside the other files.
      'runtime.d.ts',
      'runtime.js',
      'runtime-failures.js',
    ];
    for (const name of old) writeFileSync(join(dir, name), `// ${name} of cms-typed-client 0.0.9\n`);
    // A part an earlier version wrote (with the generated header, unlisted: its state file was
    // lost), one that only looks generated by name, and the application's own files.
    writeFileSync(
      join(dir, 'runtime-legacy.js'),
      '// Generated by cms-typed-client. Do not edit: run `cms-types generate` again instead.\n',
    );
    writeFileSync(join(dir, 'runtime-mine.js'), '// a module of the application named like a part\n');
    writeFileSync(join(dir, 'NOTES.md'), 'my own notes\n');
    writeFileSync(join(dir, 'format.ts'), 'export const mine = 1;\n');
    writeFileSync(
      join(dir, '.cms-types.json'),
      `${JSON.stringify({ generator: 'cms-typed-client', version: '0.0.9', hash: served.hash, format: 'js', files: old })}\n`,
    );
    const result = await generate({ format: 'js' });
    assert.equal(result.written, true, 'another version wrote it: generate writes again');
    const now = snapshot(dir);
    const names = Object.keys(now);
    assert.deepEqual(
      names.sort(),
      [
        '.cms-types.json',
        'NOTES.md',
        'client.d.ts',
        'client.js',
        'client/routes.d.ts',
        'client/routes.js',
        'format.ts',
        'index.d.ts',
        'index.js',
        'mocks.d.ts',
        'mocks.js',
        'package.json',
        ...runtimeFiles('js', names),
        'runtime-mine.js',
        'types.d.ts',
        'types.js',
        'validators.d.ts',
        'validators.js',
      ].sort(),
    );
    assert.equal(now['runtime-mine.js'], '// a module of the application named like a part\n');
    for (const name of old.filter((name) => !name.startsWith('runtime')))
      assert.doesNotMatch(now[name] ?? '', /0\.0\.9/, `${name} is the new one`);
    assert.equal(now['NOTES.md'], 'my own notes\n');
    assert.equal(now['format.ts'], 'export const mine = 1;\n');
    assert.match(
      now['client.js'] ?? '',
      /from '\.\/runtime\/index\.js';/,
      'the new client imports the runtime module',
    );
  });
});
