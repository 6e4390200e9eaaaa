/**
 * The whole output (types, client, index) of each real payload, in both formats, compiles
 * under strict settings and under `strictNullChecks: false`, and a consumer can use it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type ts from 'typescript';
import { buildModel } from '../../../src/codegen/model.ts';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { assertCompilesInMemory } from '../../helpers/compile.ts';

const CONSUMER: Record<string, string> = {
  kitchen: [
    "import { CmsClient, isCmsErrorOf, SCHEMA_HASH, AUTH_MODE, type Article, type CmsResponse } from './index.js';",
    "const cms = new CmsClient({ baseURL: 'http://127.0.0.1:1337', token: 't', timeout: 1000 });",
    "export const list: Promise<Article[]> = cms.articles.find({ filters: { title: { $eq: 'x' } }, sort: ['title:asc'] });",
    'export const page: Promise<CmsResponse<Article[]>> = cms.articles.findWithMeta();',
    "export const one: Promise<Article | null> = cms.articles.findOne('abc');",
    "export const made = cms.articles.create({ title: 'Hello' });",
    'export const settings = cms.siteSetting.find();',
    "export const guard = (error: unknown) => isCmsErrorOf(error, 'ValidationError') ? error.details?.errors.length : 0;",
    'export const meta = [SCHEMA_HASH, AUTH_MODE] as const;',
    '',
  ].join('\n'),
  launchpad: [
    "import { CmsClient, type Article } from './index.js';",
    "const cms = new CmsClient({ baseURL: 'http://127.0.0.1:1337' });",
    'export const list: Promise<Article[]> = cms.articles.find();',
    'export const global = cms.global.find();',
    '',
  ].join('\n'),
};

/**
 * The optional checks a project may turn on: `runtime.ts` and the rest are compiled by the
 * project's own tsc in `--format ts`, so none of them may fail on generated code.
 */
const PICKY: ts.CompilerOptions = {
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  noPropertyAccessFromIndexSignature: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
  // Only syntax a type stripper can erase (Node's --experimental-strip-types, esbuild per file).
  erasableSyntaxOnly: true,
};

describe('generated output compiles', () => {
  for (const fixture of ['kitchen', 'kitchen-refresh', 'launchpad']) {
    const payload = JSON.parse(
      readFileSync(join(ROOT, 'test/fixtures/payloads', `${fixture}.json`), 'utf8'),
    ) as SchemaResponse;
    for (const format of ['ts', 'js'] as const) {
      it(`${fixture}, --format ${format}`, () => {
        const files = generateFiles(payload, { format, version: '0.0.0-test', runtime: runtimeAssets() });
        const program: Record<string, string> = {};
        for (const [name, text] of Object.entries(files)) {
          if (!name.endsWith('.js')) program[`/virtual/${name}`] = text;
        }
        program['/virtual/consumer.ts'] = CONSUMER[fixture] ?? CONSUMER.kitchen ?? '';
        assertCompilesInMemory(program, {}, `${fixture} ${format} (strict)`);
        assertCompilesInMemory(
          program,
          { strictNullChecks: false, exactOptionalPropertyTypes: false },
          `${fixture} ${format} (strictNullChecks: false)`,
        );
        assertCompilesInMemory(program, PICKY, `${fixture} ${format} (every optional check)`);
      });
    }
  }
});

describe('client property names', () => {
  it('keep contextual words such as global, rename client members and ECMAScript reserved words', () => {
    const type = (name: string, plural: string, kind: 'collectionType' | 'singleType') => ({
      uid: `api::${name}.${name}`,
      kind,
      singularName: name,
      pluralName: plural,
      displayName: name,
      draftAndPublish: false,
      localized: false,
      attributes: {},
    });
    const schema = {
      format: 2 as const,
      components: {},
      auth: null,
      routes: [],
      definitions: {},
      contentTypes: Object.fromEntries(
        [
          type('global', 'globals', 'singleType'),
          type('trash', 'delete', 'collectionType'),
          type('upload', 'upload', 'singleType'),
          type('module', 'modules', 'singleType'),
        ].map((t) => [t.uid, t]),
      ),
    };
    const properties = buildModel(schema).contentTypes.map((t) => t.clientProperty);
    assert.deepEqual(properties, ['global', 'module', 'deleteCollection', 'uploadSingle']);
  });
});
