import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { WatchHub } from '../../../src/server/watch-hub.ts';
import { openWatch } from '../../helpers/watch-client.ts';

/** The hub behind a plain Node HTTP server on loopback, mounted at the plugin's path. */
describe('WatchHub', () => {
  let server: Server;
  let hub: WatchHub;
  let url = '';
  before(async () => {
    hub = new WatchHub({ heartbeatInterval: 100, maxClients: 3 });
    server = createServer((_req, res) => {
      if (hub.full) {
        res.writeHead(503, { 'Retry-After': '5' }).end();
        return;
      }
      hub.open(res, 'abc');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends connected, then heartbeats, and forgets a client that leaves', async () => {
    const watch = await openWatch(url);
    assert.equal(await watch.connected(), 'abc');
    assert.deepEqual(await watch.next(1000), { kind: 'comment', text: 'heartbeat' });
    assert.equal(hub.size, 1);
    watch.close();
    for (let i = 0; i < 40 && hub.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal(hub.size, 0);
  });

  it('reports full at the cap', async () => {
    const clients = await Promise.all([1, 2, 3].map(() => openWatch(url)));
    await Promise.all(clients.map((client) => client.connected()));
    assert.equal(hub.full, true);
    const refused = await openWatch(url);
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get('retry-after'), '5');
    for (const client of clients) client.close();
  });

  it('close() ends every stream and refuses new ones', async () => {
    for (let i = 0; i < 40 && hub.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const clients = await Promise.all([1, 2].map(() => openWatch(url)));
    await Promise.all(clients.map((client) => client.connected()));
    hub.close();
    for (const client of clients) assert.equal(await client.next(1000), null);
    const late = await openWatch(url);
    assert.equal(late.status, 503);
    late.close();
  });
});
