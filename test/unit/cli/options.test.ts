/**
 * The resolver of `generate`, `watch` and `check`: which source wins (flag, then environment,
 * then the package.json "cms-types" config, then the default), what it refuses and how it says
 * so, and the typed object each command gets.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { UsageError } from '../../../src/cli/args.ts';
import {
  type GenerateOptions,
  resolveCheck,
  resolveGenerate,
  resolveWatch,
} from '../../../src/cli/options.ts';
import { type Remote, RemoteError } from '../../../src/cli/remote.ts';
import { ROOT } from '../../harness/paths.ts';
import { runMain } from '../../helpers/cli-main.ts';

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A project folder whose package.json holds `config` under "cms-types" (or the raw `manifest` text). */
function project(config?: unknown, manifest?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-options-'));
  folders.push(dir);
  const json = { name: 'p', private: true, ...(config === undefined ? {} : { 'cms-types': config }) };
  writeFileSync(join(dir, 'package.json'), manifest ?? `${JSON.stringify(json, null, 2)}\n`);
  return dir;
}

const BASE = ['--url', 'http://flag.test', '--output', 'src/cms'];

/** The server a generation reads from (a failure when it reads a snapshot). */
function remote(options: GenerateOptions): Remote {
  assert.equal(options.source.kind, 'server');
  return (options.source as { remote: Remote }).remote;
}

function url(options: GenerateOptions): string {
  return remote(options).url;
}

describe('options: precedence', () => {
  it('url: --url over CMS_URL over the config', () => {
    const cwd = project({ url: 'http://config.test', output: 'src/cms' });
    const env = { CMS_URL: 'http://env.test/' };
    assert.equal(url(resolveGenerate(['--url', 'http://flag.test'], { cwd, env })), 'http://flag.test');
    assert.equal(url(resolveGenerate([], { cwd, env })), 'http://env.test');
    assert.equal(url(resolveGenerate([], { cwd, env: {} })), 'http://config.test');
    assert.equal(url(resolveGenerate([], { cwd, env: { CMS_URL: '' } })), 'http://config.test');
    assert.equal(resolveCheck([], { cwd, env: {} }).remote?.url, 'http://config.test');
  });

  it('format: --format over the config over js', () => {
    const configured = project({ format: 'ts' });
    assert.equal(resolveGenerate([...BASE, '--format', 'js'], { cwd: configured, env: {} }).format, 'js');
    assert.equal(resolveGenerate(BASE, { cwd: configured, env: {} }).format, 'ts');
    assert.equal(resolveGenerate(BASE, { cwd: project(), env: {} }).format, 'js');
  });

  it('output: --output is relative to the working directory, the config to its package.json', () => {
    const root = project({ url: 'http://config.test', output: 'src/generated' });
    const sub = join(root, 'app');
    mkdirSync(sub);
    const fromConfig = resolveGenerate([], { cwd: sub, env: {} });
    assert.equal(fromConfig.outputDir, join(root, 'src/generated'));
    assert.equal(fromConfig.outputLabel, join('..', 'src/generated'));
    const fromFlag = resolveGenerate(['--output', 'cms'], { cwd: sub, env: {} });
    assert.equal(fromFlag.outputDir, join(sub, 'cms'));
    assert.equal(fromFlag.outputLabel, 'cms');
    assert.equal(resolveCheck([], { cwd: sub, env: {} }).outputDir, join(root, 'src/generated'));
  });

  it('token: --token over CMS_TOKEN; an empty CMS_TOKEN is no token', () => {
    const cwd = project();
    const env = { CMS_TOKEN: 'from-env' };
    assert.equal(remote(resolveGenerate([...BASE, '--token', 'from-flag'], { cwd, env })).token, 'from-flag');
    assert.equal(remote(resolveGenerate(BASE, { cwd, env })).token, 'from-env');
    assert.equal(remote(resolveGenerate(BASE, { cwd, env: { CMS_TOKEN: '' } })).token, undefined);
    assert.equal(
      resolveCheck(['--output', 'src/cms', '--url', 'http://x.test'], { cwd, env }).remote?.token,
      'from-env',
    );
  });

  it('check compares with a server only when a URL is set somewhere', () => {
    const cwd = project();
    assert.equal(resolveCheck(['--output', 'src/cms'], { cwd, env: {} }).remote, undefined);
    assert.equal(
      resolveCheck(['--output', 'src/cms'], { cwd, env: { CMS_URL: 'http://env.test' } }).remote?.url,
      'http://env.test',
    );
  });
});

