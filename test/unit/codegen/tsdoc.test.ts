/**
 * TSDoc on the generated client, so editors show it on hover. Parses the generated output in
 * test/types/generated/ (`node scripts/type-fixtures.ts` writes it after `node scripts/build.ts`)
 * and requires a doc comment with text, as an editor reads it (the comment right above; a
 * module header further up does not count), on:
 * - every exported declaration of the client file, of the runtime module it imports and of the
 *   types file;
 * - every member of their exported classes and interfaces, each overload signature on its own
 *   (an editor shows the doc of the overload it resolved);
 * - in the client and the runtime, the members of object types nested in those declarations (`Pagination`'s
 *   `page`, the `details` of a `ValidationError`); not the shapes a conditional type matches on
 *   (`M extends { entry: infer E }`), nor parameter or return types.
 * Exempt: `private` and `protected` members, and declarations and members whose doc says
 * `@internal` (plumbing: the source marks it where it is declared, in src/runtime). In the types
 * file, the members that mirror a schema attribute are exempt too (in the entry, populatable,
 * input, populate and draft interfaces): a Strapi schema has no descriptions, only the
 * constraints the generator already prints as tags. So are the slots of the registry's model
 * interfaces (`ArticleModel.entry`, `.links`...), which `CmsSchemaTypes`' doc names once for all.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { buildModel } from '../../../src/codegen/model.ts';
import { runtimeExports } from '../../../src/codegen/reserved.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import type { SchemaResponse } from '../../../src/schema/types.ts';
import { ROOT } from '../../harness/paths.ts';

interface Item {
  label: string;
  documented: boolean;
}

/** The comment an editor shows for `node`: the last one right above it. */
function docOf(node: ts.Node): ts.JSDoc | undefined {
  return ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc).at(-1);
}

function hasText(comment: ts.JSDoc['comment']): boolean {
  return (ts.getTextOfJSDocComment(comment) ?? '').trim() !== '';
}

/** Text of its own, or a `@deprecated` that says what to use instead; a lone `@default` is not. */
function documented(doc: ts.JSDoc | undefined): boolean {
  if (doc === undefined) return false;
  return (
    hasText(doc.comment) ||
    (doc.tags ?? []).some((tag) => tag.tagName.text === 'deprecated' && hasText(tag.comment))
  );
}

function internal(doc: ts.JSDoc | undefined): boolean {
  return (doc?.tags ?? []).some((tag) => tag.tagName.text === 'internal');
}

function hidden(member: ts.Node): boolean {
  const modifiers = ts.canHaveModifiers(member) ? ts.getModifiers(member) : undefined;
  if (
    modifiers?.some(
      (modifier) =>
        modifier.kind === ts.SyntaxKind.PrivateKeyword || modifier.kind === ts.SyntaxKind.ProtectedKeyword,
    )
  )
    return true;
  const name = (member as { name?: ts.Node }).name;
  return name !== undefined && ts.isPrivateIdentifier(name);
}

function memberName(member: ts.ClassElement | ts.TypeElement): string | undefined {
  if (ts.isConstructorDeclaration(member)) return 'constructor';
  if (ts.isIndexSignatureDeclaration(member))
    return `[${member.parameters.map((parameter) => parameter.getText()).join(', ')}]`;
  if (ts.isCallSignatureDeclaration(member)) return '()';
  if (ts.isConstructSignatureDeclaration(member)) return 'new()';
  return member.name?.getText();
}

function declarationName(statement: ts.Statement): string {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.map((declaration) => declaration.name.getText()).join(', ');
  const name = (statement as { name?: ts.Node }).name;
  return name ? name.getText() : ts.SyntaxKind[statement.kind];
}

interface Options {
  /** Also check the members of object types nested in declarations and member types. */
  nested: boolean;
  /** `Owner.member` labels that need no doc. */
  exempt?: ReadonlySet<string>;
  /** Only these top-level names (the runtime's modules export more for each other). */
  only?: ReadonlySet<string>;
}

