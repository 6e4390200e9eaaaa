/**
 * `cms-types` against a real Strapi 5 with requireAuth on: generate in both formats, the
 * unchanged-hash fast path, regeneration after a schema change, watch across a restart with
 * no request while idle, check, the errors a user meets first, and a new user's first day
 * (files of theirs in the way, a URL ending in /api, init's settings, the token in .env.local).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApp, freePort, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { PACK_DIR, ROOT } from '../harness/paths.ts';
import { createProject, runCli, startCli } from '../helpers/cli.ts';
import { runOk } from '../helpers/run.ts';
import { listFiles, runtimeFiles } from '../helpers/runtime-parts.ts';
import { eventually } from '../helpers/watch-client.ts';

const app = createApp('cli');
const ENV = { CTC_CONFIG: JSON.stringify({ requireAuth: true }) };
const JS_FILES = [
  '.cms-types.json',
  'client.d.ts',
  'client.js',
  'client/routes.d.ts',
  'client/routes.js',
  'index.d.ts',
  'index.js',
  'mocks.d.ts',
  'mocks.js',
  'package.json',
  'types.d.ts',
  'types.js',
  'validators.d.ts',
  'validators.js',
];

/** The files of the js output in `dir`, and those it should hold (the runtime's shared chunks by their names there). */
function jsOutput(dir: string): [string[], string[]] {
  const names = listFiles(dir);
  return [names, [...JS_FILES, ...runtimeFiles('js', names)].sort()];
}
let strapi: RunningStrapi;
let port = 0;

function pluginRequests(server: RunningStrapi, path: string): number {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes(`GET /api/cms-typed-client${path} `)).length;
}

/** tsc over `files`; asynchronous, so the keep-alive sockets to Strapi stay serviced meanwhile. */
async function compile(dir: string, files: string[], extra: string[] = []): Promise<void> {
  await runOk(
    join(ROOT, 'node_modules/.bin/tsc'),
    [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--lib',
      'es2022,dom',
      '--types',
      'node',
      '--typeRoots',
      join(ROOT, 'node_modules/@types'),
      ...extra,
      ...files,
    ],
    { cwd: dir },
  );
}

