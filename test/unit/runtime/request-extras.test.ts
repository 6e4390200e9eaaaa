/**
 * Which requests load `runtime/request-extras.js`: a generated client whose copy of that part was
 * removed still reads with its own token, and fails at the first request that needs the part.
 * So a page that only reads never downloads it, and every other kind of request does get it.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { emptyDir, generateOurs } from '../../../bench/lib/generators.ts';
import { WORK_DIR } from '../../../bench/lib/paths.ts';
import { syntheticPayload } from '../../../bench/lib/synthetic.ts';

type Operation = (...args: unknown[]) => Promise<unknown>;
type Client = Record<'records0001', Record<'find' | 'findOne' | 'create', Operation>>;
type ClientClass = new (config: Record<string, unknown>) => Client;

const calls: RequestInit[] = [];
const fetch = (async (_url: string, init: RequestInit) => {
  calls.push(init);
  return Response.json({ data: [] });
}) as typeof globalThis.fetch;

/** The part is gone: loading it rejects with Node's module-not-found error. */
const partMissing = { code: 'ERR_MODULE_NOT_FOUND', message: /runtime\/request-extras\.js/ };

describe('request-extras loads only for requests beyond a plain read', () => {
  let CmsClient: ClientClass;

  before(async () => {
    const dir = emptyDir(join(WORK_DIR, 'request-extras-missing'));
    generateOurs(syntheticPayload(5), dir, 'js');
    rmSync(join(dir, 'runtime/request-extras.js'));
    ({ CmsClient } = (await import(pathToFileURL(join(dir, 'index.js')).href)) as { CmsClient: ClientClass });
  });

  it('reads with or without the client token, cache options and a query need no part', async () => {
    calls.length = 0;
    const cms = new CmsClient({ baseURL: 'http://cms.test', fetch });
    await cms.records0001.find({ sort: ['title'] }, { revalidate: 60, tags: ['list'], cache: 'no-store' });
    const signed = new CmsClient({ baseURL: 'http://cms.test', fetch, token: 't0ken' });
    await signed.records0001.findOne('d1');
    assert.equal(calls.length, 2);
    assert.deepEqual(calls[1]?.headers, { Accept: 'application/json', Authorization: 'Bearer t0ken' });
  });

  for (const [name, config, call] of [
    ['a body', {}, (cms: Client) => cms.records0001.create({ title: 'x' })],
    ['headers in cache options', {}, (cms: Client) => cms.records0001.find({}, { headers: { 'x-a': '1' } })],
    ['a signal', {}, (cms: Client) => cms.records0001.find({}, { signal: new AbortController().signal })],
    ['the timeout', { timeout: 1000 }, (cms: Client) => cms.records0001.find()],
    ['onRequest', { onRequest: () => {} }, (cms: Client) => cms.records0001.find()],
    ['credentials', { credentials: 'include' }, (cms: Client) => cms.records0001.find()],
    [
      'a token that a plain record of headers cannot carry',
      { token: 'a b\u00e9' },
      (cms: Client) => cms.records0001.find(),
    ],
  ] as const) {
    it(`${name} loads the part before fetch is called`, async () => {
      calls.length = 0;
      const cms = new CmsClient({ baseURL: 'http://cms.test', fetch, ...config });
      await assert.rejects(call(cms), partMissing);
      assert.equal(calls.length, 0);
    });
  }
});
