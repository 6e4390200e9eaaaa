/**
 * The import collector (src/codegen/imports.ts): a generated file imports exactly the names its
 * emitters recorded, runtime names sorted, the types file's in the order given.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Imports } from '../../../src/codegen/imports.ts';

describe('Imports', () => {
  it('returns each name it records, so an emitter writes what it imports', () => {
    const imports = new Imports();
    assert.equal(imports.value('CmsClientCore'), 'CmsClientCore');
    assert.equal(imports.type('CacheOptions'), 'CacheOptions');
    assert.equal(imports.registryType('CmsSchemaTypes'), 'CmsSchemaTypes');
  });

  it('prints nothing when nothing was recorded', () => {
    assert.deepEqual(new Imports().lines(['CmsSchemaTypes']), []);
  });

  it('sorts the runtime names by name, types marked, each once; a value and type name once as the value', () => {
    const imports = new Imports();
    imports.type('UploadApi');
    imports.value('uploadApi');
    imports.type('AuthApi');
    imports.value('CmsClientCore');
    imports.type('CmsClientCore');
    imports.type('AuthApi');
    assert.deepEqual(imports.lines([]), [
      "import { type AuthApi, CmsClientCore, uploadApi, type UploadApi } from './runtime/index.js';",
    ]);
  });

  it('lists the types file names recorded, in the order given, and no other', () => {
    const imports = new Imports();
    imports.registryType('Tag');
    imports.registryType('CmsSchemaTypes');
    assert.deepEqual(imports.lines(['CmsSchemaTypes', 'CmsWebhookEvent', 'Article', 'Tag']), [
      "import type { CmsSchemaTypes, Tag } from './types.js';",
    ]);
  });
});
