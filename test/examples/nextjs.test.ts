/**
 * examples/nextjs against the bundled example Strapi: the client is generated into the app,
 * `next build` prerenders its pages by calling Strapi through the client, and the build's own
 * records show that the client's cache options reached Next: each fetch-cache entry carries the
 * `revalidate` the pages passed and the client's default tags before the page's own, and the
 * prerendered routes are ISR routes with that revalidate period and tag. Then, end to end: the
 * Strapi boots with a webhook to the Next server's route handler (127.0.0.1, on a port chosen
 * before the boot), `next start` serves the build, and an entry updated through the client
 * shows on the pages because Strapi's webhook reached `handleCmsWebhook` and `revalidateTag`;
 * a change whose webhook missed the server (delivered to a stand-in before it listened) stays
 * unseen. One boot of Strapi for the file.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createDemoApp, type DemoStrapi, generateInto, startDemoStrapi } from '../../scripts/demo.ts';
import { freePort } from '../harness/app.ts';
import { DEPS_DIR, ROOT } from '../harness/paths.ts';
import { run } from '../helpers/run.ts';

const EXAMPLE = join(ROOT, 'examples', 'nextjs');
const NEXT_DIR = join(EXAMPLE, '.next');
const SECRET = 'nextjs-example-test-secret';
/** What the pages pass as cache options (examples/nextjs/src/lib/cms.ts): an hour, so only a webhook refreshes them here. */
const REVALIDATE = 3600;

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

/**
 * The events Strapi's webhook delivers to `port` while `change` runs: a loopback stand-in
 * records them until none has come for a second, then closes, so a later listener on the port
 * gets none of them.
 */
async function deliveriesTo(port: number, change: () => Promise<unknown>): Promise<string[]> {
  const events: string[] = [];
  let last = Date.now();
  const server = createServer((request, response) => {
    events.push(String(request.headers['x-strapi-event']));
    last = Date.now();
    request.resume();
    response.writeHead(410).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  try {
    await change();
    const deadline = Date.now() + 15_000;
    while ((events.length === 0 || Date.now() - last < 1000) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return events;
}

let strapi: DemoStrapi | undefined;
let next: ChildProcess | undefined;
/** The Next server's port, chosen before Strapi boots with a webhook to it. */
let nextPort: number;
const env: Record<string, string> = { NEXT_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };

describe('examples/nextjs', { timeout: 20 * 60_000 }, () => {
  before(async () => {
    assert.ok(
      existsSync(join(DEPS_DIR, 'node_modules', 'cms-typed-client')),
      'the example Strapi is not installed: run npm test (or npm run demo) first',
    );
    nextPort = await freePort();
    strapi = await startDemoStrapi(createDemoApp('nextjs-example', { fresh: true }), {
      env: { CTC_WEBHOOK_URL: `http://127.0.0.1:${nextPort}/api/revalidate`, CTC_WEBHOOK_SECRET: SECRET },
    });
    Object.assign(env, {
      CMS_URL: strapi.url,
      CMS_TOKEN: strapi.tokens.readOnly,
      CMS_WEBHOOK_SECRET: SECRET,
    });
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
    // The page passes no tags: the client's default.
    assert.deepEqual(list.tags, ['cms:articles']);
    const slug = 'getting-started-with-strapi-5';
    const one = entries.find((entry) => entry.data.url.includes(`filters[slug][$eq]=${slug}`));
    assert.ok(one, 'no cache entry for one article');
    assert.equal(one.revalidate, REVALIDATE);
    assert.deepEqual(one.tags, ['cms:articles', `article:${slug}`]);
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
      meta.headers['x-next-cache-tags']?.split(',').includes('cms:articles'),
      JSON.stringify(meta.headers),
    );
  });

  it("shows a change Strapi's webhook revalidated; a change whose webhook missed the server stays unseen", async () => {
    const { CmsClient } = await import(pathToFileURL(join(EXAMPLE, 'src', 'cms', 'index.js')).href);
    const writer = new CmsClient({ baseURL: strapi!.url, token: strapi!.tokens.fullAccess });
    const slug = 'meet-the-community';
    const [article] = await writer.articles.find({ filters: { slug: { $eq: slug } }, fields: ['title'] });
    assert.equal(article?.title, 'Meet the community');

    // Next does not listen yet: this change's deliveries (entry.update, then entry.publish) reach a
    // stand-in on Next's port instead, and Strapi does not retry (its webhook runner posts once).
    const missed = `Missed by the webhook ${Date.now()}`;
    const events = await deliveriesTo(nextPort, () =>
      writer.articles.update(article.documentId, { title: missed }),
    );
    assert.deepEqual(events, ['entry.update', 'entry.publish']);

    const site = `http://127.0.0.1:${nextPort}`;
    next = spawn(
      process.execPath,
      [join(EXAMPLE, 'node_modules/next/dist/bin/next'), 'start', '-p', String(nextPort), '-H', '127.0.0.1'],
      { cwd: EXAMPLE, env: { ...process.env, ...env }, stdio: 'ignore', detached: true },
    );
    const page = async (path: string) => {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(`${site}${path}`);
          if (response.ok) return await response.text();
        } catch (error) {
          if (attempt > 150) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const home = await page('/');
    assert.ok(home.includes('Typed content with cms-types'), 'the home page lists the articles');
    assert.ok(
      home.includes('Meet the community') && !home.includes(missed),
      'without a webhook the page stays as cached (revalidate: an hour)',
    );

    // A delivery without the secret: refused by handleCmsWebhook, nothing revalidated.
    const refused = await fetch(`${site}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-strapi-event': 'entry.update' },
      body: JSON.stringify({
        event: 'entry.update',
        createdAt: new Date().toISOString(),
        model: 'article',
        uid: 'api::article.article',
        entry: { documentId: article.documentId },
      }),
    });
    assert.equal(refused.status, 401);
    assert.match(((await refused.json()) as { error: string }).error, /Authorization/);
    assert.ok(!(await page('/')).includes(missed), 'a refused delivery revalidates nothing');

    // Through the webhook: Strapi posts to the route handler, which revalidates `cms:articles`.
    const fresh = `Fresh through the webhook ${Date.now()}`;
    await writer.articles.update(article.documentId, { title: fresh });
    const deadline = Date.now() + 10_000;
    let shown = await page('/');
    while (!shown.includes(fresh) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      shown = await page('/');
    }
    assert.ok(shown.includes(fresh), 'the home page shows the change once the webhook revalidated its tag');
    assert.ok(
      (await page(`/articles/${slug}`)).includes(fresh),
      "the article's page too: its read carries cms:articles",
    );
  });
});
