/**
 * The snapshot workflow against a real Strapi 5 (requireAuth on): `pull` saves the payload,
 * `generate --schema` gives byte for byte the output of a live generation of the same schema
 * (both formats) with no Strapi running. Then one restart with every kind of schema edit at
 * once: `check --url` sees the server drift, and `generate` (live and from the new snapshot)
 * and `watch` print what changed, the breaking changes marked. One boot and one restart.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CheckReport } from '../../src/cli/check.ts';
import type { GenerateReport } from '../../src/cli/generate.ts';
import { snapshotText } from '../../src/cli/snapshot-file.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { createApp, freePort, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { createProject, runCli, startCli } from '../helpers/cli.ts';
import { eventually } from '../helpers/watch-client.ts';

const app = createApp('snapshot');
const ENV = { CTC_CONFIG: JSON.stringify({ requireAuth: true }) };
let strapi: RunningStrapi;
let port = 0;

/** Every file of a folder and its subfolders (`runtime/`), by path relative to it. */
function folder(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => statSync(join(dir, name)).isFile())
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}

/** Reads, edits and writes back a JSON file of the test app. */
// biome-ignore lint/suspicious/noExplicitAny: free-form edits of Strapi's schema files
function editJson(path: string, edit: (json: Record<string, any>) => void): void {
  const file = join(app.dir, path);
  const json = JSON.parse(readFileSync(file, 'utf8'));
  edit(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

const TYPES = 'src/api/{name}/content-types/{name}/schema.json';
const typeFile = (name: string) => TYPES.replaceAll('{name}', name);

/**
 * Every kind of change the summary names, in one go: a content type and a component added and
 * removed; fields added (one required), removed, retyped (same TypeScript type, and narrowed),
 * made required; an enum value removed and one added; a relation retargeted and one made
 * to-many; a dynamic zone narrowed; a custom route removed and one added.
 */
function editSchema(): void {
  rmSync(join(app.dir, 'src/api/promo'), { recursive: true });
  const review = join(app.dir, 'src/api/review');
  mkdirSync(join(review, 'content-types/review'), { recursive: true });
  writeFileSync(
    join(review, 'content-types/review/schema.json'),
    JSON.stringify({
      kind: 'collectionType',
      collectionName: 'reviews',
      info: { singularName: 'review', pluralName: 'reviews', displayName: 'Review' },
      options: { draftAndPublish: false },
      attributes: { title: { type: 'string' } },
    }),
  );
  for (const [folder, factory] of [
    ['controllers', 'createCoreController'],
    ['services', 'createCoreService'],
    ['routes', 'createCoreRouter'],
  ] as const) {
    mkdirSync(join(review, folder), { recursive: true });
    writeFileSync(
      join(review, folder, 'review.js'),
      `const { factories } = require('@strapi/strapi');\n\nmodule.exports = factories.${factory}('api::review.review');\n`,
    );
  }
  rmSync(join(app.dir, 'src/components/sections/text-block.json'));
  cpSync(join(app.dir, 'src/components/shared/link.json'), join(app.dir, 'src/components/shared/badge.json'));
  editJson('src/components/shared/badge.json', (json) => {
    json.collectionName = 'components_shared_badges';
    json.info.displayName = 'Badge';
  });
  editJson(typeFile('tag'), (json) => {
    json.attributes.shade = { type: 'string' };
    json.attributes.code = { type: 'string', required: true };
  });
  editJson(typeFile('author'), (json) => {
    delete json.attributes.bio;
    json.attributes.articles.relation = 'manyToMany';
  });
  editJson(typeFile('profile'), (json) => {
    json.attributes.headline.required = true;
  });
  editJson(typeFile('article'), (json) => {
    const { attributes } = json;
    attributes.summary.type = 'string';
    attributes.metadata = { type: 'string' };
    attributes.category.enum = ['news', 'opinion', 'review', 'guide'];
    attributes.featuredTag.target = 'api::author.author';
    attributes.author.relation = 'manyToMany';
    attributes.sections.components = ['sections.hero'];
  });
  const routes = join(app.dir, 'src/api/article/routes/01-custom-article.js');
  writeFileSync(
    routes,
    readFileSync(routes, 'utf8').replace("path: '/articles/:id/like'", "path: '/articles/:id/upvote'"),
  );
}

/** The changes the edits above make, as the summary words them (`!` breaking). */
const EXPECTED = [
  '  ! api::article.article.author: cardinality manyToOne -> manyToMany [breaking: one entry became a list or a list one entry]',
  '  ! api::article.article.category: enum values +guide -how-to [breaking: enum value removed]',
  '  ! api::article.article.featuredTag: relation target api::tag.tag -> api::author.author [breaking: another target]',
  '  ! api::article.article.metadata: type json -> string [breaking: another TypeScript type]',
  '  ! api::article.article.sections: components -sections.text-block [breaking: component no longer accepted]',
  '  ~ api::article.article.summary: type text -> string',
  '  ! api::article.article: removed route POST /articles/:id/like [breaking: removed]',
  '  + api::article.article: added route POST /articles/:id/upvote',
  '  ~ api::author.author.articles: cardinality oneToMany -> manyToMany',
  '  ! api::author.author: removed field bio [breaking: removed]',
  '  ! api::profile.profile.headline: now required [breaking: now required in input]',
  '  ! removed content type api::promo.promo [breaking: removed]',
  '  + added content type api::review.review',
  '  ! api::tag.tag: added field code (string, required) [breaking: new required input field]',
  '  + api::tag.tag: added field shade (string)',
  '  ! removed component sections.text-block [breaking: removed]',
  '  + added component shared.badge',
];

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

  it('check --url agrees with the server while nothing changed', async () => {
    const run = await runCli(
      ['check', '--schema', 'cms-schema.json', '--output', 'src/offline-js', '--url', strapi.url, '--strict'],
      { cwd: project, env: { CMS_TOKEN: token } },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /src\/offline-js is up to date \(cms-typed-client .*, snapshot cms-schema\.json and the server's hash [0-9a-f]{12}\)/,
    );
  });

  it('after schema edits and a restart: check sees the server drift, generate and watch say what changed', async () => {
    const watch = startCli(['watch', '--url', strapi.url, '--output', 'src/live-ts', '--format', 'ts'], {
      cwd: project,
      env: { CMS_TOKEN: token },
    });
    let watched = '';
    watch.stdout?.on('data', (chunk) => {
      watched += chunk;
    });
    watch.stderr?.on('data', (chunk) => {
      watched += chunk;
    });
    const exited = new Promise<number | null>((resolve) => watch.once('exit', (code) => resolve(code)));
    try {
      await eventually(() => watched.includes('Schema unchanged'), 10_000, 'watch to connect');
      await strapi.stop();
      editSchema();
      strapi = await startStrapi(app, { port, env: ENV });
      token = strapi.seed.tokens.readOnly;

      // CI: the committed snapshot is now behind the server.
      const stale = await runCli(
        [
          'check',
          '--schema',
          'cms-schema.json',
          '--output',
          'src/offline-js',
          '--url',
          strapi.url,
          '--strict',
          '--json',
        ],
        { cwd: project, env: { CMS_TOKEN: token } },
      );
      assert.equal(stale.code, 5, stale.stderr);
      const report = JSON.parse(stale.stdout) as CheckReport;
      assert.deepEqual(
        report.problems.map((problem) => [problem.code, problem.fix]),
        [
          [
            'server',
            `cms-types pull --url ${strapi.url} --schema cms-schema.json && cms-types generate --schema cms-schema.json --output src/offline-js`,
          ],
        ],
      );

      // The live generation prints the summary; --json gives the same changes.
      const live = await runCli(['generate', '--url', strapi.url, '--output', 'src/live-js', '--json'], {
        cwd: project,
        env: { CMS_TOKEN: token },
      });
      assert.equal(live.code, 0, live.stderr);
      assert.match(live.stderr, /Generated .*\(schema changed;/);
      const liveReport = JSON.parse(live.stdout) as GenerateReport;
      assert.equal(liveReport.written, true);
      assert.equal(liveReport.changes?.length, EXPECTED.length);
      assert.equal(liveReport.breaking, EXPECTED.filter((line) => line.startsWith('  !')).length);
      const summary = live.stderr.split('\n').filter((line) => line.startsWith('  '));
      assert.deepEqual(summary, EXPECTED, live.stderr);
      assert.match(
        live.stderr,
        new RegExp(
          `^Schema changes since the previous output: ${EXPECTED.length}, \\d+ breaking \\(code that compiled before may not\\):$`,
          'm',
        ),
      );

      // The fixes check named: pull, then generate offline; the same summary, from the output folder.
      const pulled = await runCli(['pull', '--url', strapi.url, '--schema', 'cms-schema.json'], {
        cwd: project,
        env: { CMS_TOKEN: token },
      });
      assert.equal(pulled.code, 0, pulled.stderr);
      assert.match(pulled.stdout, /Saved the schema in cms-schema\.json \(schema changed;/);
      const offline = await runCli(
        ['generate', '--schema', 'cms-schema.json', '--output', 'src/offline-js'],
        { cwd: project },
      );
      assert.equal(offline.code, 0, offline.stderr);
      assert.deepEqual(
        offline.stdout.split('\n').filter((line) => line.startsWith('  ')),
        EXPECTED,
      );
      assert.deepEqual(folder(join(project, 'src/offline-js')), folder(join(project, 'src/live-js')));
      const fine = await runCli(
        [
          'check',
          '--schema',
          'cms-schema.json',
          '--output',
          'src/offline-js',
          '--url',
          strapi.url,
          '--strict',
        ],
        { cwd: project, env: { CMS_TOKEN: token } },
      );
      assert.equal(fine.code, 0, fine.stderr);

      // watch regenerated after the restart and printed the same summary.
      await eventually(() => /Generated .*\(schema changed;/.test(watched), 20_000, 'watch to regenerate');
      await eventually(() => watched.includes(EXPECTED.at(-1) ?? ''), 5_000, 'the summary');
      assert.deepEqual(
        watched.split('\n').filter((line) => line.startsWith('  ')),
        EXPECTED,
      );
      watch.kill('SIGINT');
      assert.equal(await exited, 0);
    } finally {
      watch.kill('SIGKILL');
    }
  });
});
