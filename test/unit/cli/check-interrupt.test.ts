/**
 * Ctrl-C during `cms-types check --url`: the hash request is cancelled at once and the command
 * exits 130 with the interrupted message, as generate does. A Strapi that never answers cannot
 * be had on demand, so a loopback server that accepts the request and stays silent stands in.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from '../../harness/paths.ts';
import { startCli } from '../../helpers/cli.ts';

describe('cms-types check and Ctrl-C', () => {
  let server: Server;
  let url = '';
  let project = '';
  const requests: IncomingMessage[] = [];
  let requested: () => void = () => {};

  before(async () => {
    server = createServer((req) => {
      requests.push(req);
      requested();
      // Never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    project = mkdtempSync(join(tmpdir(), 'cms-check-int-'));
    writeFileSync(join(project, 'package.json'), '{"name":"check-interrupt","private":true}\n');
    mkdirSync(join(project, 'src/cms'), { recursive: true });
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    writeFileSync(
      join(project, 'src/cms/.cms-types.json'),
      JSON.stringify({
        generator: 'cms-typed-client',
        version,
        hash: 'a'.repeat(64),
        format: 'js',
        files: [],
      }),
    );
  });
  after(() => {
    server.closeAllConnections();
    server.close();
    rmSync(project, { recursive: true, force: true });
  });

  it('aborts the pending hash request and exits 130 within a second', async (t) => {
    const arrived = new Promise<void>((resolve) => {
      requested = resolve;
    });
    const child = startCli(['check', '--output', 'src/cms', '--url', url, '--strict'], { cwd: project });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await arrived;
    assert.equal(requests[0]?.url, '/api/cms-typed-client/schema-hash');
    const closed = new Promise<void>((resolve) => requests[0]?.socket.once('close', () => resolve()));
    const sent = performance.now();
    child.kill('SIGINT');
    const code = await Promise.race([
      exited,
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000).unref()),
    ]);
    const elapsed = performance.now() - sent;
    if (code === 'hung') child.kill('SIGKILL');
    assert.equal(code, 130, `exit code (stdout: ${stdout}, stderr: ${stderr})`);
    t.diagnostic(`exited ${Math.round(elapsed)} ms after SIGINT`);
    assert.ok(elapsed < 1_000, `exited ${Math.round(elapsed)} ms after SIGINT`);
    assert.match(stderr, /^error: Interrupted; the previous output and stored hash are unchanged\.\n$/);
    assert.equal(stdout, '');
    await closed;
    assert.equal(requests.length, 1, 'no retry after the interrupt');
  });
});
