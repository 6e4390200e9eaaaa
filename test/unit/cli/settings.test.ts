/**
 * Settings that stay: what `init` asks is saved as the project config and every command reads
 * it; without a --format flag or a configured format an existing output keeps its format; and
 * a change of format or import extension is said on stderr, never silent. Real project folders,
 * generating offline from a snapshot.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { snapshotText } from '../../../src/cli/snapshot-file.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { runMain } from '../../helpers/cli-main.ts';

const payload = JSON.parse(
  readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8'),
) as SchemaResponse;

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function project(config?: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-settings-'));
  folders.push(dir);
  const manifest = { name: 'p', private: true, ...(config ? { 'cms-types': config } : {}) };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'cms-schema.json'), snapshotText(payload));
  return dir;
}

const state = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'src/cms/.cms-types.json'), 'utf8')) as {
    format: string;
    imports?: string;
  };

describe('settings that stay', () => {
  it("init's answers are the config: a plain generate, and the README's generate --output, keep ts", async () => {
    const cwd = project();
    const init = await runMain(
      [
        'init',
        '--url',
        'http://127.0.0.1:9',
        '--output',
        'src/cms',
        '--format',
        'ts',
        '--import-extension',
        'none',
        '--schema',
        'cms-schema.json',
      ],
      { cwd },
    );
    assert.equal(init.code, 0, init.text);
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
    assert.deepEqual(manifest['cms-types'], {
      url: 'http://127.0.0.1:9',
      output: 'src/cms',
      format: 'ts',
      importExtension: 'none',
      schema: 'cms-schema.json',
    });
    assert.equal(manifest.scripts['cms:generate'], 'cms-types generate');
    // The snapshot from the config: no Strapi asked (the URL points nowhere).
    const plain = await runMain(['generate'], { cwd });
    assert.equal(plain.code, 0, plain.text);
    assert.match(
      plain.stdout,
      /Generated runtime\/, types\.ts, client\.ts, client\/routes\.ts, validators\.ts, mocks\.ts, index\.ts in src\/cms/,
    );
    assert.match(
      plain.stdout,
      /The files import each other as '\.\/types' \("cms-types"\.importExtension in .*package\.json\)\./,
    );
    assert.deepEqual(state(cwd), { ...state(cwd), format: 'ts', imports: 'none' });
    assert.equal(plain.stderr, '', 'nothing switched');
    // The README's command with flags for the folder only: still ts, nothing to say.
    const readme = await runMain(['generate', '--output', 'src/cms', '--force'], { cwd });
    assert.equal(readme.code, 0, readme.text);
    assert.equal(state(cwd).format, 'ts');
    assert.equal(readme.stderr, '');
    // check and pull read the snapshot from the config too; check asks no server for it.
    const check = await runMain(['check', '--strict'], { cwd });
    assert.equal(check.code, 0, check.text);
    assert.match(check.stdout, /src\/cms is up to date \(cms-typed-client .*, snapshot cms-schema\.json\)/);
    const pull = await runMain(['pull'], { cwd });
    assert.equal(pull.code, 3, 'pull asks the configured Strapi');
    assert.match(pull.stderr, /Could not connect to Strapi at http:\/\/127\.0\.0\.1:9/);
  });

  it('without --format or a configured format, the existing output keeps its format', async () => {
    const cwd = project();
    const generate = (...flags: string[]) =>
      runMain(['generate', '--schema', 'cms-schema.json', '--output', 'src/cms', ...flags], { cwd });
    assert.equal((await generate('--format', 'ts')).code, 0);
    const kept = await generate('--force');
    assert.equal(kept.code, 0, kept.text);
    assert.equal(state(cwd).format, 'ts');
    assert.ok(readdirSync(join(cwd, 'src/cms')).includes('client.ts'));
    assert.equal(kept.stderr, '');
    // A flag that switches is announced on stderr.
    const switched = await generate('--format', 'js');
    assert.equal(switched.code, 0, switched.text);
    assert.match(
      switched.stderr,
      /^warning: switching src\/cms from ts to js output \(the existing output is ts; --format says js\): its \.ts files are replaced by \.js \+ \.d\.ts files\.$/m,
    );
    assert.equal(state(cwd).format, 'js');
    // With no output there yet, the default is js.
    const fresh = project();
    const first = await runMain(['generate', '--schema', 'cms-schema.json', '--output', 'src/cms'], {
      cwd: fresh,
    });
    assert.equal(first.code, 0, first.text);
    assert.equal(state(fresh).format, 'js');
  });

  it('a configured format that differs from the output, and a new import extension, are announced', async () => {
    const cwd = project({ output: 'src/cms', schema: 'cms-schema.json' });
    assert.equal(
      (await runMain(['generate', '--format', 'ts', '--import-extension', 'js'], { cwd })).code,
      0,
    );
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
    manifest['cms-types'].format = 'ts';
    manifest['cms-types'].importExtension = 'ts';
    writeFileSync(join(cwd, 'package.json'), JSON.stringify(manifest));
    const imports = await runMain(['generate'], { cwd });
    assert.equal(imports.code, 0, imports.text);
    assert.match(
      imports.stderr,
      /^warning: switching the imports between the files of src\/cms from '\.\/types\.js' to '\.\/types\.ts' \("cms-types"\.importExtension in .*package\.json\)\.$/m,
    );
    manifest['cms-types'].format = 'js';
    writeFileSync(join(cwd, 'package.json'), JSON.stringify(manifest));
    const format = await runMain(['generate'], { cwd });
    assert.equal(format.code, 0, format.text);
    assert.match(
      format.stderr,
      /^warning: switching src\/cms from ts to js output \(the existing output is ts; "cms-types"\.format in .*package\.json says js\)/m,
    );
    assert.equal(state(cwd).format, 'js');
  });

  it('the new config keys are checked and named when wrong', async () => {
    const bad = project({ output: 'src/cms', format: 'ts', importExtension: 'mjs' });
    const run = await runMain(['generate', '--schema', 'cms-schema.json'], { cwd: bad });
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /"cms-types"\.importExtension in .*package\.json must be ts, js or none, got 'mjs'/,
    );
    const missing = project({ output: 'src/cms', schema: 'nothing.json' });
    const none = await runMain(['generate'], { cwd: missing });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /--schema nothing\.json does not exist/);
  });
});
