/**
 * The schema snapshot without a Strapi: `generate --schema` writes what a generation from the
 * same payload writes, reads nothing from the network, and refuses every kind of invalid file
 * with a message that names the problem, leaving the previous output and stored hash as they
 * were. Live-versus-offline equality on the real test Strapi is in test/e2e/snapshot.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { after, describe, it } from 'node:test';
import { UsageError } from '../../../src/cli/args.ts';
import { resolveCheck, resolveGenerate, resolvePull } from '../../../src/cli/options.ts';
import { snapshotText } from '../../../src/cli/snapshot-file.ts';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { packageVersion, runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { runMain } from '../../helpers/cli-main.ts';

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-snapshot-'));
  folders.push(dir);
  writeFileSync(join(dir, 'package.json'), '{"name":"p","private":true}\n');
  return dir;
}

function fixture(name: string): SchemaResponse {
  return JSON.parse(readFileSync(join(ROOT, 'test/fixtures/payloads', `${name}.json`), 'utf8'));
}

/** Every file of a folder (and of its folders, as `runtime/index.js`), by path. */
function folder(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => statSync(join(dir, name)).isFile())
      .map((name) => [name.split(sep).join('/'), readFileSync(join(dir, name), 'utf8')]),
  );
}

const run = (argv: string[], cwd: string, env: NodeJS.ProcessEnv = {}) => runMain(argv, { cwd, env });

describe('generate --schema: offline generation from a snapshot', () => {
  for (const name of ['kitchen', 'kitchen-refresh', 'launchpad']) {
    for (const format of ['js', 'ts'] as const) {
      it(`${name}, --format ${format}: the files of a generation from the same payload, with no network`, async () => {
        const cwd = project();
        const payload = fixture(name);
        writeFileSync(join(cwd, 'cms-schema.json'), snapshotText(payload));
        // CMS_URL points nowhere: --schema must not read it, nor ask any server.
        const result = await run(
          ['generate', '--schema', 'cms-schema.json', '--output', 'src/cms', '--format', format],
          cwd,
          { CMS_URL: 'http://127.0.0.1:9' },
        );
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, /Generated .* \(first run;/);
        const written = folder(join(cwd, 'src/cms'));
        const expected = generateFiles(payload, {
          format,
          version: packageVersion(),
          runtime: runtimeAssets(),
          ...(format === 'ts' ? { importExtension: 'ts' as const } : {}),
        });
        for (const [file, text] of Object.entries(expected)) assert.equal(written[file], text, file);
        assert.equal(JSON.parse(written['.cms-types.json'] ?? '{}').hash, payload.hash);
        const again = await run(
          ['generate', '--schema', 'cms-schema.json', '--output', 'src/cms', '--format', format],
          cwd,
        );
        assert.match(
          again.stdout,
          /^Schema unchanged \(hash [0-9a-f]{12}\); src\/cms is up to date, nothing written\.$/m,
        );
      });
    }
  }

  it('the snapshot text is deterministic: the same payload, the same bytes, through a round trip', () => {
    for (const name of ['kitchen', 'launchpad']) {
      const text = snapshotText(fixture(name));
      assert.equal(snapshotText(JSON.parse(text)), text);
      assert.ok(text.endsWith('}\n') && text.startsWith('{\n  "hash": '), 'indented, hash first');
    }
  });
});

