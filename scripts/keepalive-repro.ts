/**
 * Reproduces "fetch failed: other side closed" against the test Strapi: `node scripts/keepalive-repro.ts [trials]`.
 *
 * Strapi (Node's http server) advertises `Keep-Alive: timeout=5` and closes an idle socket about
 * 6 s after its last response; fetch (undici) retires idle sockets after 3 s, but only if its event
 * loop runs. Each trial sends a GET, waits 6.2 s, and sends a second GET. Strapi is stopped
 * (SIGSTOP) from 5.5 s to 6.6 s, as a busy Strapi is late to its keep-alive deadline: when it
 * resumes, its timer closes the idle socket before it reads a request written there meanwhile.
 * - `blocked`: the wait is a spawnSync (what spawnSync/execFileSync/a synchronous compile do in a
 *   test): undici cannot retire the socket and writes the second GET on it.
 * - `free`: the same wait, asynchronous (the helpers now): undici retired the socket, and the
 *   second GET goes out on a new connection that Strapi answers once it resumes.
 * - `blocked-8s` / `free-8s`: an 8 s wait with no stall, blocking or not (Strapi closed the socket
 *   2 s before the second GET).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createApp, startStrapi } from '../test/harness/app.ts';

const trials = Number(process.argv[2] ?? 5);
const strapi = await startStrapi(createApp('keepalive-repro'));
const pid = strapi.process.pid ?? 0;
const url = `${strapi.url}/api/cms-typed-client/schema-hash`;

/** Stops Strapi at `from` ms from now and resumes it at `to` ms, from another process. */
function stall(from: number, to: number): void {
  spawn(
    'sh',
    ['-c', `sleep ${from / 1000}; kill -STOP ${pid}; sleep ${(to - from) / 1000}; kill -CONT ${pid}`],
    {
      stdio: 'ignore',
    },
  );
}

type Kind = 'blocked' | 'free' | 'blocked-8s' | 'free-8s';

async function trial(kind: Kind): Promise<string> {
  await (await fetch(url)).text();
  if (kind === 'blocked-8s') spawnSync('sleep', ['8']);
  else if (kind === 'free-8s') await new Promise((resolve) => setTimeout(resolve, 8_000));
  else {
    stall(5_500, 6_600);
    if (kind === 'blocked') spawnSync('sleep', ['6.2']);
    else await new Promise((resolve) => setTimeout(resolve, 6_200));
  }
  try {
    const response = await fetch(url);
    await response.text();
    return `ok ${response.status}`;
  } catch (error) {
    const cause = (error as Error & { cause?: Error & { code?: string } }).cause;
    return `FAILED: ${(error as Error).message}: ${cause?.message} (${cause?.code})`;
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

try {
  for (const kind of ['blocked', 'free', 'blocked-8s', 'free-8s'] as const) {
    const outcomes: string[] = [];
    for (let i = 0; i < trials; i++) outcomes.push(await trial(kind));
    const failed = outcomes.filter((outcome) => outcome.startsWith('FAILED')).length;
    console.log(`${kind}: ${failed}/${trials} failed`);
    for (const outcome of new Set(outcomes)) console.log(`  ${outcome}`);
  }
} finally {
  process.kill(pid, 'SIGCONT');
  await strapi.stop();
}
