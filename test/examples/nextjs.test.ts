/**
 * examples/nextjs (the app create-next-app makes with Next.js 16: Cache Components and partial
 * prefetching on) against the bundled example Strapi. The client is generated into the app and
 * `next build` prerenders its pages by calling Strapi through the client; the build's own
 * records show that the client's cache options reached Next (each fetch-cache entry carries the
 * `revalidate` the pages passed and the client's tags before the page's own; the prerendered
 * routes are ISR routes with that period and those tags). Then `next start` serves the build, and
 * Strapi's webhook reaches the route handler through a loopback relay the test switches on and
 * off: a change whose webhook was dropped stays unseen on every cached page (a fetch-cached read,
 * a `'use cache'` function called at request time) and shows at once where the read is uncached
 * (under `<Suspense>`); a change whose webhook arrived shows everywhere, because
 * `handleCmsWebhook`'s tags reached `revalidateTag`, and the `'use cache'` entries carry the
 * client's tags. An unknown slug answers 404 with the not-found page.
 *
 * The same app without Cache Components (`cacheComponents: false`, as apps made before Next.js
 * 16 run): a copy of the example without its two `'use cache'` pages and the Cache Components
 * route config, built and served the same way, its fetch-cached pages revalidated by the same
 * webhook. One boot of Strapi for the file.
 *
 * Preview and draft mode: the example Strapi serves its admin panel (built by `strapi build`
 * first) with `cmsPreview` in config/admin pointing at the example's /api/preview route. Real
 * Chromium logs into the admin, opens an article whose draft differs from the published version,
 * clicks "Open preview", and sees the draft title in the preview frame (the route checked the
 * secret, turned on draft mode, and the page read through `withStatus`); a visitor at the same
 * time sees the published title; "Leave preview" restores it; publishing from Strapi's preview
 * page refreshes the frame (Live Preview's `strapiUpdate`); a wrong secret answers 401.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createDemoApp, type DemoStrapi, generateInto, startDemoStrapi } from '../../scripts/demo.ts';
import { freePort } from '../harness/app.ts';
import { DEPS_DIR, ROOT } from '../harness/paths.ts';
import { chromiumMissing, launchChromium } from '../helpers/browser.ts';
import { run } from '../helpers/run.ts';

const EXAMPLE = join(ROOT, 'examples', 'nextjs');
/** The example without Cache Components, made by this test (git-ignored). */
const LEGACY = join(ROOT, '.cache', 'nextjs-without-cache-components');
const SECRET = 'nextjs-example-test-secret';
/** The preview secret config/admin's cmsPreview and the example's /api/preview route share. */
const PREVIEW_SECRET = 'nextjs-example-preview-secret';
/** The admin of the test Strapi, registered by the test. */
const ADMIN = {
  email: 'editor@example.test',
  password: 'Preview-Editor-1',
  firstname: 'Eda',
  lastname: 'Itor',
};
/** What the pages pass as cache options (examples/nextjs/src/lib/cms.ts): an hour, so only a webhook refreshes them here. */
const REVALIDATE = 3600;
const SLUG = 'meet-the-community';

interface FetchCacheEntry {
  kind: string;
  revalidate: number | false;
  tags: string[];
  data: { url: string; status: number };
}

/** The fetch-cache entries `next build` wrote in `app` (.next/cache/fetch-cache, one JSON file per fetch). */
function fetchCache(app: string): FetchCacheEntry[] {
  const dir = join(app, '.next', 'cache', 'fetch-cache');
  assert.ok(existsSync(dir), 'next build wrote no fetch cache: the client did not pass revalidate to Next');
  return readdirSync(dir)
    .filter((file) => /^[0-9a-f]{64}$/.test(file))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as FetchCacheEntry)
    .filter((entry) => entry.kind === 'FETCH');
}

/**
 * Strapi's webhook goes to this loopback relay, which records each delivery's event and passes
 * it on to the route handler of the Next server at `target`, or drops it (410) while `target` is
 * undefined: a change made meanwhile is one whose webhook never reached Next.
 */
