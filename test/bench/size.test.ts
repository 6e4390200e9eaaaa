/**
 * Size budget of the generated client: the N=5 synthetic schema's client, bundled as a browser
 * app would (esbuild, minified, ES2020, ESM) and gzipped (-9), must stay within
 * CLIENT_GZIP_BUDGET. The zero-dependency promise is only worth something if its cost is
 * watched (openapi-fetch keeps a size-limit for the same reason); `npm run bench -- bundle`
 * compares the figure with the peers.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { it } from 'node:test';
import { ourClientSize } from '../../bench/lib/bundle-size.ts';
import { emptyDir, generateOurs } from '../../bench/lib/generators.ts';
import { WORK_DIR } from '../../bench/lib/paths.ts';
import { syntheticPayload } from '../../bench/lib/synthetic.ts';

/**
 * Bytes, gzipped. Measured 9,756 B for the N=5 client (runtime with errors, query checks,
 * upload, i18n, auth and the refresh-token session) when this test was written; the budget
 * is that plus 10%, so a change that adds about a kilobyte compressed fails here and has to
 * raise this number on purpose, in review.
 */
export const CLIENT_GZIP_BUDGET = 10_750;

it(`the generated N=5 client is at most ${CLIENT_GZIP_BUDGET} bytes minified and gzipped`, async () => {
  const dir = emptyDir(join(WORK_DIR, 'size-test'));
  generateOurs(syntheticPayload(5), dir, 'js');
  const size = await ourClientSize(dir);
  assert.ok(
    size.gzip <= CLIENT_GZIP_BUDGET,
    `the generated client is ${size.gzip} bytes gzipped (${size.minified} minified), over the budget of ` +
      `${CLIENT_GZIP_BUDGET}. Make it smaller, or raise CLIENT_GZIP_BUDGET in test/bench/size.test.ts with a reason.`,
  );
});
