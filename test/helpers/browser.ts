/**
 * Real Chromium (Debian's `/usr/bin/chromium`, driven by playwright-core) on pages that a
 * test Strapi serves from its `public/` folder, so the page, the API and the refresh cookie
 * share one origin.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { TestApp } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';
import { moduleFiles } from './runtime-parts.ts';

export const CHROMIUM = '/usr/bin/chromium';

export function chromiumMissing(): string | false {
  return existsSync(CHROMIUM) ? false : `${CHROMIUM} is missing: apt-get install -y chromium`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * Copies a page (`index.html` and `app.js`; by default the session test page, test/browser/page)
 * to `public/<folder>/` of the app, with the generated client (`index.js`, `client.js`, the
 * `runtime/` folder they import, with the parts it loads on first use, from `generatedDir`)
 * under `cms/`. Not the mocks (`mocks.js` and the runtime's `runtime/mock.js`): the pages import
 * only `./cms/index.js`, which does not re-export them, and talk to a real Strapi.
 */
export function installPage(
  app: TestApp,
  folder: string,
  generatedDir: string,
  source = join(ROOT, 'test', 'browser', 'page'),
): string {
  const target = join(app.dir, 'public', folder);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const file of ['index.html', 'app.js']) cpSync(join(source, file), join(target, file));
  mkdirSync(join(target, 'cms'), { recursive: true });
  const runtime = readdirSync(join(generatedDir, 'runtime'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `runtime/${file}`)
    .filter((file) => !moduleFiles().includes(file));
  mkdirSync(join(target, 'cms', 'runtime'), { recursive: true });
  mkdirSync(join(target, 'cms', 'client'), { recursive: true });
  for (const file of ['index.js', 'client.js', 'client/routes.js', 'validators.js', ...runtime])
    cpSync(join(generatedDir, file), join(target, 'cms', file));
  return `/${folder}/index.html`;
}

/** One network exchange as the page saw it. */
export interface Seen {
  method: string;
  path: string;
  status: number;
  authorization: string | null;
}

/** Opens `url` in a new tab of `context`, waits for the harness, and records API traffic. */
export async function openPage(context: BrowserContext, url: string): Promise<{ page: Page; seen: Seen[] }> {
  const page = await context.newPage();
  const seen: Seen[] = [];
  page.on('response', (response) => {
    const request = response.request();
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/')) return;
    seen.push({
      method: request.method(),
      path,
      status: response.status(),
      authorization: request.headers().authorization ?? null,
    });
  });
  await page.goto(url);
  await page.waitForFunction(() => 'harness' in window);
  return { page, seen };
}
