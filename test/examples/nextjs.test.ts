/**
 * examples/nextjs against the bundled example Strapi: the client is generated into the app,
 * `next build` prerenders its pages by calling Strapi through the client, and the build's own
 * records show that the client's cache options reached Next: each fetch-cache entry carries the
 * `revalidate` and `tags` the pages passed, and the prerendered routes are ISR routes with that
 * revalidate period and tag. Then `next start` serves the build, and the route handler's
 * `revalidateTag` makes an entry created in Strapi appear at once.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createDemoApp, type DemoStrapi, generateInto, startDemoStrapi } from '../../scripts/demo.ts';
import { freePort } from '../harness/app.ts';
import { DEPS_DIR, ROOT } from '../harness/paths.ts';
import { run } from '../helpers/run.ts';

const EXAMPLE = join(ROOT, 'examples', 'nextjs');
const NEXT_DIR = join(EXAMPLE, '.next');
const SECRET = 'nextjs-example-test-secret';
/** What the pages pass as cache options (examples/nextjs/src/lib/cms.ts). */
const REVALIDATE = 60;

/** A command in the example's folder, with `env` over this process's environment. */
const inExample = (command: string, args: string[], env: Record<string, string>) =>
  run(command, args, { cwd: EXAMPLE, env: { ...process.env, ...env } });

interface FetchCacheEntry {
  kind: string;
  revalidate: number | false;
  tags: string[];
  data: { url: string; status: number };
}

/** The fetch-cache entries `next build` wrote (.next/cache/fetch-cache, one JSON file per fetch). */
function fetchCache(): FetchCacheEntry[] {
  const dir = join(NEXT_DIR, 'cache', 'fetch-cache');
  assert.ok(existsSync(dir), 'next build wrote no fetch cache: the client did not pass revalidate to Next');
  return readdirSync(dir)
    .filter((file) => /^[0-9a-f]{64}$/.test(file))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as FetchCacheEntry)
    .filter((entry) => entry.kind === 'FETCH');
}

let strapi: DemoStrapi | undefined;
let next: ChildProcess | undefined;
const env: Record<string, string> = { NEXT_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };

describe('examples/nextjs', { timeout: 20 * 60_000 }, () => {
  before(async () => {
    assert.ok(
      existsSync(join(DEPS_DIR, 'node_modules', 'cms-typed-client')),
      'the example Strapi is not installed: run npm test (or npm run demo) first',
    );
    strapi = await startDemoStrapi(createDemoApp('nextjs-example', { fresh: true }));
    Object.assign(env, { CMS_URL: strapi.url, CMS_TOKEN: strapi.tokens.readOnly, REVALIDATE_SECRET: SECRET });
  });

  after(async () => {
    if (next?.pid !== undefined && next.exitCode === null) process.kill(-next.pid, 'SIGTERM');
    await strapi?.stop();
  });

  it('generates the client into the app and installs the app', async () => {
    await generateInto(EXAMPLE, {
      url: strapi!.url,
      token: strapi!.tokens.readOnly,
      output: 'src/cms',
      format: 'js',
    });
    const install = await inExample('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {});
    assert.equal(install.code, 0, install.output);
  });

  it('builds with next build, prerendering every page from Strapi', async () => {
    rmSync(NEXT_DIR, { recursive: true, force: true });
    const tsconfig = readFileSync(join(EXAMPLE, 'tsconfig.json'), 'utf8');
    const build = await inExample(
      process.execPath,
      [join(EXAMPLE, 'node_modules/next/dist/bin/next'), 'build'],
      env,
    );
    assert.equal(build.code, 0, build.output);
    assert.match(build.output, /\/articles\/getting-started-with-strapi-5/);
    assert.equal(
      readFileSync(join(EXAMPLE, 'tsconfig.json'), 'utf8'),
      tsconfig,
      'next build rewrote the committed tsconfig.json',
    );
  });

  it('hands revalidate and tags of every request to Next (its fetch cache)', () => {
    const entries = fetchCache();
    const list = entries.find((entry) => /\/api\/articles\?fields\[0\]=title/.test(entry.data.url));
    assert.ok(
      list,
      `no cache entry for the article list among:\n${entries.map((e) => e.data.url).join('\n')}`,
    );
    assert.equal(list.revalidate, REVALIDATE);
    assert.deepEqual(list.tags, ['articles']);
    const slug = 'getting-started-with-strapi-5';
    const one = entries.find((entry) => entry.data.url.includes(`filters[slug][$eq]=${slug}`));
    assert.ok(one, 'no cache entry for one article');
    assert.equal(one.revalidate, REVALIDATE);
    assert.deepEqual(one.tags, ['articles', `article:${slug}`]);
    for (const entry of entries) {
      assert.ok(entry.data.url.startsWith(`${strapi!.url}/api/`), entry.data.url);
      assert.equal(entry.data.status, 200);
    }
    // The API token is a request header: Next keeps it out of the cache on disk.
    for (const file of readdirSync(join(NEXT_DIR, 'cache', 'fetch-cache')))
      assert.ok(
        !readFileSync(join(NEXT_DIR, 'cache', 'fetch-cache', file), 'utf8').includes(strapi!.tokens.readOnly),
      );
  });

  it('makes the pages ISR routes with that period and tag (prerender manifest, route meta)', () => {
    const manifest = JSON.parse(readFileSync(join(NEXT_DIR, 'prerender-manifest.json'), 'utf8')) as {
      routes: Record<string, { initialRevalidateSeconds: number | false }>;
    };
    assert.equal(manifest.routes['/']?.initialRevalidateSeconds, REVALIDATE);
    assert.equal(manifest.routes['/articles/meet-the-community']?.initialRevalidateSeconds, REVALIDATE);
    const meta = JSON.parse(readFileSync(join(NEXT_DIR, 'server', 'app', 'index.meta'), 'utf8')) as {
      headers: Record<string, string>;
    };
    assert.ok(
      meta.headers['x-next-cache-tags']?.split(',').includes('articles'),
      JSON.stringify(meta.headers),
    );
  });

  it('serves the build and revalidates the tag from the route handler', async () => {
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    next = spawn(
      process.execPath,
      [join(EXAMPLE, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
      { cwd: EXAMPLE, env: { ...process.env, ...env }, stdio: 'ignore', detached: true },
    );
    const home = async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(`${site}/`);
          if (response.ok) return await response.text();
        } catch (error) {
          if (attempt > 150) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    assert.ok((await home()).includes('Typed content with cms-types'), 'the home page lists the articles');

    const title = `Fresh from Strapi ${Date.now()}`;
    const created = await fetch(`${strapi!.url}/api/articles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${strapi!.tokens.fullAccess}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title, slug: `fresh-${Date.now()}` } }),
    });
    assert.equal(created.status, 201);
    const { data } = (await created.json()) as { data: { documentId: string } };
    try {
      assert.ok(!(await home()).includes(title), 'the page is cached for 60 s');

      const refused = await fetch(`${site}/api/revalidate?tag=articles`, { method: 'POST' });
      assert.equal(refused.status, 401);
      const revalidated = await fetch(`${site}/api/revalidate?tag=articles`, {
        method: 'POST',
        headers: { 'x-revalidate-secret': SECRET },
      });
      assert.deepEqual(await revalidated.json(), { revalidated: true, tag: 'articles' });
      assert.ok((await home()).includes(title), 'after revalidateTag the page shows the new article');
    } finally {
      await fetch(`${strapi!.url}/api/articles/${data.documentId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${strapi!.tokens.fullAccess}` },
      });
    }
  });
});
