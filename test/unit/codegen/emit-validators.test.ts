/**
 * The `validators` file's tables: each attribute becomes its kind and only the rules it has, with
 * numbers read from the strings Strapi also takes, enumeration values deduplicated, conditions
 * and custom fields kept; the js file's `cmsFields` is the value the d.ts declares, and its
 * `cmsValidators` covers every content type with a client property and every component.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fieldLiteral } from '../../../src/codegen/emit-validators.ts';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';

const kitchen = JSON.parse(
  readFileSync(join(ROOT, 'test', 'fixtures', 'payloads', 'kitchen.json'), 'utf8'),
) as SchemaResponse;

describe('cmsFields: an attribute as its kind and rules', () => {
  it('keeps only the rules an attribute has, numbers as numbers', () => {
    assert.deepEqual(fieldLiteral({ type: 'string', required: true, minLength: 2, maxLength: 120 }), {
      kind: 'string',
      required: true,
      minLength: 2,
      maxLength: 120,
    });
    assert.deepEqual(fieldLiteral({ type: 'integer', min: '1', max: '10', default: 3 }), {
      kind: 'integer',
      min: 1,
      max: 10,
      default: 3,
    });
    // Strapi ignores a biginteger's limits; they are kept as written for a form.
    assert.deepEqual(fieldLiteral({ type: 'biginteger', min: '9007199254740993' }), {
      kind: 'biginteger',
      min: '9007199254740993',
    });
    assert.deepEqual(fieldLiteral({ type: 'enumeration', enum: ['a', 'b', 'a'] }), {
      kind: 'enumeration',
      values: ['a', 'b'],
    });
    assert.deepEqual(fieldLiteral({ type: 'text', private: true, unique: true }), {
      kind: 'text',
      unique: true,
      private: true,
    });
  });

  it('components, zones, relations, media, conditions and custom fields', () => {
    const visible = { '==': [{ var: 'kind' }, 'external'] };
    assert.deepEqual(
      fieldLiteral({ type: 'component', component: 'shared.link', repeatable: true, min: 1, max: 3 }),
      { kind: 'component', component: 'shared.link', repeatable: true, min: 1, max: 3 },
    );
    assert.deepEqual(fieldLiteral({ type: 'dynamiczone', components: ['a.b'], max: 2 }), {
      kind: 'dynamiczone',
      components: ['a.b'],
      max: 2,
    });
    assert.deepEqual(fieldLiteral({ type: 'relation', relation: 'manyToOne', target: 'api::a.a' }), {
      kind: 'relation',
      relation: 'manyToOne',
      target: 'api::a.a',
    });
    assert.deepEqual(fieldLiteral({ type: 'media', multiple: true, allowedTypes: ['images'] }), {
      kind: 'media',
      multiple: true,
      allowedTypes: ['images'],
    });
    assert.deepEqual(fieldLiteral({ type: 'string', required: true, conditions: { visible } }), {
      kind: 'string',
      required: true,
      visible,
    });
    assert.deepEqual(fieldLiteral({ type: 'string', customField: 'plugin::color-picker.color' }), {
      kind: 'string',
      customField: 'plugin::color-picker.color',
    });
  });
});

describe('the validators file', () => {
  const files = generateFiles(kitchen, { format: 'js', version: 'test', runtime: runtimeAssets() });

  it('cmsFields holds every api content type by client property and every component by uid', async () => {
    const url = `data:text/javascript,${encodeURIComponent(
      (files['validators.js'] ?? '').replace(/^import .*$/m, 'const validatorsOf = () => ({});'),
    )}`;
    const module = (await import(url)) as { cmsFields: Record<string, Record<string, unknown>> };
    const keys = Object.keys(module.cmsFields);
    assert.deepEqual(
      keys.filter((key) => !key.includes('.')),
      ['articles', 'authors', 'profiles', 'promos', 'siteSetting', 'tags'],
    );
    assert.deepEqual(
      keys.filter((key) => key.includes('.')),
      Object.keys(kitchen.schema.components).sort(),
    );
    // Every attribute, in schema order.
    assert.deepEqual(
      Object.keys(module.cmsFields.articles ?? {}),
      Object.keys(kitchen.schema.contentTypes['api::article.article']?.attributes ?? {}),
    );
    assert.deepEqual(module.cmsFields.articles?.title, {
      kind: 'string',
      required: true,
      minLength: 2,
      maxLength: 120,
    });
  });

  it('the d.ts declares each rule as a literal type, and the validators with the inputs', () => {
    const dts = files['validators.d.ts'] ?? '';
    assert.match(
      dts,
      /readonly title: \{ readonly kind: 'string'; readonly required: true; readonly minLength: 2; readonly maxLength: 120 \};/,
    );
    assert.match(
      dts,
      /readonly articles: CmsWriteValidators<ArticleInput, Partial<ArticleInput>, ArticleDraftInput>;/,
    );
    assert.match(dts, /readonly tags: CmsWriteValidators<TagInput, Partial<TagInput>, TagInput>;/);
    assert.match(dts, /readonly 'shared\.seo': CmsValidator<SharedSeoInput>;/);
    assert.match(
      files['index.d.ts'] ?? '',
      /export \{ cmsFields, cmsValidators \} from '\.\/validators\.js';/,
    );
    assert.match(
      files['validators.js'] ?? '',
      /\/\* @__PURE__ \*\/ validatorsOf\(cmsFields, \{ articles: \['api::article\.article', 1, 1\]/,
    );
  });
});

describe('a schema without components', () => {
  it('imports no CmsValidator type (an unused import fails a consumer lint)', () => {
    const schema = structuredClone(kitchen);
    schema.schema.components = {};
    for (const type of Object.values(schema.schema.contentTypes))
      for (const [name, attribute] of Object.entries(type.attributes))
        if (attribute.type === 'component' || attribute.type === 'dynamiczone') delete type.attributes[name];
    const files = generateFiles(schema, { format: 'js', version: 'test', runtime: runtimeAssets() });
    const dts = files['validators.d.ts'] ?? '';
    assert.match(dts, /import type \{ CmsWriteValidators \} from '\.\/runtime\/index\.js';/);
    assert.doesNotMatch(dts, /CmsValidator\b/);
  });
});
