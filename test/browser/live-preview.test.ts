/**
 * `listenToStrapiPreview` in real Chromium, in the frame of a page that plays Strapi's preview
 * page (the messages are those Strapi 5's admin sends: `{ type, payload? }` posted to the frame's
 * origin). Three loopback origins: the "admin" page, the framed frontend page that listens, and
 * a stranger. The listener posts `previewReady` to the admin's origin only; `strapiUpdate` calls
 * `onUpdate`, `strapiFieldChange` `onFieldChange`; a message from another origin, or from a
 * window that is not the parent, or of another shape, is ignored; the script Strapi answers with
 * runs only with `runScript`, once; the returned function stops it; outside a frame it posts
 * nothing. The whole round trip with a real Strapi admin is in test/examples/nextjs.test.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { ROOT } from '../harness/paths.ts';
import { chromiumMissing, launchChromium } from '../helpers/browser.ts';

const RUNTIME = join(ROOT, 'dist', 'runtime', 'js');

/** The framed page: listens with the options in its query, and records what it is told. */
const FRONTEND_PAGE = `<!doctype html><html><head><title>frontend</title></head><body>
<script type="module">
import { listenToStrapiPreview } from '/runtime/index.js';
const query = new URLSearchParams(location.search);
window.events = [];
window.posted = [];
if (window.parent === window) window.postMessage = (...args) => { window.posted.push(args); };
window.stop = listenToStrapiPreview({
  strapiOrigin: query.get('strapi'),
  runScript: query.has('run'),
  onUpdate: () => window.events.push('update'),
  onFieldChange: (change) => window.events.push(change),
});
window.ready = true;
</script></body></html>`;

/** A frame that posts to its sibling frame (the frontend, `frames[0]` of the parent). */
const SENDER_PAGE = `<!doctype html><html><body><script>
window.send = (message) => parent.frames[0].postMessage(message, '*');
</script></body></html>`;

const servers: Server[] = [];

async function serve(handler: (path: string) => { type: string; body: string } | undefined): Promise<string> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const found = handler(path);
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': found.type, 'cache-control': 'no-store' }).end(found.body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const html = (body: string) => ({ type: 'text/html', body });

let browser: Browser | undefined;
let admin = '';
let frontend = '';
let stranger = '';

/** The admin page framing the frontend (with `query`), a stranger's frame and a same-origin sibling. */
async function open(query: string): Promise<{ page: Page; frame: Frame }> {
  const page = await (await browser!.newContext()).newPage();
  await page.goto(`${admin}/admin.html?frontend=${encodeURIComponent(`${frontend}/page.html?${query}`)}`);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(frontend));
  assert.ok(frame, 'the frontend frame loaded');
  await frame.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  return { page, frame };
}

/** Posts `message` from the admin page to the frontend frame, to the frontend's origin. */
const fromAdmin = (page: Page, message: unknown) =>
  page.evaluate(
    ([data, origin]) =>
      (document.getElementById('preview') as HTMLIFrameElement).contentWindow?.postMessage(data, origin),
    [message, frontend] as const,
  );

const events = (frame: Frame) => frame.evaluate(() => (window as unknown as { events: unknown[] }).events);

/** Waits until the frame recorded `count` events. */
const eventCount = (frame: Frame, count: number) =>
  frame.waitForFunction((n) => (window as unknown as { events: unknown[] }).events.length >= n, count);