/** Every declaration and member the file exports to users, and whether it has a doc. */
function survey(text: string, options: Options): Item[] {
  const source = ts.createSourceFile('surveyed.ts', text, ts.ScriptTarget.ES2023, true);
  const items: Item[] = [];

  const nestedIn = (type: ts.Node | undefined, owner: string): void => {
    if (!options.nested || type === undefined) return;
    const visit = (node: ts.Node): void => {
      if (ts.isTypeLiteralNode(node)) {
        members(node.members, owner);
        return;
      }
      if (ts.isConditionalTypeNode(node)) {
        visit(node.trueType);
        visit(node.falseType);
        return;
      }
      if (ts.isFunctionTypeNode(node) || ts.isConstructorTypeNode(node)) return;
      ts.forEachChild(node, visit);
    };
    visit(type);
  };

  const members = (list: ts.NodeArray<ts.ClassElement | ts.TypeElement>, owner: string): void => {
    for (const member of list) {
      const name = memberName(member);
      if (name === undefined || hidden(member)) continue;
      const doc = docOf(member);
      if (internal(doc)) continue;
      const label = `${owner}.${name}`;
      if (options.exempt?.has(label)) continue;
      items.push({ label, documented: documented(doc) });
      if (ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) nestedIn(member.type, label);
    }
  };

  // A declaration file may declare without `export` and export by a list (`export { A, B };`).
  const listed = new Set(
    source.statements.flatMap((statement) =>
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier === undefined &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
        ? statement.exportClause.elements.map((element) => element.name.text)
        : [],
    ),
  );
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) || ts.isImportDeclaration(statement)) continue;
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    const name = declarationName(statement);
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) && !listed.has(name))
      continue;
    if (options.only && !options.only.has(name)) continue;
    const doc = docOf(statement);
    if (internal(doc)) continue;
    items.push({ label: name, documented: documented(doc) });
    if (ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement))
      members(statement.members, name);
    else if (ts.isTypeAliasDeclaration(statement)) nestedIn(statement.type, name);
  }

  // Overloads and the branches of a union share a label: number them.
  const total = new Map<string, number>();
  for (const item of items) total.set(item.label, (total.get(item.label) ?? 0) + 1);
  const seen = new Map<string, number>();
  return items.map((item) => {
    const count = total.get(item.label) ?? 1;
    if (count === 1) return item;
    const index = (seen.get(item.label) ?? 0) + 1;
    seen.set(item.label, index);
    return { ...item, label: `${item.label} (${index} of ${count})` };
  });
}

function undocumented(items: Item[]): string[] {
  return items.filter((item) => !item.documented).map((item) => item.label);
}

function assertDocumented(items: Item[], file: string): void {
  const missing = undocumented(items);
  assert.ok(
    missing.length === 0,
    `${missing.length} of ${items.length} public declarations and members in ${file} have no doc comment. ` +
      'Document them (in src/runtime, or in src/codegen for generated ones), or mark plumbing `@internal` ' +
      `where it is declared:\n  ${missing.join('\n  ')}`,
  );
}

function generated(path: string): string {
  try {
    return readFileSync(join(ROOT, 'test/types/generated', path), 'utf8');
  } catch {
    assert.fail(
      `test/types/generated/${path} is missing: run node scripts/build.ts && node scripts/type-fixtures.ts`,
    );
  }
}

/** Base labels (no overload numbering) of what was checked. */
function checkedLabels(items: Item[]): Set<string> {
  return new Set(items.map((item) => item.label.replace(/ \(\d+ of \d+\)$/, '')));
}

// --- the checker ---------------------------------------------------------------------------

