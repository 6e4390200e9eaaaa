/**
 * The version matrix: for each Strapi version (DEFAULT_VERSIONS, or CMS_STRAPI_VERSIONS), the
 * test app is installed at that version (test/harness/versions.ts) and booted once, with
 * `jwtManagement: 'refresh'`, refresh tokens in the body and `requireAuth`. Then: the plugin
 * endpoints, `cms-types generate` and a compile of its output, and a client and auth subset.
 * Refresh and logout need 5.24.1, session routes 5.50.0; below that the generated client has
 * no such method and the CLI says why.
 *
 * `npm run test:strapi-version -- 5.30.0` runs this file for one version.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { schemaHash } from '../../src/schema/hash.ts';
import { stableStringify } from '../../src/schema/stable-json.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { atLeast } from '../../src/server/version.ts';
import { createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';
import { ensureStrapiVersion, pinnedVersion, versionsToTest } from '../harness/versions.ts';
import { createProject, runCli } from '../helpers/cli.ts';
import { compileOffThread } from '../helpers/compile.ts';
import {
  assertPublishesFoodadvisor,
  assertRegistrationWithoutJob,
  assertUnownedArticles,
} from '../helpers/foodadvisor.ts';
import { openWatch } from '../helpers/watch-client.ts';

/** Every `.d.ts` under `dir`, as in-memory files under /virtual/. */
function declarations(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (name.endsWith('.d.ts')) files[`/virtual/${relative(dir, path)}`] = readFileSync(path, 'utf8');
    }
  };
  visit(dir);
  return files;
}

// biome-ignore lint/suspicious/noExplicitAny: the generated client is imported at run time.
type Any = any;

