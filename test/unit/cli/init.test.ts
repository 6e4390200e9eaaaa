/** `cms-types init`: through a pseudo-terminal as a person would, and with flags as CI would. */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../../harness/paths.ts';
import { CLI, createProject, runCli } from '../../helpers/cli.ts';

const ESC = String.fromCharCode(27);
const MANIFEST =
  '{\n    "name": "web",\n    "private": true,\n    "scripts": {\n        "dev": "next dev",\n        "build": "next build"\n    },\n    "dependencies": {}\n}\n';

function manifest(dir: string): { text: string; json: { scripts: Record<string, string> } } {
  const text = readFileSync(join(dir, 'package.json'), 'utf8');
  return { text, json: JSON.parse(text) };
}

describe('cms-types init', () => {
  it('asks for the URL, the folder and the format on a terminal, then adds both scripts', () => {
    const project = createProject('init-pty');
    writeFileSync(join(project, 'package.json'), MANIFEST);
    const result = spawnSync(
      'python3',
      [
        join(ROOT, 'test/helpers/pty-drive.py'),
        project,
        'Strapi URL (http://localhost:1337): ',
        'http://127.0.0.1:4444',
        'Output folder (src/cms): ',
        'app/cms',
        'Format, js or ts (js): ',
        'ts',
        'Schema snapshot file to commit and generate from without Strapi, e.g. cms-schema.json (empty: generate from Strapi): ',
        '',
        '--',
        process.execPath,
        CLI,
        'init',
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /Added "cms:generate" and "cms:check" scripts to package\.json/);
    const { text, json } = manifest(project);
    assert.equal(
      json.scripts['cms:generate'],
      'cms-types generate --url http://127.0.0.1:4444 --output app/cms --format ts',
    );
    assert.equal(
      json.scripts['cms:check'],
      'cms-types check --url http://127.0.0.1:4444 --output app/cms --strict',
    );
    assert.equal(json.scripts.dev, 'next dev', 'other scripts kept');
    assert.deepEqual(
      Object.keys(json.scripts),
      ['dev', 'build', 'cms:generate', 'cms:check'],
      'order kept, new ones last',
    );
    assert.match(text, /^ {4}"name": "web",$/m, 'four-space indentation kept');
    assert.ok(text.endsWith('}\n'), 'final newline kept');
  });

  it('takes the defaults when the person just presses Enter', () => {
    const project = createProject('init-pty-defaults');
    const result = spawnSync(
      'python3',
      [
        join(ROOT, 'test/helpers/pty-drive.py'),
        project,
        'Strapi URL',
        '',
        'Output folder',
        '',
        'Format',
        '',
        'Schema snapshot',
        '',
        '--',
        process.execPath,
        CLI,
        'init',
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    assert.equal(result.status, 0, result.stdout);
    assert.equal(
      manifest(project).json.scripts['cms:generate'],
      'cms-types generate --url http://localhost:1337 --output src/cms',
    );
  });

  it('runs without a terminal from flags, and refuses to guess without them', async () => {
    const project = createProject('init-flags');
    writeFileSync(join(project, 'package.json'), MANIFEST);
    const missing = await runCli(['init'], { cwd: project });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /not on a terminal: pass --url and --output/);
    assert.equal(readFileSync(join(project, 'package.json'), 'utf8'), MANIFEST, 'nothing written');
    const run = await runCli(['init', '--url', 'https://cms.example.test', '--output', 'src/gen'], {
      cwd: project,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      manifest(project).json.scripts['cms:generate'],
      'cms-types generate --url https://cms.example.test --output src/gen',
    );
  });

  it('--schema sets up the snapshot workflow: pull asks Strapi, generate and check read the file', async () => {
    const project = createProject('init-snapshot');
    writeFileSync(join(project, 'package.json'), MANIFEST);
    const run = await runCli(
      ['init', '--url', 'https://cms.example.test', '--output', 'src/cms', '--schema', 'cms schema.json'],
      { cwd: project },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Added "cms:pull", "cms:generate" and "cms:check" scripts to package\.json/);
    assert.match(run.stdout, /run npm run cms:pull and commit cms schema\.json/);
    const { scripts } = manifest(project).json;
    assert.equal(
      scripts['cms:pull'],
      "cms-types pull --url https://cms.example.test --schema 'cms schema.json'",
    );
    assert.equal(scripts['cms:generate'], "cms-types generate --schema 'cms schema.json' --output src/cms");
    assert.equal(
      scripts['cms:check'],
      "cms-types check --schema 'cms schema.json' --output src/cms --strict",
    );
  });

  it('keeps an existing different script unless --force, and refuses bad answers', async () => {
    const project = createProject('init-existing', { name: 'x', scripts: { 'cms:generate': 'custom' } });
    const kept = await runCli(['init', '--yes'], { cwd: project });
    assert.equal(kept.code, 0);
    assert.match(
      kept.stderr,
      /already has a different "cms:generate" script; kept it \(use --force to replace it\)/,
    );
    assert.equal(manifest(project).json.scripts['cms:generate'], 'custom');
    assert.equal((await runCli(['init', '--yes', '--force'], { cwd: project })).code, 0);
    assert.match(manifest(project).json.scripts['cms:generate'] ?? '', /^cms-types generate/);
    const badUrl = await runCli(['init', '--url', 'localhost:1337', '--output', 'src/cms'], { cwd: project });
    assert.equal(badUrl.code, 2);
    assert.match(badUrl.stderr, /must start with http:\/\/ or https:\/\//);
    const outside = await runCli(['init', '--url', 'http://x.test', '--output', '../other'], {
      cwd: project,
    });
    assert.equal(outside.code, 2);
    assert.match(outside.stderr, /outside the project/);
  });

  it('every command has --help and --version, and exit codes are documented', () => {
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    for (const command of ['init', 'generate', 'watch', 'check']) {
      const help = execFileSync(process.execPath, [CLI, command, '--help'], { encoding: 'utf8' });
      assert.match(help, new RegExp(`^Usage: cms-types ${command} `));
      assert.match(help, /Exit codes:/);
      assert.equal(
        execFileSync(process.execPath, [CLI, command, '--version'], { encoding: 'utf8' }).trim(),
        version,
      );
    }
    assert.match(
      execFileSync(process.execPath, [CLI, 'generate', '--help'], { encoding: 'utf8' }),
      /prefer the CMS_TOKEN variable/,
    );
    const unknown = spawnSync(process.execPath, [CLI, 'generat'], { encoding: 'utf8' });
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown command 'generat'/);
  });

  it('colours output on a terminal only, and never with NO_COLOR', async () => {
    const onTerminal = (env: Record<string, string>) =>
      spawnSync(
        'python3',
        [
          join(ROOT, 'test/helpers/pty-drive.py'),
          createProject('init-color'),
          '--',
          process.execPath,
          CLI,
          'init',
          '--yes',
        ],
        {
          encoding: 'utf8',
          timeout: 30_000,
          env: { ...process.env, ...env },
        },
      );
    const coloured = onTerminal({});
    assert.equal(coloured.status, 0, coloured.stdout);
    assert.ok(coloured.stdout.includes(`${ESC}[32m`), 'colour on a terminal');
    const plain = onTerminal({ NO_COLOR: '1' });
    assert.equal(plain.status, 0, plain.stdout);
    assert.ok(!plain.stdout.includes(ESC), 'no colour with NO_COLOR');
    const piped = await runCli(['init', '--yes'], { cwd: createProject('init-color-piped') });
    assert.ok(!(piped.stdout + piped.stderr).includes(ESC), 'no colour when piped');
  });
});
