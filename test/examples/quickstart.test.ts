/**
 * The README's quick start: exactly two commands (the demo, then the whole suite), and `.ci/run`
 * runs both as written, in order, after installing the lockfile; CI's fresh clone is the fresh
 * machine the quick start speaks of. The same check on a fresh clone made here, with an empty
 * npm cache, is `npm run test:fresh-clone` (scripts/fresh-clone.ts), a release check kept out of
 * `npm test` so that the suite runs once; this file tests how that script reads the README and
 * judges what the commands print.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkOutput, quickStartCommands } from '../../scripts/fresh-clone.ts';
import { ROOT } from '../harness/paths.ts';

/** The lines of `.ci/run` that are commands: no comment, no blank line. */
function ciCommands(): string[] {
  return readFileSync(join(ROOT, '.ci', 'run'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const readme = () => readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('the README quick start', () => {
  it('has exactly two commands: the demo, then the whole suite', () => {
    const commands = quickStartCommands(readme());
    assert.equal(commands.length, 2, commands.join('\n'));
    assert.match(commands[0] ?? '', /npm run demo/);
    assert.match(commands[1] ?? '', /npm test/);
  });

  it('.ci/run runs both quick-start commands as written, in order, after installing the lockfile', () => {
    const commands = quickStartCommands(readme());
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
  });

  it('package.json runs the fresh-clone check as test:fresh-clone, outside npm test', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    assert.match(
      scripts['test:fresh-clone'] ?? '',
      /^node (--import \.\/scripts\/preflight\.js )?scripts\/fresh-clone\.ts$/,
    );
    assert.doesNotMatch(scripts.test ?? '', /fresh-clone/);
  });
});

describe('test:fresh-clone judges what the commands print', () => {
  const suite = (lines: string) => `...\n== summary\ntypes    tsc passed  12.0 s\n${lines}\n`;
  const fine = [
    'unit     900/900 passed in 60 files  1 min 10 s',
    'package  30/30 passed in 4 files  2 min 00 s',
    'e2e      200/200 passed in 12 files  5 min 00 s',
    'examples 20/20 passed in 4 files  3 min 00 s',
  ].join('\n');

  it('accepts a suite whose layers all passed', () => {
    assert.equal(checkOutput('npm test', suite(fine)), undefined);
  });

  it('refuses a suite with a failed layer, no summary, or hardly any tests', () => {
    assert.match(
      checkOutput('npm test', suite(fine.replace('200/200 passed', '199/200 passed, 1 failed'))) ?? '',
      /a layer failed/,
    );
    assert.match(checkOutput('npm test', 'ℹ tests 5\nℹ fail 0\n') ?? '', /no summary/);
    assert.match(
      checkOutput('npm test', suite(fine.replace(/\d+\/(\d+) passed/g, '1/1 passed'))) ?? '',
      /only 4 tests/,
    );
  });

  it('wants the demo to install its Strapi and print the article', () => {
    const demo =
      'Installing the example Strapi app (first run only, ...)\nGetting started with Strapi 5\n  by Ada Lovelace\n';
    assert.equal(checkOutput('npm install && npm run demo', demo), undefined);
    assert.match(checkOutput('npm run demo', demo.split('\n').slice(1).join('\n')) ?? '', /fresh machine/);
    assert.match(checkOutput('npm run demo', demo.split('\n')[0] ?? '') ?? '', /example article/);
  });
});