describe('options: the typed result', () => {
  it('generate: every setting resolved, the signal passed on to the remote', () => {
    const cwd = project();
    const signal = new AbortController().signal;
    assert.deepEqual(
      resolveGenerate([...BASE, '--format=ts', '--force', '--token', 't0k'], { cwd, env: {}, signal }),
      {
        source: { kind: 'server', remote: { url: 'http://flag.test', token: 't0k', signal } },
        outputDir: join(cwd, 'src/cms'),
        outputLabel: 'src/cms',
        format: 'ts',
        formatSource: '--format',
        force: true,
        takeOver: true,
        json: false,
        projectRoot: cwd,
        notices: [],
      },
    );
    assert.equal(resolveGenerate([...BASE, '--force=false'], { cwd, env: {} }).force, false);
  });

  it('watch: the generation plus the idle timeout from CMS_TYPES_WATCH_IDLE_MS', () => {
    const cwd = project();
    const watch = resolveWatch(BASE, { cwd, env: { CMS_TYPES_WATCH_IDLE_MS: '1500' } });
    assert.deepEqual(watch.watch, { idleTimeout: 1500 });
    assert.equal(watch.generate.source.remote.url, 'http://flag.test');
    assert.deepEqual(resolveWatch(BASE, { cwd, env: {} }).watch, {});
  });

  it('check: output, remote and strict', () => {
    const cwd = project();
    assert.deepEqual(resolveCheck(['--output', 'src/cms', '--strict'], { cwd, env: {} }), {
      outputDir: join(cwd, 'src/cms'),
      outputLabel: 'src/cms',
      remote: undefined,
      snapshot: undefined,
      strict: true,
      json: false,
      notices: [],
    });
  });
});