for (const version of versionsToTest()) {
  const refresh = atLeast(version, '5.24.1');
  const sessions = atLeast(version, '5.50.0');

  describe(`Strapi ${version} (refresh ${refresh ? 'served' : 'absent'}, session routes ${sessions ? 'served' : 'absent'})`, () => {
    let strapi: RunningStrapi | undefined;
    let token = '';
    let project = '';
    let cli = { stdout: '', stderr: '' };
    let generated: Any;
    const timings: Record<string, number> = {};

    before(async () => {
      const installed = ensureStrapiVersion(version);
      timings.installMs = installed.installMs;
      const started = Date.now();
      strapi = await startStrapi(createApp(`version-${version}`, { depsDir: installed.depsDir }), {
        env: {
          UP_JWT_MANAGEMENT: 'refresh',
          UP_SESSIONS_HTTPONLY: 'false',
          UP_RATELIMIT_MAX: '1000',
          CTC_CONFIG: JSON.stringify({ requireAuth: true }),
        },
      });
      timings.bootMs = Date.now() - started;
      token = strapi.seed.tokens.readOnly;
    });

    after(async () => {
      await strapi?.stop();
      process.stderr.write(`[strapi-versions] ${version}: ${JSON.stringify(timings)}\n`);
    });

    it('the plugin endpoints: /schema with its version and real auth mode, /schema-hash, /schema-watch, requireAuth', async () => {
      const url = `${strapi?.url}/api/cms-typed-client`;
      const anonymous = await fetch(`${url}/schema`);
      assert.equal(anonymous.status, 401, 'requireAuth refuses a request without a token');
      const headers = { Authorization: `Bearer ${token}` };
      const response = await fetch(`${url}/schema`, { headers });
      assert.equal(response.status, 200);
      const body = (await response.json()) as SchemaResponse;
      assert.equal(schemaHash(body.schema), body.hash);
      assert.equal(body.strapi?.version, version);
      assert.ok(body.schema.contentTypes['api::article.article']);
      assert.ok(body.schema.contentTypes['api::site-setting.site-setting']);
      const auth = body.schema.auth;
      assert.equal(auth?.jwtManagement, refresh ? 'refresh' : 'legacy-support');
      assert.equal(auth?.routes.refresh !== undefined, refresh);
      assert.equal(auth?.routes.logout !== undefined, refresh);
      assert.equal(auth?.routes.sessions !== undefined, sessions);
      assert.equal(auth?.routes.revokeSession !== undefined, sessions);
      assert.ok(auth?.routes.login && auth.routes.register && auth.routes.me);
      assert.equal(body.strapi?.notices.length, refresh ? 0 : 1);
      const fixture = join(
        ROOT,
        'test/fixtures/payloads',
        version === pinnedVersion() ? 'kitchen-refresh.json' : `kitchen-refresh-${version}.json`,
      );
      if (existsSync(fixture)) {
        assert.equal(
          stableStringify(body),
          stableStringify(JSON.parse(readFileSync(fixture, 'utf8'))),
          `${fixture} differs from what Strapi ${version} serves: regenerate with npm run fixtures`,
        );
      }
      const hash = await fetch(`${url}/schema-hash`, { headers });
      assert.deepEqual(await hash.json(), { hash: body.hash });
      const watch = await openWatch(strapi?.url ?? '', headers);
      try {
        assert.equal(watch.status, 200);
        assert.equal(await watch.connected(), body.hash);
      } finally {
        watch.close();
      }
      const refused = await openWatch(strapi?.url ?? '');
      refused.close();
      assert.equal(refused.status, 401);
    });

    it('cms-types generate: the version, the notice where refresh is missing, AUTH_MODE, and output that compiles', async () => {
      project = createProject(`version-${version}`);
      const started = Date.now();
      const run = await runCli(
        ['generate', '--url', strapi?.url ?? '', '--token', token, '--output', 'src/cms', '--format', 'js'],
        { cwd: project },
      );
      timings.generateMs = Date.now() - started;
      assert.equal(run.code, 0, run.stderr);
      cli = run;
      assert.match(run.stdout, new RegExp(`hash [0-9a-f]{12}, Strapi ${version.replaceAll('.', '\\.')}\\)`));
      if (refresh) assert.doesNotMatch(run.stderr, /refresh-token sessions/);
      else
        assert.match(
          run.stderr,
          new RegExp(
            `warning: refresh-token sessions need Strapi 5\\.24\\.1 or later; this server \\(Strapi ${version.replaceAll('.', '\\.')}\\) has no /auth/refresh route .*the client uses legacy JWT mode`,
          ),
        );
      const output = join(project, 'src/cms');
      const client = readFileSync(join(output, 'client.js'), 'utf8');
      assert.match(client, new RegExp(`export const AUTH_MODE = '${refresh ? 'refresh' : 'legacy'}'`));
      const usage = [
        "import { CmsClient } from './index.js';",
        "const cms = new CmsClient({ baseURL: 'http://127.0.0.1:1337' });",
        "export const list = cms.articles.find({ populate: ['author'], sort: ['title:asc'] });",
        'export const single = cms.siteSetting.find();',
        'export const me = cms.auth.me();',
        "export const signIn = cms.auth.login({ identifier: 'a', password: 'b' });",
        ...(refresh ? [] : ['// @ts-expect-error refresh needs Strapi 5.24.1: absent from this client']),
        'export const refreshed = cms.auth.refresh();',
        ...(sessions
          ? []
          : ['// @ts-expect-error session routes need Strapi 5.50.0: absent from this client']),
        'export const list2 = cms.auth.getSessions();',
      ].join('\n');
      assert.deepEqual(await compileOffThread({ ...declarations(output), '/virtual/usage.ts': usage }), []);
      generated = await import(new URL(`file://${join(output, 'index.js')}`).href);
    });

    it('the client: collection type with populate, single type', async () => {
      assert.ok(generated, 'generated by the previous test');
      const cms = new generated.CmsClient({ baseURL: strapi?.url, token: strapi?.seed.tokens.fullAccess });
      const author = await cms.authors.create({ name: `Author ${version}` });
      const created = await cms.articles.create({
        title: `Article on ${version}`,
        category: 'news',
        views: 3,
        author: author.documentId,
      });
      assert.equal(created.title, `Article on ${version}`);
      const found = await cms.articles.find({
        filters: { title: { $eq: `Article on ${version}` } },
        populate: ['author'],
      });
      assert.deepEqual(
        found.map((entry: Any) => [entry.documentId, entry.author.name]),
        [[created.documentId, `Author ${version}`]],
      );
      const page = await cms.articles.findWithMeta({ filters: { title: { $eq: `Article on ${version}` } } });
      assert.equal(page.meta.pagination.total, 1);
      const one = await cms.articles.findOne(created.documentId, {
        populate: { author: { fields: ['name'] } },
      });
      assert.equal(one.author.name, `Author ${version}`);
      const updated = await cms.articles.update(created.documentId, { views: 4 });
      assert.equal(updated.views, 4);
      await cms.articles.delete(created.documentId);
      assert.equal(await cms.articles.findOne(created.documentId), null);
      const setting = await cms.siteSetting.update({ siteName: `Site on ${version}` });
      assert.equal(setting.siteName, `Site on ${version}`);
      const read = await new generated.CmsClient({ baseURL: strapi?.url }).siteSetting.find();
      assert.equal(read.siteName, `Site on ${version}`);
    });

    it(`auth: login, me, register${refresh ? ', refresh, logout' : ''}${sessions ? ', sessions' : ''}; absent methods where not served`, async () => {
      assert.ok(generated, 'generated by the previous test');
      const requests: string[] = [];
      const cms = new generated.CmsClient({
        baseURL: strapi?.url,
        onRequest: ({ url }: { url: string }) => {
          requests.push(url);
        },
      });
      const user = strapi?.seed.user;
      assert.ok(user);
      const session = await cms.auth.login({ identifier: user.email, password: user.password });
      assert.equal(session.user.username, user.username);
      assert.equal(typeof session.refreshToken, refresh ? 'string' : 'undefined');
      cms.setToken(session.jwt);
      assert.equal((await cms.auth.me()).email, user.email);
      assert.equal(typeof cms.auth.refresh, refresh ? 'function' : 'undefined');
      assert.equal(typeof cms.auth.getSessions, sessions ? 'function' : 'undefined');
      assert.equal(typeof cms.auth.revokeSession, sessions ? 'function' : 'undefined');
      if (sessions) {
        const list = await cms.auth.getSessions();
        assert.ok(list.data.length >= 1);
      }
      if (refresh) {
        // Node keeps no refresh token: a fetch wrapper adds the one the login returned.
        const withToken = new generated.CmsClient({
          baseURL: strapi?.url,
          fetch: (input: string, init: RequestInit) => {
            if (!input.endsWith('/auth/refresh')) return fetch(input, init);
            const headers = new Headers(init.headers);
            headers.set('Content-Type', 'application/json');
            return fetch(input, {
              ...init,
              headers,
              body: JSON.stringify({ refreshToken: session.refreshToken }),
            });
          },
        });
        assert.equal(await withToken.auth.refresh(), true);
      }
      await cms.auth.logout();
      assert.equal(
        requests.some((url) => url.endsWith('/api/auth/logout')),
        refresh,
        refresh ? 'logout calls the server' : 'without the route, logout only forgets the token',
      );
      const fresh = await cms.auth.register({
        username: `user${version.replaceAll('.', '')}`,
        email: `user${version.replaceAll('.', '')}@example.test`,
        password: 'Version-password-1',
      });
      assert.equal(fresh.user.username, `user${version.replaceAll('.', '')}`);
      assert.equal(typeof fresh.jwt, 'string');
      assert.ok(cli.stdout.length > 0);
    });
  });
}