describe('listenToStrapiPreview in Chromium', { skip: chromiumMissing() }, () => {
  before(async () => {
    const runtime = (path: string) =>
      path.startsWith('/runtime/') && /^[a-z-]+\.js$/.test(path.slice('/runtime/'.length))
        ? {
            type: 'text/javascript',
            body: readFileSync(join(RUNTIME, path.slice('/runtime/'.length)), 'utf8'),
          }
        : undefined;
    frontend = await serve((path) => (path === '/page.html' ? html(FRONTEND_PAGE) : runtime(path)));
    stranger = await serve((path) => (path === '/sender.html' ? html(SENDER_PAGE) : undefined));
    admin = await serve((path) => {
      if (path === '/sender.html') return html(SENDER_PAGE);
      if (path !== '/admin.html') return undefined;
      return html(`<!doctype html><html><body><script>
window.received = [];
addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
const frontend = new URLSearchParams(location.search).get('frontend');
document.write('<iframe id="preview" src="' + frontend + '"></iframe>');
</script>
<iframe id="stranger" src="${stranger}/sender.html"></iframe>
<iframe id="sibling" src="/sender.html"></iframe>
</body></html>`);
    });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    for (const server of servers) server.close();
  });

  it('tells the admin it is ready, to its origin only', async () => {
    const { page } = await open(`strapi=${encodeURIComponent(`${admin}/admin/`)}`);
    await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length > 0);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { received: unknown[] }).received), [
      { origin: frontend, data: { type: 'previewReady' } },
    ]);
    // Told another origin, it posts nothing the admin could read.
    const other = await open(`strapi=${encodeURIComponent(stranger)}`);
    await other.page.waitForTimeout(300);
    assert.deepEqual(
      await other.page.evaluate(() => (window as unknown as { received: unknown[] }).received),
      [],
    );
  });

  it('calls onUpdate on strapiUpdate and onFieldChange on strapiFieldChange; other shapes are ignored', async () => {
    const { page, frame } = await open(`strapi=${encodeURIComponent(admin)}`);
    await fromAdmin(page, { type: 'strapiUpdate' });
    await eventCount(frame, 1);
    for (const message of [
      'strapiUpdate',
      null,
      { type: 'strapiFieldChange' },
      { type: 'strapiFieldChange', payload: { value: 'x' } },
      { type: 'strapiFieldFocus', payload: { field: 'title' } },
    ])
      await fromAdmin(page, message);
    await fromAdmin(page, {
      type: 'strapiFieldChange',
      payload: { field: 'title', value: 'Draft', type: 'string' },
    });
    await eventCount(frame, 2);
    assert.deepEqual(await events(frame), ['update', { field: 'title', value: 'Draft', type: 'string' }]);
  });

  it('ignores a message from another origin, or from a window that is not its parent', async () => {
    const { page, frame } = await open(`strapi=${encodeURIComponent(admin)}`);
    const sender = (origin: string) =>
      page.frames().find((candidate) => candidate.url() === `${origin}/sender.html`);
    // The stranger's frame, and a frame of the admin's own origin that is not the parent.
    await sender(stranger)?.evaluate(() =>
      (window as unknown as { send(m: unknown): void }).send({ type: 'strapiUpdate' }),
    );
    await sender(admin)?.evaluate(() =>
      (window as unknown as { send(m: unknown): void }).send({ type: 'strapiUpdate' }),
    );
    assert.ok(sender(stranger) && sender(admin), 'both sender frames loaded');
    await fromAdmin(page, {
      type: 'strapiFieldChange',
      payload: { field: 'marker', value: 1, type: 'integer' },
    });
    await eventCount(frame, 1);
    await page.waitForTimeout(200);
    assert.deepEqual(await events(frame), [{ field: 'marker', value: 1, type: 'integer' }]);
  });

  it("runs Strapi's script only with runScript, once", async () => {
    const script = {
      type: 'strapiScript',
      payload: { script: 'window.scriptRuns = (window.scriptRuns ?? 0) + 1;' },
    };
    const plain = await open(`strapi=${encodeURIComponent(admin)}`);
    await fromAdmin(plain.page, script);
    await fromAdmin(plain.page, { type: 'strapiUpdate' });
    await eventCount(plain.frame, 1);
    assert.equal(
      await plain.frame.evaluate(() => (window as unknown as { scriptRuns?: number }).scriptRuns),
      undefined,
    );
    const running = await open(`strapi=${encodeURIComponent(admin)}&run`);
    await fromAdmin(running.page, script);
    await fromAdmin(running.page, script);
    await fromAdmin(running.page, { type: 'strapiUpdate' });
    await eventCount(running.frame, 1);
    assert.equal(
      await running.frame.evaluate(() => (window as unknown as { scriptRuns?: number }).scriptRuns),
      1,
    );
  });

  it('stops when the returned function is called', async () => {
    const { page, frame } = await open(`strapi=${encodeURIComponent(admin)}`);
    await fromAdmin(page, { type: 'strapiUpdate' });
    await eventCount(frame, 1);
    await frame.evaluate(() => (window as unknown as { stop(): void }).stop());
    await fromAdmin(page, { type: 'strapiUpdate' });
    await page.waitForTimeout(300);
    assert.deepEqual(await events(frame), ['update']);
  });

  it('outside a frame it posts nothing and listens to nothing', async () => {
    const page = await (await browser!.newContext()).newPage();
    await page.goto(`${frontend}/page.html?strapi=${encodeURIComponent(frontend)}`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { posted: unknown[] }).posted), []);
    await page.evaluate(() =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'strapiUpdate' },
          origin: location.origin,
          source: window,
        }),
      ),
    );
    assert.deepEqual(await events(page.mainFrame()), []);
  });
});