const CHECKER_CASES: [string, { given: string[]; want: string[]; options?: Partial<Options> }][] = [
  [
    'an undocumented declaration and member',
    { given: ['export interface A {', '  x: number;', '}'], want: ['A', 'A.x'] },
  ],
  [
    'each overload signature needs its own doc',
    {
      given: [
        '/** A. */',
        'export interface A {',
        '  /** One. */',
        '  f(): void;',
        '  f(x: number): void;',
        '}',
      ],
      want: ['A.f (2 of 2)'],
    },
  ],
  [
    'a tag alone is not a doc; a @deprecated with its reason is',
    {
      given: [
        '/** A. */',
        'export interface A {',
        '  /** @default 1 */',
        '  x?: number;',
        '  /** @deprecated Use `x`. */',
        '  y?: number;',
        '}',
      ],
      want: ['A.x'],
    },
  ],
  [
    '@internal exempts a declaration or a member; private and protected members are exempt',
    {
      given: [
        '/** @internal */',
        'export interface Plumbing {',
        '  x: number;',
        '}',
        '/** C. */',
        'export declare class C {',
        '  private a;',
        '  protected b: number;',
        '  /** @internal Used by the generated class. */',
        '  c: number;',
        '  d(): void;',
        '  constructor();',
        '}',
      ],
      want: ['C.d', 'C.constructor'],
    },
  ],
  [
    'only the comment right above counts, as in an editor',
    {
      given: [
        '/** Module header. */',
        '/** @internal */',
        'export type Hidden = 1;',
        '/** @internal */',
        '/** Own doc. */',
        'export interface Shown {',
        '  x: number;',
        '}',
      ],
      want: ['Shown.x'],
    },
  ],
  [
    'members of nested object types, numbered per union branch; not conditional matches or parameters',
    {
      given: [
        '/** P. */',
        'export type P = { a?: number } | { a?: string };',
        '/** E. */',
        'export type E<M> = M extends { entry: infer X } ? X : { fallback: true };',
        '/** I. */',
        'export interface I {',
        '  /** Details. */',
        '  details: { code: string };',
        '  /** F. */',
        '  f(options: { x: number }): { y: number };',
        '}',
      ],
      want: ['P.a (1 of 2)', 'P.a (2 of 2)', 'E.fallback', 'I.details.code'],
    },
  ],
  [
    'nested object types only when asked',
    { given: ['/** P. */', 'export type P = { a?: number };'], want: [], options: { nested: false } },
  ],
  [
    'functions, constants and type aliases; not what is not exported',
    {
      given: [
        'export declare function f(): void;',
        'export declare const K = 1;',
        'export type T = 1;',
        'interface Local {',
        '  x: number;',
        '}',
      ],
      want: ['f', 'K', 'T'],
    },
  ],
  [
    'exempt labels',
    {
      given: ['/** A. */', 'export interface A {', '  title: string;', '  id: number;', '}'],
      want: ['A.id'],
      options: { exempt: new Set(['A.title']) },
    },
  ],
];

describe('the TSDoc checker', () => {
  for (const [name, { given, want, options }] of CHECKER_CASES) {
    it(name, () => {
      assert.deepEqual(undocumented(survey(given.join('\n'), { nested: true, ...options })), want);
    });
  }
});

// --- the generated client ------------------------------------------------------------------

/** Declarations users touch: each must be checked, not exempted (`@internal`) or gone. */
const CLIENT_SURFACE = [
  'CmsClient',
  'CmsClient.constructor',
  'CmsClient.upload',
  'CmsClient.i18n',
  'CmsClient.auth',
  'CmsClientCore',
  'CmsClientCore.authMode',
  'CmsClientCore.setToken',
  'CmsClientCore.validateSchema',
  'CmsClientCore.request',
  'CmsClientConfig',
  'CmsClientConfig.baseURL',
  'CacheOptions',
  'RequestOptions.method',
  'SchemaValidation',
  'QueryParams.filters',
  'FindOneParams',
  'WriteParams',
  'Pagination.page',
  'RelationPopulate',
  'ComponentPopulate',
  'MediaPopulate',
  'ZonePopulate.on',
  'Populate',
  'Filters',
  'EqualityOperators',
  'StringOperators',
  'RangeOperators.$lt',
  'BooleanOperators',
  'JsonOperators',
  'CollectionApi.find',
  'CollectionApi.delete',
  'SingleApi.update',
  'UploadApi.upload',
  'UploadQueryParams',
  'I18nApi.locales',
  'AuthMethods.login',
  'AuthApi',
  'CmsError',
  'CmsError.status',
  'CmsConnectionError.url',
  'CmsErrorDetails.ValidationError.errors',
  'CmsValidationIssue.path',
  'isCmsError',
  'isCmsErrorOf',
  'isCmsConnectionError',
  'CmsLocale.code',
  'AuthResponse.jwt',
  'RegisterResponse.user',
  'LoginCredentials.identifier',
  'RegisterData.email',
  'ResetPasswordData.code',
  'ChangePasswordData.currentPassword',
  'AuthSessionEntry.id',
  'AuthSessionsResponse.data',
  'RevokeSessionResponse.data',
  'CmsEntry',
  'CmsQuery',
  'SCHEMA_HASH',
  // Declared by the runtime, re-exported by the types file.
  'CmsResponse.data',
  'CmsResponse.meta',
  'CmsPagination',
  'MediaFile.url',
  'MediaFormat.url',
  'TextNode.bold',
];