/**
 * FoodAdvisor on each version (test/e2e/foodadvisor.test.ts runs the whole client on the pinned
 * one, with `job` allowed at registration): its v4-layout schemas, the user extension and the CKEditor custom field boot; the plugin
 * publishes them and leaves out the user's `articles`, which no relation owns, with its notice;
 * Strapi indeed never reads that relation; the generated client compiles without it. Booted as
 * FoodAdvisor ships, without `register.allowedFields`: from 5.49.0 no registration can succeed,
 * before it users are stored without the required `job`; the plugin says which.
 */
for (const version of versionsToTest()) {
  describe(`FoodAdvisor on Strapi ${version}`, () => {
    let strapi: RunningStrapi | undefined;
    let body: SchemaResponse | undefined;

    before(async () => {
      const { depsDir } = ensureStrapiVersion(version);
      strapi = await startStrapi(createApp(`foodadvisor-${version}`, { variant: 'foodadvisor', depsDir }));
      body = (await (await fetch(`${strapi.url}/api/cms-typed-client/schema`)).json()) as SchemaResponse;
    });

    after(() => strapi?.stop());

    it('publishes every content type and component, without the unowned articles, which Strapi never reads', async () => {
      assert.ok(strapi && body);
      assert.equal(body.strapi?.version, version);
      assertPublishesFoodadvisor(body);
      await assertUnownedArticles(strapi, body);
    });

    const validated = atLeast(version, '5.49.0');
    it(`without register.allowedFields, says that registration ${validated ? 'cannot succeed, and Strapi refuses it' : 'stores users without job, and Strapi does'}`, async () => {
      assert.ok(strapi && body);
      await assertRegistrationWithoutJob(strapi, body, validated);
    });

    it("cms-types generate: a client that compiles, with articles absent from the user's populate", async () => {
      assert.ok(strapi);
      const project = createProject(`foodadvisor-${version}`);
      const run = await runCli(['generate', '--url', strapi.url, '--output', 'src/cms', '--format', 'js'], {
        cwd: project,
      });
      assert.equal(run.code, 0, run.stderr);
      const usage = [
        "import { CmsClient } from './index.js';",
        "const cms = new CmsClient({ baseURL: 'http://127.0.0.1:1337' });",
        "export const reviews = cms.users.find({ populate: { reviews: { fields: ['note'] } } });",
        "export const ckeditor = cms.articles.find({ fields: ['ckeditor_content'] });",
        '// @ts-expect-error the unowned articles is left out: Strapi never reads it',
        'export const articles = cms.users.find({ populate: { articles: true } });',
      ].join('\n');
      const files = { ...declarations(join(project, 'src/cms')), '/virtual/usage.ts': usage };
      assert.deepEqual(await compileOffThread(files), []);
    });
  });
}
