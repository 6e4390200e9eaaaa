/**
 * `cms-typed-client/strapi-preview` as a Strapi app's config/admin loads it: the built CommonJS
 * file through the package's own exports, its rules visible to the plugin (a separate bundle)
 * under the shared Symbol.for key, and its declarations typing a `config/admin.ts`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../../harness/paths.ts';
import { assertCompilesInMemory } from '../../helpers/compile.ts';

const require = createRequire(join(ROOT, 'package.json'));

describe('cms-typed-client/strapi-preview', () => {
  it('is CommonJS, and the plugin finds its rules on the handler', () => {
    const { cmsPreview } = require('cms-typed-client/strapi-preview') as {
      cmsPreview: (options: object) => { enabled: boolean; config: { handler: Record<symbol, unknown> } };
    };
    const paths = { 'api::article.article': '/blog/{slug}' };
    const preview = cmsPreview({ url: 'https://www.example.com', secret: 'x'.repeat(24), paths });
    assert.equal(preview.enabled, true);
    assert.deepEqual(preview.config.handler[Symbol.for('cms-typed-client.preview-rules')], paths);
  });

  it("its declarations type a config/admin.ts as Strapi's docs write it", () => {
    const declarations = readFileSync(join(ROOT, 'dist/server/preview.d.ts'), 'utf8');
    assertCompilesInMemory(
      {
        '/virtual/node_modules/cms-typed-client/strapi-preview.d.ts': declarations,
        '/virtual/config/admin.ts': [
          "import { cmsPreview } from '../node_modules/cms-typed-client/strapi-preview';",
          'declare const env: (key: string) => string | undefined;',
          'export default () => ({',
          "  preview: cmsPreview({ url: env('CLIENT_URL'), secret: env('PREVIEW_SECRET'), paths: { 'api::article.article': '/blog/{slug}' } }),",
          '});',
          '',
        ].join('\n'),
      },
      { noEmit: true },
      'config/admin.ts',
    );
  });
});