/**
 * The declaration files of a refresh-mode client, and the TypeScript client: each with the
 * runtime it imports (as declarations, and as its modules, of which the names the runtime's
 * index exports).
 */
const CLIENT_FILES = [
  ['kitchen-refresh-js/client.d.ts', 'kitchen-refresh-js/runtime/index.d.ts'],
  ['kitchen/client.ts', 'kitchen/runtime/'],
  // Route methods typed from JSON Schemas: the members of their inline object types too.
  ['routes-js/client.d.ts', 'routes-js/runtime/index.d.ts'],
  ['routes/client.ts', 'routes/runtime/'],
];

/** The files a CLIENT_FILES entry names: a folder (`kitchen/runtime/`) is its modules. */
function surveyed(entry: string): { file: string; only?: ReadonlySet<string> }[] {
  if (!entry.endsWith('/')) return [{ file: entry }];
  const only = new Set(runtimeExports(runtimeAssets().surface));
  return readdirSync(join(ROOT, 'test/types/generated', entry), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ file: `${entry}${name.split(sep).join('/')}`, only }));
}

describe('TSDoc on the generated client', () => {
  for (const entries of CLIENT_FILES) {
    const files = entries.flatMap(surveyed);
    it(`${entries.join(' + ')}: every public declaration and member has a doc comment`, () => {
      const items = files.flatMap(({ file, only }) =>
        survey(generated(file), { nested: true, ...(only ? { only } : {}) }),
      );
      const checked = checkedLabels(items);
      const missed = CLIENT_SURFACE.filter((label) => !checked.has(label));
      assert.deepEqual(
        missed,
        [],
        `not checked in ${files.join(' + ')} (exempted with @internal, or renamed?)`,
      );
      for (const { file, only } of files)
        assertDocumented(survey(generated(file), { nested: true, ...(only ? { only } : {}) }), file);
    });
  }
});

// --- the generated types -------------------------------------------------------------------

const TYPES_SURFACE = ['CmsSchemaTypes.contentTypes', 'Article.documentId'];

/** The slots of a `<Name>Model` interface, as `CmsSchemaTypes.contentTypes`' doc names them. */
const MODEL_SLOTS = [
  'entry',
  'populatable',
  'input',
  'filters',
  'populate',
  'kind',
  'links',
  'scalars',
  'draftEntry',
  'draftPopulatable',
  'draftInput',
  'addedQuery',
  'addedData',
];

/** `Interface.key` of every member that mirrors a schema attribute, and of every model slot. */
function schemaMembers(payload: string): Set<string> {
  const response = JSON.parse(
    readFileSync(join(ROOT, 'test/fixtures/payloads', `${payload}.json`), 'utf8'),
  ) as SchemaResponse;
  const model = buildModel(response.schema);
  const labels = new Set<string>();
  for (const { names, draft, attributes } of [...model.contentTypes, ...model.components]) {
    const owners = [
      names.entry,
      names.populatable,
      names.input,
      names.populate,
      draft.entry,
      draft.populatable,
      draft.input,
    ];
    for (const owner of owners.filter((name) => name !== null))
      for (const attribute of attributes) labels.add(`${owner}.${attribute.key}`);
    for (const slot of MODEL_SLOTS) labels.add(`${names.model}.${slot}`);
  }
  return labels;
}

describe('TSDoc on the generated types', () => {
  for (const payload of ['kitchen', 'kitchen-refresh', 'launchpad', 'foodadvisor', 'routes']) {
    const file = `${payload}/types.ts`;
    it(`${file}: every declaration and every member the generator writes has a doc comment`, () => {
      const items = survey(generated(file), { nested: false, exempt: schemaMembers(payload) });
      const checked = checkedLabels(items);
      assert.deepEqual(
        TYPES_SURFACE.filter((label) => !checked.has(label)),
        [],
        `not checked in ${file}`,
      );
      assertDocumented(items, file);
    });
  }
});