describe('generate --schema refuses an invalid snapshot and writes nothing', () => {
  const good = snapshotText(fixture('kitchen'));
  // biome-ignore lint/suspicious/noExplicitAny: free-form edits of the parsed file, as a person would make them
  const edit = (mutate: (payload: any) => void) => () => {
    const payload = JSON.parse(good);
    mutate(payload);
    return JSON.stringify(payload, null, 2);
  };
  const cases: [string, () => string, number, RegExp][] = [
    ['empty', () => '', 4, /cms-schema\.json is not valid JSON: it ends too early \(truncated\?\)/],
    ['truncated', () => good.slice(0, 2000), 4, /is not valid JSON: it ends too early \(truncated\?\)/],
    ['truncated at the end', () => good.slice(0, -3), 4, /it ends too early \(truncated\?\)/],
    ['a merge conflict', () => `<<<<<<< HEAD\n${good}`, 4, /is not valid JSON \(Unexpected token/],
    [
      'another JSON file',
      () => '{"name": "web", "version": "1.0.0"}',
      4,
      /is not a cms-typed-client schema \(\{hash, schema\} expected\)/,
    ],
    ['an array', () => '[]', 4, /is not a cms-typed-client schema/],
    [
      'a format-1 snapshot (an older cms-typed-client)',
      edit((p) => {
        p.schema.format = 1;
      }),
      4,
      /uses schema format 1 \(written by an older cms-typed-client\); this cms-types understands format 2\. Pull it again with this cms-typed-client version: cms-types pull --schema cms-schema\.json/,
    ],
    [
      'a newer format version',
      edit((p) => {
        p.schema.format = 3;
      }),
      4,
      /uses schema format 3 \(written by a newer cms-typed-client\); this cms-types understands format 2\./,
    ],
    [
      'no format',
      edit((p) => {
        delete p.schema.format;
      }),
      4,
      /uses schema format undefined/,
    ],
    [
      'a malformed hash',
      edit((p) => {
        p.hash = 'abc';
      }),
      4,
      /has a malformed hash "abc" \(64 hex digits expected\)/,
    ],
    [
      'a field edited by hand',
      edit((p) => {
        p.schema.contentTypes['api::tag.tag'].attributes.extra = { type: 'string' };
      }),
      4,
      /was changed after it was pulled: its hash does not match its content \(stored [0-9a-f]{12}, computed [0-9a-f]{12}\)\. Write it again with cms-types pull --schema cms-schema\.json \(never edit it by hand\)/,
    ],
    [
      'an unknown attribute type',
      edit((p) => {
        p.schema.contentTypes['api::tag.tag'].attributes.name.type = 'strnig';
      }),
      4,
      /holds a schema that cannot be typed: content type "api::tag\.tag", attribute "name": unknown attribute type "strnig"/,
    ],
    [
      'a relation to a missing type',
      edit((p) => {
        p.schema.contentTypes['api::article.article'].attributes.author.target = 'api::nope.nope';
      }),
      4,
      /attribute "author": the relation targets "api::nope\.nope", which is not a content type in the schema/,
    ],
    [
      'contentTypes removed',
      edit((p) => {
        delete p.schema.contentTypes;
      }),
      4,
      /the schema must be an object with "contentTypes" and "components" objects/,
    ],
    [
      'a malformed strapi member',
      edit((p) => {
        p.strapi = { version: 5 };
      }),
      4,
      /has a malformed 'strapi' member/,
    ],
  ];
  const cwd = project();
  writeFileSync(join(cwd, 'good.json'), good);
  let before: Record<string, string> = {};

  it('a good snapshot generates first', async () => {
    const result = await run(['generate', '--schema', 'good.json', '--output', 'src/cms'], cwd);
    assert.equal(result.code, 0, result.stderr);
    before = folder(join(cwd, 'src/cms'));
  });

  for (const [name, text, code, message] of cases) {
    it(name, async () => {
      writeFileSync(join(cwd, 'cms-schema.json'), text());
      const result = await run(
        ['generate', '--schema', 'cms-schema.json', '--output', 'src/cms', '--force'],
        cwd,
      );
      assert.equal(result.code, code, result.stdout + result.stderr);
      assert.match(result.stderr, message);
      assert.match(result.stderr, /Nothing was written\.$/m);
      assert.deepEqual(folder(join(cwd, 'src/cms')), before, 'previous output and stored hash untouched');
      const fresh = await run(['generate', '--schema', 'cms-schema.json', '--output', 'src/fresh'], cwd);
      assert.equal(fresh.code, code);
      assert.deepEqual(readdirSync(cwd).sort(), ['cms-schema.json', 'good.json', 'package.json', 'src']);
      assert.deepEqual(readdirSync(join(cwd, 'src')), ['cms'], 'no output folder created');
    });
  }

  it('a missing file or a folder is a usage error (2) that says how to create the snapshot', async () => {
    const missing = await run(['generate', '--schema', 'nope.json', '--output', 'src/cms'], cwd);
    assert.equal(missing.code, 2);
    assert.match(
      missing.stderr,
      /--schema nope\.json does not exist\. Create it from a running Strapi with cms-types pull --schema nope\.json --url <url>/,
    );
    const dir = await run(['generate', '--schema', 'src', '--output', 'src/cms'], cwd);
    assert.equal(dir.code, 2);
    assert.match(dir.stderr, /--schema src is a folder/);
    assert.deepEqual(folder(join(cwd, 'src/cms')), before);
  });
});

describe('options of the snapshot workflow', () => {
  const usage = (message: RegExp) => (error: unknown) =>
    error instanceof UsageError && message.test(error.message);

  it('generate: --schema is the source, relative to the working directory; no URL is read', () => {
    const cwd = project();
    const options = resolveGenerate(['--schema', 'schema/cms.json', '--output', 'src/cms'], {
      cwd,
      env: { CMS_URL: 'http://env.test' },
    });
    assert.deepEqual(options.source, {
      kind: 'snapshot',
      snapshot: { path: join(cwd, 'schema/cms.json'), label: 'schema/cms.json' },
    });
    assert.throws(
      () =>
        resolveGenerate(['--schema', 'a.json', '--url', 'http://x.test', '--output', 'src/cms'], {
          cwd,
          env: {},
        }),
      usage(
        /^give --url or --schema, not both: .* run cms-types pull --url http:\/\/x\.test --schema a\.json$/,
      ),
    );
    assert.throws(
      () => resolveGenerate(['--output', 'src/cms'], { cwd, env: {} }),
      usage(
        /needs --url <url> \(or CMS_URL\), e\.g\. --url http:\/\/localhost:1337, or --schema <file> to generate from a snapshot$/,
      ),
    );
  });

  it('pull needs a URL and --schema; watch has no --schema; check takes it', async () => {
    const cwd = project();
    assert.deepEqual(resolvePull(['--url', 'http://x.test/', '--schema', 'cms.json'], { cwd, env: {} }), {
      remote: { url: 'http://x.test', token: undefined },
      snapshot: { path: join(cwd, 'cms.json'), label: 'cms.json' },
      takeOver: false,
      notices: [],
    });
    assert.throws(
      () => resolvePull(['--url', 'http://x.test'], { cwd, env: {} }),
      usage(/^cms-types pull needs --schema <file>/),
    );
    assert.throws(
      () => resolvePull(['--schema', 'a.json'], { cwd, env: {} }),
      usage(/^cms-types pull needs --url <url>/),
    );
    assert.equal(
      resolveCheck(['--output', 'o', '--schema', 'a.json'], { cwd, env: {} }).snapshot?.label,
      'a.json',
    );
    const watch = await run(['watch', '--schema', 'a.json', '--output', 'src/cms'], cwd);
    assert.equal(watch.code, 2);
    assert.match(watch.stderr, /unknown flag '--schema' for 'cms-types watch'/);
  });
});
