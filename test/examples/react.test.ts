/**
 * examples/react against the bundled example Strapi: the client is generated into the app, the
 * app is type-checked and built by Vite for production, `vite preview` serves the build, and
 * real Chromium drives it: the list and a detail page come from Strapi through TanStack Query and
 * `cmsQueries`, an edit through the update mutation shows in the list without a reload (the
 * mutation invalidated the article queries, which the app otherwise keeps forever), and an
 * article Strapi does not have shows the not-found state from Strapi's real 404.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createDemoApp, type DemoStrapi, generateInto, startDemoStrapi } from '../../scripts/demo.ts';
import { freePort } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';
import { chromiumMissing, launchChromium } from '../helpers/browser.ts';
import { run } from '../helpers/run.ts';

const EXAMPLE = join(ROOT, 'examples', 'react');
const bin = (path: string) => join(EXAMPLE, 'node_modules', path);

/** A command in the example's folder, with `env` over this process's environment. */
const inExample = (command: string, args: string[], env: Record<string, string> = {}) =>
  run(command, args, { cwd: EXAMPLE, env: { ...process.env, NO_COLOR: '1', ...env } });

describe('examples/react: Vite, React and TanStack Query in Chromium', { skip: chromiumMissing() }, () => {
  let strapi: DemoStrapi | undefined;
  let preview: ChildProcess | undefined;
  let browser: Browser | undefined;
  let site = '';

  before(async () => {
    strapi = await startDemoStrapi(createDemoApp('react-example', { fresh: true }));
  });

  after(async () => {
    await browser?.close();
    if (preview?.pid !== undefined && preview.exitCode === null) process.kill(-preview.pid, 'SIGTERM');
    await strapi?.stop();
  });

  it('generates the client into the app, installs it, type-checks it and builds it with Vite', async () => {
    await generateInto(EXAMPLE, {
      url: strapi!.url,
      token: strapi!.tokens.readOnly,
      output: 'src/cms',
      format: 'js',
    });
    const install = await inExample('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
    assert.equal(install.code, 0, install.output);
    const tsc = await inExample(process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.json']);
    assert.equal(tsc.code, 0, tsc.output);
    rmSync(join(EXAMPLE, 'dist'), { recursive: true, force: true });
    // The page edits articles, so it gets the full-access token here; a real app gives a token
    // limited to what the page does (the README says so).
    const build = await inExample(process.execPath, [bin('vite/bin/vite.js'), 'build'], {
      VITE_CMS_URL: strapi!.url,
      VITE_CMS_TOKEN: strapi!.tokens.fullAccess,
    });
    assert.equal(build.code, 0, build.output);
    assert.match(build.output, /dist\/index\.html/);
  });

  it('serves the production build with vite preview', async () => {
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    preview = spawn(
      process.execPath,
      [bin('vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      { cwd: EXAMPLE, env: { ...process.env, NO_COLOR: '1' }, stdio: 'ignore', detached: true },
    );
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${site}/`);
        if (response.ok) break;
      } catch (error) {
        if (attempt > 150) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    browser = await launchChromium();
  });

  /** The titles Strapi has, sorted. */
  const strapiTitles = async (): Promise<string[]> => {
    const response = await fetch(`${strapi!.url}/api/articles?fields[0]=title&pagination[pageSize]=100`, {
      headers: { authorization: `Bearer ${strapi!.tokens.readOnly}` },
    });
    const { data } = (await response.json()) as { data: { title: string }[] };
    return data.map((article) => article.title).sort();
  };

  /** The article titles of the list page, in order. */
  const listed = (page: Page) => page.locator('ul[aria-label="articles"] > li > a').allTextContents();

  it('lists the articles, shows one, edits its title, and the list shows the edit at once', async () => {
    const page = await browser!.newPage();
    const api: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${strapi!.url}/api/`)) api.push(`${request.method()} ${request.url()}`);
    });
    await page.goto(`${site}/#/`);
    await page.locator('ul[aria-label="articles"]').waitFor();
    const expected = await strapiTitles();
    assert.deepEqual(await listed(page), expected);
    assert.match(await page.locator('ul[aria-label="articles"] > li').first().innerText(), / by (Ada|Grace)/);

    await page.getByRole('link', { name: 'Meet the community' }).click();
    await page.getByRole('heading', { level: 2, name: 'Meet the community' }).waitFor();
    assert.match(await page.locator('article').innerText(), /By Grace Hopper in Community/);

    const title = `Meet the community (edited ${Date.now()})`;
    const listRequests = () =>
      api.filter((line) => line.startsWith('GET ') && line.includes('/api/articles?')).length;
    const before = listRequests();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('ul[aria-label="articles"]').waitFor();
    await page.getByRole('link', { name: title }).waitFor();
    assert.deepEqual(
      await listed(page),
      [...expected.filter((t) => t !== 'Meet the community'), title].sort(),
    );
    assert.ok(
      api.some((line) => line.startsWith('PUT ') && line.includes('/api/articles/')),
      `the edit went to Strapi: ${api.join('\n')}`,
    );
    assert.equal(listRequests(), before + 1, 'the invalidated list was fetched again, once');
    assert.ok((await strapiTitles()).includes(title), 'Strapi has the new title');
    await page.close();
  });

  it("an article Strapi does not have: the page shows Strapi's 404 as not found", async () => {
    const page = await browser!.newPage();
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/articles/no-such-article')) statuses.push(response.status());
    });
    await page.goto(`${site}/#/articles/no-such-article`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal(await alert.innerText(), 'No article no-such-article: Strapi answered 404.');
    assert.deepEqual(statuses, [404]);
    await page.close();
  });
});
