/**
 * What an editor shows for a query result: the real tsserver's quick info on the results of a
 * generated client (the kitchen-sink schema, default `--format js` output, a Next.js-style
 * tsconfig). The result must read as the data: a plain object type naming the entry's fields
 * and, nested, the populated relation's fields, never the `QueryResult<...>` machinery, and
 * short. Needs the build (the generated client embeds dist/runtime).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { CACHE, ROOT } from '../../harness/paths.ts';
import { NEXT_COMPILER_OPTIONS } from '../../helpers/next-tsconfig.ts';
import { locationAt, locationOf, type QuickInfo, TsServer } from '../../helpers/tsserver.ts';

/** The tsconfig.json `create-next-app` writes, without the Next.js plugin. */
const NEXT_TSCONFIG = {
  compilerOptions: { ...NEXT_COMPILER_OPTIONS, types: [] },
  include: ['**/*.ts'],
};

const CONSUMER = `import { CmsClient } from './cms/index.js';

const cms = new CmsClient({ baseURL: 'http://127.0.0.1:1' });

export async function load(id: string) {
  const page = await cms.articles.findOne(id, {
    populate: {
      author: { fields: ['name', 'email'], populate: { avatar: { fields: ['url', 'width'] } } },
      tags: true,
    },
  });
  const list = await cms.articles.find({ fields: ['title'], populate: { cover: { fields: ['url'] } } });
  const meta = await cms.articles.findWithMeta({ populate: { author: { fields: ['name'] } } });
  const rows = meta.data;
  const made = await cms.tags.create({ name: 'x' }, { populate: { articles: { fields: ['title'] } } });
  const changed = await cms.authors.update(id, { bio: 'x' }, { fields: ['name'], populate: { profile: true } });
  const plain = await cms.tags.find();
  const zone = await cms.articles.findOne(id, {
    fields: ['title'],
    populate: { sections: { on: { 'sections.hero': { fields: ['heading'] } } } },
  });
  await cms.articles.find({ populate: {  } });
  const title = page?.title;
  const email = page?.author?.email;
  const draft = await cms.articles.findOne(id, { status: 'draft' });
  const draftTitle = draft?.title;
  return { page, list, rows, made, changed, plain, zone, title, email, draft, draftTitle };
}
`;

const project = join(CACHE, 'editor', 'kitchen');
const consumer = join(project, 'consumer.ts');
let server: TsServer;

/** The tags of the kitchen schema's `Article.title` (`minLength: 2`, `maxLength: 120`). */
const TITLE_TAGS = [
  { name: 'minLength', text: '2' },
  { name: 'maxLength', text: '120' },
];

/**
 * Quick info and go-to-definition on the field right after `marker` in the consumer: what the
 * editor shows, and the line that declares the field in the generated types file with the
 * interface that line belongs to.
 */
async function fieldAt(marker: string): Promise<{ info: QuickInfo; line: string; owner: string }> {
  const at = locationOf(CONSUMER, marker);
  const info = await server.quickInfo(consumer, at);
  const [definition] = await server.definition(consumer, at);
  assert.ok(definition, `the field after ${marker} has a definition`);
  assert.equal(definition.file, join(project, 'cms', 'types.d.ts'));
  const types = readFileSync(definition.file, 'utf8').split('\n');
  const owner = types
    .slice(0, definition.start.line)
    .reverse()
    .find((line) => line.startsWith('export interface'));
  return { info, line: types[definition.start.line - 1] ?? '', owner: owner ?? '' };
}

/** Quick info at the declaration of `const name`. */
async function hover(name: string): Promise<string> {
  const declaration = CONSUMER.indexOf(`const ${name} =`);
  assert.ok(declaration >= 0, `no const ${name} in the consumer`);
  const info = await server.quickInfo(consumer, locationAt(CONSUMER, declaration + 'const '.length));
  return info.displayString.replace(/^const /, '');
}

