/**
 * `npm run test:fresh-clone`: the README's "Try it" commands (the quick start) on a fresh copy, for release checks.
 * The committed HEAD is cloned into an otherwise empty temporary folder (the repository needs
 * nothing beside it), and the commands of the quick-start code block run there verbatim, one
 * after the other, with an empty npm cache: a cold install of the dev tools and of Strapi, the
 * demo, then the whole suite inside the clone. The commands are read from the README, so this
 * follows any change to them. Only committed work is in a clone.
 *
 * CI needs no second clone: it runs in a fresh clone already, and `.ci/run` runs the quick
 * start's commands as written (test/examples/quickstart.test.ts holds it to them).
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');

/** The commands of the first code block under the README's `## Try it`, one per line. */
export function quickStartCommands(readme: string): string[] {
  const section = /^## Try it\b[^\n]*\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no "## Try it" section');
  const block = /```(?:sh|bash|shell)?\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('the "Try it" section has no code block');
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** What one quick-start command printed must show besides its exit code 0; a problem, or undefined. */
export function checkOutput(command: string, output: string): string | undefined {
  if (/npm run demo/.test(command)) {
    if (!/Installing the example Strapi app \(first run only/.test(output))
      return 'the demo did not install its Strapi app: it did not start from a fresh machine';
    if (!/Getting started with Strapi 5\n\s+by Ada Lovelace/.test(output))
      return 'the demo did not print the example article read through the generated client';
  }
  if (/npm test/.test(command)) {
    // The suite really ran: the closing summary, with tests in every layer and none failing.
    const summary = /^== summary\n([\s\S]*)$/m.exec(output)?.[1] ?? '';
    const lines = summary.split('\n').filter((line) => /^\w+\s+\d+\/\d+ passed/.test(line));
    if (lines.length < 4) return `the suite printed no summary of its layers:\n${summary}`;
    const tests = lines.reduce((sum, line) => sum + Number(/\/(\d+) passed/.exec(line)?.[1] ?? 0), 0);
    if (tests < 100) return `the suite ran only ${tests} tests`;
    if (lines.some((line) => /failed|cancelled/.test(line))) return `a layer failed:\n${lines.join('\n')}`;
  }
  return undefined;
}

/** Runs a shell command; its output grows in `log` as it runs (`tail -f` it to follow). */
function runLogged(
  command: string,
  cwd: string,
  env: Record<string, string>,
  log: string,
): Promise<{ code: number | null; output: string }> {
  writeFileSync(log, `$ ${command}\n`);
  return new Promise((done, fail) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const append = (chunk: Buffer) => {
      output += chunk;
      appendFileSync(log, chunk);
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

async function main(): Promise<number> {
  const say = (line: string) => process.stderr.write(`[fresh-clone] ${line}\n`);
  const logs = join(ROOT, '.cache', 'fresh-clone');
  const work = mkdtempSync(join(tmpdir(), 'cms-fresh-clone-'));
  try {
    const clone = join(work, 'cms-typed-client');
    const cloned = spawnSync('git', ['clone', '--quiet', ROOT, clone], { encoding: 'utf8' });
    if (cloned.status !== 0) {
      say(`git clone failed: ${cloned.stderr || cloned.error?.message}`);
      return 1;
    }
    const commands = quickStartCommands(readFileSync(join(clone, 'README.md'), 'utf8'));
    mkdirSync(logs, { recursive: true });
    // A fresh shell: nothing from this run's npm (its npm_* variables) but the Node headers
    // native modules build against, and an empty npm cache.
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) {
      const npm = key.startsWith('npm_') && key !== 'npm_config_nodedir';
      if (value !== undefined && !npm && !key.startsWith('NODE_TEST')) env[key] = value;
    }
    env.npm_config_cache = join(work, 'npm-cache');
    say(`cloned HEAD into ${clone}; the quick start's ${commands.length} commands follow (logs in ${logs})`);
    for (const [index, command] of commands.entries()) {
      const log = join(logs, `${index + 1}.log`);
      const started = performance.now();
      const { code, output } = await runLogged(command, clone, env, log);
      const took = Math.round((performance.now() - started) / 1000);
      say(`${command}: exit ${code} in ${took} s (log: ${log})`);
      const problem = code === 0 ? checkOutput(command, output) : `exit ${code}`;
      if (problem) {
        say(`\`${command}\` failed: ${problem}; the end of its output:\n${output.slice(-6000)}`);
        return 1;
      }
    }
    say('the quick start passed on a fresh clone');
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