class WebhookRelay {
  readonly events: string[] = [];
  target: string | undefined;
  private last = 0;
  private readonly server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.events.push(String(request.headers['x-strapi-event']));
      this.last = performance.now();
      const target = this.target;
      if (target === undefined) {
        response.writeHead(410).end();
        return;
      }
      const headers = new Headers();
      for (const name of ['content-type', 'authorization', 'x-strapi-event'])
        if (typeof request.headers[name] === 'string') headers.set(name, request.headers[name]);
      fetch(`${target}${request.url}`, {
        method: request.method ?? 'POST',
        headers,
        body: Buffer.concat(chunks),
      })
        .then(async (answer) => response.writeHead(answer.status).end(await answer.text()))
        .catch(() => response.writeHead(502).end());
    });
  });

  listen(port: number): Promise<void> {
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', resolve));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The events delivered while `change` runs, once none has come for a second. */
  async deliveries(change: () => Promise<unknown>): Promise<string[]> {
    const from = this.events.length;
    await change();
    const deadline = performance.now() + 15_000;
    while (
      (this.events.length === from || performance.now() - this.last < 1000) &&
      performance.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return this.events.slice(from);
  }
}

let strapi: DemoStrapi | undefined;
/** The port of the Next server Strapi's preview opens (config/admin needs it at boot). */
let previewPort = 0;
/** The example Strapi's folder, removed at the end. */
let appDir: string | undefined;
const servers: ChildProcess[] = [];
const relay = new WebhookRelay();
const env: Record<string, string> = { NEXT_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };
/** Seconds each `next build` took, reported at the end. */
const buildSeconds: Record<string, number> = {};

/** `next build` in `app`, timed; fails with its output. */
async function nextBuild(app: string): Promise<string> {
  rmSync(join(app, '.next'), { recursive: true, force: true });
  const started = performance.now();
  const build = await run(process.execPath, [join(EXAMPLE, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: app,
    env: { ...process.env, ...env },
  });
  buildSeconds[relative(ROOT, app)] = Math.round((performance.now() - started) / 1000);
  assert.equal(build.code, 0, build.output);
  return build.output;
}

/** `next start` in `app` on `port` (a free one by default); the pages' text by path, once the server answers. */
async function nextStart(app: string, port?: number) {
  port ??= await freePort();
  const server = spawn(
    process.execPath,
    [join(EXAMPLE, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
    { cwd: app, env: { ...process.env, ...env }, stdio: 'ignore', detached: true },
  );
  servers.push(server);
  const site = `http://127.0.0.1:${port}`;
  const get = async (path: string): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(`${site}${path}`);
      } catch (error) {
        if (attempt > 150) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const page = async (path: string): Promise<string> => {
    const response = await get(path);
    assert.equal(response.status, 200, `${path} answered ${response.status}`);
    return response.text();
  };
  /** Reads `path` until it shows `text` (ten seconds at most: revalidation renders in the background). */
  const until = async (path: string, text: string): Promise<string> => {
    const deadline = performance.now() + 10_000;
    let shown = await page(path);
    while (!shown.includes(text) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      shown = await page(path);
    }
    return shown;
  };
  return { site, get, page, until };
}

/** The client with the full-access token, loaded from the generated output, and the article's id. */
async function writer() {
  const { CmsClient } = await import(pathToFileURL(join(EXAMPLE, 'src', 'cms', 'index.js')).href);
  const client = new CmsClient({ baseURL: strapi!.url, token: strapi!.tokens.fullAccess });
  const [article] = await client.articles.find({ filters: { slug: { $eq: SLUG } }, fields: ['title'] });
  assert.ok(article, `no article ${SLUG}`);
  return {
    title: article.title as string,
    /** Updates the article's title; resolves with the webhook events Strapi delivered for it. */
    retitle: (title: string) =>
      relay.deliveries(() => client.articles.update(article.documentId, { title })) as Promise<string[]>,
    documentId: article.documentId as string,
    /** Saves `title` into the article's draft only: the published version keeps its title. */
    saveDraft: async (title: string) => {
      await client.articles.update(article.documentId, { title }, { status: 'draft' });
    },
  };
}

/** A delivery without the secret: refused by handleCmsWebhook with 401, nothing revalidated. */
async function refusedDelivery(site: string, documentId: string): Promise<void> {
  const refused = await fetch(`${site}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-strapi-event': 'entry.update' },
    body: JSON.stringify({
      event: 'entry.update',
      createdAt: '2026-01-01T00:00:00.000Z',
      model: 'article',
      uid: 'api::article.article',
      entry: { documentId },
    }),
  });
  assert.equal(refused.status, 401);
  assert.match(((await refused.json()) as { error: string }).error, /Authorization/);
}

/** Removes the Cache Components parts of the example: what an app without them would have. */
function makeLegacyCopy(): void {
  rmSync(LEGACY, { recursive: true, force: true });
  const cacheOnly = [join('src', 'app', 'authors'), join('src', 'app', 'search')];
  cpSync(join(EXAMPLE, 'src'), join(LEGACY, 'src'), {
    recursive: true,
    filter: (source) =>
      !cacheOnly.some((dir) => `${relative(EXAMPLE, source)}${sep}`.startsWith(`${dir}${sep}`)),
  });
  for (const file of ['package.json', 'tsconfig.json']) cpSync(join(EXAMPLE, file), join(LEGACY, file));
  symlinkSync(join(EXAMPLE, 'node_modules'), join(LEGACY, 'node_modules'), 'dir');
  const slugPage = join(LEGACY, 'src', 'app', 'articles', '[slug]', 'page.tsx');
  const text = readFileSync(slugPage, 'utf8');
  const withoutConfig = text.replace("export const ensureStatic = 'navigation';\n", '');
  assert.notEqual(withoutConfig, text, 'the slug page no longer sets ensureStatic: update this copy');
  writeFileSync(slugPage, withoutConfig);
  // Turbopack's root holds both this copy and the example's node_modules it links to.
  writeFileSync(
    join(LEGACY, 'next.config.ts'),
    `import type { NextConfig } from 'next';\n\nconst nextConfig: NextConfig = {\n  cacheComponents: false,\n  turbopack: { root: ${JSON.stringify(ROOT)} },\n  outputFileTracingRoot: ${JSON.stringify(ROOT)},\n};\n\nexport default nextConfig;\n`,
  );
  const left = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? left(join(dir, entry.name))
        : readFileSync(join(dir, entry.name), 'utf8').includes("'use cache'")
          ? [join(dir, entry.name)]
          : [],
    );
  assert.deepEqual(left(join(LEGACY, 'src', 'app')), [], "a page of the copy still uses 'use cache'");
}

describe('examples/nextjs', { timeout: 25 * 60_000 }, () => {
  before(async () => {
    assert.ok(
      existsSync(join(DEPS_DIR, 'node_modules', 'cms-typed-client')),
      'the example Strapi is not installed: run npm test (or npm run demo) first',
    );
    const relayPort = await freePort();
    await relay.listen(relayPort);
    previewPort = await freePort();
    // Outside the repository: `strapi build` would take its tsconfig.json for the app's own.
    const app = createDemoApp('cms-typed-client-nextjs-example', { fresh: true, root: tmpdir() });
    appDir = app.dir;
    const adminEnv = {
      CTC_ADMIN: 'true',
      CTC_PREVIEW_URL: `http://127.0.0.1:${previewPort}`,
      CTC_PREVIEW_SECRET: PREVIEW_SECRET,
    };
    // The admin panel Strapi's preview lives in, built as `npm run build` of an app does.
    const started = performance.now();
    const build = await run(
      process.execPath,
      [join(app.dir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'build'],
      {
        cwd: app.dir,
        env: { ...process.env, ...adminEnv, NODE_ENV: 'production' },
      },
    );
    buildSeconds['strapi build'] = Math.round((performance.now() - started) / 1000);
    assert.equal(build.code, 0, build.output);
    strapi = await startDemoStrapi(app, {
      env: {
        CTC_WEBHOOK_URL: `http://127.0.0.1:${relayPort}/api/revalidate`,
        CTC_WEBHOOK_SECRET: SECRET,
        ...adminEnv,
      },
    });
    Object.assign(env, {
      CMS_URL: strapi.url,
      CMS_TOKEN: strapi.tokens.readOnly,
      CMS_WEBHOOK_SECRET: SECRET,
      CMS_PREVIEW_SECRET: PREVIEW_SECRET,
    });
  });

  after(async () => {
    for (const server of servers)
      if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    await relay.close();
    await strapi?.stop();
    rmSync(LEGACY, { recursive: true, force: true });
    if (appDir) rmSync(appDir, { recursive: true, force: true });
    console.log(`# next build took (s): ${JSON.stringify(buildSeconds)}`);
  });

  it('generates the client into the app and installs the app', async () => {
    await generateInto(EXAMPLE, {
      url: strapi!.url,
      token: strapi!.tokens.readOnly,
      output: 'src/cms',
      format: 'js',
    });
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: EXAMPLE,
      env: process.env,
    });
    assert.equal(install.code, 0, install.output);
  });

  it("lints clean with create-next-app's ESLint config, the generated src/cms included", async () => {
    const lint = await run('npm', ['run', 'lint', '--', '--max-warnings=0'], {
      cwd: EXAMPLE,
      env: process.env,
    });
    assert.equal(lint.code, 0, lint.output);
    // ESLint's own report ("✖ 3 problems (0 errors, 3 warnings)"); npm echoes --max-warnings itself.
    assert.doesNotMatch(lint.output, /problems?|Unused eslint-disable/, lint.output);
    assert.ok(existsSync(join(EXAMPLE, 'src', 'cms', 'client.js')), 'the generated client was there to lint');
  });

  describe('with Cache Components (create-next-app: cacheComponents, partialPrefetching)', () => {
    const NEXT_DIR = join(EXAMPLE, '.next');

    it('builds with next build, prerendering every page from Strapi', async () => {
      const config = readFileSync(join(EXAMPLE, 'next.config.ts'), 'utf8');
      assert.match(config, /cacheComponents: true/);
      assert.match(config, /partialPrefetching: true/);
      const tsconfig = readFileSync(join(EXAMPLE, 'tsconfig.json'), 'utf8');
      const output = await nextBuild(EXAMPLE);
      assert.match(output, /Cache Components enabled/);
      assert.match(output, /\/articles\/getting-started-with-strapi-5/);
      assert.equal(
        readFileSync(join(EXAMPLE, 'tsconfig.json'), 'utf8'),
        tsconfig,
        'next build rewrote the committed tsconfig.json',
      );
    });

    it('hands revalidate and tags of every request to Next (its fetch cache)', () => {
      const entries = fetchCache(EXAMPLE);
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
          !readFileSync(join(NEXT_DIR, 'cache', 'fetch-cache', file), 'utf8').includes(
            strapi!.tokens.readOnly,
          ),
        );
    });

    it("prerenders the pages with their period and the client's tags, the 'use cache' page's too", () => {
      const manifest = JSON.parse(readFileSync(join(NEXT_DIR, 'prerender-manifest.json'), 'utf8')) as {
        routes: Record<string, { initialRevalidateSeconds: number | false }>;
      };
      assert.equal(manifest.routes['/']?.initialRevalidateSeconds, REVALIDATE);
      assert.equal(manifest.routes[`/articles/${SLUG}`]?.initialRevalidateSeconds, REVALIDATE);
      // cacheLife('hours'): revalidate an hour.
      assert.equal(manifest.routes['/authors']?.initialRevalidateSeconds, 3600);
      const tags = (route: string) =>
        (
          JSON.parse(readFileSync(join(NEXT_DIR, 'server', 'app', `${route}.meta`), 'utf8')) as {
            headers: Record<string, string>;
          }
        ).headers['x-next-cache-tags']?.split(',') ?? [];
      assert.ok(tags('index').includes('cms:articles'), tags('index').join());
      // The tags of the read inside the 'use cache' function (no cache options) reached its entry and the page.
      assert.ok(tags('authors').includes('cms:authors'), tags('authors').join());
    });

    it("serves the pages; a change shows where its webhook revalidated the client's tags, never before", async () => {
      const next = await nextStart(EXAMPLE);
      const article = await writer();
      const before = article.title;
      const search = `/search?q=${encodeURIComponent('community')}`;
      // The 'use cache' search runs at request time (searchParams): this request fills its entry.
      assert.ok((await next.page(search)).includes(before), 'the search finds the article');
      assert.ok((await next.page('/')).includes(before));
      assert.ok((await next.page('/authors')).includes(before));

      // Strapi's webhook for this change (entry.update, then entry.publish) is dropped by the relay.
      const missed = `Missed by the webhook ${performance.now()}`;
      assert.deepEqual(await article.retitle(missed), ['entry.update', 'entry.publish']);
      const home = await next.page('/');
      assert.ok(home.includes(before) && !home.includes(missed), 'a fetch-cached read stays as cached');
      const found = await next.page(search);
      assert.ok(found.includes(before) && !found.includes(missed), "a 'use cache' entry stays as cached");
      // The uncached read under <Suspense> (the last changed article) reads Strapi on every request.
      const authors = await next.until('/authors', `Last changed: <!-- -->${missed}`);
      assert.ok(
        authors.includes(`Last changed: <!-- -->${missed}`),
        'the uncached read shows the change at once',
      );
      assert.ok(authors.includes(`>${before}</a>`), "the 'use cache' author list stays as cached");

      await refusedDelivery(next.site, article.documentId);
      assert.ok(!(await next.page('/')).includes(missed), 'a refused delivery revalidates nothing');

      // Through the webhook: Strapi posts to the route handler, which revalidates the change's tags.
      relay.target = next.site;
      const fresh = `Fresh through the webhook ${performance.now()}`;
      assert.deepEqual(await article.retitle(fresh), ['entry.update', 'entry.publish']);
      assert.ok((await next.until('/', fresh)).includes(fresh), 'the list shows the change (cms:articles)');
      assert.ok(
        (await next.until(`/articles/${SLUG}`, fresh)).includes(fresh),
        "the article's page too: its read carries cms:articles",
      );
      assert.ok(
        (await next.until(search, fresh)).includes(fresh),
        "the 'use cache' search entry: the tags of the client's read are its tags",
      );
      assert.ok(
        (await next.until('/authors', `>${fresh}</a>`)).includes(`>${fresh}</a>`),
        "the 'use cache' author list: an article's change revalidates cms:authors, which populates articles",
      );
      relay.target = undefined;
    });

    it("Strapi's Open preview shows the draft; a visitor sees the published page; leaving restores it", {
      skip: chromiumMissing(),
    }, async () => {
      const next = await nextStart(EXAMPLE, previewPort);
      const article = await writer();
      const published = article.title;
      const draft = `Draft seen in preview ${performance.now()}`;
      await article.saveDraft(draft);
      const visitor = await next.page(`/articles/${SLUG}`);
      assert.ok(visitor.includes(published) && !visitor.includes(draft), 'a saved draft is not published');

      // A wrong secret: the documented status, and no draft mode.
      const query = `uid=api::article.article&documentId=${article.documentId}&status=draft&path=/articles/${SLUG}`;
      const refused = await next.get(`/api/preview?secret=wrong-secret&${query}`);
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get('set-cookie'), null, 'a refused preview sets no draft-mode cookie');

      const registered = await fetch(`${strapi!.url}/admin/register-admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      assert.equal(registered.status, 200, await registered.text());

      const browser = await launchChromium();
      try {
        const editor = await (await browser.newContext()).newPage();
        await editor.goto(`${strapi!.url}/admin/auth/login`);
        await editor.locator('input[name="email"]').fill(ADMIN.email);
        await editor.locator('input[name="password"]').fill(ADMIN.password);
        await editor.getByRole('button', { name: /^log ?in$/i }).click();
        await editor.waitForURL((url) => !url.pathname.includes('/auth/'), { timeout: 60_000 });
        await editor.goto(
          `${strapi!.url}/admin/content-manager/collection-types/api::article.article/${article.documentId}`,
        );
        await editor.getByRole('link', { name: 'Open preview' }).click({ timeout: 60_000 });
        const frame = editor.frameLocator('iframe');
        await frame.locator('h1', { hasText: draft }).waitFor({ timeout: 60_000 });
        const src = await editor.locator('iframe').getAttribute('src');
        assert.ok(src?.startsWith(`${next.site}/api/preview?`), `the preview frame opened ${src}`);
        assert.ok(await frame.getByText('Draft preview').isVisible(), 'the page says it shows a draft');

        // At the same time, a visitor (another browser, and a plain request) sees the published page.
        const reader = await (await browser.newContext()).newPage();
        await reader.goto(`${next.site}/articles/${SLUG}`);
        assert.equal(await reader.locator('h1').textContent(), published);
        assert.equal(await reader.getByText('Draft preview').count(), 0);
        const plain = await next.page(`/articles/${SLUG}`);
        assert.ok(
          plain.includes(published) && !plain.includes(draft),
          'the draft never filled the published page',
        );

        // Leaving preview: draft mode off, the published title back in the same frame.
        await frame.getByRole('link', { name: 'Leave preview' }).click();
        await frame.locator('h1', { hasText: published }).waitFor({ timeout: 30_000 });
        assert.equal(await frame.getByText('Draft preview').count(), 0);

        // Live Preview: in preview again, the editor publishes from Strapi's preview page; Strapi
        // posts strapiUpdate to the frame and the page's listener refreshes it (router.refresh:
        // a request for the page's RSC payload).
        await editor.reload();
        await frame.locator('h1', { hasText: draft }).waitFor({ timeout: 60_000 });
        const refresh = editor.waitForRequest(
          (request) =>
            request.url().startsWith(`${next.site}/articles/${SLUG}`) &&
            (request.headers().rsc === '1' || request.url().includes('_rsc=')),
          { timeout: 30_000 },
        );
        await editor.getByRole('button', { name: 'Publish' }).click();
        await refresh;
        await frame.locator('h1', { hasText: draft }).waitFor({ timeout: 30_000 });
      } finally {
        await browser.close();
      }
    });

    it('answers an unknown slug with 404 and the not-found page', async () => {
      const next = await nextStart(EXAMPLE);
      const response = await next.get('/articles/no-such-article');
      assert.equal(response.status, 404);
      assert.match(await response.text(), /No article or page at this address/);
    });
  });

  describe('without Cache Components (cacheComponents: false)', () => {
    const NEXT_DIR = join(LEGACY, '.next');

    it('builds the same pages with next build', async () => {
      makeLegacyCopy();
      const output = await nextBuild(LEGACY);
      assert.doesNotMatch(output, /Cache Components enabled/);
      assert.match(output, new RegExp(`/articles/${SLUG}`));
    });

    it('hands revalidate and tags to the fetch cache and makes ISR routes with them', () => {
      const entries = fetchCache(LEGACY);
      const one = entries.find((entry) => entry.data.url.includes(`filters[slug][$eq]=${SLUG}`));
      assert.ok(one, 'no cache entry for one article');
      assert.equal(one.revalidate, REVALIDATE);
      assert.deepEqual(one.tags, ['cms:articles', `article:${SLUG}`]);
      const manifest = JSON.parse(readFileSync(join(NEXT_DIR, 'prerender-manifest.json'), 'utf8')) as {
        routes: Record<string, { initialRevalidateSeconds: number | false }>;
      };
      assert.equal(manifest.routes['/']?.initialRevalidateSeconds, REVALIDATE);
      assert.equal(manifest.routes[`/articles/${SLUG}`]?.initialRevalidateSeconds, REVALIDATE);
      const meta = JSON.parse(readFileSync(join(NEXT_DIR, 'server', 'app', 'index.meta'), 'utf8')) as {
        headers: Record<string, string>;
      };
      assert.ok(
        meta.headers['x-next-cache-tags']?.split(',').includes('cms:articles'),
        JSON.stringify(meta.headers),
      );
    });

    it('shows a change once its webhook arrived, not before', async () => {
      const next = await nextStart(LEGACY);
      const article = await writer();
      const before = article.title;
      assert.ok((await next.page(`/articles/${SLUG}`)).includes(before));
      const missed = `Missed without Cache Components ${performance.now()}`;
      assert.deepEqual(await article.retitle(missed), ['entry.update', 'entry.publish']);
      const home = await next.page('/');
      assert.ok(
        home.includes(before) && !home.includes(missed),
        'without a webhook the page stays as cached',
      );
      await refusedDelivery(next.site, article.documentId);
      relay.target = next.site;
      const fresh = `Fresh without Cache Components ${performance.now()}`;
      assert.deepEqual(await article.retitle(fresh), ['entry.update', 'entry.publish']);
      assert.ok((await next.until('/', fresh)).includes(fresh), 'the list shows the change');
      assert.ok((await next.until(`/articles/${SLUG}`, fresh)).includes(fresh), "and the article's page");
      relay.target = undefined;
      const unknown = await next.get('/articles/no-such-article');
      assert.equal(unknown.status, 404);
    });
  });
});