describe('quick info on query results (real tsserver, kitchen schema, --format js)', () => {
  before(async () => {
    rmSync(project, { recursive: true, force: true });
    mkdirSync(join(project, 'cms'), { recursive: true });
    const payload = JSON.parse(
      readFileSync(join(ROOT, 'test/fixtures/payloads/kitchen.json'), 'utf8'),
    ) as SchemaResponse;
    const files = generateFiles(payload, { format: 'js', version: 'test', runtime: runtimeAssets() });
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(project, 'cms', path)), { recursive: true });
      writeFileSync(join(project, 'cms', path), text);
    }
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(NEXT_TSCONFIG, null, 2));
    writeFileSync(consumer, CONSUMER);
    server = await TsServer.start(project);
    server.open(consumer, CONSUMER);
  });
  after(async () => {
    await server?.close();
  });

  it('findOne with nested populate: the fields of the entry and of the populated relations, short', async () => {
    const shown = await hover('page');
    assert.doesNotMatch(shown, /QueryResult|Selected<|Populated|Plain<|Pick</, shown);
    assert.ok(shown.length < 1000, `${shown.length} characters:\n${shown}`);
    assert.match(shown, /^page: \{/, shown);
    assert.match(shown, /\} \| null$/, 'findOne may find nothing');
    // The entry's own fields.
    for (const field of ['id: number;', 'documentId: string;', 'title: string;', 'slug: string | null;'])
      assert.ok(shown.includes(field), `${field} in:\n${shown}`);
    // The populated relation as an object with its selected fields, and its own populated media.
    const author = /author: \{([\s\S]*?)\n {4}\} \| null;/.exec(shown)?.[1];
    assert.ok(author, `author is shown as an object:\n${shown}`);
    for (const field of ['id: number;', 'documentId: string;', 'name: string;', 'email: string | null;'])
      assert.ok(author.includes(field), `author's ${field} in:\n${author}`);
    assert.doesNotMatch(author, /bio:/, 'fields narrowed the author');
    const avatar = /avatar: \{([^}]*)\} \| null;/.exec(author)?.[1];
    assert.ok(avatar, `the author's avatar is shown as an object:\n${author}`);
    assert.deepEqual(
      avatar
        .trim()
        .split(/\s*\n\s*/)
        .sort(),
      ['documentId: string;', 'id: number;', 'url: string;', 'width: number | null;'],
    );
    // `true` keeps the target's name: that is the data.
    assert.ok(shown.includes('tags: Tag[];'), shown);
  });

  it('find, findWithMeta, create and update with params show plain objects', async () => {
    const list = await hover('list');
    assert.equal(
      list.replace(/\s+/g, ' '),
      'list: { cover: { id: number; documentId: string; url: string; } | null; id: number; documentId: string; title: string; }[]',
    );
    const rows = await hover('rows');
    assert.match(
      rows.replace(/\s+/g, ' '),
      /^rows: \{ author: \{ id: number; documentId: string; name: string; \} \| null; id: number; documentId: string; title: string;/,
    );
    const made = await hover('made');
    assert.match(
      made.replace(/\s+/g, ' '),
      /^made: \{ articles: \{ id: number; documentId: string; title: string; \}\[\]; id: number; documentId: string; name: string;/,
    );
    const changed = await hover('changed');
    assert.equal(
      changed.replace(/\s+/g, ' '),
      'changed: { profile: Profile | null; id: number; documentId: string; name: string; }',
    );
    for (const shown of [list, rows, made, changed]) assert.doesNotMatch(shown, /QueryResult|Pick</, shown);
  });

  it('a dynamic zone shows each component as an object', async () => {
    const zone = await hover('zone');
    assert.match(
      zone.replace(/\s+/g, ' '),
      /sections: \(\{ __component: "sections\.hero"; id: number; heading: string;/,
      zone,
    );
    assert.doesNotMatch(zone, /QueryResult|Plain</, zone);
  });

  it('a result without populate or fields keeps the entry interface name', async () => {
    assert.equal(await hover('plain'), 'plain: Tag[]');
  });

  it('a field of a plain result keeps its doc comment and its definition in the types file', async () => {
    const title = await fieldAt('page?.');
    assert.equal(title.info.displayString, '(property) title: string | undefined');
    assert.deepEqual(title.info.tags, TITLE_TAGS);
    assert.match(title.line, /^ {2}title: string;$/);
    assert.match(title.owner, /^export interface Article \{/);
    // A field of a `fields`-narrowed relation too.
    const email = await fieldAt('author?.');
    assert.match(email.line, /^ {2}email: string \| null;$/);
    assert.match(email.owner, /^export interface Author \{/);
  });

  it("a draft's field keeps the published field's doc comment and definition", async () => {
    assert.equal(await hover('draft'), 'draft: ArticleDraft | null');
    const title = await fieldAt('draft?.');
    assert.equal(title.info.displayString, '(property) title: string | null | undefined');
    assert.deepEqual(title.info.tags, TITLE_TAGS);
    assert.match(title.line, /^ {2}title: string;$/);
    assert.match(title.owner, /^export interface Article \{/);
  });

  it("a query method's hover names the model (ArticleModel), not the registry's slots", async () => {
    const info = await server.quickInfo(consumer, locationOf(CONSUMER, 'cms.articles.'));
    const shown = info.displayString.replace(/\s+/g, ' ');
    assert.match(
      shown,
      /^\(method\) CollectionApi<CmsSchemaTypes, "api::article\.article", ArticleModel>\.findOne</,
      shown,
    );
    // With the query key an app added to the route (kitchen's `audience`) beside it.
    assert.ok(shown.includes('params?: (FindOneParams<CmsSchemaTypes, ArticleModel> & { audience?:'), shown);
    assert.doesNotMatch(shown, /populatable: |links: |scalars: /, shown);
  });

  it('completion inside a populate object lists the populatable attributes', async () => {
    const at = locationOf(CONSUMER, 'find({ populate: { ');
    const names = (await server.completions(consumer, at)).entries.map((entry) => entry.name);
    for (const name of ['author', 'tags', 'cover', 'seo', 'sections'])
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    assert.ok(!names.includes('title'), 'scalar fields are not populatable');
  });
});
