/**
 * examples/react against the bundled example Strapi: the client is generated into the app, the
 * app is type-checked and built by Vite for production, `vite preview` serves the build, and
 * real Chromium drives it: the list and a detail page come from Strapi through TanStack Query and
 * `cmsQueries`, an edit through the update mutation shows in the list without a reload (the
 * mutation invalidated the article queries, which the app otherwise keeps forever), and an
 * article Strapi does not have shows the not-found state from Strapi's real 404. The two forms,
 * React Hook Form (`standardSchemaResolver`) and TanStack Form over the generated
 * `cmsValidators`: an invalid field shows Strapi's own message with no request sent (Strapi
 * answers the same data with the same message), and the fixed form creates the entry. The app's
 * own Vitest suite (`npm test` in the example) runs too: the same pages against the generated mock
 * Strapi, no Strapi needed, once through MSW and once through `mock.fetch`; the build's `tsc`
 * type-checks it, the mocks' types included.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import type { Browser, Page, Request } from 'playwright-core';
import { createDemoApp, type DemoStrapi, generateInto, startDemoStrapi } from '../../scripts/demo.ts';
import { freePort } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';
import { chromiumMissing, launchChromium } from '../helpers/browser.ts';
import { run } from '../helpers/run.ts';

const EXAMPLE = join(ROOT, 'examples', 'react');
const bin = (path: string) => join(EXAMPLE, 'node_modules', path);

/** An attribute of the example Strapi's schema (`examples/strapi`), as its schema.json has it. */
const attribute = (type: string, name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(
      join(ROOT, 'examples', 'strapi', 'src', 'api', type, 'content-types', type, 'schema.json'),
      'utf8',
    ),
  ).attributes[name];

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
    // The pages edit and create articles and create categories, so they get the full-access token
    // here; a real app gives a token limited to what the pages do (the README says so).
    const build = await inExample(process.execPath, [bin('vite/bin/vite.js'), 'build'], {
      VITE_CMS_URL: strapi!.url,
      VITE_CMS_TOKEN: strapi!.tokens.fullAccess,
    });
    assert.equal(build.code, 0, build.output);
    assert.match(build.output, /dist\/index\.html/);
  });

  it("runs the app's Vitest suite against the generated mock Strapi, with MSW and with mock.fetch", async () => {
    // src/App.test.tsx: 4 cases (list, detail, not found, edit) in each of its two variants, and
    // the factories' types. All of them must run and pass: a skipped or missing test fails here.
    const expected = 2 * 4 + 1;
    const vitest = await inExample('npm', ['test']);
    assert.equal(vitest.code, 0, vitest.output);
    const summary = /^\s*Tests\s+(.+?)\s*$/m.exec(stripVTControlCharacters(vitest.output))?.[1];
    assert.equal(summary, `${expected} passed (${expected})`, vitest.output);
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

  describe("forms over the generated cmsValidators: Strapi's messages before any request", () => {
    /** The requests a page sends to Strapi, as `METHOD path`. */
    const strapiRequests = (page: Page): string[] => {
      const seen: string[] = [];
      page.on('request', (request: Request) => {
        const url = new URL(request.url());
        if (url.origin === new URL(strapi!.url).origin) seen.push(`${request.method()} ${url.pathname}`);
      });
      return seen;
    };

    /** The field errors the page shows (`<form>-<field>-error`), by field. */
    const shownErrors = async (page: Page, form: string): Promise<Record<string, string>> => {
      const alerts = page.locator(`[role="alert"][id^="${form}-"][id$="-error"]`);
      const shown: Record<string, string> = {};
      for (const alert of await alerts.all()) {
        const id = (await alert.getAttribute('id'))!;
        shown[id.slice(form.length + 1, -'-error'.length)] = await alert.innerText();
      }
      return shown;
    };

    /** What Strapi itself answers to `POST /api/<plural>` with `data`: its message by field path. */
    const strapiAnswers = async (
      plural: string,
      data: Record<string, unknown>,
    ): Promise<Record<string, string>> => {
      const response = await fetch(`${strapi!.url}/api/${plural}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${strapi!.tokens.fullAccess}` },
        body: JSON.stringify({ data }),
      });
      const body = (await response.json()) as {
        error?: { name: string; details?: { errors?: { path: string[]; message: string }[] } };
      };
      assert.equal(response.status, 400, `Strapi refused the data: ${JSON.stringify(body)}`);
      assert.equal(body.error?.name, 'ValidationError');
      return Object.fromEntries(
        (body.error?.details?.errors ?? []).map((error) => [error.path.join('.'), error.message]),
      );
    };

    /** One document of `plural`, read back from Strapi. */
    const strapiEntry = async (plural: string, documentId: string): Promise<Record<string, unknown>> => {
      const response = await fetch(`${strapi!.url}/api/${plural}/${documentId}`, {
        headers: { authorization: `Bearer ${strapi!.tokens.readOnly}` },
      });
      assert.equal(response.status, 200, `Strapi has ${plural}/${documentId}`);
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    };

    it("React Hook Form: a title over maxLength shows Strapi's message unsent; the fixed form creates the article", async () => {
      const page = await browser!.newPage();
      const requests = strapiRequests(page);
      await page.goto(`${site}/#/new/article`);
      await page.getByRole('form', { name: 'new article' }).waitFor();
      const maxLength = attribute('article', 'title').maxLength as number;
      assert.equal(
        await page.locator('#article-title-count').innerText(),
        `0/${maxLength} characters`,
        'the counter reads maxLength from cmsFields',
      );

      // Too long a title and excerpt: both messages at once, as Strapi answers both.
      const excerptMax = attribute('article', 'excerpt').maxLength as number;
      const invalid = { title: 'T'.repeat(maxLength + 1), excerpt: 'E'.repeat(excerptMax + 1) };
      await page.getByLabel('Title').fill(invalid.title);
      await page.getByLabel('Excerpt').fill(invalid.excerpt);
      await page.getByRole('button', { name: 'Create article' }).click();
      await page.locator('#article-excerpt-error').waitFor();
      const shown = await shownErrors(page, 'article');
      assert.deepEqual(shown, {
        title: `title must be at most ${maxLength} characters`,
        excerpt: `excerpt must be at most ${excerptMax} characters`,
      });
      assert.deepEqual(requests, [], 'the invalid form sent nothing to Strapi');
      assert.deepEqual(await strapiAnswers('articles', invalid), shown, 'Strapi answers the same messages');

      // Strapi checks `min` after the lengths (on publish): fixed lengths, zero minutes.
      const title = `Written in a form (${Date.now()})`;
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Excerpt').fill('Checked before it was sent.');
      await page.getByLabel('Reading minutes').fill('0');
      await page.getByRole('button', { name: 'Create article' }).click();
      await page.locator('#article-readingMinutes-error').waitFor();
      const minimum = await shownErrors(page, 'article');
      assert.deepEqual(minimum, { readingMinutes: 'readingMinutes must be greater than or equal to 1' });
      assert.deepEqual(requests, [], 'the invalid form sent nothing to Strapi');
      assert.deepEqual(
        await strapiAnswers('articles', {
          title,
          excerpt: 'Checked before it was sent.',
          readingMinutes: '0',
        }),
        minimum,
      );

      // Valid: the validator's value (minutes cast from the input's text) goes to the client.
      await page.getByLabel('Reading minutes').fill('5');
      const [post] = await Promise.all([
        page.waitForRequest((request) => request.method() === 'POST'),
        page.getByRole('button', { name: 'Create article' }).click(),
      ]);
      assert.deepEqual(
        post.postDataJSON(),
        { data: { title, excerpt: 'Checked before it was sent.', readingMinutes: 5 } },
        "the client sent the validator's value, the minutes cast to a number",
      );
      const created = page.getByRole('status', { name: 'created article' });
      await created.waitFor();
      assert.deepEqual(await shownErrors(page, 'article'), {}, 'no error left');
      const documentId = await created.locator('code').innerText();
      assert.equal(await created.innerText(), `Created ${title} (${documentId}), 5 min`);
      assert.deepEqual(requests, ['POST /api/articles'], 'one request: the create');
      const entry = await strapiEntry('articles', documentId);
      assert.equal(entry.title, title);
      assert.equal(entry.excerpt, 'Checked before it was sent.');
      assert.equal(entry.readingMinutes, 5, 'sent as a number');
      assert.ok(entry.publishedAt, 'created published');
      await page.close();
    });

    it('TanStack Form: a slug Strapi refuses shows its message unsent; the fixed form creates the category', async () => {
      const page = await browser!.newPage();
      const requests = strapiRequests(page);
      await page.goto(`${site}/#/new/category`);
      await page.getByRole('form', { name: 'new category' }).waitFor();

      const name = `Forms ${Date.now()}`;
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Slug').fill('forms and more');
      await page.getByRole('button', { name: 'Create category' }).click();
      await page.locator('#category-slug-error').waitFor();
      const shown = await shownErrors(page, 'category');
      assert.deepEqual(shown, { slug: 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"' });
      assert.deepEqual(requests, [], 'the invalid form sent nothing to Strapi');
      assert.deepEqual(await strapiAnswers('categories', { name, slug: 'forms and more' }), shown);

      const slug = `forms-${Date.now()}`;
      await page.getByLabel('Slug').fill(slug);
      const [post] = await Promise.all([
        page.waitForRequest((request) => request.method() === 'POST'),
        page.getByRole('button', { name: 'Create category' }).click(),
      ]);
      assert.deepEqual(
        post.postDataJSON(),
        { data: { name, slug } },
        "the client sent the validator's value",
      );
      const created = page.getByRole('status', { name: 'created category' });
      await created.waitFor();
      assert.deepEqual(await shownErrors(page, 'category'), {}, 'no error left');
      const documentId = await created.locator('code').nth(1).innerText();
      assert.equal(await created.innerText(), `Created ${name} (${slug}, ${documentId})`);
      assert.deepEqual(requests, ['POST /api/categories'], 'one request: the create');
      const entry = await strapiEntry('categories', documentId);
      assert.equal(entry.name, name);
      assert.equal(entry.slug, slug);
      await page.close();
    });
  });
});
