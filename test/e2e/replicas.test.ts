/**
 * More than one Strapi: two replicas of the kitchen-sink app on one PostgreSQL database behind
 * a round-robin proxy, as behind a load balancer. Both publish byte-identical `/schema` and the
 * same hash, and `cms-types watch` through the proxy regenerates exactly once across a rolling
 * restart that changes the schema (replica A stops and comes back with the change, then B),
 * and not at all across one that does not.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApp, freePort, type RunningStrapi, startStrapi, type TestApp } from '../harness/app.ts';
import { type DatabaseServer, databaseSkip, startDatabase } from '../harness/db.ts';
import { createProject, runCli, startCli } from '../helpers/cli.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from '../helpers/proxy.ts';
import { eventually } from '../helpers/watch-client.ts';

interface Replica {
  app: TestApp;
  port: number;
  strapi?: RunningStrapi;
}

const PLUGIN = '/api/cms-typed-client';

describe('two Strapi replicas on one PostgreSQL database', {
  skip: databaseSkip(['postgres']),
  timeout: 600_000,
}, () => {
  let database: DatabaseServer;
  let proxy: RoundRobinProxy;
  let token = '';
  const replicas: Replica[] = [];

  const boot = async (replica: Replica) => {
    replica.strapi = await startStrapi(replica.app, { port: replica.port, env: database.env });
  };
  const get = async (base: string, path: string) => {
    const response = await fetch(`${base}${PLUGIN}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(response.status, 200, `${base}${path}`);
    return response;
  };
  /**
   * The body of a GET of a plugin endpoint, read with node:http. Undici (the global fetch)
   * crashes the process with an uncatchable `assert(!this.paused)` when a server closes a socket
   * whose response body it has paused under backpressure (nodejs/undici#5360, fixed in undici
   * 8); the 70 kB /schema body of a format 2 payload is large enough to be paused.
   */
  const body = (base: string, path: string) =>
    new Promise<Buffer>((resolve, reject) => {
      const request = httpGet(
        `${base}${PLUGIN}${path}`,
        { headers: { Authorization: `Bearer ${token}` } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(Buffer.concat(chunks))
              : reject(new Error(`${base}${path}: ${response.statusCode}`)),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  const hashOf = async (base: string) =>
    ((await (await get(base, '/schema-hash')).json()) as { hash: string }).hash;
  /** Adds a string attribute to the tag content type of one replica's app, for its next boot. */
  const addTagAttribute = (replica: Replica, name: string) => {
    const path = join(replica.app.dir, 'src/api/tag/content-types/tag/schema.json');
    const schema = JSON.parse(readFileSync(path, 'utf8'));
    schema.attributes[name] = { type: 'string' };
    writeFileSync(path, JSON.stringify(schema, null, 2));
  };

  before(async () => {
    database = await startDatabase('postgres');
    for (const name of ['replica-a', 'replica-b'])
      replicas.push({ app: createApp(name), port: await freePort() });
    // One after the other: the first boot creates the tables, the second finds them.
    for (const replica of replicas) await boot(replica);
    token = replicas[0]?.strapi?.seed.tokens.readOnly ?? '';
    proxy = await startRoundRobinProxy(replicas.map((replica) => `http://127.0.0.1:${replica.port}`));
  });

  after(async () => {
    await proxy?.close();
    for (const replica of replicas) await replica.strapi?.stop();
    await database?.stop();
  });

  it('both replicas publish byte-identical /schema and the same hash, directly and through the proxy', async () => {
    const [a, b] = replicas.map((replica) => replica.strapi?.url ?? '');
    const direct = await Promise.all([a, b].map((url) => body(url ?? '', '/schema')));
    assert.ok(direct[0]?.equals(direct[1] as Buffer), 'the /schema bodies differ');
    assert.equal(await hashOf(a ?? ''), await hashOf(b ?? ''));
    const before = proxy.served.length;
    const bodies = [await body(proxy.url, '/schema'), await body(proxy.url, '/schema')];
    assert.deepEqual(
      proxy.served
        .slice(before)
        .map(([index]) => index)
        .sort(),
      [0, 1],
      'the proxy sent one request to each replica',
    );
    for (const body of bodies) assert.ok(body.equals(direct[0] as Buffer));
  });

  it('watch through the proxy: no regeneration across a rolling restart that keeps the schema, one across a rolling restart that changes it', async () => {
    const project = createProject('replicas-watch');
    const env = { CMS_TOKEN: token };
    const generated = await runCli(['generate', '--url', proxy.url, '--output', 'src/cms'], {
      cwd: project,
      env,
    });
    assert.equal(generated.code, 0, generated.stderr);
    const child = startCli(['watch', '--url', proxy.url, '--output', 'src/cms'], { cwd: project, env });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const count = (pattern: RegExp) => output.match(pattern)?.length ?? 0;
    const answers = () => count(/Schema unchanged|Generated /g);
    /** Stops and boots each replica in turn, `change` applied to its app while it is down. */
    const rollingRestart = async (change?: (replica: Replica) => void) => {
      for (const replica of replicas) {
        await replica.strapi?.stop();
        change?.(replica);
        await boot(replica);
      }
    };
    try {
      await eventually(() => count(/Schema unchanged/g) === 1, 10_000, 'watch to connect');

      // The watch stream sits on one replica: a rolling restart moves it at least once.
      let seen = answers();
      await rollingRestart();
      await eventually(() => answers() > seen, 20_000, 'watch to reconnect');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.equal(count(/Generated /g), 0, `no generation without a schema change:\n${output}`);

      seen = answers();
      await rollingRestart((replica) => addTagAttribute(replica, 'shade'));
      await eventually(() => count(/Generated /g) > 0, 20_000, 'watch to regenerate');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.ok(answers() > seen);
      assert.equal(count(/Generated /g), 1, `one generation for one schema change:\n${output}`);
      assert.match(readFileSync(join(project, 'src/cms/types.d.ts'), 'utf8'), /\bshade\b/);
      const [a, b] = replicas.map((replica) => replica.strapi?.url ?? '');
      assert.equal(await hashOf(a ?? ''), await hashOf(b ?? ''));
      assert.equal(
        JSON.parse(readFileSync(join(project, 'src/cms/.cms-types.json'), 'utf8')).hash,
        await hashOf(proxy.url),
      );
      const streams = proxy.served.filter(([, , path]) => path.startsWith(`${PLUGIN}/schema-watch`));
      assert.deepEqual(
        [...new Set(streams.map(([index]) => index))].sort(),
        [0, 1],
        'the stream moved between replicas',
      );
      assert.equal(child.exitCode, null, 'watch is still running');
      child.kill('SIGINT');
      assert.equal(await exited, 0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
