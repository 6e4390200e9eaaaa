/**
 * The packed tarball in Strapi apps as today's tools make them (test/harness/installed-apps.ts):
 * - a TypeScript app made by `create-strapi-app@5.54.0 --ts` (npm), the plugin enabled in its
 *   config/plugins.ts (`export default`, as the README shows) and one content type of its own:
 *   `strapi start` serves the plugin, `cms-types generate` from it names the content type, and
 *   a configuration change reaches the running app only after the app is rebuilt (a plain
 *   restart runs the dist/ of the last build: the README says so);
 * - the same app with its dependencies installed by pnpm: Strapi discovers the plugin there too.
 *
 * The apps are made once and cached (a cold run makes both: about 10 minutes); each boot is a
 * `strapi start` of a small app.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  addContentType,
  type BootedApp,
  boot,
  compile,
  enablePlugin,
  installInto,
  pnpmApp,
  tsApp,
} from '../harness/installed-apps.ts';
import { packedTarball } from '../harness/prepare.ts';

const work = mkdtempSync(join(tmpdir(), 'cms-strapi-apps-'));
after(() => rmSync(work, { recursive: true, force: true }));

async function schemaHashStatus(strapi: BootedApp): Promise<number> {
  const response = await fetch(`${strapi.url}/api/cms-typed-client/schema-hash`);
  await response.arrayBuffer();
  return response.status;
}

describe('a TypeScript Strapi app made by create-strapi-app --ts, with the tarball installed', () => {
  let app = '';
  let strapi: BootedApp | undefined;

  before(async () => {
    app = tsApp();
    installInto(app, packedTarball(), 'npm');
    addContentType(app, 'recipe', {
      title: { type: 'string', required: true },
      servings: { type: 'integer' },
    });
    enablePlugin(app, { requireAuth: false });
    compile(app);
    strapi = await boot(app);
  });

  after(async () => {
    await strapi?.stop();
  });

  it('npm saved the tarball in dependencies, where Strapi discovers plugins', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
    assert.match(manifest.dependencies['cms-typed-client'] ?? '', /^file:.*\.tgz$/);
    assert.ok(manifest.devDependencies.typescript, 'the app is the TypeScript one');
  });

  it('strapi start serves the plugin enabled in config/plugins.ts', async () => {
    assert.ok(strapi);
    assert.equal(await schemaHashStatus(strapi), 200, strapi.output());
  });

  it("cms-types generate, run from the app's node_modules, names the app's content type", () => {
    assert.ok(strapi);
    const output = join(work, 'cms');
    const cli = join(app, 'node_modules', '.bin', 'cms-types');
    const result = spawnSync(cli, ['generate', '--url', strapi.url, '--output', output, '--format', 'ts'], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
    const types = readFileSync(join(output, 'types.ts'), 'utf8');
    assert.match(types, /^export interface Recipe \{/m, types.slice(0, 2000));
    assert.match(types, /\btitle: string;/);
    const client = readFileSync(join(output, 'client.ts'), 'utf8');
    assert.match(client, /'api::recipe\.recipe'/);
    assert.match(client, /\/api\/recipes\b/);
  });

  it('after a configuration change, a restart keeps the old value; after the rebuild it takes the new one', async () => {
    assert.ok(strapi);
    await strapi.stop();
    enablePlugin(app, { requireAuth: true });
    strapi = await boot(app);
    assert.equal(await schemaHashStatus(strapi), 200, 'still requireAuth: false, from the last build');
    await strapi.stop();
    compile(app);
    strapi = await boot(app);
    assert.equal(await schemaHashStatus(strapi), 401, 'requireAuth: true once rebuilt');
  });
});

describe('a Strapi app whose dependencies pnpm installed', () => {
  let app = '';
  let strapi: BootedApp | undefined;

  before(async () => {
    app = pnpmApp();
    installInto(app, packedTarball(), 'pnpm');
    enablePlugin(app, { requireAuth: false });
    compile(app);
    strapi = await boot(app);
  });

  after(async () => {
    await strapi?.stop();
  });

  it('has the pnpm layout: the package is a link into node_modules/.pnpm', () => {
    const link = join(app, 'node_modules', 'cms-typed-client');
    assert.ok(lstatSync(link).isSymbolicLink(), 'node_modules/cms-typed-client is a symlink');
    assert.match(
      realpathSync(link),
      /\/node_modules\/\.pnpm\/cms-typed-client@[^/]+\/node_modules\/cms-typed-client$/,
    );
    assert.match(realpathSync(join(app, 'node_modules', '@strapi', 'strapi')), /\/node_modules\/\.pnpm\//);
  });

  it('Strapi discovers the plugin: /api/cms-typed-client/schema-hash answers 200 with a hash', async () => {
    assert.ok(strapi);
    const response = await fetch(`${strapi.url}/api/cms-typed-client/schema-hash`);
    assert.equal(response.status, 200, strapi.output());
    const body = (await response.json()) as { hash?: unknown };
    assert.match(String(body.hash), /^[0-9a-f]{64}$/);
  });
});
