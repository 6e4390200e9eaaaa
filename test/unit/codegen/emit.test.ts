/**
 * The types emitter and the client emitter: committed snapshots of the three real payloads
 * (`types.ts` and `client.ts`), determinism, and a compile of every snapshot with the TypeScript
 * compiler (strict, not strict, and as a `.d.ts`) against the real runtime module.
 * `UPDATE_SNAPSHOTS=1 node --test test/unit/codegen/emit.test.ts` rewrites the snapshots.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { emitTypes } from '../../../src/codegen/emit-types.ts';
import { buildModel } from '../../../src/codegen/model.ts';
import { generateFiles } from '../../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type {
  CmsSchema,
  SchemaAttribute,
  SchemaContentType,
  SchemaResponse,
} from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';
import { compile } from '../../helpers/compile.ts';
import {
  component as builtComponent,
  contentType as builtContentType,
  schemaOf,
} from '../../helpers/schema-builders.ts';

const FIXTURES = ['kitchen', 'kitchen-refresh', 'launchpad', 'foodadvisor', 'routes'] as const;
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';
const RUNTIME = runtimeAssets();

function response(name: string): SchemaResponse {
  const file = join(ROOT, 'test/fixtures/payloads', `${name}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as SchemaResponse;
}

function payload(name: string): CmsSchema {
  return response(name).schema;
}

function emit(schema: CmsSchema): string {
  return emitTypes(buildModel(schema));
}

/** A generated file (`client.ts`, `client/routes.ts`) of a payload, header included (the version is fixed: `snapshot`). */
function emitClient(name: string, file = 'client.ts'): string {
  const files = generateFiles(response(name), { format: 'ts', version: 'snapshot', runtime: RUNTIME });
  return files[file] ?? assert.fail(`no ${file} in the ts output`);
}

/**
 * The runtime the types and client files import (`./runtime/index.js`), as the build wrote it:
 * its modules for `--format ts`, its declarations for the default format.
 */
const RUNTIME_TS = Object.fromEntries(
  Object.entries(RUNTIME.ts).map(([name, text]) => [`/virtual/runtime/${name}`, text]),
);
const RUNTIME_DTS = { '/virtual/runtime/index.d.ts': RUNTIME.js['index.d.ts'] ?? '' };

/** Compiles the files (`types.ts` and maybe `client.ts` with `client/routes.ts`, or `types.d.ts`) beside the runtime. */
function assertCompiles(source: string, label: string, client?: { client: string; routes: string }): void {
  const clientFile =
    client === undefined
      ? {}
      : { '/virtual/client.ts': client.client, '/virtual/client/routes.ts': client.routes };
  const variants: [string, Record<string, string>, ts.CompilerOptions][] = [
    ['strict .ts', { '/virtual/types.ts': source, ...clientFile, ...RUNTIME_TS }, {}],
    [
      'strictNullChecks: false',
      { '/virtual/types.ts': source, ...clientFile, ...RUNTIME_TS },
      { strictNullChecks: false, exactOptionalPropertyTypes: false },
    ],
    ['strict .d.ts', { '/virtual/types.d.ts': source, ...RUNTIME_DTS }, {}],
  ];
  for (const [variant, files, options] of variants) {
    const diagnostics = compile(files, options);
    assert.deepEqual(diagnostics, [], `${label} (${variant}) does not compile:\n${diagnostics.join('\n')}`);
  }
}

/**
 * Fails unless each named declaration of the types file `source` is identical, as the compiler
 * sees it, to its object type (TypeScript's own identity: the same members, optionality and types).
 */
function assertResolves(source: string, expected: Record<string, string>): void {
  const names = Object.keys(expected);
  const checks = names.map(
    (name, index) => `export const check${index}: Identical<${name}, ${expected[name]}> = true;`,
  );
  // Every name the types file exports, so the expected types can use them.
  const exported = [
    ...[...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]),
    ...(/^export type \{ ([^}]*) \};$/m.exec(source)?.[1]?.split(', ') ?? []),
  ];
  const check = [
    `import type { ${exported.join(', ')} } from './types.js';`,
    'type Identical<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;',
    ...checks,
  ].join('\n');
  const diagnostics = compile(
    { '/virtual/types.ts': source, '/virtual/check.ts': check, ...RUNTIME_TS },
    { noUnusedLocals: false },
  );
  assert.deepEqual(diagnostics, [], `a declaration resolves differently:\n${diagnostics.join('\n')}`);
}

