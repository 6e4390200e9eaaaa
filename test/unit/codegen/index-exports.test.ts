/**
 * What the generated `index` re-exports (src/codegen/index-exports.ts): every runtime name it
 * lists is in the runtime's public surface, once; the model types are those a user names, and
 * the types file declares each.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { INDEX_RUNTIME_EXPORTS, indexModelTypes } from '../../../src/codegen/index-exports.ts';
import { buildModel } from '../../../src/codegen/model.ts';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';

const RUNTIME = runtimeAssets();

function payload(name: string): SchemaResponse {
  return JSON.parse(
    readFileSync(join(ROOT, 'test/fixtures/payloads', `${name}.json`), 'utf8'),
  ) as SchemaResponse;
}

describe('the runtime names the index re-exports', () => {
  it('are values and types of the public surface', () => {
    const { values, types } = RUNTIME.surface.public;
    assert.deepEqual(
      INDEX_RUNTIME_EXPORTS.values.filter((name) => !values.includes(name)),
      [],
      'not public runtime values',
    );
    assert.deepEqual(
      INDEX_RUNTIME_EXPORTS.types.filter((name) => !types.includes(name)),
      [],
      'not public runtime types',
    );
  });

  it('each once', () => {
    const all = [...INDEX_RUNTIME_EXPORTS.values, ...INDEX_RUNTIME_EXPORTS.types];
    assert.deepEqual(
      all.filter((name, index) => all.indexOf(name) !== index),
      [],
    );
  });
});

describe('the model types the index re-exports', () => {
  it('kitchen: per api:: type and component what a user names; the plugin models a result holds', () => {
    const names = indexModelTypes(buildModel(payload('kitchen').schema, RUNTIME.surface));
    for (const name of [
      'CmsSchemaTypes',
      'CmsWebhookEvent',
      'Article',
      'ArticleInput',
      'ArticlePopulatable',
      'ArticleFilters',
      'ArticlePopulate',
      'ArticleModel',
      'ArticleDraft',
      'ArticleDraftInput',
      'ArticleSectionsZone',
      'SiteSetting',
      'SharedSeo',
      'SharedSeoInput',
      'SharedSeoDraft',
      'UsersPermissionsUser',
      'UsersPermissionsRole',
      'ContractAddress',
    ])
      assert.ok(names.includes(name), `${name} is re-exported`);
    for (const name of [
      'ContentReleasesRelease',
      'ContentReleasesReleaseAction',
      'ReviewWorkflowsWorkflow',
      'UsersPermissionsPermission',
      'UsersPermissionsUserModel',
      'UsersPermissionsUserFilters',
      'UploadFolder',
      'SharedSeoModel',
      'SharedSeoFilters',
    ])
      assert.ok(!names.includes(name), `${name} is not re-exported`);
    assert.deepEqual(names, [...names].sort(), 'sorted');
  });

  it('a plugin model a relation targets is re-exported; without auth, neither user nor role', () => {
    const schema = structuredClone(payload('kitchen').schema);
    assert.ok(schema.auth, 'kitchen has users-permissions auth');
    const before = indexModelTypes(buildModel(schema, RUNTIME.surface));
    assert.ok(!before.includes('UploadFolder'));
    schema.auth = null;
    schema.contentTypes['api::promo.promo']!.attributes.folder = {
      type: 'relation',
      relation: 'oneToOne',
      target: 'plugin::upload.folder',
    };
    const names = indexModelTypes(buildModel(schema, RUNTIME.surface));
    assert.ok(names.includes('UploadFolder'), 'the target of a relation');
    assert.ok(!names.includes('UploadFolderInput'), 'its entry only');
    assert.ok(!names.includes('UsersPermissionsUser') && !names.includes('UsersPermissionsRole'));
  });

  for (const fixture of ['kitchen', 'kitchen-refresh', 'launchpad', 'foodadvisor', 'routes']) {
    it(`${fixture}: the types file declares every one`, () => {
      const model = buildModel(payload(fixture).schema, RUNTIME.surface);
      const types = generateFiles(payload(fixture), { format: 'ts', version: 'test', runtime: RUNTIME })[
        'types.ts'
      ]!;
      const declared = new Set(
        [...types.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]),
      );
      assert.deepEqual(
        indexModelTypes(model).filter((name) => !declared.has(name)),
        [],
      );
    });
  }
});
