/**
 * The CLI never destroys a file it did not write. In real project folders on disk: `generate`
 * (from a snapshot, offline), `pull` and `watch` refuse with exit 6 when a file of the user's is
 * where they would write, name each such file, and write nothing (no output, no stored hash);
 * `--force` takes them over; cleanup removes only files a generation wrote.
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
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { plannedNames } from '../../../src/cli/generate.ts';
import { main } from '../../../src/cli/main.ts';
import { snapshotText } from '../../../src/cli/snapshot-file.ts';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { packageVersion, runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { runMain, sink } from '../../helpers/cli-main.ts';
import { eventually } from '../../helpers/watch-client.ts';

const payload = JSON.parse(
  readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8'),
) as SchemaResponse;

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A project with a package.json and the kitchen schema as a snapshot. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-ownership-'));
  folders.push(dir);
  writeFileSync(join(dir, 'package.json'), '{"name":"p","private":true}\n');
  writeFileSync(join(dir, 'cms-schema.json'), snapshotText(payload));
  return dir;
}

/** Every entry of a folder with its bytes (folders as `<dir>`). */
function contents(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => {
        const path = join(dir, name);
        return [name, statSync(path).isDirectory() ? '<dir>' : readFileSync(path, 'utf8')];
      }),
  );
}

const generate = (cwd: string, ...flags: string[]) =>
  runMain(['generate', '--schema', 'cms-schema.json', '--output', 'src/util', ...flags], { cwd });

const USER_CLIENT = 'export const client = "mine";\n';
const USER_INDEX = 'export * from "./client";\n';

