/**
 * The generated client as a user gets it: `cms-types generate --format js` against a running
 * Strapi, then imported; and the check that recorded responses fit its declared types.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningStrapi } from '../harness/app.ts';
import { createProject, runCli } from './cli.ts';
import { compileOffThread } from './compile.ts';

/** Generates the client of `strapi` into a fresh project and imports it (typed by its own .d.ts). */
export async function generateClient(
  strapi: RunningStrapi,
  projectName: string,
  token?: string,
): Promise<{ project: string; generated: Record<string, unknown> }> {
  const project = createProject(projectName);
  const args = ['generate', '--url', strapi.url, '--output', 'src/cms', '--format', 'js'];
  if (token !== undefined) args.push('--token', token);
  const run = await runCli(args, { cwd: project });
  assert.equal(run.code, 0, run.stderr);
  const generated = await import(new URL(`file://${join(project, 'src/cms/index.js')}`).href);
  return { project, generated };
}

/** A response recorded from `call` (TypeScript source over a `cms: CmsClient`). */
export interface Capture {
  name: string;
  call: string;
  value: unknown;
}

/**
 * Compiles each recorded response as an object literal typed by what its call returns, so a
 * property the types lack or a required one the response lacks is an error. Returns the
 * diagnostics (none when the types describe the responses); the file is kept as captured.ts.
 * The compile runs in a worker thread, so the caller's keep-alive sockets to Strapi stay healthy.
 */
export function checkCaptures(project: string, captures: Capture[]): Promise<string[]> {
  const lines = [
    "import { type CmsClient, withStatus } from './index.js';",
    'declare const cms: CmsClient;',
    'void withStatus;',
  ];
  for (const { name, call, value } of captures) {
    lines.push(
      `const ${name}Query = () => ${call};`,
      `export const ${name}: Awaited<ReturnType<typeof ${name}Query>> = ${JSON.stringify(value, null, 2)};`,
    );
  }
  const source = lines.join('\n');
  writeFileSync(join(project, 'captured.ts'), source);
  const files: Record<string, string> = { '/virtual/captured.ts': source };
  // What index.d.ts reaches; not mocks.d.ts, which the index does not re-export.
  for (const file of ['index.d.ts', 'client.d.ts', 'types.d.ts', 'validators.d.ts', 'runtime/index.d.ts'])
    files[`/virtual/${file}`] = readFileSync(join(project, 'src/cms', file), 'utf8');
  return compileOffThread(files, { noUnusedLocals: false });
}
