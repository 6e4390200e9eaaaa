/**
 * The snapshot workflow against a real Strapi 5 (requireAuth on): `pull` saves the payload,
 * `generate --schema` gives byte for byte the output of a live generation of the same schema
 * (both formats) with no Strapi running. One boot; the payloads are captured once.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { snapshotText } from '../../src/cli/snapshot.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { createApp, freePort, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { createProject, runCli } from '../helpers/cli.ts';

const app = createApp('snapshot');
const ENV = { CTC_CONFIG: JSON.stringify({ requireAuth: true }) };
let strapi: RunningStrapi;
let port = 0;

/** Every file of a folder, by name. */
function folder(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

describe('the schema snapshot against a real Strapi', () => {
  let project = '';
  let token = '';
  let served: SchemaResponse;
  before(async () => {
    port = await freePort();
    strapi = await startStrapi(app, { port, env: ENV });
    token = strapi.seed.tokens.readOnly;
    project = createProject('snapshot-e2e');
    const response = await fetch(`${strapi.url}/api/cms-typed-client/schema`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    served = (await response.json()) as SchemaResponse;
  });
  after(() => strapi?.stop());

  it('pull saves the payload as indented JSON, and leaves an up-to-date snapshot alone', async () => {
    const run = await runCli(['pull', '--url', strapi.url, '--schema', 'cms-schema.json'], {
      cwd: project,
      env: { CMS_TOKEN: token },
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /Saved the schema in cms-schema\.json \(new; \d+ content types, \d+ components, hash [0-9a-f]{12}\)\. Commit it/,
    );
    const file = join(project, 'cms-schema.json');
    const text = readFileSync(file, 'utf8');
    assert.equal(text, snapshotText(served));
    assert.deepEqual(JSON.parse(text), served, 'the payload, nothing added or dropped');
    const mtime = statSync(file).mtimeMs;
    const again = await runCli(['pull', '--url', strapi.url, '--schema', 'cms-schema.json'], {
      cwd: project,
      env: { CMS_TOKEN: token },
    });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^Schema unchanged \(hash [0-9a-f]{12}\); cms-schema\.json is up to date/m);
    assert.equal(statSync(file).mtimeMs, mtime);
    const denied = await runCli(['pull', '--url', strapi.url, '--schema', 'other.json'], { cwd: project });
    assert.equal(denied.code, 3);
    assert.match(denied.stderr, /401 Unauthorized: the API token is missing/);
    assert.ok(!readdirSync(project).includes('other.json'), 'nothing written on a failed pull');
  });

  it('generate --schema writes byte for byte what a live generation writes, in both formats', async () => {
    for (const format of ['js', 'ts']) {
      const live = await runCli(
        ['generate', '--url', strapi.url, '--output', `src/live-${format}`, '--format', format],
        { cwd: project, env: { CMS_TOKEN: token } },
      );
      assert.equal(live.code, 0, live.stderr);
      const offline = await runCli(
        ['generate', '--schema', 'cms-schema.json', '--output', `src/offline-${format}`, '--format', format],
        // No token and a URL that answers nothing: the snapshot is all it reads.
        { cwd: project, env: { CMS_URL: 'http://127.0.0.1:9' } },
      );
      assert.equal(offline.code, 0, offline.stderr);
      assert.match(offline.stdout, /Generated .*\(first run;/);
      assert.deepEqual(
        folder(join(project, `src/offline-${format}`)),
        folder(join(project, `src/live-${format}`)),
        `--format ${format}`,
      );
    }
  });
});