describe('generate never replaces a file it did not write', () => {
  it('plannedNames are the names a generation writes, in both formats', () => {
    for (const format of ['js', 'ts'] as const) {
      const files = generateFiles(payload, { format, version: packageVersion(), runtime: runtimeAssets() });
      assert.deepEqual(plannedNames(format).sort(), Object.keys(files).sort(), format);
    }
  });

  it("the user's client.ts and index.ts in --output: refused with exit 6, each named, nothing written", async () => {
    const cwd = project();
    const util = join(cwd, 'src/util');
    mkdirSync(util, { recursive: true });
    writeFileSync(join(util, 'client.ts'), USER_CLIENT);
    writeFileSync(join(util, 'index.ts'), USER_INDEX);
    writeFileSync(join(util, 'format.ts'), 'export const format = 1;\n');
    const before = contents(util);
    const run = await generate(cwd, '--format', 'ts');
    assert.equal(run.code, 6, run.text);
    assert.match(
      run.stderr,
      /^error: src\/util has 2 files that cms-types did not write, where the generated output goes:\n {2}src\/util\/client\.ts\n {2}src\/util\/index\.ts\nNothing was written\. Generate into a folder of its own \(e\.g\. --output src\/util\/cms\), move them away, or run again with --force to replace them with generated files\.$/m,
    );
    assert.equal(run.stdout, '', 'no success line');
    assert.deepEqual(contents(util), before, 'every file as it was, no state file');
    assert.deepEqual(
      readdirSync(join(cwd, 'src')).filter((name) => name.startsWith('.cms-types-')),
      [],
      'no staging folder',
    );
    // The js format writes client.js and index.js: the .ts files are not in its way, and stay.
    const js = await generate(cwd, '--format', 'js');
    assert.equal(js.code, 0, js.text);
    assert.equal(readFileSync(join(util, 'client.ts'), 'utf8'), USER_CLIENT);
    assert.equal(readFileSync(join(util, 'index.ts'), 'utf8'), USER_INDEX);
  });

  it("a package.json of the user's where the js output writes its own: refused; the generated one is recognised", async () => {
    const cwd = project();
    const util = join(cwd, 'src/util');
    mkdirSync(util, { recursive: true });
    const mine = '{"name":"util","private":true}\n';
    writeFileSync(join(util, 'package.json'), mine);
    const refused = await generate(cwd, '--format', 'js');
    assert.equal(refused.code, 6, refused.text);
    assert.match(refused.stderr, /^ {2}src\/util\/package\.json$/m);
    assert.equal(readFileSync(join(util, 'package.json'), 'utf8'), mine);
    rmSync(join(util, 'package.json'));
    assert.equal((await generate(cwd, '--format', 'js')).code, 0);
    // The state file lost: the js output's package.json holds no header, but exactly what a
    // generation writes there, so it is still ours; an edited one is not.
    rmSync(join(util, '.cms-types.json'));
    const again = await generate(cwd, '--format', 'js');
    assert.equal(again.code, 0, again.text);
    rmSync(join(util, '.cms-types.json'));
    writeFileSync(join(util, 'package.json'), '{"type":"module","name":"edited"}\n');
    assert.equal((await generate(cwd, '--format', 'js')).code, 6);
  });

  it('--force takes them over; later generations replace them as their own; other files stay', async () => {
    const cwd = project();
    const util = join(cwd, 'src/util');
    mkdirSync(util, { recursive: true });
    writeFileSync(join(util, 'client.ts'), USER_CLIENT);
    writeFileSync(join(util, 'helpers.ts'), 'export const help = 1;\n');
    const forced = await generate(cwd, '--format', 'ts', '--force');
    assert.equal(forced.code, 0, forced.text);
    assert.match(readFileSync(join(util, 'client.ts'), 'utf8'), /^\/\/ Generated by cms-typed-client/);
    assert.equal(readFileSync(join(util, 'helpers.ts'), 'utf8'), 'export const help = 1;\n');
    const state = JSON.parse(readFileSync(join(util, '.cms-types.json'), 'utf8'));
    assert.ok(state.files.includes('client.ts'));
    // Edited by hand afterwards: still a generated file, written again without --force.
    writeFileSync(join(util, 'client.ts'), '// edited\n');
    const again = await generate(cwd);
    assert.equal(again.code, 0, again.text);
    assert.match(again.stdout, /a generated file was edited or deleted/);
  });

  it('switching format removes only the files the previous output wrote', async () => {
    const cwd = project();
    const util = join(cwd, 'src/util');
    assert.equal((await generate(cwd, '--format', 'ts')).code, 0);
    // A file of the user's named like one of the js format's, in a ts output: not ours.
    writeFileSync(join(util, 'types.d.ts'), 'declare const mine: 1;\n');
    const refused = await generate(cwd, '--format', 'js');
    assert.equal(refused.code, 6, 'types.d.ts is in the way of the js output');
    assert.match(
      refused.stderr,
      /src\/util has a file that cms-types did not write.*\n {2}src\/util\/types\.d\.ts\n/,
    );
    rmSync(join(util, 'types.d.ts'));
    writeFileSync(join(util, 'client.mjs'), 'export default 1;\n');
    const switched = await generate(cwd, '--format', 'js');
    assert.equal(switched.code, 0, switched.text);
    // The runtime's modules in runtime/ too.
    const names = readdirSync(util, { recursive: true, encoding: 'utf8' });
    assert.ok(names.includes(join('runtime', 'index.js')), names.join());
    assert.ok(!names.some((name) => name.endsWith('.ts') && !name.endsWith('.d.ts')), names.join());
    assert.ok(names.includes('client.mjs'), 'the user file stays');
  });

  it('a state file that is not ours, a folder or a link where a file goes, and an --output that is a file', async () => {
    const cwd = project();
    const util = join(cwd, 'src/util');
    mkdirSync(util, { recursive: true });
    writeFileSync(join(util, '.cms-types.json'), '{"tool":"another"}\n');
    mkdirSync(join(util, 'types.js'));
    symlinkSync(join(cwd, 'package.json'), join(util, 'index.d.ts'));
    const run = await generate(cwd);
    assert.equal(run.code, 6, run.text);
    assert.match(
      run.stderr,
      /3 files that cms-types did not write.*\n {2}src\/util\/\.cms-types\.json\n {2}src\/util\/index\.d\.ts\n {2}src\/util\/types\.js\n/,
    );
    assert.equal(readFileSync(join(util, '.cms-types.json'), 'utf8'), '{"tool":"another"}\n');
    const file = project();
    mkdirSync(join(file, 'src'));
    writeFileSync(join(file, 'src/util'), 'a file\n');
    const onFile = await generate(file);
    assert.equal(onFile.code, 6, onFile.text);
    assert.match(onFile.stderr, /--output src\/util is a file, not a folder/);
    assert.equal(readFileSync(join(file, 'src/util'), 'utf8'), 'a file\n');
  });

  it('the runtime folder: a file or a link in its place is in the way; files of yours in it stay', async () => {
    const cwd = project();
    const util = join(cwd, 'src/util');
    mkdirSync(util, { recursive: true });
    writeFileSync(join(util, 'runtime'), 'a file\n');
    const onFile = await generate(cwd);
    assert.equal(onFile.code, 6, onFile.text);
    assert.match(onFile.stderr, /a file that cms-types did not write.*\n {2}src\/util\/runtime\n/);
    rmSync(join(util, 'runtime'));
    symlinkSync(join(cwd, 'src'), join(util, 'runtime'));
    const onLink = await generate(cwd);
    assert.equal(onLink.code, 6, onLink.text);
    assert.match(onLink.stderr, /\n {2}src\/util\/runtime\n/);
    rmSync(join(util, 'runtime'));
    assert.equal((await generate(cwd)).code, 0);
    writeFileSync(join(util, 'runtime', 'NOTES.md'), 'mine\n');
    writeFileSync(join(util, 'runtime', 'index.js'), 'edited\n');
    assert.equal((await generate(cwd, '--force')).code, 0);
    assert.equal(readFileSync(join(util, 'runtime', 'NOTES.md'), 'utf8'), 'mine\n');
    assert.match(
      readFileSync(join(util, 'runtime', 'index.js'), 'utf8'),
      /^\/\/ Generated by cms-typed-client/,
    );
  });

  it('output whose state file was lost is recognised by its generated header', async () => {
    const cwd = project();
    const util = join(cwd, 'src/util');
    assert.equal((await generate(cwd)).code, 0);
    rmSync(join(util, '.cms-types.json'));
    const run = await generate(cwd);
    assert.equal(run.code, 0, run.text);
    assert.match(run.stdout, /Generated .*\(first run;/);
  });
});

describe('pull never replaces a file that is not a snapshot', () => {
  let server: Server;
  let url = '';
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/api/cms-typed-client/schema-hash')
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ hash: payload.hash }));
      else if (req.url === '/api/cms-typed-client/schema')
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('a JSON file of the user at --schema: exit 6, untouched; --force replaces it; a broken snapshot is replaced', async () => {
    const cwd = project();
    const mine = '{\n  "name": "my data"\n}\n';
    writeFileSync(join(cwd, 'data.json'), mine);
    const refused = await runMain(['pull', '--url', url, '--schema', 'data.json'], { cwd });
    assert.equal(refused.code, 6, refused.text);
    assert.match(
      refused.stderr,
      /data\.json is not a schema snapshot .* it is left as it is and nothing was written\..*--force/,
    );
    assert.equal(readFileSync(join(cwd, 'data.json'), 'utf8'), mine);
    const forced = await runMain(['pull', '--url', url, '--schema', 'data.json', '--force'], { cwd });
    assert.equal(forced.code, 0, forced.text);
    assert.equal(readFileSync(join(cwd, 'data.json'), 'utf8'), snapshotText(payload));
    // A snapshot cut off halfway is still ours: replaced without --force.
    writeFileSync(join(cwd, 'cut.json'), snapshotText(payload).slice(0, 300));
    const cut = await runMain(['pull', '--url', url, '--schema', 'cut.json'], { cwd });
    assert.equal(cut.code, 0, cut.text);
    assert.equal(readFileSync(join(cwd, 'cut.json'), 'utf8'), snapshotText(payload));
  });
});