/** Lines of `text` outside comments, trimmed: enough to assert on a declaration. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Fails with the first differing line unless `output` is the committed snapshot `file` (or rewrites it). */
function assertSnapshot(file: string, output: string, label: string): void {
  if (UPDATE) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, output);
    return;
  }
  let committed: string;
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    assert.fail(`${file} is missing: run UPDATE_SNAPSHOTS=1 node --test test/unit/codegen/emit.test.ts`);
  }
  if (committed !== output) {
    const want = committed.split('\n');
    const got = output.split('\n');
    let line = 0;
    while (line < want.length && want[line] === got[line]) line++;
    assert.fail(
      `${label}: the output differs from the snapshot at line ${line + 1}:\n` +
        `  snapshot: ${JSON.stringify(want[line])}\n  output:   ${JSON.stringify(got[line])}\n` +
        'If the change is intended, run UPDATE_SNAPSHOTS=1 node --test test/unit/codegen/emit.test.ts ' +
        'and review the diff with git diff test/fixtures/generated.',
    );
  }
}

/** The names of a named import or export declaration. */
function names(statement: ts.ImportDeclaration | ts.ExportDeclaration): string[] {
  const bindings = ts.isImportDeclaration(statement)
    ? statement.importClause?.namedBindings
    : statement.exportClause;
  assert.ok(
    bindings !== undefined && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)),
    'named bindings',
  );
  return bindings.elements.map((element) => element.name.text);
}

/** The type-only import of a types file, asserted to come from `./runtime/index.js`: its names. */
function runtimeImport(output: string): string[] {
  const source = ts.createSourceFile('types.ts', output, ts.ScriptTarget.ES2023, true);
  const [first] = source.statements;
  assert.ok(first !== undefined && ts.isImportDeclaration(first), 'the first statement is the import');
  assert.equal(first.importClause?.isTypeOnly, true, 'the import is type-only');
  assert.equal((first.moduleSpecifier as ts.StringLiteral).text, './runtime/index.js');
  return names(first);
}

/** The shared types a types file imports and re-exports, plus the given filter conditions, sorted. */
/** The types file's runtime import: the shared types, `conditions`, and `WebhookEvent` (for `CmsWebhookEvent`). */
function sharedAnd(conditions: string[]): string[] {
  return [...RUNTIME.surface.typesFile, ...conditions, 'WebhookEvent'].sort();
}

// --- snapshots -----------------------------------------------------------------------------

describe('emitTypes: snapshots of the real payloads', () => {
  for (const name of FIXTURES) {
    const file = join(ROOT, 'test/fixtures/generated', name, 'types.ts');
    it(`${name} matches test/fixtures/generated/${name}/types.ts`, () => {
      assertSnapshot(file, emit(payload(name)), name);
    });
    it(`${name} snapshot compiles (strict, strictNullChecks off, .d.ts)`, () => {
      assertCompiles(readFileSync(file, 'utf8'), name);
    });
  }

  it('the runtime marks the types every schema shares for the types file', () => {
    for (const shared of ['MediaFile', 'CmsResponse', 'BlocksContent', 'RelationInput', 'JsonValue'])
      assert.ok(RUNTIME.surface.typesFile.includes(shared), `${shared} is a @typesFile export`);
    for (const shared of RUNTIME.surface.typesFile)
      assert.ok(RUNTIME.surface.public.types.includes(shared), `${shared} is a public type of the runtime`);
  });

  it('has no runtime values; its one import is type-only from the runtime: the shared types, the filter conditions, the populate options and the webhook union', () => {
    const output = emit(payload('launchpad'));
    assert.deepEqual(
      runtimeImport(output),
      sharedAnd([
        'BooleanFilter',
        'DateFilter',
        'JsonOperators',
        'NumberFilter',
        'TextFilter',
        ...['PopulateComponent', 'PopulateMedia', 'PopulateRelation', 'PopulateZone'],
      ]),
    );
    const source = ts.createSourceFile('types.ts', output, ts.ScriptTarget.ES2023, true);
    const [, second, ...rest] = source.statements;
    assert.ok(
      second !== undefined && ts.isExportDeclaration(second),
      'then the re-export of the shared types',
    );
    assert.equal(second.isTypeOnly, true, 'the re-export is type-only');
    assert.equal(second.moduleSpecifier, undefined, 'it re-exports the imported names');
    assert.deepEqual(names(second), RUNTIME.surface.typesFile);
    for (const statement of rest) {
      const kind = ts.SyntaxKind[statement.kind];
      assert.ok(
        ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement),
        `unexpected ${kind}`,
      );
      assert.ok(
        statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
        'every declaration is exported',
      );
    }
  });
});

