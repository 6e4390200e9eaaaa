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

function manifest(dir: string): {
  text: string;
  json: { scripts: Record<string, string>; 'cms-types'?: Record<string, string> };
} {
  const text = readFileSync(join(dir, 'package.json'), 'utf8');
  return { text, json: JSON.parse(text) };
}

describe('cms-types init', () => {
  it('asks for the URL, the folder, the format and the import extension on a terminal, saves them as the config and adds plain scripts', () => {
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
        'Import extension between the .ts files, ts, js or none (empty: from tsconfig.json): ',
        'js',
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
    assert.match(result.stdout, /Saved the settings as "cms-types" in package\.json/);
    const { text, json } = manifest(project);
    assert.deepEqual(json['cms-types'], {
      url: 'http://127.0.0.1:4444',
      output: 'app/cms',
      format: 'ts',
      importExtension: 'js',
    });
    assert.equal(json.scripts['cms:generate'], 'cms-types generate');
    assert.equal(json.scripts['cms:check'], 'cms-types check --strict');
    assert.equal(json.scripts.dev, 'next dev', 'other scripts kept');
    assert.deepEqual(
      Object.keys(json.scripts),
      ['dev', 'build', 'cms:generate', 'cms:check'],
      'order kept, new ones last',
    );
    assert.deepEqual(Object.keys(json), ['name', 'private', 'scripts', 'dependencies', 'cms-types']);
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
    assert.equal(manifest(project).json.scripts['cms:generate'], 'cms-types generate');
    assert.deepEqual(manifest(project).json['cms-types'], {
      url: 'http://localhost:1337',
      output: 'src/cms',
      format: 'js',
    });
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
    assert.equal(manifest(project).json.scripts['cms:generate'], 'cms-types generate');
    assert.deepEqual(manifest(project).json['cms-types'], {
      url: 'https://cms.example.test',
      output: 'src/gen',
      format: 'js',
    });
    // Again with the same settings: nothing to refuse, nothing changed.
    const before = readFileSync(join(project, 'package.json'), 'utf8');
    const again = await runCli(['init', '--url', 'https://cms.example.test', '--output', 'src/gen'], {
      cwd: project,
    });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /already has these settings/);
    assert.equal(readFileSync(join(project, 'package.json'), 'utf8'), before);
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
    const { scripts, 'cms-types': config } = manifest(project).json;
    assert.deepEqual(scripts, {
      dev: 'next dev',
      build: 'next build',
      'cms:pull': 'cms-types pull',
      'cms:generate': 'cms-types generate',
      'cms:check': 'cms-types check --strict',
    });
    assert.deepEqual(config, {
      url: 'https://cms.example.test',
      output: 'src/cms',
      format: 'js',
      schema: 'cms schema.json',
    });
  });

  it('refuses a different script or config already there (exit 6, nothing written) unless --force', async () => {
    const project = createProject('init-existing', {
      name: 'x',
      scripts: {
        'cms:generate': 'custom',
        'cms:check': 'cms-types check --url http://old.test --output src/cms --strict',
      },
    });
    const original = readFileSync(join(project, 'package.json'), 'utf8');
    const refused = await runCli(['init', '--yes'], { cwd: project });
    assert.equal(refused.code, 6, refused.stderr);
    assert.match(
      refused.stderr,
      /package\.json already has settings that cms-types init did not write:\n {2}script "cms:generate": "custom" \(init would write "cms-types generate"\)\nNothing was written\. Run cms-types init --force/,
    );
    assert.doesNotMatch(refused.stderr, /cms:check/, 'a script an earlier init wrote is not in the way');
    assert.equal(readFileSync(join(project, 'package.json'), 'utf8'), original, 'nothing written');
    const forced = await runCli(['init', '--yes', '--force'], { cwd: project });
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(manifest(project).json.scripts['cms:generate'], 'cms-types generate');
    assert.equal(manifest(project).json.scripts['cms:check'], 'cms-types check --strict');

    // A config with other settings is in the way as well; --yes keeps the one there.
    const kept = await runCli(['init', '--yes'], { cwd: project });
    assert.equal(kept.code, 0, kept.stderr);
    const other = await runCli(['init', '--url', 'http://other.test', '--output', 'src/cms'], {
      cwd: project,
    });
    assert.equal(other.code, 6);
    assert.match(
      other.stderr,
      /"cms-types": \{"url":"http:\/\/localhost:1337","output":"src\/cms","format":"js"\} \(init would save \{"url":"http:\/\/other\.test",/,
    );
    assert.equal(manifest(project).json['cms-types']?.url, 'http://localhost:1337');
  });

  it('replaces the scripts the init of 0.1 wrote (settings as flags) without --force', async () => {
    const project = createProject('init-earlier', {
      name: 'x',
      scripts: {
        'cms:pull': "cms-types pull --url http://old.test --schema 'cms schema.json'",
        'cms:generate': "cms-types generate --schema 'cms schema.json' --output src/cms --format ts",
        'cms:check': "cms-types check --schema 'cms schema.json' --output src/cms --strict",
      },
    });
    const run = await runCli(
      [
        'init',
        '--url',
        'http://old.test',
        '--output',
        'src/cms',
        '--format',
        'ts',
        '--schema',
        'cms schema.json',
      ],
      { cwd: project },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(manifest(project).json.scripts, {
      'cms:pull': 'cms-types pull',
      'cms:generate': 'cms-types generate',
      'cms:check': 'cms-types check --strict',
    });
  });

  it('refuses bad answers', async () => {
    const project = createProject('init-bad');
    const badUrl = await runCli(['init', '--url', 'localhost:1337', '--output', 'src/cms'], { cwd: project });
    assert.equal(badUrl.code, 2);
    assert.match(badUrl.stderr, /must start with http:\/\/ or https:\/\//);
    const outside = await runCli(['init', '--url', 'http://x.test', '--output', '../other'], {
      cwd: project,
    });
    assert.equal(outside.code, 2);
    assert.match(outside.stderr, /outside the project/);
    const extension = await runCli(
      ['init', '--url', 'http://x.test', '--output', 'src/cms', '--import-extension', 'ts'],
      { cwd: project },
    );
    assert.equal(extension.code, 2);
    assert.match(extension.stderr, /--import-extension applies to format ts only/);
    assert.equal(manifest(project).json['cms-types'], undefined, 'nothing written');
    const api = await runCli(['init', '--url', 'http://x.test:1337/api/', '--output', 'src/cms'], {
      cwd: project,
    });
    assert.equal(api.code, 0, api.stderr);
    assert.match(
      api.stderr,
      /the Strapi URL http:\/\/x\.test:1337\/api ends in \/api.*using the Strapi address http:\/\/x\.test:1337/,
    );
    assert.equal(manifest(project).json['cms-types']?.url, 'http://x.test:1337');
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