describe('watch refuses at start and at every regeneration', () => {
  let server: Server;
  let url = '';
  /** Held event streams; `announce` sends each a `connected` event with the hash. */
  const streams = new Set<ServerResponse>();
  const served: SchemaResponse = payload;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/api/cms-typed-client/schema')
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(served));
      else if (req.url === '/api/cms-typed-client/schema-watch') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'X-Heartbeat-Interval': '60000' });
        res.write(': open\n\n');
        streams.add(res);
        res.once('close', () => streams.delete(res));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  const announce = (hash: string) => {
    for (const stream of streams) stream.write(`event: connected\ndata: ${JSON.stringify({ hash })}\n\n`);
  };

  it('at start: exit 6 before connecting, nothing written', async () => {
    const cwd = project();
    mkdirSync(join(cwd, 'src/util'), { recursive: true });
    writeFileSync(join(cwd, 'src/util/client.js'), USER_CLIENT);
    // Stopped after 3 s should it connect anyway.
    const run = await runMain(['watch', '--url', url, '--output', 'src/util'], {
      cwd,
      signal: AbortSignal.timeout(3_000),
    });
    assert.equal(run.code, 6, run.text);
    assert.match(
      run.stderr,
      /src\/util has a file that cms-types did not write.*\n {2}src\/util\/client\.js\n/,
    );
    assert.doesNotMatch(run.text, /Watching/);
    assert.equal(streams.size, 0, 'never connected');
    assert.deepEqual(readdirSync(join(cwd, 'src/util')), ['client.js']);
  });

  it('at a regeneration: refused, the previous output kept, still watching', async () => {
    const cwd = project();
    const util = join(cwd, 'src/util');
    const stop = new AbortController();
    let text = '';
    const running = main(['watch', '--url', url, '--output', 'src/util'], {
      cwd,
      env: {},
      stdin: process.stdin,
      stdout: sink((chunk) => {
        text += chunk;
      }),
      stderr: sink((chunk) => {
        text += chunk;
      }),
      signal: stop.signal,
    });
    try {
      await eventually(() => streams.size === 1, 5_000, 'watch to connect');
      // A file of the user's appears where the output goes, then Strapi announces a schema.
      mkdirSync(util, { recursive: true });
      writeFileSync(join(util, 'index.js'), USER_INDEX);
      announce(payload.hash);
      await eventually(() => text.includes('still watching'), 5_000, 'the refusal');
      // Gone again: the next announcement generates.
      rmSync(join(util, 'index.js'));
      announce(payload.hash);
      await eventually(() => text.includes('Generated '), 5_000, 'the generation');
    } finally {
      stop.abort();
    }
    assert.equal(await running, 0, text);
    assert.match(
      text,
      /error: src\/util has a file that cms-types did not write, where the generated output goes:\n {2}src\/util\/index\.js\n.*\(keeping the previous output; still watching\)/s,
    );
    assert.match(text, /Stopped watching\./);
    assert.ok(existsSync(join(util, '.cms-types.json')));
  });
});
