/**
 * The route methods of a generated client, run: the `routes` payload generated as JavaScript into
 * a temporary folder and imported, with a `fetch` that records what reaches it. Plugin and API
 * properties and typed custom routes send what their route says (method, path with its
 * parameters, query or JSON body) and resolve the response body.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'cms-route-calls-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const payload = JSON.parse(
  readFileSync(join(ROOT, 'test/fixtures/payloads/routes.json'), 'utf8'),
) as SchemaResponse;
const files = generateFiles(payload, { format: 'js', version: 'test', runtime: runtimeAssets() });
for (const [name, text] of Object.entries(files)) {
  mkdirSync(dirname(join(dir, name)), { recursive: true });
  writeFileSync(join(dir, name), text);
}

type Method = (...args: unknown[]) => Promise<unknown>;
type Loose = Record<string, Record<string, Method>>;

async function client() {
  const { CmsClient } = (await import(pathToFileURL(join(dir, 'index.js')).href)) as {
    CmsClient: new (config: object) => Loose;
  };
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body });
    return Response.json({ ok: true, url });
  };
  return { calls, cms: new CmsClient({ baseURL: 'http://cms.test', fetch }) };
}

describe('generated route methods', () => {
  it('a plugin route: path parameters in order, then the query', async () => {
    const { calls, cms } = await client();
    const body = await cms.navigation!.renderChild!('main menu', 'footer', { type: 'TREE' });
    assert.deepEqual(body, {
      ok: true,
      url: 'http://cms.test/api/navigation/render/main%20menu/footer?type=TREE',
    });
    assert.deepEqual(calls, [
      {
        url: 'http://cms.test/api/navigation/render/main%20menu/footer?type=TREE',
        method: 'GET',
        body: undefined,
      },
    ]);
  });

  it('two routes of one action go to their own paths (find, find2)', async () => {
    const { calls, cms } = await client();
    await cms.navigation!.find!();
    await cms.navigation!.find2!();
    assert.deepEqual(
      calls.map((call) => call.url),
      ['http://cms.test/api/navigation/items', 'http://cms.test/api/navigation/search'],
    );
  });

  it('an API without a content type: the same action by GET and by POST with a JSON body', async () => {
    const { calls, cms } = await client();
    await cms.probe!.echo!({ text: 'hi' });
    await cms.probe!.echo2!({ label: 'a', children: [] });
    assert.deepEqual(calls, [
      { url: 'http://cms.test/api/probe/echo?text=hi', method: 'GET', body: undefined },
      { url: 'http://cms.test/api/probe/echo', method: 'POST', body: '{"label":"a","children":[]}' },
    ]);
  });

  it('a route with a body and query keys: the query after the body', async () => {
    const { calls, cms } = await client();
    await cms.probe!.order!({ sku: 'a', qty: 1 }, { preview: 'on' });
    await cms.probe!.flags!(undefined, { token: 't' });
    assert.deepEqual(calls, [
      { url: 'http://cms.test/api/probe/orders?preview=on', method: 'POST', body: '{"sku":"a","qty":1}' },
      { url: 'http://cms.test/api/probe/flags?token=t', method: 'PATCH', body: undefined },
    ]);
  });

  it('a typed custom route of a content type, beside its CRUD methods', async () => {
    const { calls, cms } = await client();
    await cms.articles!.related!('doc-1', 2, { locale: 'en' });
    await cms.articles!.unlike!('doc-1', { reaction: 'like' });
    assert.deepEqual(calls, [
      { url: 'http://cms.test/api/articles/doc-1/related/2?locale=en', method: 'GET', body: undefined },
      { url: 'http://cms.test/api/articles/doc-1/like?reaction=like', method: 'DELETE', body: undefined },
    ]);
    assert.equal(typeof cms.articles!.findOne, 'function');
  });

  it('covered routes have no second method; uncovered ones of covered plugins do', async () => {
    const { calls, cms } = await client();
    assert.equal(cms.i18nPlugin, undefined);
    assert.deepEqual(Object.keys(cms.uploadPlugin!), ['findPage']);
    assert.deepEqual(Object.keys(cms.usersPermissions!), ['getPermissions', 'find', 'findOne']);
    await cms.usersPermissions!.findOne!(3);
    assert.equal(calls[0]?.url, 'http://cms.test/api/users-permissions/roles/3');
  });
});
