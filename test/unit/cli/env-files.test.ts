/**
 * CMS_URL and CMS_TOKEN from the project's .env files, as Next.js reads them: which file wins,
 * that the shell wins over every file, the dotenv syntax (quotes, comments, `export `), and that
 * a token from a file reaches Strapi and is never printed.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { envFileNames, loadEnvFiles, parseDotenv } from '../../../src/cli/env-files.ts';
import { resolveGenerate } from '../../../src/cli/options.ts';
import { runMain } from '../../helpers/cli-main.ts';

const TOKEN = 'f00dcafe0123456789abcdef0123456789abcdef';

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A project folder with a package.json and the given files. */
function project(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-env-'));
  folders.push(dir);
  writeFileSync(join(dir, 'package.json'), '{"name":"p","private":true}\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('parseDotenv: the dotenv syntax', () => {
  it('reads plain, quoted, commented, exported and multi-line values', () => {
    const text = [
      '# a comment',
      '',
      'PLAIN=value',
      'SPACED =  value with spaces   ',
      'export EXPORTED=yes',
      'COMMENTED=abc # not part of it',
      'HASH_IN_QUOTES="abc # part of it"',
      "SINGLE='single $NOT_EXPANDED \\n stays'",
      'DOUBLE="line1\\nline2"',
      'BACKTICK=`it\'s "quoted"`',
      'ESCAPED="say \\"hi\\""',
      'EMPTY=',
      'EMPTY_QUOTES=""',
      'MULTI="first',
      'second"',
      'AFTER=after multi',
      'COLON: yes',
      'not a line at all',
      'URL=http://localhost:1337/#fragment',
      'REPEATED=1',
      'REPEATED=2',
    ].join('\n');
    assert.deepEqual(parseDotenv(text), {
      PLAIN: 'value',
      SPACED: 'value with spaces',
      EXPORTED: 'yes',
      COMMENTED: 'abc',
      HASH_IN_QUOTES: 'abc # part of it',
      SINGLE: 'single $NOT_EXPANDED \\n stays',
      DOUBLE: 'line1\nline2',
      BACKTICK: 'it\'s "quoted"',
      ESCAPED: 'say \\"hi\\"',
      EMPTY: '',
      EMPTY_QUOTES: '',
      MULTI: 'first\nsecond',
      AFTER: 'after multi',
      COLON: 'yes',
      URL: 'http://localhost:1337/',
      REPEATED: '2',
    });
  });

  it('reads Windows line endings and a file without a final newline', () => {
    assert.deepEqual(parseDotenv('A=1\r\nB="two"\r\nC=3'), { A: '1', B: 'two', C: '3' });
  });
});

