/**
 * Budget 6's floor loop replays the fetch options our client sends for a list read. It reads them
 * from the generated client itself, so the floor follows the client; and it refuses options it
 * does not replay, so the floor cannot quietly send less than the client does.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { sentInit } from '../../bench/budgets/request.ts';
import { type EnvelopeServer, startEnvelopeServer } from '../../bench/lib/envelope-server.ts';
import { emptyDir, generateOurs } from '../../bench/lib/generators.ts';
import { WORK_DIR } from '../../bench/lib/paths.ts';
import { collectionNames, syntheticPayload } from '../../bench/lib/synthetic.ts';

type Api = { find(params: object): Promise<unknown> };
type Client = new (config: object) => Record<string, Api>;

describe("budget 6's floor", () => {
  let server: EnvelopeServer;
  let CmsClient: Client;
  const property = collectionNames(1).plural;

  before(async () => {
    server = await startEnvelopeServer();
    const dir = emptyDir(join(WORK_DIR, 'request-floor-test'));
    generateOurs(syntheticPayload(5), dir, 'js');
    ({ CmsClient } = (await import(pathToFileURL(join(dir, 'index.js')).href)) as { CmsClient: Client });
  });
  after(() => server.stop());

  it('replays what the generated client sends: GET, its Accept header and its cache tag', async () => {
    assert.deepEqual(await sentInit(CmsClient, server.url, property), {
      method: 'GET',
      headers: { Accept: 'application/json' },
      next: { tags: [`cms:${property}`] },
    });
  });

  it('refuses a client whose request carries an option the floor does not replay', async () => {
    // The generated client with a fetch option added to every request (as a new feature might).
    class WithCache extends CmsClient {
      constructor(config: { fetch: (url: string, init: object) => Promise<Response> }) {
        super({
          ...config,
          fetch: (url: string, init: object) => config.fetch(url, { ...init, cache: 'no-store' }),
        });
      }
    }
    await assert.rejects(
      sentInit(WithCache as unknown as Client, server.url, property),
      /the floor replays our client's fetch options, which changed: .*"cache":"no-store"/,
    );
  });
});
