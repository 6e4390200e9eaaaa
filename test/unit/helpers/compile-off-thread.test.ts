/**
 * The compile helper that tests talking to a running Strapi use (checkCaptures and others): it
 * gives the same diagnostics as the in-thread compile, and this thread's event loop keeps running
 * meanwhile, so fetch can retire idle keep-alive sockets before Strapi closes them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compile, compileOffThread } from '../../helpers/compile.ts';

const FILES = {
  '/virtual/a.ts': "import { b } from './b.ts';\nexport const a: number = b;\n",
  '/virtual/b.ts': "export const b: string = 'b';\n",
};

describe('compileOffThread', () => {
  it('reports what compile reports, with the same options', async () => {
    const expected = compile(FILES, { allowImportingTsExtensions: true });
    assert.equal(expected.length, 1);
    assert.match(
      expected[0] ?? '',
      /a\.ts\(2,14\): error TS2322: Type 'string' is not assignable to type 'number'/,
    );
    assert.deepEqual(await compileOffThread(FILES, { allowImportingTsExtensions: true }), expected);
    assert.deepEqual(await compileOffThread({ '/virtual/b.ts': FILES['/virtual/b.ts'] }), []);
  });

  it('leaves the event loop free while it compiles', async () => {
    let last = Date.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = Date.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 20);
    const started = Date.now();
    try {
      await compileOffThread(FILES, { allowImportingTsExtensions: true });
    } finally {
      clearInterval(ticker);
    }
    const elapsed = Date.now() - started;
    assert.ok(elapsed > 300, `a compile with the default libs takes time (${elapsed} ms)`);
    assert.ok(longestGap < elapsed / 3, `the loop stalled ${longestGap} ms during a ${elapsed} ms compile`);
  });
});