describe('loadEnvFiles: which value wins', () => {
  it("Next.js's order: .env.development.local, .env.local, .env.development, .env; .env.local not in test", () => {
    assert.deepEqual(envFileNames(undefined), [
      '.env.development.local',
      '.env.local',
      '.env.development',
      '.env',
    ]);
    assert.deepEqual(envFileNames('production'), [
      '.env.production.local',
      '.env.local',
      '.env.production',
      '.env',
    ]);
    assert.deepEqual(envFileNames('test'), ['.env.test.local', '.env.test', '.env']);
  });

  it('the first file that sets a variable wins; the shell wins over all, even when empty; only CMS_ variables', () => {
    const dir = project({
      '.env':
        'CMS_URL=http://from-env.test\nCMS_TOKEN=env-token\nCMS_OTHER=x\nDATABASE_URL=postgres://secret\n',
      '.env.local': 'CMS_URL=http://from-local.test\n',
      '.env.development': 'CMS_URL=http://from-development.test\nCMS_TOKEN=development-token\n',
    });
    const loaded = loadEnvFiles(dir, {});
    assert.equal(loaded.env.CMS_URL, 'http://from-local.test');
    assert.equal(loaded.env.CMS_TOKEN, 'development-token');
    assert.equal(loaded.env.CMS_OTHER, 'x');
    assert.equal(loaded.env.DATABASE_URL, undefined, 'nothing but CMS_ variables');
    assert.deepEqual(loaded.from, {
      CMS_URL: '.env.local',
      CMS_TOKEN: '.env.development',
      CMS_OTHER: '.env',
    });
    const shell = loadEnvFiles(dir, { CMS_URL: 'http://shell.test', CMS_TOKEN: '' });
    assert.equal(shell.env.CMS_URL, 'http://shell.test');
    assert.equal(shell.env.CMS_TOKEN, '', 'an empty shell value wins too, as in Next.js');
    assert.deepEqual(shell.from, { CMS_OTHER: '.env' });
    const production = loadEnvFiles(dir, { NODE_ENV: 'production' });
    assert.equal(production.env.CMS_TOKEN, 'env-token', '.env.development is not read in production');
    const test = loadEnvFiles(dir, { NODE_ENV: 'test' });
    assert.equal(test.env.CMS_URL, 'http://from-env.test', '.env.local is not read in test');
  });

  it('the files are read from the project root, and a value from them is named by its file', () => {
    const dir = project({ '.env.local': 'CMS_URL=not a url\n' });
    mkdirSync(join(dir, 'app'));
    return runMain(['generate', '--output', 'src/cms'], { cwd: join(dir, 'app') }).then((run) => {
      assert.equal(run.code, 3, run.text);
      assert.match(run.stderr, /CMS_URL \(from \.env\.local\) 'not a url' is not a URL/);
    });
  });

  it('resolving reads the URL from a file through main only; options see the merged environment', () => {
    const dir = project();
    const options = resolveGenerate(['--output', 'src/cms'], {
      cwd: dir,
      env: { CMS_URL: 'http://merged.test', CMS_TOKEN: 't' },
      envFiles: { CMS_URL: '.env' },
    });
    assert.equal(options.source.kind === 'server' && options.source.remote.url, 'http://merged.test');
  });
});

describe('a token from .env.local', () => {
  let server: Server;
  let url = '';
  const seen: (string | undefined)[] = [];
  before(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      // Not the plugin's answer: the error names the URL (and with it the pasted token).
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('is sent to Strapi, the shell overrides it, and it is never printed', async () => {
    // The token pasted into the URL's path by mistake ends up in the error message.
    const dir = project({
      '.env.local': `export CMS_TOKEN="${TOKEN}" # read-only\nCMS_URL=${url}/${TOKEN}\n`,
    });
    const run = await runMain(['generate', '--output', 'src/cms'], { cwd: dir });
    assert.equal(run.code, 3, run.text);
    assert.equal(seen.at(-1), `Bearer ${TOKEN}`);
    assert.match(run.stderr, /\/schema-hash did not answer \{hash\}/);
    assert.ok(!run.text.includes(TOKEN), run.text);
    assert.ok(run.text.includes(`${TOKEN.slice(0, 6)}…`), run.text);
    const shell = await runMain(['generate', '--output', 'src/cms'], {
      cwd: dir,
      env: { CMS_TOKEN: 'from-the-shell' },
    });
    assert.equal(shell.code, 3);
    assert.equal(seen.at(-1), 'Bearer from-the-shell');
    assert.ok(!shell.text.includes(TOKEN), 'the file token is not printed either');
  });

  it('help says where CMS_URL and CMS_TOKEN come from', async () => {
    const dir = project();
    const top = await runMain(['--help'], { cwd: dir });
    assert.match(
      top.text,
      /CMS_URL and CMS_TOKEN are also read from \.env\.development\.local, \.env\.local, \.env\.development, \.env at the project root, as Next\.js reads them; the shell's value wins\. The token is never printed\./,
    );
    for (const command of ['generate', 'watch', 'pull', 'check']) {
      const help = await runMain([command, '--help'], { cwd: dir });
      assert.match(
        help.text,
        /CMS_URL and CMS_TOKEN: the shell's value, else the first of \.env\.development\.local/,
      );
    }
  });
});
