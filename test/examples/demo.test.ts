/**
 * `npm run demo` end to end, as a newcomer runs it: it boots the bundled example Strapi (the
 * installed test Strapi's dependencies), generates the client into examples/node, type-checks
 * the example script, runs it (real content from Strapi) and stops Strapi. With `--keep`,
 * Strapi stays up with the printed URL and tokens until Ctrl-C.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DEPS_DIR, ROOT } from '../harness/paths.ts';

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

function collect(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return () => output;
}

const running: ChildProcess[] = [];
after(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGINT');
});

describe('npm run demo', { timeout: 15 * 60_000 }, () => {
  it('needs the installed example Strapi (npm test installs it first)', () => {
    assert.ok(
      existsSync(join(DEPS_DIR, 'node_modules', '@strapi', 'strapi')),
      'run npm test (or npm run demo)',
    );
  });

  it('prints real content read, filtered, populated and created through the typed client', async () => {
    // --fresh: the seeded content only, whatever earlier runs with --keep added.
    const child = spawn('npm', ['run', 'demo', '--', '--fresh'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    const output = collect(child);
    const code = await exited(child);
    const text = output();
    assert.equal(code, 0, text);
    // Generated from the running server, then type-checked.
    assert.match(text, /cms-types generate --url http:\/\/127\.0\.0\.1:\d+ --output src\/cms/);
    assert.match(text, /Generated .*in src\/cms|src\/cms is up to date/);
    assert.match(text, /No type errors\./);
    // Read with populate: seeded titles, their authors, categories and cover images.
    assert.match(text, /Articles, sorted by title \(4\):/);
    assert.match(text, /Getting started with Strapi 5\n\s+by Ada Lovelace · 5 min · Guides/);
    assert.match(text, /Typed content with cms-types\n\s+by Grace Hopper · 4 min · Guides, Releases/);
    assert.match(text, /cover: 960×540 \/uploads\/\S+\.png \(thumbnail \/uploads\/thumbnail_\S+\.png\)/);
    // Filters, nested populate, create and delete, a typed error.
    assert.match(
      text,
      /In the category "guides": Getting started with Strapi 5; Typed content with cms-types/,
    );
    assert.match(text, /2 min {2}Meet the community/);
    assert.match(
      text,
      /Ada Lovelace \(256×256 avatar\): Getting started with Strapi 5; What is new in the typed client/,
    );
    assert.match(
      text,
      /Created "Hello from examples\/node" \(documentId \w+\):\n\s+Hello from examples\/node\n\s+by Ada Lovelace · 1 min · Guides/,
    );
    assert.match(text, /findOne now returns null/);
    assert.match(text, /refused: 400 ValidationError\n\s+name: This attribute must be unique/);
    assert.match(text, /Stopped Strapi\./);
    // The generated client is what the example imported.
    const meta = JSON.parse(readFileSync(join(ROOT, 'examples/node/src/cms/.cms-types.json'), 'utf8'));
    assert.equal(meta.format, 'js');
  });

  it('--keep leaves Strapi running with its URL and tokens until Ctrl-C', async () => {
    const child = spawn(process.execPath, ['scripts/demo.ts', '--keep'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    const output = collect(child);
    const deadline = Date.now() + 5 * 60_000;
    while (!output().includes('Press Ctrl-C to stop it.')) {
      assert.equal(child.exitCode, null, output());
      assert.ok(Date.now() < deadline, output());
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const text = output();
    const url = /Strapi is still running at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    const token = /read-only API token: +(\S+)/.exec(text)?.[1];
    assert.ok(url && token, text);

    const articles = await fetch(`${url}/api/articles?sort=title`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(articles.status, 200);
    const body = (await articles.json()) as { data: { title: string }[] };
    assert.equal(body.data[0]?.title, 'Getting started with Strapi 5');
    // The plugin is on with requireAuth: the schema needs the token.
    assert.equal((await fetch(`${url}/api/cms-typed-client/schema-hash`)).status, 401);
    const hash = await fetch(`${url}/api/cms-typed-client/schema-hash`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(hash.status, 200);

    child.kill('SIGINT');
    assert.equal(await exited(child), 130);
    await assert.rejects(fetch(`${url}/_health`), 'Strapi stopped with the demo');
  });
});
