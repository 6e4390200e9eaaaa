/**
 * A generated client (default js format) of a fixture payload written to a temporary folder and
 * imported: its `index` (the `CmsClient`) and its `mocks` (`createMocks`, `createMockStrapi`),
 * for tests of the mocks that need no Strapi.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateFiles } from '../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { ROOT } from '../harness/paths.ts';

// The generated modules are plain JS here; their .d.ts types them for the type tests.
// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
export type Any = any;

/** A fixture's payload. */
export function payloadOf(fixture: string): SchemaResponse {
  return JSON.parse(
    readFileSync(join(ROOT, 'test/fixtures/payloads', `${fixture}.json`), 'utf8'),
  ) as SchemaResponse;
}

/** The generated output of `fixture` in a new folder, imported. */
export async function mockProject(fixture: string): Promise<{ dir: string; index: Any; mocks: Any }> {
  const dir = mkdtempSync(join(tmpdir(), `cms-mocks-${fixture}-`));
  const files = generateFiles(payloadOf(fixture), {
    format: 'js',
    version: '0.0.0-test',
    runtime: runtimeAssets(),
  });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const index = await import(pathToFileURL(join(dir, 'index.js')).href);
  const mocks = await import(pathToFileURL(join(dir, 'mocks.js')).href);
  return { dir, index, mocks };
}
