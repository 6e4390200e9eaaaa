/**
 * The README's quick start on a fresh copy: the committed HEAD is cloned into an otherwise
 * empty temporary folder (the repository needs nothing beside it), and the commands of the
 * quick-start code block run there verbatim, one after the other, with an empty npm cache.
 * The commands are read from the README, so this test follows any change to them.
 *
 * Slow by nature: a cold install of the dev tools and of Strapi, then the whole suite again
 * inside the clone. The inner suite skips this test (CMS_QUICKSTART_INNER), so it runs once.
 * Only committed work is in a clone: uncommitted changes are not tested here.
 *
 * CI needs no second clone: it runs in a fresh clone already, and `.ci/run` runs the quick
 * start's commands as written (checked here) with CMS_QUICKSTART_BY_CI=1, which skips the clone.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CACHE, ROOT } from '../harness/paths.ts';

/** The commands of the first code block under `## Quick start`, one per line. */
function quickStartCommands(readme: string): string[] {
  const section = /^## Quick start\b[^\n]*\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  assert.ok(section, 'README.md has no "## Quick start" section');
  const block = /```(?:sh|bash|shell)?\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block, 'the quick start has no code block');
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Runs a shell command; its output grows in `log` as it runs (`tail -f` it to follow). */
function runLogged(
  command: string,
  cwd: string,
  env: Record<string, string>,
  log: string,
): Promise<{ code: number | null; output: string }> {
  writeFileSync(log, `$ ${command}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const append = (chunk: Buffer) => {
      output += chunk;
      appendFileSync(log, chunk);
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const inner = process.env.CMS_QUICKSTART_INNER === '1';
const git = spawnSync('git', ['--version'], { encoding: 'utf8' });
const skip = inner
  ? 'this is the suite the quick start runs inside its clone'
  : process.env.CMS_QUICKSTART_BY_CI === '1'
    ? '.ci/run, in a fresh clone, has run the quick start itself: this suite is its second command'
    : git.status !== 0
      ? 'git is not available, so the repository cannot be cloned'
      : false;

/** The lines of `.ci/run` that are commands: no comment, no blank line. */
function ciCommands(): string[] {
  return readFileSync(join(ROOT, '.ci', 'run'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

describe('CI runs the README quick start', () => {
  it('.ci/run runs both quick-start commands as written, in order, after installing the lockfile', () => {
    const commands = quickStartCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    const ci = ciCommands();
    const at = commands.map((command) => ci.indexOf(command));
    assert.ok(
      at.every((index) => index >= 0),
      `.ci/run lacks a quick-start command:\n${commands.join('\n')}`,
    );
    assert.deepEqual(
      at,
      [...at].sort((a, b) => a - b),
      'the quick-start commands run in the order the README gives',
    );
    const install = ci.findIndex((line) => /^npm ci\b/.test(line));
    assert.ok(install >= 0 && install < (at[0] ?? -1), 'npm ci installs the lockfile first');
    // The suite skips the quick-start clone only because .ci/run ran the commands before it.
    const byCi = ci.indexOf('export CMS_QUICKSTART_BY_CI=1');
    assert.ok(byCi >= 0 && byCi < (at.at(-1) ?? -1), 'CMS_QUICKSTART_BY_CI is set before the suite runs');
  });
});

describe('the README quick start, on a fresh clone', { skip, timeout: 120 * 60_000 }, () => {
  const logs = join(CACHE, 'quickstart');
  let work: string | undefined;
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('has exactly two commands: the demo, then the whole suite', () => {
    const commands = quickStartCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    assert.equal(commands.length, 2, commands.join('\n'));
    assert.match(commands[0] ?? '', /npm run demo/);
    assert.match(commands[1] ?? '', /npm test/);
  });

  it('runs both commands verbatim with an empty npm cache', async (t) => {
    work = mkdtempSync(join(tmpdir(), 'cms-quickstart-'));
    const clone = join(work, 'cms-typed-client');
    const cloned = spawnSync('git', ['clone', '--quiet', ROOT, clone], { encoding: 'utf8' });
    assert.equal(cloned.status, 0, cloned.stderr);
    const commands = quickStartCommands(readFileSync(join(clone, 'README.md'), 'utf8'));
    mkdirSync(logs, { recursive: true });

    // A fresh shell: nothing from this run's npm (its npm_* variables) but the Node headers
    // native modules build against, and an empty cache. Nor this test runner's NODE_TEST_CONTEXT,
    // which would make the inner `node --test` skip every file.
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) {
      const npm = key.startsWith('npm_') && key !== 'npm_config_nodedir';
      if (value !== undefined && !npm && !key.startsWith('NODE_TEST')) env[key] = value;
    }
    Object.assign(env, { npm_config_cache: join(work, 'npm-cache'), CMS_QUICKSTART_INNER: '1' });

    for (const [index, command] of commands.entries()) {
      const log = join(logs, `${index + 1}.log`);
      const started = Date.now();
      const { code, output } = await runLogged(command, clone, env, log);
      t.diagnostic(
        `${command}: exit ${code} in ${Math.round((Date.now() - started) / 1000)} s (log: ${log})`,
      );
      assert.equal(
        code,
        0,
        `\`${command}\` failed (exit ${code}); the end of its output:\n${output.slice(-6000)}`,
      );
      if (/npm run demo/.test(command)) {
        assert.match(output, /Installing the example Strapi app \(first run only/);
        assert.match(output, /Getting started with Strapi 5\n\s+by Ada Lovelace/);
      }
      if (/npm test/.test(command)) {
        // The suite really ran: the test runner's summary, with tests and no failure.
        const tests = Number(/^ℹ tests (\d+)$/m.exec(output)?.[1] ?? 0);
        assert.ok(tests > 100, `the inner suite ran ${tests} tests`);
        assert.match(output, /^ℹ fail 0$/m);
      }
    }
  });
});