describe('emitClient: snapshots of the real payloads', () => {
  for (const name of FIXTURES) {
    const file = join(ROOT, 'test/fixtures/generated', name, 'client.ts');
    const routes = join(ROOT, 'test/fixtures/generated', name, 'client/routes.ts');
    it(`${name} matches test/fixtures/generated/${name}/client.ts and client/routes.ts`, () => {
      assertSnapshot(file, emitClient(name), `${name} client`);
      assertSnapshot(routes, emitClient(name, 'client/routes.ts'), `${name} routes`);
    });
    it(`${name} client snapshot compiles with its routes and types snapshots and the runtime (strict, strictNullChecks off)`, () => {
      const types = readFileSync(join(ROOT, 'test/fixtures/generated', name, 'types.ts'), 'utf8');
      assertCompiles(types, `${name} client`, {
        client: readFileSync(file, 'utf8'),
        routes: readFileSync(routes, 'utf8'),
      });
    });
  }
});

// --- determinism ---------------------------------------------------------------------------

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function reorder<T extends object>(record: T, seed: number): T {
  return Object.fromEntries(shuffled(Object.entries(record), seed)) as T;
}

describe('emitTypes: determinism', () => {
  for (const name of FIXTURES) {
    it(`${name}: same bytes twice, and for shuffled content types, components and keys (types and client)`, () => {
      const schema = payload(name);
      const first = emit(schema);
      assert.equal(emit(payload(name)), first);
      for (const seed of [1, 7, 42]) {
        const contentTypes = Object.fromEntries(
          Object.entries(reorder(schema.contentTypes, seed)).map(([uid, ct]) => [uid, reorder(ct, seed + 1)]),
        );
        const components = Object.fromEntries(
          Object.entries(reorder(schema.components, seed + 2)).map(([uid, c]) => [uid, reorder(c, seed + 3)]),
        );
        const routes = schema.routes === undefined ? {} : { routes: shuffled(schema.routes, seed + 4) };
        const definitions =
          schema.definitions === undefined ? {} : { definitions: reorder(schema.definitions, seed + 5) };
        const shuffledSchema = reorder(
          { ...schema, contentTypes, components, ...routes, ...definitions },
          seed,
        );
        assert.equal(emit(shuffledSchema), first, `seed ${seed}`);
        const hash = response(name).hash;
        const client = (given: CmsSchema) =>
          generateFiles({ hash, schema: given }, { format: 'ts', version: 'snapshot', runtime: RUNTIME })[
            'client.ts'
          ];
        assert.equal(client(shuffledSchema), client(schema), `client, seed ${seed}`);
      }
    });
  }
});

// --- mapping, case by case -----------------------------------------------------------------

function contentType(attributes: Record<string, SchemaAttribute>, extra: Partial<SchemaContentType> = {}) {
  return {
    uid: 'api::post.post',
    kind: 'collectionType',
    singularName: 'post',
    pluralName: 'posts',
    displayName: 'Post',
    draftAndPublish: false,
    localized: false,
    attributes,
    ...extra,
  } satisfies SchemaContentType;
}

