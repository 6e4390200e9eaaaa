/**
 * The typed flag parser every command shares: each spelling it accepts, each it refuses, and
 * the message that says what to type instead.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineFlags, parseFlags, UsageError } from '../../../src/cli/args.ts';

const FLAGS = defineFlags({
  url: { type: 'string', value: '<url>', description: 'address' },
  output: { type: 'string', value: '<dir>', description: 'folder' },
  force: { type: 'boolean', description: 'switch' },
});
const parse = (argv: string[]) => parseFlags(argv, FLAGS, 'demo');

describe('parseFlags', () => {
  it('takes --name value, --name=value and switches, absent flags absent', () => {
    assert.deepEqual(parse(['--url', 'http://a.test', '--output=src/cms', '--force']), {
      url: 'http://a.test',
      output: 'src/cms',
      force: true,
    });
    assert.deepEqual(parse(['--force=false', '--url', '-dash-value']), { force: false, url: '-dash-value' });
    assert.deepEqual(parse(['--url=a=b']), { url: 'a=b' });
    assert.deepEqual(parse([]), {});
    assert.equal(Object.hasOwn(parse(['--url', 'x']), 'force'), false);
  });

  it('the last of a repeated flag wins', () => {
    assert.deepEqual(parse(['--url', 'one', '--url=two']), { url: 'two' });
  });

  const refused: [string[], RegExp][] = [
    [['--url'], /^--url needs a value, e\.g\. --url <url>$/],
    [['--url='], /^--url needs a value, e\.g\. --url <url>$/],
    [['--url', '--force'], /^--url needs a value, e\.g\. --url <url>$/],
    [['--force=yes'], /^--force is a switch: use --force or --force=false$/],
    [
      ['--frce'],
      /^unknown flag '--frce' for 'cms-types demo'\. Did you mean --force\? See cms-types demo --help$/,
    ],
    [['--token', 'x'], /^unknown flag '--token' for 'cms-types demo'\. See cms-types demo --help$/],
    [['--constructor'], /^unknown flag '--constructor'/],
    [
      ['src/cms'],
      /^unexpected argument 'src\/cms' for 'cms-types demo'\. Flags start with --; see cms-types demo --help$/,
    ],
    [['-f'], /^unexpected argument '-f' for 'cms-types demo'/],
    [['-uf'], /^unexpected argument '-uf' for 'cms-types demo'/],
    [['--', '--url', 'x'], /^unknown flag '--' for 'cms-types demo'/],
  ];
  for (const [argv, message] of refused) {
    it(`refuses ${JSON.stringify(argv)}`, () => {
      assert.throws(
        () => parse(argv),
        (error) => error instanceof UsageError && message.test(error.message),
      );
    });
  }
});
