/**
 * Which `Accept-Encoding` headers get `/schema` gzipped (`acceptsGzip`). The answers themselves,
 * gzipped and not, come from the real Strapi in test/e2e/plugin.test.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { acceptsGzip } from '../../../src/server/controller.ts';

const cases: [string | string[] | undefined, boolean][] = [
  ['gzip, deflate', true],
  ['gzip, deflate, br, zstd', true],
  ['GZIP', true],
  ['deflate, gzip;q=0.5', true],
  ['gzip; q=1.0', true],
  ['*', true],
  ['br, *;q=0.1', true],
  [undefined, false],
  ['', false],
  ['identity', false],
  ['deflate, br', false],
  ['gzip;q=0', false],
  ['gzip;q=0, *', false],
  ['*;q=0', false],
  ['gzip;q=nonsense', false],
  ['x-gzip', false],
  [['gzip'], false],
];

for (const [header, want] of cases)
  it(`Accept-Encoding ${JSON.stringify(header)}: ${want ? 'gzip' : 'identity'}`, () => {
    assert.equal(acceptsGzip(header), want);
  });
