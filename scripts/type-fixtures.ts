/**
 * Writes the complete generated output (types, client, index) for each committed payload into
 * test/types/generated/<name>/ (git-ignored), so the type tests in test/types/ check the real
 * generated client with `tsc`. Runs after the build (the client embeds dist/runtime).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateFiles } from '../src/codegen/output-files.ts';
import { runtimeAssets } from '../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../src/schema/types.ts';
import { ROOT } from '../test/harness/paths.ts';

const payloads = join(ROOT, 'test/fixtures/payloads');
const out = join(ROOT, 'test/types/generated');
const runtime = runtimeAssets();

rmSync(out, { recursive: true, force: true });
for (const file of readdirSync(payloads).filter((name) => name.endsWith('.json'))) {
  const name = file.replace(/\.json$/, '');
  const payload = JSON.parse(readFileSync(join(payloads, file), 'utf8')) as SchemaResponse;
  for (const format of ['ts', 'js'] as const) {
    const dir = join(out, format === 'ts' ? name : `${name}-js`);
    mkdirSync(dir, { recursive: true });
    const files = generateFiles(payload, { format, version: 'fixture', runtime });
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  }
}

// The kitchen schema as a server with cmsPreview rules for two of its types publishes it:
// handleCmsPreview's types (test/types/preview.test-d.ts). The hash is the payload's own.
const kitchen = JSON.parse(readFileSync(join(payloads, 'kitchen.json'), 'utf8')) as SchemaResponse;
kitchen.schema.preview = { uids: ['api::article.article', 'api::site-setting.site-setting'] };
const previewDir = join(out, 'kitchen-preview');
for (const [path, text] of Object.entries(
  generateFiles(kitchen, { format: 'ts', version: 'fixture', runtime }),
)) {
  mkdirSync(dirname(join(previewDir, path)), { recursive: true });
  writeFileSync(join(previewDir, path), text);
}