describe('options: invalid values get clear messages', () => {
  const usage = (message: RegExp) => (error: unknown) =>
    error instanceof UsageError && message.test(error.message);
  const remote = (message: RegExp) => (error: unknown) =>
    error instanceof RemoteError && message.test(error.message);

  it('the messages of today for missing or wrong flags', () => {
    const cwd = project();
    const env = {};
    assert.throws(
      () => resolveGenerate(['--output', 'src/cms'], { cwd, env }),
      usage(
        /^cms-types generate needs --url <url> \(or CMS_URL\), e\.g\. --url http:\/\/localhost:1337, or --schema <file> to generate from a snapshot$/,
      ),
    );
    assert.throws(
      () => resolveWatch(['--url', 'http://x.test'], { cwd, env }),
      usage(/^cms-types watch needs --output <dir>, a folder inside your project, e\.g\. --output src\/cms$/),
    );
    assert.throws(
      () => resolveCheck([], { cwd, env }),
      usage(/^cms-types check needs --output <dir>, the folder you generate into$/),
    );
    assert.throws(
      () => resolveGenerate([...BASE, '--format', 'tsx'], { cwd, env }),
      usage(/^--format must be js or ts, got 'tsx'$/),
    );
    assert.throws(
      () => resolveGenerate(['--url', 'http://x.test', '--output', '../out'], { cwd, env }),
      usage(/^--output '\.\.\/out' resolves to .*, which is outside the project/),
    );
    assert.throws(
      () => resolveGenerate(['--url', 'localhost:1337', '--output', 'src/cms'], { cwd, env }),
      remote(/^--url must start with http:\/\/ or https:\/\/, got 'localhost:1337'$/),
    );
    assert.throws(
      () => resolveGenerate([...BASE, '--outptu', 'x'], { cwd, env }),
      usage(/^unknown flag '--outptu' for 'cms-types generate'\. Did you mean --output\?/),
    );
    assert.throws(
      () => resolveCheck(['--output', 'src/cms', '--strict=yes'], { cwd, env }),
      usage(/^--strict is a switch: use --strict or --strict=false$/),
    );
    assert.throws(
      () => resolveGenerate(['--url', '--output', 'src/cms'], { cwd, env }),
      usage(/^--url needs a value, e\.g\. --url <url>$/),
    );
    assert.throws(
      () => resolveGenerate([...BASE, 'src'], { cwd, env }),
      usage(/^unexpected argument 'src' for 'cms-types generate'\. Flags start with --/),
    );
  });

  it('a value from CMS_URL or the config is named by its source', () => {
    const named = (config: object) => {
      const cwd = project(config);
      return { cwd, path: join(cwd, 'package.json').replaceAll('.', '\\.') };
    };
    assert.throws(
      () => resolveGenerate(['--output', 'src/cms'], { cwd: project(), env: { CMS_URL: 'not a url' } }),
      remote(/^CMS_URL 'not a url' is not a URL\./),
    );
    const url = named({ url: 'ftp://config.test' });
    assert.throws(
      () => resolveGenerate(['--output', 'src/cms'], { cwd: url.cwd, env: {} }),
      remote(new RegExp(`^"cms-types"\\.url in ${url.path} must start with http:// or https://`)),
    );
    const format = named({ format: 'mjs' });
    assert.throws(
      () => resolveGenerate(BASE, { cwd: format.cwd, env: {} }),
      usage(new RegExp(`^"cms-types"\\.format in ${format.path} must be js or ts, got 'mjs'$`)),
    );
    const output = named({ output: '../outside' });
    assert.throws(
      () => resolveGenerate(['--url', 'http://x.test'], { cwd: output.cwd, env: {} }),
      usage(
        new RegExp(
          `^"cms-types"\\.output in ${output.path} '\\.\\./outside' resolves to .*outside the project`,
        ),
      ),
    );
  });

  it('a config that is not an object, has an unknown key, a token or a non-string value', () => {
    const cases: [unknown, RegExp][] = [
      ['src/cms', /^"cms-types" in .*package\.json must be an object .*, got the string "src\/cms"$/],
      [['src/cms'], /^"cms-types" in .* must be an object .*, got an array$/],
      [
        { outptu: 'src/cms' },
        /^"cms-types" in .* has an unknown key 'outptu'\. Did you mean output\? Known keys: url, output, format, importExtension, schema$/,
      ],
      [
        { token: 'abc' },
        /^"cms-types"\.token in .*: never keep the API token in package\.json.*set CMS_TOKEN/,
      ],
      [{ format: 5 }, /^"cms-types"\.format in .* must be a non-empty string, got the number 5$/],
      [{ url: '' }, /^"cms-types"\.url in .* must be a non-empty string, got an empty string$/],
    ];
    for (const [config, message] of cases) {
      const cwd = project(config);
      assert.throws(() => resolveGenerate(BASE, { cwd, env: {} }), usage(message), String(message));
      assert.throws(() => resolveCheck(['--output', 'src/cms'], { cwd, env: {} }), usage(message));
    }
    const broken = project(undefined, '{ "name": "p", ');
    assert.throws(
      () => resolveGenerate(BASE, { cwd: broken, env: {} }),
      usage(/package\.json is not valid JSON/),
    );
  });

  it('CMS_TYPES_WATCH_IDLE_MS must be a positive whole number', () => {
    const cwd = project();
    for (const raw of ['abc', '0', '-5', '1.5']) {
      assert.throws(
        () => resolveWatch(BASE, { cwd, env: { CMS_TYPES_WATCH_IDLE_MS: raw } }),
        usage(
          new RegExp(
            `^CMS_TYPES_WATCH_IDLE_MS must be a whole number of milliseconds above 0, got '${raw}'$`,
          ),
        ),
      );
    }
  });
});

