/**
 * Budget 3's redesign reference (bench/lib/lean-declarations.ts): our declarations checked
 * through the reference client's machinery. Checked on a generated client: what it keeps and
 * drops, and that its queries are checked and its results follow `populate`, `fields` and
 * `status` (or the reference would measure a client that checks less than ours).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { LEAN_MACHINERY, leanClient, leanDeclarations } from '../../bench/lib/lean-declarations.ts';
import { ROOT } from '../harness/paths.ts';
import { compile } from '../helpers/compile.ts';

const GENERATED = join(ROOT, 'test/types/generated/kitchen');
const types = readFileSync(join(GENERATED, 'types.ts'), 'utf8');
const lean = leanDeclarations(types);

/** The names of the top-level interfaces and type aliases of a file. */
function declared(text: string): string[] {
  const source = ts.createSourceFile('types.ts', text, ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) ? [statement.name.text] : [],
  );
}

/** The generated kitchen client with the reference's declarations, machinery and client class. */
function files(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(GENERATED))
    out[`/virtual/cms/${name}`] = readFileSync(join(GENERATED, name), 'utf8');
  out['/virtual/cms/types.ts'] = lean.types;
  out['/virtual/cms/client.ts'] = leanClient(out['/virtual/cms/client.ts'] ?? '', lean.modelOf);
  out['/virtual/cms/lean.ts'] = LEAN_MACHINERY;
  return out;
}

const HEADER = `import { CmsClient } from './cms/index.js';
const cms = new CmsClient({ baseURL: 'http://127.0.0.1:1' });
`;
// The reference keeps the imports its dropped declarations used.
const OPTIONS = { noUnusedLocals: false };

function errors(body: string): string[] {
  return compile({ ...files(), '/virtual/consumer.ts': HEADER + body }, OPTIONS);
}

describe("budget 3's redesign reference", () => {
  it('keeps entries, inputs and zones, drops populatable, filters, populate, drafts and the registry, and has a model per uid', () => {
    const before = declared(types);
    const after = declared(lean.types);
    for (const name of ['Article', 'ArticleInput', 'SharedSeo', 'SharedSeoInput'])
      assert.ok(after.includes(name), name);
    for (const name of [
      'ArticlePopulatable',
      'ArticleFilters',
      'ArticlePopulate',
      'ArticleModel',
      'ArticleDraft',
      'PromoDraftInput',
    ])
      assert.ok(before.includes(name) && !after.includes(name), name);
    assert.match(lean.types, /export type CmsSchemaTypes = any;/);
    assert.equal(lean.modelOf.get('api::article.article'), 'LeanModel_Article');
    for (const model of lean.modelOf.values()) assert.ok(after.includes(model), model);
    assert.match(lean.types, /export interface LeanModel_Article \{ s: Article; k: \{[^}]*'title': 'string'/);
  });

  it('types a query like ours: results follow populate, fields and status, writes take the input', () => {
    const body = `const found = await cms.articles.find({ populate: { author: true, seo: { populate: '*' } }, fields: ['title'] });
export const name: string | undefined = found[0]?.author?.name;
export const title: string | undefined = found[0]?.title;
const draft = await cms.articles.findOne('x', { status: 'draft' });
export const maybe: string | null | undefined = draft?.title;
const counted = await cms.articles.findOne('x', { populate: { tags: { count: true } } });
export const count: number | undefined = counted?.tags.count;
await cms.articles.create({ title: 'x', slug: 'x' }, { status: 'draft' });
`;
    assert.deepEqual(errors(body), []);
  });

  it('checks what ours checks: keys, fields, operators, enumeration values, unpopulated reads and inputs', () => {
    const wrong: [string, RegExp][] = [
      ['await cms.articles.find({ populate: { autor: true } });', /'autor'/],
      ["await cms.articles.find({ populate: { author: { fields: ['nmae'] } } });", /"nmae"/],
      ["await cms.articles.find({ filters: { title: { $containz: 'x' } } });", /'\$containz'/],
      ["await cms.articles.find({ filters: { author: { nmae: 'x' } } });", /'nmae'/],
      ["await cms.articles.find({ sort: 'titel:asc' });", /"titel:asc"/],
      ['export const a = (await cms.articles.find())[0]?.author;', /Property 'author' does not exist/],
      [
        "export const b = (await cms.articles.find({ fields: ['title'] }))[0]?.slug;",
        /Property 'slug' does not exist/,
      ],
      [
        "export const c: string | undefined = (await cms.articles.find({ status: 'draft' }))[0]?.title;",
        /'null' is not assignable/,
      ],
      ['await cms.articles.create({ title: 1 });', /'number' is not assignable to type 'string'/],
    ];
    for (const [line, expected] of wrong) {
      const found = errors(line);
      assert.equal(found.length, 1, `${line}\n${found.join('\n')}`);
      assert.match(found[0] ?? '', expected, line);
    }
  });
});