function single(
  attributes: Record<string, SchemaAttribute>,
  extra: Partial<SchemaContentType> = {},
): CmsSchema {
  return {
    format: 2,
    contentTypes: {
      'api::post.post': contentType(attributes, extra),
      'api::tag.tag': { ...contentType({}), uid: 'api::tag.tag', singularName: 'tag', pluralName: 'tags' },
    },
    components: {
      'shared.seo': { uid: 'shared.seo', category: 'shared', displayName: 'SEO', attributes: {} },
      'shared.quote': {
        uid: 'shared.quote',
        category: 'shared',
        displayName: 'Quote',
        attributes: { text: { type: 'text' } },
      },
    },
    auth: null,
    routes: [],
    definitions: {},
  };
}

describe('emitTypes: mapping', () => {
  /**
   * `imports`: the filter conditions the file imports from the runtime beside the shared types;
   * `resolves`: declarations and the object type each must be identical to, as TypeScript resolves it.
   */
  const cases: [
    string,
    {
      given: CmsSchema;
      want: string[];
      not?: string[];
      imports?: string[];
      resolves?: Record<string, string>;
    },
  ][] = [
    [
      'system fields without draft and publish or i18n',
      {
        given: single({}),
        want: [
          'export interface Post {\nid: number;\ndocumentId: string;\ncreatedAt: string;\nupdatedAt: string;\npublishedAt: string;\n}',
        ],
        not: ['locale: string;'],
      },
    ],
    [
      'draft and publish: the published version has publishedAt, the draft has null; i18n adds locale',
      {
        given: single({}, { draftAndPublish: true, localized: true }),
        want: [
          'export interface Post {\nid: number;\ndocumentId: string;\ncreatedAt: string;\nupdatedAt: string;\npublishedAt: string;\nlocale: string;\n}',
          "export type PostDraft = { [k in keyof Post]: k extends 'publishedAt' ? null : Post[k] };",
          'draftEntry: PostDraft;',
        ],
        resolves: {
          PostDraft:
            '{ id: number; documentId: string; createdAt: string; updatedAt: string; publishedAt: null; locale: string }',
        },
      },
    ],
    [
      'drafts: required scalars, single media and single components may be missing; repeatables stay required',
      {
        given: {
          format: 2,
          contentTypes: {
            'api::post.post': {
              uid: 'api::post.post',
              kind: 'collectionType',
              singularName: 'post',
              pluralName: 'posts',
              displayName: 'Post',
              draftAndPublish: true,
              localized: false,
              attributes: {
                title: { type: 'string', required: true },
                cover: { type: 'media', required: true },
                card: { type: 'component', component: 'shared.card', required: true },
                cards: { type: 'component', component: 'shared.card', repeatable: true, required: true },
                parent: { type: 'relation', relation: 'manyToOne', target: 'api::post.post' },
              },
            },
          },
          components: {
            'shared.card': {
              uid: 'shared.card',
              category: 'shared',
              displayName: 'Card',
              attributes: { label: { type: 'string', required: true } },
            },
          },
          auth: null,
          routes: [],
          definitions: {},
        },
        want: [
          "export type PostDraft = { [k in keyof Post]: k extends 'publishedAt' ? null : k extends 'title' ? Post[k] | null : Post[k] };",
          // The draft interfaces declare only what differs from the published ones.
          "export interface PostDraftPopulatable extends Omit<PostPopulatable, 'card' | 'cards' | 'parent'> {\ncard: SharedCardDraft | null;\ncards: SharedCardDraft[];\nparent: PostDraft | null;\n}",
          "export interface PostDraftInput extends Omit<PostInput, 'title' | 'card' | 'cards'> {\ntitle?: string | null;\ncard?: SharedCardDraftInput | null;\ncards: SharedCardDraftInput[];\n}",
          "export type SharedCardDraft = { [k in keyof SharedCard]: k extends 'label' ? SharedCard[k] | null : SharedCard[k] };",
          'draftEntry: PostDraft;\ndraftPopulatable: PostDraftPopulatable;\ndraftInput: PostDraftInput;',
          'draftEntry: SharedCardDraft;\ndraftInput: SharedCardDraftInput;',
          // Strapi enforces a required media only with api.documents.strictRelations.
          'export interface PostPopulatable {\ncover: MediaFile | null;\ncard: SharedCard;',
          'export interface PostInput {\ntitle: string;\ncover?: MediaInput;\ncard: SharedCardInput;',
        ],
        not: ['SharedCardDraftPopulatable'],
        resolves: {
          PostDraft:
            '{ id: number; documentId: string; title: string | null; createdAt: string; updatedAt: string; publishedAt: null }',
          SharedCardDraft: '{ id: number; label: string | null }',
          PostDraftPopulatable:
            '{ cover: MediaFile | null; card: SharedCardDraft | null; cards: SharedCardDraft[]; parent: PostDraft | null }',
          PostDraftInput:
            '{ title?: string | null; cover?: MediaInput; card?: SharedCardDraftInput | null; cards: SharedCardDraftInput[]; parent?: RelationInput }',
          SharedCardDraftInput: '{ id?: number; label?: string | null }',
          Post: '{ id: number; documentId: string; title: string; createdAt: string; updatedAt: string; publishedAt: string }',
        },
      },
    ],
    [
      "a draft of a type named like the draft mapping's key parameter",
      {
        given: schemaOf([
          builtContentType(
            'api::k.k',
            { title: { type: 'string', required: true } },
            { draftAndPublish: true },
          ),
        ]),
        want: [
          "export type KDraft = { [k in keyof K]: k extends 'publishedAt' ? null : k extends 'title' ? K[k] | null : K[k] };",
        ],
        resolves: {
          KDraft:
            '{ id: number; documentId: string; title: string | null; createdAt: string; updatedAt: string; publishedAt: null }',
        },
      },
    ],
    [
      'drafts of fields whose names need quotes',
      {
        given: schemaOf(
          [
            builtContentType(
              'api::post.post',
              {
                'my-title': { type: 'string', required: true },
                "it's": { type: 'integer', required: true },
                class: { type: 'component', component: 'shared.card', required: true },
              },
              { draftAndPublish: true },
            ),
          ],
          [builtComponent('shared.card', { 'a-b': { type: 'string', required: true } })],
        ),
        want: [
          "export type PostDraft = { [k in keyof Post]: k extends 'publishedAt' ? null : k extends 'my-title' | 'it\\'s' ? Post[k] | null : Post[k] };",
          "export interface PostDraftInput extends Omit<PostInput, 'my-title' | 'it\\'s' | 'class'> {",
        ],
        resolves: {
          PostDraft:
            "{ id: number; documentId: string; 'my-title': string | null; \"it's\": number | null; createdAt: string; updatedAt: string; publishedAt: null }",
          PostDraftPopulatable: "{ 'class': SharedCardDraft | null }",
          PostDraftInput:
            "{ 'my-title'?: string | null; \"it's\"?: number | null; 'class'?: SharedCardDraftInput | null }",
          SharedCardDraftInput: "{ id?: number; 'a-b'?: string | null }",
        },
      },
    ],
    [
      'no draft interfaces without draft and publish',
      {
        given: single({ title: { type: 'string', required: true } }),
        want: ['export interface Post {'],
        not: ['PostDraft', 'draftEntry'],
      },
    ],
    [
      'a required field a visible condition can hide is nullable and optional, and says when it is present',
      {
        given: single({
          type: { type: 'enumeration', enum: ['internal', 'external'] },
          href: {
            type: 'string',
            required: true,
            conditions: { visible: { '==': [{ var: 'type' }, 'external'] } },
          },
        }),
        want: ['href: string | null;', 'href?: string | null;'],
      },
    ],
    [
      'required scalars are non-null, others nullable; input optional unless required without default',
      {
        given: single({
          a: { type: 'string', required: true },
          b: { type: 'integer' },
          c: { type: 'boolean', required: true, default: true },
          d: { type: 'biginteger' },
        }),
        want: [
          'a: string;\nb: number | null;\nc: boolean;\nd: string | null;',
          'export interface PostInput {\na: string;\nb?: number | null;\nc?: boolean;\nd?: string | number | null;\n}',
        ],
      },
    ],
    [
      'password and private attributes are only in the input',
      {
        given: single({ secret: { type: 'password' }, note: { type: 'text', private: true } }),
        want: ['export interface PostInput {\nsecret?: string | null;\nnote?: string | null;\n}'],
        not: ['secret: string', 'note: string'],
      },
    ],
    [
      'enumeration values are escaped literals',
      {
        given: single({ kind: { type: 'enumeration', enum: ['a"b', "it's", '*/', 'x\ny'], required: true } }),
        want: ["kind: 'a\"b' | 'it\\'s' | '*/' | 'x\\ny';"],
      },
    ],
    [
      'relations, morphs, media and components on the populatable side (a required media may be missing: Strapi enforces it only with strictRelations)',
      {
        given: single({
          one: { type: 'relation', relation: 'oneWay', target: 'api::tag.tag' },
          many: { type: 'relation', relation: 'manyWay', target: 'api::tag.tag' },
          anyOne: { type: 'relation', relation: 'morphToOne' },
          anyMany: { type: 'relation', relation: 'morphMany' },
          cover: { type: 'media', required: true },
          avatar: { type: 'media' },
          files: { type: 'media', multiple: true },
          seo: { type: 'component', component: 'shared.seo', required: true },
          quote: { type: 'component', component: 'shared.quote' },
          quotes: { type: 'component', component: 'shared.quote', repeatable: true },
          body: { type: 'dynamiczone', components: ['shared.seo', 'shared.quote'] },
        }),
        want: [
          'export interface PostPopulatable {\none: Tag | null;\nmany: Tag[];\nanyOne: Record<string, unknown> | null;\n' +
            'anyMany: Record<string, unknown>[];\ncover: MediaFile | null;\navatar: MediaFile | null;\nfiles: MediaFile[];\n' +
            'seo: SharedSeo;\nquote: SharedQuote | null;\nquotes: SharedQuote[];\nbody: PostBodyZone[];\n}',
          'export interface PostInput {\none?: RelationInput;\nmany?: RelationsInput;\nanyOne?: RelationInput;\n' +
            'anyMany?: RelationsInput;\ncover?: MediaInput;\navatar?: MediaInput;\nfiles?: MultiMediaInput;\n' +
            'seo: SharedSeoInput;\nquote?: SharedQuoteInput | null;\nquotes?: SharedQuoteInput[];\nbody?: (\n' +
            "| ({ __component: 'shared.seo' } & SharedSeoInput)\n| ({ __component: 'shared.quote' } & SharedQuoteInput)\n)[];\n}",
          "export type PostBodyZone =\n| ({ __component: 'shared.seo' } & SharedSeo)\n" +
            "| ({ __component: 'shared.quote' } & SharedQuote);",
          'export interface SharedQuoteInput {\nid?: number;\ntext?: string | null;\n}',
        ],
      },
    ],
    [
      "a blocks attribute is the runtime's BlocksContent, which the types file re-exports",
      {
        given: single({ content: { type: 'blocks' } }),
        want: ['content: BlocksContent | null;', 'content?: BlocksContent | null;'],
        imports: ['NumberFilter', 'TextFilter', 'DateFilter', 'JsonOperators'],
      },
    ],
    [
      'a richtext attribute is a string, not blocks',
      {
        given: single({ content: { type: 'richtext' } }),
        want: ['content: string | null;', 'content?: string | null;', 'content?: TextFilter;'],
        not: ['content: BlocksContent', 'content?: BlocksContent'],
        imports: ['NumberFilter', 'TextFilter', 'DateFilter'],
      },
    ],
    [
      'filters: operators resolved per attribute kind, links by their target, logical operators',
      {
        given: single({
          title: { type: 'string' },
          secret: { type: 'string', private: true },
          code: { type: 'password' },
          kind: { type: 'enumeration', enum: ['a', 'b'] },
          views: { type: 'integer' },
          big: { type: 'biginteger' },
          day: { type: 'date' },
          at: { type: 'datetime' },
          flag: { type: 'boolean' },
          data: { type: 'json' },
          rich: { type: 'blocks' },
          'my-field': { type: 'text' },
          cover: { type: 'media' },
          quote: { type: 'component', component: 'shared.quote' },
          tag: { type: 'relation', relation: 'oneToOne', target: 'api::tag.tag' },
          anyOne: { type: 'relation', relation: 'morphToOne' },
          zone: { type: 'dynamiczone', components: ['shared.quote'] },
        }),
        want: [
          'export interface PostFilters {\nid?: NumberFilter;\ndocumentId?: TextFilter;\n' +
            'createdAt?: DateFilter;\nupdatedAt?: DateFilter;\npublishedAt?: DateFilter;\n' +
            "title?: TextFilter;\nkind?: TextFilter<'a' | 'b'>;\nviews?: NumberFilter;\n" +
            'big?: BigIntegerFilter;\nday?: DateFilter;\nat?: DateFilter;\nflag?: BooleanFilter;\n' +
            "data?: JsonOperators;\nrich?: JsonOperators;\n'my-field'?: TextFilter;\n" +
            'cover?: Record<string, unknown>;\nquote?: SharedQuoteFilters;\ntag?: TagFilters;\n' +
            'anyOne?: Record<string, unknown>;\n' +
            '$and?: readonly PostFilters[];\n$or?: readonly PostFilters[];\n$not?: PostFilters;\n}',
          'export interface SharedQuoteFilters {\nid?: NumberFilter;\ntext?: TextFilter;\n' +
            '$and?: readonly SharedQuoteFilters[];\n$or?: readonly SharedQuoteFilters[];\n' +
            '$not?: SharedQuoteFilters;\n}',
        ],
        imports: [
          'BigIntegerFilter',
          'BooleanFilter',
          'DateFilter',
          'JsonOperators',
          'NumberFilter',
          'TextFilter',
          'PopulateComponent',
          'PopulateMedia',
          'PopulateRelation',
          'PopulateZone',
        ],
        not: ['secret?: TextFilter', 'code?: TextFilter', 'zone?: SharedQuoteFilters', 'zone?: Record'],
      },
    ],
    [
      'populate: each relation, media, component and zone takes true or its options for its target; a polymorphic relation only true',
      {
        given: single({
          title: { type: 'string' },
          tag: { type: 'relation', relation: 'oneToOne', target: 'api::tag.tag' },
          anyOne: { type: 'relation', relation: 'morphToOne' },
          cover: { type: 'media' },
          quote: { type: 'component', component: 'shared.quote' },
          secret: { type: 'component', component: 'shared.quote', private: true },
          zone: { type: 'dynamiczone', components: ['shared.quote', 'shared.seo'] },
        }),
        want: [
          'export interface PostPopulate {\n' +
            "tag?: PopulateRelation<CmsSchemaTypes, 'api::tag.tag'>;\n" +
            'anyOne?: true;\ncover?: PopulateMedia<CmsSchemaTypes>;\n' +
            "quote?: PopulateComponent<CmsSchemaTypes, 'shared.quote'>;\n" +
            "zone?: PopulateZone<CmsSchemaTypes, 'shared.quote' | 'shared.seo'>;\n}",
          'export type SharedQuotePopulate = Record<never, never>;',
          'populate: PostPopulate;',
        ],
        not: ['secret?: true', 'title?: true'],
        imports: [
          'NumberFilter',
          'TextFilter',
          'DateFilter',
          'PopulateComponent',
          'PopulateMedia',
          'PopulateRelation',
          'PopulateZone',
        ],
      },
    ],
    [
      'populate: a localized content type populates its localizations; only the options used are imported',
      {
        given: single({ title: { type: 'string' } }, { localized: true }),
        want: [
          'export interface PostPopulate {\n' +
            "localizations?: PopulateRelation<CmsSchemaTypes, 'api::post.post'>;\n}",
        ],
        imports: ['NumberFilter', 'TextFilter', 'DateFilter', 'PopulateRelation'],
      },
    ],
    [
      'filters: a localized content type filters its locale and localizations; media by the upload file',
      {
        given: {
          ...single({ cover: { type: 'media' } }, { localized: true }),
          contentTypes: {
            ...single({ cover: { type: 'media' } }, { localized: true }).contentTypes,
            'plugin::upload.file': {
              ...contentType({ url: { type: 'string' } }),
              uid: 'plugin::upload.file',
              singularName: 'file',
              pluralName: 'files',
            },
          },
        },
        want: [
          'locale?: TextFilter;\ncover?: UploadFileFilters;\n' +
            'localizations?: PostFilters;\n$and?: readonly PostFilters[];',
          'export interface UploadFileFilters {',
        ],
      },
    ],
    [
      'registry by uid',
      {
        given: single(
          {
            title: { type: 'string' },
            secret: { type: 'string', private: true },
            views: { type: 'integer' },
            day: { type: 'date' },
            flag: { type: 'boolean' },
            data: { type: 'json' },
            cover: { type: 'media' },
            quote: { type: 'component', component: 'shared.quote' },
            zone: { type: 'dynamiczone', components: ['shared.quote'] },
          },
          { kind: 'singleType' },
        ),
        want: [
          'export interface PostModel {\nentry: Post;\n' +
            'populatable: PostPopulatable;\ninput: PostInput;\nfilters: PostFilters;\npopulate: PostPopulate;\n' +
            "kind: 'singleType';\n" +
            "links: { cover: { type: 'media' }; quote: { type: 'component'; target: 'shared.quote' }; " +
            "zone: { type: 'dynamiczone'; targets: 'shared.quote' }; };\n" +
            "scalars: { id: 'number'; documentId: 'string'; createdAt: 'date'; updatedAt: 'date'; publishedAt: 'date'; " +
            "title: 'string'; views: 'number'; day: 'date'; flag: 'boolean'; data: 'json'; };\n}",
          'export interface SharedQuoteModel {\nentry: SharedQuote;\npopulatable: SharedQuotePopulatable;\ninput: SharedQuoteInput;\n' +
            "filters: SharedQuoteFilters;\npopulate: SharedQuotePopulate;\nlinks: Record<never, never>;\nscalars: { id: 'number'; text: 'string'; };\n}",
          "export interface CmsSchemaTypes {\ncontentTypes: {\n'api::post.post': PostModel;\n",
          "components: {\n'shared.quote': SharedQuoteModel;\n",
        ],
        not: ["secret: 'string'", 'secret: "string"'],
      },
    ],
  ];
  for (const [name, { given, want, not = [], imports, resolves }] of cases) {
    it(name, () => {
      const output = emit(given);
      const body = code(output);
      for (const part of want) assert.ok(body.includes(part), `missing:\n${part}\n--- in ---\n${body}`);
      for (const part of not) assert.ok(!body.includes(part), `unexpected: ${part}`);
      if (imports !== undefined) assert.deepEqual(runtimeImport(output), sharedAnd(imports));
      assertCompiles(output, name);
      if (resolves !== undefined) assertResolves(output, resolves);
    });
  }

  it('JSDoc names the uid and display name, with comment ends escaped', () => {
    const output = emit(
      single({ x: { type: 'string', regex: '^a*/b$', default: '*/' } }, { displayName: 'Po*/st\n@x' }),
    );
    assert.ok(
      output.includes(
        '/**\n * Content type `api::post.post` (Po*\\/st @x): the fields every response carries.',
      ),
    );
    assert.ok(output.includes('   * @default "*\\/"\n   * @pattern ^a*\\/b$\n'));
    assertCompiles(output, 'jsdoc');
  });

  it('an empty schema still gives the shared types, an empty registry and the (media-only) webhook union', () => {
    const output = emit(schemaOf([]));
    assert.ok(
      code(output).endsWith(
        'export interface CmsSchemaTypes {\ncontentTypes: Record<never, never>;\ncomponents: Record<never, never>;\n}\n' +
          'export type CmsWebhookEvent = WebhookEvent<CmsSchemaTypes>;',
      ),
      code(output).slice(-300),
    );
    assertCompiles(output, 'empty');
  });
});