/** `cms-types watch` against the suite's Strapi; `output()` is everything it printed so far. */
function startWatch(project: string) {
  const child = startCli(['watch', '--url', strapi.url, '--output', 'src/cms'], {
    cwd: project,
    env: { CMS_TOKEN: strapi.seed.tokens.readOnly },
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => text };
}

function addTagAttribute(name: string): void {
  const path = join(app.dir, 'src/api/tag/content-types/tag/schema.json');
  const schema = JSON.parse(readFileSync(path, 'utf8'));
  schema.attributes[name] = { type: 'string' };
  writeFileSync(path, JSON.stringify(schema, null, 2));
}

async function restart(): Promise<void> {
  await strapi.stop();
  strapi = await startStrapi(app, { port, env: ENV });
}

describe('cms-types against a real Strapi', () => {
  let project = '';
  let token = '';
  before(async () => {
    port = await freePort();
    strapi = await startStrapi(app, { port, env: ENV });
    token = strapi.seed.tokens.readOnly;
    project = createProject('cli-e2e');
  });
  after(() => strapi?.stop());

  it('generate writes runtime, types, client and index as .js plus .d.ts by default', async () => {
    const run = await runCli(['generate', '--url', strapi.url, '--output', 'src/cms'], {
      cwd: project,
      env: { CMS_TOKEN: token },
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /Generated runtime\/, types\.js, types\.d\.ts, client\.js, client\.d\.ts, client\/routes\.js, client\/routes\.d\.ts, validators\.js, validators\.d\.ts, mocks\.js, mocks\.d\.ts, index\.js, index\.d\.ts, package\.json in src\/cms \(first run/,
    );
    assert.deepEqual(...jsOutput(join(project, 'src/cms')));
    const meta = JSON.parse(readFileSync(join(project, 'src/cms/.cms-types.json'), 'utf8'));
    const hash = (
      (await (
        await fetch(`${strapi.url}/api/cms-typed-client/schema-hash`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { hash: string }
    ).hash;
    assert.equal(meta.hash, hash);
    assert.ok(
      readFileSync(join(project, 'src/cms/client.js'), 'utf8').includes(
        `export const SCHEMA_HASH = '${hash}'`,
      ),
    );
    writeFileSync(
      join(project, 'consumer.ts'),
      "import { CmsClient, SCHEMA_HASH, type Article } from './src/cms/index.js';\n" +
        "const cms = new CmsClient({ baseURL: 'http://127.0.0.1:1' });\n" +
        'const articles: Promise<Article[]> = cms.articles.find();\nvoid articles;\nconst hash: string = SCHEMA_HASH;\nvoid hash;\n',
    );
    await compile(project, ['consumer.ts']);
  });

  it('the generated JavaScript client reads from the live Strapi', async () => {
    const url = new URL(`file://${join(project, 'src/cms/index.js')}`).href;
    const generated = (await import(url)) as {
      CmsClient: new (config: object) => { tags: { find(): Promise<unknown[]> } };
    };
    const cms = new generated.CmsClient({ baseURL: strapi.url, token: strapi.seed.tokens.fullAccess });
    assert.ok(Array.isArray(await cms.tags.find()));
  });

  it('a second run asks only for the hash, writes nothing and says so in one line', async () => {
    const before = statSync(join(project, 'src/cms/types.d.ts')).mtimeMs;
    const schemaCalls = pluginRequests(strapi, '/schema');
    const run = await runCli(['generate', '--url', strapi.url, '--output', 'src/cms'], {
      cwd: project,
      env: { CMS_TOKEN: token },
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim().split('\n').length, 1);
    assert.match(
      run.stdout,
      /^Schema unchanged \(hash [0-9a-f]{12}\); src\/cms is up to date, nothing written\.$/m,
    );
    assert.equal(statSync(join(project, 'src/cms/types.d.ts')).mtimeMs, before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(pluginRequests(strapi, '/schema'), schemaCalls, 'no /schema request');
  });

  it('--format ts writes raw .ts files that compile under --strict and without strictNullChecks', async () => {
    // The nearest tsconfig.json says NodeNext, as the compile below: the files import './x.js'.
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(
      join(project, 'src/tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext' } }),
    );
    const run = await runCli(
      ['generate', '--url', strapi.url, '--output', 'src/cms-ts', '--format', 'ts', '--token', token],
      { cwd: project },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /The files import each other as '\.\/types\.js' \(moduleResolution is nodenext in .*tsconfig\.json\)/,
    );
    assert.deepEqual(
      listFiles(join(project, 'src/cms-ts')),
      [
        '.cms-types.json',
        'client.ts',
        'client/routes.ts',
        'index.ts',
        'mocks.ts',
        ...runtimeFiles('ts'),
        'types.ts',
        'validators.ts',
      ].sort(),
    );
    await compile(join(project, 'src/cms-ts'), ['index.ts']);
    await compile(join(project, 'src/cms-ts'), ['index.ts'], ['--strictNullChecks', 'false']);

    // The project allows .ts imports now: the unchanged schema is written again with './x.ts'.
    writeFileSync(
      join(project, 'src/tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', allowImportingTsExtensions: true } }),
    );
    const again = await runCli(
      ['generate', '--url', strapi.url, '--output', 'src/cms-ts', '--format', 'ts', '--token', token],
      { cwd: project },
    );
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /Generated .*\(generator or format changed;/);
    assert.match(
      readFileSync(join(project, 'src/cms-ts/index.ts'), 'utf8'),
      /^export \* from '\.\/client\.ts';$/m,
    );
    assert.equal(JSON.parse(readFileSync(join(project, 'src/cms-ts/.cms-types.json'), 'utf8')).imports, 'ts');
    await compile(join(project, 'src/cms-ts'), ['index.ts'], ['--allowImportingTsExtensions']);
    assert.ok(!run.stdout.includes(token) && !run.stderr.includes(token), 'the token is never printed');
  });

  it('--force regenerates an unchanged schema', async () => {
    const run = await runCli(['generate', '--url', strapi.url, '--output', 'src/cms', '--force'], {
      cwd: project,
      env: { CMS_TOKEN: token },
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Generated .*\(forced;/);
  });

  it('explains a missing or wrong token, a wrong path, a stopped server and an output outside the project', async () => {
    const missing = await runCli(['generate', '--url', strapi.url, '--output', 'src/cms'], { cwd: project });
    assert.equal(missing.code, 3);
    assert.match(
      missing.stderr,
      /401 Unauthorized: the API token is missing\. Create a read-only API token .* set CMS_TOKEN/,
    );
    const wrong = await runCli(
      ['generate', '--url', strapi.url, '--output', 'src/cms', '--token', 'not-a-real-token-123456'],
      { cwd: project },
    );
    assert.equal(wrong.code, 3);
    assert.match(wrong.stderr, /the API token is invalid, expired or revoked/);
    assert.ok(!wrong.stderr.includes('not-a-real-token-123456'), 'the token is not echoed');
    const notFound = await runCli(
      ['generate', '--url', `${strapi.url}/nothing-here`, '--output', 'src/cms'],
      { cwd: project, env: { CMS_TOKEN: token } },
    );
    assert.equal(notFound.code, 3);
    assert.match(notFound.stderr, /404 .*the cms-typed-client plugin is not installed or not enabled/);
    const closed = await freePort();
    const refused = await runCli(['generate', '--url', `http://127.0.0.1:${closed}`, '--output', 'src/cms'], {
      cwd: project,
    });
    assert.equal(refused.code, 3);
    assert.match(
      refused.stderr,
      new RegExp(
        `Could not connect to Strapi at http://127\\.0\\.0\\.1:${closed} \\(ECONNREFUSED\\)\\. Is Strapi running\\?`,
      ),
    );
    const outside = await runCli(['generate', '--url', strapi.url, '--output', '../elsewhere'], {
      cwd: project,
    });
    assert.equal(outside.code, 2);
    assert.match(outside.stderr, /outside the project/);
    assert.deepEqual(...jsOutput(join(project, 'src/cms')), 'failures left the output alone');
  });

  it('check reports version drift and a changed server schema, failing with --strict', async () => {
    const fine = await runCli(['check', '--output', 'src/cms', '--url', strapi.url], {
      cwd: project,
      env: { CMS_TOKEN: token },
    });
    assert.equal(fine.code, 0, fine.stderr);
    assert.match(fine.stdout, /src\/cms is up to date/);
    const metaPath = join(project, 'src/cms/.cms-types.json');
    const original = readFileSync(metaPath, 'utf8');
    writeFileSync(metaPath, original.replace(/"version": "[^"]+"/, '"version": "0.0.1"'));
    const drift = await runCli(['check', '--output', 'src/cms'], { cwd: project });
    assert.equal(drift.code, 0);
    assert.match(
      drift.stderr,
      /generated by cms-typed-client 0\.0\.1, but .* is installed: run cms-types generate --output src\/cms$/m,
    );
    assert.equal((await runCli(['check', '--output', 'src/cms', '--strict'], { cwd: project })).code, 5);
    writeFileSync(metaPath, original);
  });

  it('regenerates after a content-type change and a restart; check sees the change first', async () => {
    addTagAttribute('shade');
    await restart();
    const stale = await runCli(['check', '--output', 'src/cms', '--url', strapi.url, '--strict'], {
      cwd: project,
      env: { CMS_TOKEN: strapi.seed.tokens.readOnly },
    });
    assert.equal(stale.code, 5);
    assert.match(stale.stderr, /the schema on the server changed/);
    const run = await runCli(['generate', '--url', strapi.url, '--output', 'src/cms'], {
      cwd: project,
      env: { CMS_TOKEN: strapi.seed.tokens.readOnly },
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Generated .*\(schema changed;/);
    assert.match(readFileSync(join(project, 'src/cms/types.d.ts'), 'utf8'), /\bshade\b/);
  });

  it('first day: files of yours in --output are refused (exit 6, nothing written); --force takes them over', async () => {
    const own = createProject('cli-first-day-util');
    const util = join(own, 'src/util');
    mkdirSync(util, { recursive: true });
    const mine = { 'client.js': 'export const client = 1;\n', 'index.js': "export * from './client.js';\n" };
    for (const [name, text] of Object.entries(mine)) writeFileSync(join(util, name), text);
    const refused = await runCli(['generate', '--url', strapi.url, '--output', 'src/util'], {
      cwd: own,
      env: { CMS_TOKEN: token },
    });
    assert.equal(refused.code, 6, refused.stderr);
    assert.match(
      refused.stderr,
      /src\/util has 2 files that cms-types did not write, where the generated output goes:\n {2}src\/util\/client\.js\n {2}src\/util\/index\.js\nNothing was written\./,
    );
    assert.deepEqual(readdirSync(util).sort(), ['client.js', 'index.js']);
    for (const [name, text] of Object.entries(mine))
      assert.equal(readFileSync(join(util, name), 'utf8'), text);
    const forced = await runCli(['generate', '--url', strapi.url, '--output', 'src/util', '--force'], {
      cwd: own,
      env: { CMS_TOKEN: token },
    });
    assert.equal(forced.code, 0, forced.stderr);
    assert.deepEqual(...jsOutput(util));
    assert.match(readFileSync(join(util, 'client.js'), 'utf8'), /^\/\/ Generated by cms-typed-client/);
  });

  it('first day: a --url ending in /api, /api/ or /admin reaches the plugin, and says what it used', async () => {
    const own = createProject('cli-first-day-api');
    for (const [suffix, why] of [
      ['/api', /ends in \/api, Strapi's REST prefix/],
      ['/api/', /ends in \/api, Strapi's REST prefix/],
      ['/admin', /ends in \/admin, the admin panel's address/],
    ] as const) {
      const run = await runCli(['generate', '--url', `${strapi.url}${suffix}`, '--output', 'src/cms'], {
        cwd: own,
        env: { CMS_TOKEN: token },
      });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, why);
      assert.ok(run.stderr.includes(`using the Strapi address ${strapi.url}.`), `${suffix}: ${run.stderr}`);
      assert.match(run.stdout, suffix === '/api' ? /Generated .*\(first run;/ : /Schema unchanged/);
    }
  });

  it("first day: init's settings stay (the README's generate keeps ts), and the token comes from .env.local", async () => {
    const own = createProject('cli-first-day-init');
    const init = await runCli(['init', '--url', strapi.url, '--output', 'src/cms', '--format', 'ts'], {
      cwd: own,
    });
    assert.equal(init.code, 0, init.stderr);
    writeFileSync(join(own, '.env.local'), `# read-only token\nexport CMS_TOKEN="${token}"\n`);
    // The README's command, with no CMS_TOKEN in the shell: requireAuth is on, so the token came from the file.
    const run = await runCli(['generate', '--url', strapi.url, '--output', 'src/cms'], { cwd: own });
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /Generated runtime\/, types\.ts, client\.ts, client\/routes\.ts, validators\.ts, mocks\.ts, index\.ts in src\/cms/,
    );
    assert.equal(run.stderr, '', 'no format switch');
    assert.ok(!run.stdout.includes(token) && !run.stderr.includes(token), 'the token is never printed');
    const scripts = JSON.parse(readFileSync(join(own, 'package.json'), 'utf8')).scripts;
    assert.equal(scripts['cms:generate'], 'cms-types generate');
    const plain = await runCli(['check', '--strict'], { cwd: own });
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /src\/cms is up to date .*the server's hash/);
  });

  it('npx cms-typed-client and the plain cms-types both work where the package is installed', async () => {
    const installed = createProject('cli-npx');
    const tarball = readdirSync(PACK_DIR).find((file) => file.endsWith('.tgz'));
    assert.ok(tarball, 'npm pack ran');
    const env = { ...process.env, PATH: `${join(process.execPath, '..')}:${process.env.PATH ?? ''}` };
    await runOk(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(PACK_DIR, tarball)],
      { cwd: installed, env },
    );
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    for (const bin of ['cms-typed-client', 'cms-types']) {
      const printed = await runOk('npx', ['--no-install', bin, '--version'], { cwd: installed, env });
      assert.equal(printed.trim(), version, bin);
    }
    const help = await runOk('npx', ['--no-install', 'cms-typed-client', 'generate', '--help'], {
      cwd: installed,
      env,
    });
    assert.match(help, /^Usage: cms-types generate/);
  });

  it('watch regenerates after a restart with a changed schema, with no request while idle', async () => {
    const watch = startWatch(project);
    const { child, exited } = watch;
    try {
      await eventually(() => watch.output().includes('Schema unchanged'), 10_000, 'watch to connect');
      const seen = pluginRequests(strapi, '');
      const watches = pluginRequests(strapi, '/schema-watch');
      assert.equal(watches, 1);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      assert.equal(pluginRequests(strapi, ''), seen, 'no request while idle');
      addTagAttribute('tone');
      await strapi.stop();
      await eventually(
        () => watch.output().includes('Lost the connection'),
        5_000,
        'watch to notice the restart',
      );
      strapi = await startStrapi(app, { port, env: ENV });
      await eventually(
        () => /Generated .*\(schema changed;/.test(watch.output()),
        20_000,
        'watch to regenerate',
      );
      assert.match(readFileSync(join(project, 'src/cms/types.d.ts'), 'utf8'), /\btone\b/);
      assert.equal(watch.output().match(/Generated /g)?.length, 1, 'one generation for one hash');
      child.kill('SIGINT');
      assert.equal(await exited, 0);
      assert.match(watch.output(), /Stopped watching\./);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('watch survives 20 restarts in a row and regenerates once per new hash, never for a known one', async () => {
    const watch = startWatch(project);
    const { child, exited } = watch;
    const count = (pattern: RegExp) => watch.output().match(pattern)?.length ?? 0;
    try {
      await eventually(() => count(/Schema unchanged/g) === 1, 10_000, 'watch to connect');
      const added: string[] = [];
      for (let round = 1; round <= 20; round++) {
        const answers = count(/Schema unchanged|Generated /g);
        await strapi.stop();
        if (round % 5 === 0) {
          added.push(`shade${round}`);
          addTagAttribute(`shade${round}`);
        }
        // Some restarts are quick, some leave Strapi down for a while.
        if (round % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 2_000));
        strapi = await startStrapi(app, { port, env: ENV });
        await eventually(
          () => count(/Schema unchanged|Generated /g) > answers,
          20_000,
          `watch to reconnect after restart ${round}`,
        );
        assert.equal(child.exitCode, null, `watch still running after restart ${round}`);
      }
      assert.equal(count(/Generated /g), 4, `one generation per new hash:\n${watch.output()}`);
      assert.equal(
        count(/Schema unchanged/g),
        17,
        `every other reconnect writes nothing:\n${watch.output()}`,
      );
      assert.equal(count(/Reconnected to Strapi/g), 20);
      assert.doesNotMatch(watch.output(), /error:/);
      const types = readFileSync(join(project, 'src/cms/types.d.ts'), 'utf8');
      for (const name of added) assert.match(types, new RegExp(`\\b${name}\\b`));
      const served = (await (
        await fetch(`${strapi.url}/api/cms-typed-client/schema-hash`, {
          headers: { Authorization: `Bearer ${strapi.seed.tokens.readOnly}` },
        })
      ).json()) as { hash: string };
      const stored = JSON.parse(readFileSync(join(project, 'src/cms/.cms-types.json'), 'utf8')) as {
        hash: string;
      };
      assert.equal(stored.hash, served.hash);
      child.kill('SIGINT');
      assert.equal(await exited, 0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
