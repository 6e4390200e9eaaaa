/**
 * The real LaunchPad schemas booted in Strapi 5: the plugin publishes all of them, and the
 * payload matches the committed fixture that the generator's tests use (so that fixture is
 * what a real Strapi serves, not a hand-made approximation), and a snapshot of it generates
 * offline what a live generation does, byte for byte.
 */

/** Every file under `dir` by relative path, with its text. */
function folder(dir: string, prefix = ''): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(join(dir, prefix))) {
    const path = prefix === '' ? name : `${prefix}/${name}`;
    if (statSync(join(dir, path)).isDirectory()) Object.assign(files, folder(dir, path));
    else files[path] = readFileSync(join(dir, path), 'utf8');
  }
  return files;
}

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stableStringify } from '../../src/schema/stable-json.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { createApp, declaredUids, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { LAUNCHPAD_SCHEMAS, ROOT } from '../harness/paths.ts';
import { createProject, runCli } from '../helpers/cli.ts';
import { checkCaptures, generateClient } from '../helpers/generated-client.ts';

describe('LaunchPad schemas in a real Strapi', () => {
  let strapi: RunningStrapi;
  let body: SchemaResponse;
  before(async () => {
    strapi = await startStrapi(createApp('launchpad', { variant: 'launchpad' }));
    body = (await (await fetch(`${strapi.url}/api/cms-typed-client/schema`)).json()) as SchemaResponse;
  });
  after(() => strapi?.stop());

  it('publishes every LaunchPad content type and component', () => {
    const declared = declaredUids(LAUNCHPAD_SCHEMAS);
    const published = Object.keys(body.schema.contentTypes).filter((uid) => uid.startsWith('api::'));
    assert.deepEqual(published.sort(), declared.contentTypes);
    assert.deepEqual(Object.keys(body.schema.components).sort(), declared.components);
  });

  it('serves the payload committed as test/fixtures/payloads/launchpad.json', () => {
    const committed = readFileSync(join(ROOT, 'test/fixtures/payloads/launchpad.json'), 'utf8');
    assert.equal(
      stableStringify(JSON.parse(committed)),
      stableStringify(body),
      'regenerate with npm run fixtures',
    );
  });

  it('pull, then generate --schema offline: byte for byte the live generation, in both formats', async () => {
    const project = createProject('launchpad-snapshot');
    const pulled = await runCli(['pull', '--url', strapi.url, '--schema', 'cms-schema.json'], {
      cwd: project,
    });
    assert.equal(pulled.code, 0, pulled.stderr);
    for (const format of ['js', 'ts']) {
      const live = await runCli(
        ['generate', '--url', strapi.url, '--output', `live-${format}`, '--format', format],
        {
          cwd: project,
        },
      );
      assert.equal(live.code, 0, live.stderr);
      const offline = await runCli(
        ['generate', '--schema', 'cms-schema.json', '--output', `offline-${format}`, '--format', format],
        // A URL that answers nothing: the snapshot is all it reads.
        { cwd: project, env: { CMS_URL: 'http://127.0.0.1:9' } },
      );
      assert.equal(offline.code, 0, offline.stderr);
      assert.deepEqual(
        folder(join(project, `offline-${format}`)),
        folder(join(project, `live-${format}`)),
        format,
      );
    }
  });

  it('the generated client reads LaunchPad content, and the responses fit its types', async () => {
    const { project, generated: module } = await generateClient(strapi, 'launchpad-client');
    // biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
    const generated: any = module;
    const cms = new generated.CmsClient({ baseURL: strapi.url, token: strapi.seed.tokens.fullAccess });
    const category = await cms.categories.create({ name: 'Guides' });
    const article = await cms.articles.create({
      title: 'Launch',
      description: 'A LaunchPad article',
      content: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello', bold: true }] }],
      categories: [category.documentId],
      seo: {
        metaTitle: 'Launch',
        metaDescription: 'Everything about the launch of LaunchPad, in one article.',
      },
      dynamic_zone: [
        { __component: 'dynamic-zone.cta', heading: 'Try it', CTAs: [{ text: 'Go', URL: '/go' }] },
      ],
    });
    const read = await cms.articles.findOne(article.documentId, {
      populate: {
        categories: { fields: ['name'] },
        seo: true,
        dynamic_zone: { on: { 'dynamic-zone.cta': { populate: '*' } } },
      },
    });
    assert.deepEqual(
      read.categories.map((entry: { name: string }) => entry.name),
      ['Guides'],
    );
    assert.equal(read.dynamic_zone[0].CTAs[0].text, 'Go');
    assert.equal(read.content[0].children[0].text, 'Hello');
    const star = await cms.articles.find({ populate: '*' });
    const categories = await cms.categories.find({ populate: { articles: { fields: ['title'] } } });
    const captures = [
      {
        name: 'read',
        call: "cms.articles.findOne('x', { populate: { categories: { fields: ['name'] }, seo: true, dynamic_zone: { on: { 'dynamic-zone.cta': { populate: '*' } } } } })",
        value: read,
      },
      { name: 'star', call: "cms.articles.find({ populate: '*' })", value: star },
      {
        name: 'categories',
        call: "cms.categories.find({ populate: { articles: { fields: ['title'] } } })",
        value: categories,
      },
    ];
    assert.deepEqual(await checkCaptures(project, captures), []);
  });
});
