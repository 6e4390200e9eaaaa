/**
 * A read reads no clock and no randomness unless `debug` asks for it: Next.js 16 with Cache
 * Components refuses a prerender that observes `Date.now()`, `new Date()`, `Date()` or
 * `Math.random()` outside a cache ("Next.js encountered the unstable value Date.now() while
 * prerendering"). A generated client (index.js and its lazily loaded parts, as `cms-types
 * generate` writes them) reads with each of these trapped to throw, and `performance.now()` and
 * the Web Crypto randomness too: a plain read, one with cache options, one of one document, one
 * with the client's `timeout` (which runs on `AbortSignal.timeout`, and still fires), a caller's
 * signal, a token, a write. `debug` reads `performance.now()` (Next.js's advice for measuring),
 * never `Date`.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { emptyDir, generateOurs } from '../../../bench/lib/generators.ts';
import { WORK_DIR } from '../../../bench/lib/paths.ts';
import { syntheticPayload } from '../../../bench/lib/synthetic.ts';

type Operation = (...args: unknown[]) => Promise<unknown>;
type Client = Record<'records0001', Record<'find' | 'findOne' | 'create', Operation>>;
type ClientClass = new (config: Record<string, unknown>) => Client;

/** The values Next.js's prerendering treats as unstable (its node-environment-extensions), and two more. */
const TRAPPED = [
  'Date.now()',
  'new Date()',
  'Date()',
  'Math.random()',
  'performance.now()',
  'crypto.randomUUID()',
  'crypto.getRandomValues()',
] as const;

/** Runs `body` with each of TRAPPED replaced by a function that records its use and throws. */
async function trapped<T>(
  body: () => Promise<T>,
  allow: readonly string[] = [],
): Promise<{ used: string[]; result: T }> {
  const used: string[] = [];
  const saved = {
    Date: globalThis.Date,
    random: Math.random,
    now: performance.now,
    randomUUID: crypto.randomUUID,
    getRandomValues: crypto.getRandomValues,
  };
  const trap = <F extends (...args: never[]) => unknown>(name: string, original: F): F =>
    function (this: unknown, ...args: Parameters<F>) {
      used.push(name);
      if (!allow.includes(name)) throw new Error(`${name} called while trapped`);
      return original.apply(this, args);
    } as F;
  const RealDate = saved.Date;
  const TrappedDate = new Proxy(RealDate, {
    apply(_target, _this, args) {
      used.push('Date()');
      if (!allow.includes('Date()')) throw new Error('Date() called while trapped');
      return RealDate(...(args as []));
    },
    construct(_target, args, newTarget) {
      if (args.length === 0) {
        used.push('new Date()');
        if (!allow.includes('new Date()')) throw new Error('new Date() called while trapped');
      }
      return Reflect.construct(RealDate, args, newTarget);
    },
    get(target, key, receiver) {
      return key === 'now' ? trap('Date.now()', RealDate.now) : Reflect.get(target, key, receiver);
    },
  });
  globalThis.Date = TrappedDate;
  Math.random = trap('Math.random()', saved.random);
  performance.now = trap('performance.now()', saved.now.bind(performance));
  crypto.randomUUID = trap('crypto.randomUUID()', saved.randomUUID.bind(crypto));
  crypto.getRandomValues = trap('crypto.getRandomValues()', saved.getRandomValues.bind(crypto));
  try {
    const result = await body();
    return { used, result };
  } finally {
    globalThis.Date = saved.Date;
    Math.random = saved.random;
    performance.now = saved.now;
    crypto.randomUUID = saved.randomUUID;
    crypto.getRandomValues = saved.getRandomValues;
  }
}

/** Answers every request with an empty list, or, for `hang`, never (until the request's signal aborts). */
const requests: { url: string; init: RequestInit }[] = [];
const fetch = (async (url: string, init: RequestInit) => {
  requests.push({ url, init });
  if (url.includes('hang'))
    return new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  return Response.json({ data: url.includes('records0001/') ? { documentId: 'd1' } : [] });
}) as typeof globalThis.fetch;