describe('options: through the command line', () => {
  const run = (argv: string[], cwd: string) => runMain(argv, { cwd });

  it('a plain `check` takes its output folder from the config', async () => {
    const cwd = project({ output: 'src/cms' });
    mkdirSync(join(cwd, 'src/cms'), { recursive: true });
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    const meta = { generator: 'cms-typed-client', version, hash: 'a'.repeat(64), format: 'js', files: [] };
    writeFileSync(join(cwd, 'src/cms/.cms-types.json'), JSON.stringify(meta));
    const { code, text } = await run(['check', '--strict'], cwd);
    assert.equal(code, 0, text);
    assert.match(text, /src\/cms is up to date/);
    const invalid = await run(
      ['generate'],
      project({ url: 'http://x.test', output: 'src/cms', format: 'mjs' }),
    );
    assert.equal(invalid.code, 2, invalid.text);
    assert.match(invalid.text, /"cms-types"\.format in .* must be js or ts, got 'mjs'/);
  });

  it('help names the config and which source wins', async () => {
    const cwd = project();
    for (const command of ['generate', 'watch']) {
      const { text } = await run([command, '--help'], cwd);
      assert.match(
        text,
        /Project config: "cms-types": \{ "url", "output", "format", "importExtension"(?:, "schema")? \} in package\.json \(cms-types init writes it\); flags, then CMS_URL, win over it\./,
      );
    }
    assert.match(
      (await run(['check', '--help'], cwd)).text,
      /Project config: "cms-types": \{ "url", "output", "schema" \}/,
    );
    assert.match(
      (await run(['--help'], cwd)).text,
      /Project config: "cms-types": .* \(flags and environment win\)/,
    );
  });
});

describe('options: a URL that ends in /api or /admin', () => {
  it('is used without it, with a note that says so; other paths are kept', () => {
    const cwd = project();
    const cases: [string, string, RegExp | undefined][] = [
      [
        'http://localhost:1337/api',
        'http://localhost:1337',
        /^--url http:\/\/localhost:1337\/api ends in \/api, Strapi's REST prefix, which cms-types adds itself \(http:\/\/localhost:1337\/api\/cms-typed-client\): using the Strapi address http:\/\/localhost:1337\. Give http:\/\/localhost:1337 to silence this\.$/,
      ],
      ['http://localhost:1337/api/', 'http://localhost:1337', /ends in \/api/],
      ['https://cms.example.test/strapi/api', 'https://cms.example.test/strapi', /ends in \/api/],
      [
        'http://localhost:1337/admin',
        'http://localhost:1337',
        /^--url http:\/\/localhost:1337\/admin ends in \/admin, the admin panel's address: using the Strapi address http:\/\/localhost:1337\./,
      ],
      ['http://localhost:1337/admin/', 'http://localhost:1337', /ends in \/admin/],
      ['http://localhost:1337/', 'http://localhost:1337', undefined],
      ['http://localhost:1337/apis', 'http://localhost:1337/apis', undefined],
      ['http://localhost:1337/cms', 'http://localhost:1337/cms', undefined],
    ];
    for (const [given, used, note] of cases) {
      const options = resolveGenerate(['--url', given, '--output', 'src/cms'], { cwd, env: {} });
      assert.equal(url(options), used, given);
      if (note) {
        assert.equal(options.notices.length, 1, given);
        assert.match(options.notices[0] ?? '', note, given);
      } else assert.deepEqual(options.notices, [], given);
    }
    const fromEnv = resolveCheck(['--output', 'src/cms'], { cwd, env: { CMS_URL: 'http://x.test/api' } });
    assert.equal(fromEnv.remote?.url, 'http://x.test');
    assert.match(fromEnv.notices[0] ?? '', /^CMS_URL http:\/\/x\.test\/api ends in \/api/);
  });

  it('the note goes to stderr, before the command runs', async () => {
    const { code, stderr, stdout } = await runMain(
      ['generate', '--url', 'http://127.0.0.1:9/api/', '--output', 'src/cms'],
      { cwd: project() },
    );
    assert.equal(code, 3);
    assert.match(stderr, /^warning: --url http:\/\/127\.0\.0\.1:9\/api ends in \/api/m);
    assert.match(stderr, /Could not connect to Strapi at http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\)/);
    assert.equal(stdout, '');
  });
});
