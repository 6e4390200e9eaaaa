/**
 * The generated code in a consumer project with strict settings: for every committed payload
 * (test/fixtures/payloads) and both formats, the output is written into a temporary project
 * that uses it, and the real `tsc -p` compiles that project under two common setups:
 *
 * - `node`: a Node 22 project (NodeNext, `lib: es2023`, `@types/node`, no DOM lib);
 * - `bundler`: a front-end project (bundler resolution, DOM lib);
 *
 * each with the flags of the widely used `@tsconfig/strictest` (`strict`,
 * `exactOptionalPropertyTypes`, `noUncheckedIndexedAccess`, `noPropertyAccessFromIndexSignature`,
 * `noUnusedLocals`...) and `skipLibCheck: false`, so the generated `.d.ts` are checked too.
 * Then Biome lints the generated files with this repository's own configuration (errors and
 * warnings fail).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { generateFiles } from '../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { ROOT } from '../harness/paths.ts';

const PAYLOADS = join(ROOT, 'test', 'fixtures', 'payloads');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

/** `@tsconfig/strictest` (v2), with the generated declarations checked as well. */
const STRICTEST = {
  strict: true,
  allowUnusedLabels: false,
  allowUnreachableCode: false,
  exactOptionalPropertyTypes: true,
  noFallthroughCasesInSwitch: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noPropertyAccessFromIndexSignature: true,
  noUncheckedIndexedAccess: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  forceConsistentCasingInFileNames: true,
  skipLibCheck: false,
  noEmit: true,
};

const SETUPS = {
  node: {
    ...STRICTEST,
    target: 'es2023',
    lib: ['es2023'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: ['node'],
  },
  bundler: {
    ...STRICTEST,
    target: 'es2022',
    lib: ['es2023', 'dom', 'dom.iterable'],
    module: 'esnext',
    moduleResolution: 'bundler',
    types: [],
  },
} as const;

/** What a consumer writes: a client, a query, a guard. Valid for any schema. */
const CONSUMER = `import { CmsClient, isCmsError, isCmsErrorOf } from './cms/index.js';

const client = new CmsClient({ baseURL: 'http://localhost:1337', token: 'token', timeout: 5000 });

export async function check(): Promise<string> {
  try {
    const result = await client.validateSchema();
    return result.valid ? 'in sync' : (result.error ?? 'drift');
  } catch (error) {
    if (isCmsErrorOf(error, 'ValidationError')) return error.details?.errors[0]?.message ?? 'invalid';
    if (isCmsError(error)) return error.userMessage;
    throw error;
  }
}
`;

const work = mkdtempSync(join(tmpdir(), 'cms-consumer-'));
after(() => rmSync(work, { recursive: true, force: true }));

const runtime = runtimeAssets();
const payloads = readdirSync(PAYLOADS).filter((file) => file.endsWith('.json'));

/** A consumer project with the generated files in src/cms; returns its folder. */
function consumer(name: string, files: Record<string, string>, setup: keyof typeof SETUPS): string {
  const dir = join(work, `${name}-${setup}`);
  mkdirSync(join(dir, 'src', 'cms'), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'src', 'cms', file)), { recursive: true });
    writeFileSync(join(dir, 'src', 'cms', file), text);
  }
  writeFileSync(join(dir, 'src', 'consumer.ts'), CONSUMER);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name, private: true, type: 'module' })}\n`);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: SETUPS[setup], include: ['src'] }, null, 2)}\n`,
  );
  // @types/node for the node setup, as a consumer has it installed.
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(
    join(ROOT, 'node_modules', '@types', 'node'),
    join(dir, 'node_modules', '@types', 'node'),
    'dir',
  );
  return dir;
}

function tsc(dir: string): string {
  const result = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return result.status === 0 ? '' : `${result.stdout}${result.stderr}`.trim();
}

describe('generated code in a strict consumer project', () => {
  for (const file of payloads) {
    const name = file.replace(/\.json$/, '');
    const payload = JSON.parse(readFileSync(join(PAYLOADS, file), 'utf8')) as SchemaResponse;
    for (const format of ['ts', 'js'] as const) {
      const files = generateFiles(payload, { format, version: 'fixture', runtime });
      for (const setup of Object.keys(SETUPS) as (keyof typeof SETUPS)[]) {
        it(`${name}, --format ${format}: tsc (${setup} setup, strictest flags)`, () => {
          const dir = consumer(`${name}-${format}`, files, setup);
          const errors = tsc(dir);
          assert.equal(
            errors,
            '',
            `tsc found errors in the ${setup} consumer of ${name} (${format}):\n${errors}`,
          );
        });
      }
    }
  }

  it("passes this repository's Biome lint rules", () => {
    const dir = join(work, 'lint');
    for (const file of payloads) {
      const payload = JSON.parse(readFileSync(join(PAYLOADS, file), 'utf8')) as SchemaResponse;
      for (const format of ['ts', 'js'] as const) {
        const out = join(dir, 'src', `${file.replace(/\.json$/, '')}-${format}`);
        for (const [name, text] of Object.entries(
          generateFiles(payload, { format, version: 'fixture', runtime }),
        )) {
          mkdirSync(dirname(join(out, name)), { recursive: true });
          writeFileSync(join(out, name), text);
        }
      }
    }
    writeFileSync(
      join(dir, 'biome.json'),
      `${JSON.stringify({ root: true, extends: [join(ROOT, 'biome.json')], vcs: { enabled: false } }, null, 2)}\n`,
    );
    // Errors and warnings fail; one line per diagnostic (file, line, rule).
    const result = spawnSync(
      BIOME,
      [
        'lint',
        '--error-on-warnings',
        '--diagnostic-level=warn',
        '--max-diagnostics=none',
        '--reporter=github',
        'src',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    assert.equal(result.status, 0, `biome lint of the generated files:\n${result.stdout}${result.stderr}`);
  });
});