describe('a read observes no clock and no randomness (Next.js prerendering with Cache Components)', () => {
  let CmsClient: ClientClass;

  before(async () => {
    const dir = emptyDir(join(WORK_DIR, 'unstable-values'));
    generateOurs(syntheticPayload(5), dir, 'js');
    ({ CmsClient } = (await import(pathToFileURL(join(dir, 'index.js')).href)) as { CmsClient: ClientClass });
  });

  it('the trap catches each value (so the reads below could fail)', async () => {
    for (const [name, use] of [
      ['Date.now()', () => Date.now()],
      ['new Date()', () => new Date()],
      ['Date()', () => (Date as unknown as () => string)()],
      ['Math.random()', () => Math.random()],
      ['performance.now()', () => performance.now()],
      ['crypto.randomUUID()', () => crypto.randomUUID()],
      ['crypto.getRandomValues()', () => crypto.getRandomValues(new Uint8Array(1))],
    ] as const) {
      const { used } = await trapped(async () =>
        assert.throws(use, new RegExp(`^Error: ${name.replace(/[().]/g, '\\$&')}`)),
      );
      assert.deepEqual(used, [name]);
    }
    assert.equal(TRAPPED.length, 7);
    // A given date is no current time: Next.js's extension lets it pass, and so does the trap.
    assert.deepEqual((await trapped(async () => new Date(0).toISOString())).used, []);
  });

  for (const [name, config, read] of [
    ['a plain read', {}, (cms: Client) => cms.records0001.find()],
    [
      'a read with cache options (revalidate, tags, cache)',
      {},
      (cms: Client) =>
        cms.records0001.find({ sort: ['title'] }, { revalidate: 3600, tags: ['list'], cache: 'force-cache' }),
    ],
    ['a read of one document', {}, (cms: Client) => cms.records0001.findOne('d1')],
    ['a read with a token', { token: 't0ken' }, (cms: Client) => cms.records0001.find()],
    ['a read with the client timeout', { timeout: 5_000 }, (cms: Client) => cms.records0001.find()],
    [
      "a read with the client timeout and a caller's signal",
      { timeout: 5_000 },
      (cms: Client) => cms.records0001.find({}, { signal: new AbortController().signal }),
    ],
    ['a write', { token: 't0ken' }, (cms: Client) => cms.records0001.create({ title: 'x' })],
  ] as const) {
    it(`${name} calls none of them`, async () => {
      const cms = new CmsClient({ baseURL: 'http://cms.test', fetch, ...config });
      // Twice: the first call also loads the parts it needs, the second is the steady state.
      for (let round = 0; round < 2; round++) {
        requests.length = 0;
        const { used, result } = await trapped(() => read(cms));
        assert.deepEqual(used, []);
        assert.ok(result !== undefined && result !== null);
        assert.equal(requests.length, 1);
      }
    });
  }

  it('the timeout still fires with every value trapped, and its signal is what fetch gets', async () => {
    const cms = new CmsClient({ baseURL: 'http://cms.test/hang', fetch, timeout: 50 });
    requests.length = 0;
    // Node's AbortSignal.timeout keeps no process alive; a real request's socket would.
    const alive = setInterval(() => {}, 1_000);
    const { used, result } = await trapped(() =>
      cms.records0001.find().then(
        () => assert.fail('resolved'),
        (error: Error) => error,
      ),
    ).finally(() => clearInterval(alive));
    assert.deepEqual(used, []);
    assert.equal(result.name, 'CmsConnectionError');
    assert.match(
      result.message,
      /^Request timed out after 50 ms: http:\/\/cms\.test\/hang\/api\/records0001/,
    );
    assert.equal(requests[0]?.init.signal?.aborted, true);
    assert.equal((requests[0]?.init.signal?.reason as Error | undefined)?.name, 'TimeoutError');
  });

  it('debug measures with performance.now(), never Date', async (t) => {
    const logged: string[] = [];
    t.mock.method(console, 'debug', (line: string) => logged.push(line));
    for (const config of [{ debug: true }, { debug: true, timeout: 5_000 }]) {
      const cms = new CmsClient({ baseURL: 'http://cms.test', fetch, ...config });
      logged.length = 0;
      const { used } = await trapped(() => cms.records0001.find(), ['performance.now()']);
      assert.ok(used.length >= 2, used.join());
      assert.ok(
        used.every((name) => name === 'performance.now()'),
        used.join(),
      );
      assert.match(logged[0] ?? '', /^\[CmsClient\] GET http:\/\/cms\.test\/api\/records0001 200 \d+ ms$/);
    }
  });
});
