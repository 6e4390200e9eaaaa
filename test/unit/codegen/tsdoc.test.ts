/**
 * TSDoc on the generated output, so editors show it on hover, and only where it says something.
 * Parses the generated output in test/types/generated/ (`node scripts/type-fixtures.ts` writes it
 * after `node scripts/build.ts`). Two rules.
 *
 * 1. No doc comment only repeats its declaration's name. In every generated file of every fixture
 *    (runtime, types, client, routes, index; both formats), each doc comment attached to a
 *    declaration, member or parameter is checked against that node's name. A comment is
 *    redundant when:
 *    - its text (the comment before any tag), lower-cased, with backticks, quotes and every other
 *      character that is not a letter or digit turned into spaces, and the words `a`, `an`,
 *      `the`, `field`, `key`, `value`, `property`, `member`, `any`, `other` dropped, is empty or
 *      the name (normalized the same way, words joined: `pluginOptions` and "Plugin options." are
 *      both `pluginoptions`). That catches `` /** `kind`. *\/ ``, "The `x` field." and
 *      "Any other key." (on an index signature);
 *    - or it has neither text nor a tag (`/** *\/`).
 *    A comment with a tag (`@default 1`, `@minLength 2`) and no text is not redundant: the tag
 *    is the constraint it says.
 * 2. A doc comment is written where there is something to say. It must have text, as an editor
 *    reads it (the comment right above; a module header further up does not count), on:
 *    - every exported declaration of the client file and of the runtime module it imports, and
 *      every member of their exported classes and interfaces, each overload signature on its own
 *      (an editor shows the doc of the overload it resolved);
 *    - in the client and the runtime, the members of object types nested in those declarations
 *      (`Pagination`'s `page`, the `details` of a `ValidationError`); not the shapes a
 *      conditional type matches on (`M extends { entry: infer E }`), nor parameter or return
 *      types (a route's JSON Schema types: their members have a doc where the schema gives a
 *      description or a constraint, rule 1 keeps the others bare);
 *    - every exported declaration of the types file, and its members the generator writes
 *      itself (system fields, `localizations`, filter operators...);
 *    - in the types file, each member that mirrors a schema attribute with a constraint or a
 *      note (in the entry, populatable, input, populate and draft interfaces): a doc comment,
 *      text or tags (a Strapi attribute has no description, only the constraints the generator
 *      prints as tags). A member of an attribute with none needs none.
 *    Exempt: `private` and `protected` members, and declarations and members whose doc says
 *    `@internal` (plumbing: the source marks it where it is declared, in src/runtime); the
 *    slots of the registry's model interfaces (`ArticleModel.entry`, `.links`...), which
 *    `CmsSchemaTypes`' doc names once for all.
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

/** Any doc: text, or a tag (`@minLength 2`): what a member mirroring a schema attribute needs. */
function anyDoc(doc: ts.JSDoc | undefined): boolean {
  return doc !== undefined && (hasText(doc.comment) || (doc.tags ?? []).length > 0);
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
  /** `Owner.member` labels a doc of tags alone documents (the constraints of a schema attribute). */
  tagsSuffice?: ReadonlySet<string>;
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
      items.push({ label, documented: options.tagsSuffice?.has(label) ? anyDoc(doc) : documented(doc) });
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

// --- rule 1: no doc comment that only repeats its name ---------------------------------------

/** Words a doc may wrap a name in without saying anything more. */
const FILLER = new Set(['a', 'an', 'the', 'field', 'key', 'value', 'property', 'member', 'any', 'other']);

/** Lower-case words of letters and digits: backticks, quotes, `$` and other punctuation split them. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** The name a doc comment is attached to, if the node has one. */
function nodeName(node: ts.Node): string {
  if (ts.isClassElement(node) || ts.isTypeElement(node)) return memberName(node) ?? '';
  if (ts.isVariableStatement(node)) return declarationName(node);
  const name = (node as { name?: ts.Node }).name;
  return name === undefined ? '' : name.getText();
}

/** Rule 1 of the header: the comment's text is empty or the name once filler is dropped, or it has no text and no tag. */
function redundant(doc: ts.JSDoc, name: string): boolean {
  const text = ts.getTextOfJSDocComment(doc.comment) ?? '';
  if (text.trim() === '') return (doc.tags ?? []).length === 0;
  const said = words(text)
    .filter((word) => !FILLER.has(word))
    .join('');
  return said === '' || said === words(name).join('');
}

/** `line: name: text` of every doc comment in `text` that only repeats its node's name. */
function repeatingNames(text: string): string[] {
  const source = ts.createSourceFile('surveyed.ts', text, ts.ScriptTarget.ES2023, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    for (const doc of ts.getJSDocCommentsAndTags(node)) {
      if (!ts.isJSDoc(doc) || doc.parent !== node) continue;
      const name = nodeName(node);
      if (!redundant(doc, name)) continue;
      const line = source.getLineAndCharacterOfPosition(doc.getStart(source)).line + 1;
      found.push(`${line}: ${name || ts.SyntaxKind[node.kind]}: ${JSON.stringify(doc.getText(source))}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const REDUNDANT_CASES: [string, { given: string[]; want: number[] }][] = [
  [
    'the name, in backticks or in words, with or without filler',
    {
      given: [
        '/** `A`. */',
        'export interface A {',
        '  /** `kind`. */',
        '  kind: string;',
        '  /** The `title` field. */',
        '  title: string;',
        '  /** Plugin options. */',
        '  pluginOptions: unknown;',
        '  /** The `$eq` value. */',
        "  '$eq': number;",
        '}',
      ],
      want: [1, 3, 5, 7, 9],
    },
  ],
  [
    '"Any other key." on an index signature; an empty comment',
    {
      given: [
        'export type T = {',
        '  /** Any other key. */',
        '  [key: string]: unknown;',
        '  /** */',
        '  x: 1;',
        '};',
      ],
      want: [2, 4],
    },
  ],
  [
    'inside parameter and return types, and on parameters',
    {
      given: [
        '/** Sends. */',
        'export declare function f(',
        '  /** `body`. */',
        '  body: {',
        '    /** `sku`. */',
        '    sku: string;',
        '  },',
        '): Promise<{',
        '  /** `id`. */',
        '  id: number;',
        '}>;',
      ],
      want: [3, 5, 9],
    },
  ],
  [
    'not a comment that says more, nor tags alone',
    {
      given: [
        '/** A content type. */',
        'export interface A {',
        '  /** `id`: a value (as `$eq`) or range operators. */',
        '  id: number;',
        '  /** @minLength 2 */',
        '  title: string;',
        '  /** Any of the conditions. */',
        '  $or: A[];',
        '  /** Always `"x"`. */',
        '  kind: "x";',
        '  /** A description the schema gives. */',
        '  [key: string]: unknown;',
        '}',
      ],
      want: [],
    },
  ],
];

describe('the name-repeating doc checker', () => {
  for (const [name, { given, want }] of REDUNDANT_CASES) {
    it(name, () => {
      const lines = repeatingNames(given.join('\n')).map((found) => Number(found.split(':')[0]));
      assert.deepEqual(lines, want);
    });
  }
});

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

interface SchemaMembers {
  /** Members of attributes with nothing to say, and the model slots: no doc needed. */
  exempt: Set<string>;
  /** Members of attributes with a constraint or a note: a doc needed, tags alone will do. */
  constrained: Set<string>;
}

/** `Interface.key` of every member that mirrors a schema attribute, and of every model slot. */
function schemaMembers(payload: string): SchemaMembers {
  const response = JSON.parse(
    readFileSync(join(ROOT, 'test/fixtures/payloads', `${payload}.json`), 'utf8'),
  ) as SchemaResponse;
  const model = buildModel(response.schema);
  const exempt = new Set<string>();
  const constrained = new Set<string>();
  for (const { names, draft, attributes } of [...model.contentTypes, ...model.components]) {
    const owners = [
      { name: names.entry, docs: 'docs' },
      { name: names.populatable, docs: 'docs' },
      { name: names.input, docs: 'inputDocs' },
      // The populate interface prints no attribute docs: what a key populates is its name.
      { name: names.populate, docs: null },
      { name: draft.entry, docs: 'docs' },
      { name: draft.populatable, docs: 'docs' },
      { name: draft.input, docs: 'inputDocs' },
    ] as const;
    for (const owner of owners) {
      if (owner.name === null) continue;
      for (const attribute of attributes) {
        const label = `${owner.name}.${attribute.key}`;
        if (owner.docs !== null && attribute[owner.docs].length > 0) constrained.add(label);
        else exempt.add(label);
      }
    }
    for (const slot of MODEL_SLOTS) exempt.add(`${names.model}.${slot}`);
  }
  return { exempt, constrained };
}

describe('TSDoc on the generated types', () => {
  for (const payload of ['kitchen', 'kitchen-refresh', 'launchpad', 'foodadvisor', 'routes']) {
    const file = `${payload}/types.ts`;
    it(`${file}: every declaration, every member the generator writes and every constrained attribute has a doc comment`, () => {
      const { exempt, constrained } = schemaMembers(payload);
      const items = survey(generated(file), { nested: false, exempt, tagsSuffice: constrained });
      const checked = checkedLabels(items);
      assert.deepEqual(
        TYPES_SURFACE.filter((label) => !checked.has(label)),
        [],
        `not checked in ${file}`,
      );
      assert.ok(
        [...constrained].some((label) => checked.has(label)),
        `no constrained attribute member checked in ${file}`,
      );
      assertDocumented(items, file);
    });
  }
});

// --- rule 1 on every generated file --------------------------------------------------------

/** The TypeScript files (`.ts`, `.d.ts`) of every fixture in test/types/generated/. */
function generatedFiles(): string[] {
  const root = join(ROOT, 'test/types/generated');
  let fixtures: string[];
  try {
    fixtures = readdirSync(root).sort();
  } catch {
    return ['(none)'];
  }
  return fixtures.flatMap((fixture) =>
    readdirSync(join(root, fixture))
      .filter((file) => file.endsWith('.ts'))
      .sort()
      .map((file) => `${fixture}/${file}`),
  );
}

describe('no generated doc comment only repeats its name', () => {
  for (const file of generatedFiles()) {
    it(file, () => {
      const found = repeatingNames(generated(file));
      assert.ok(
        found.length === 0,
        `${found.length} doc comments in ${file} only repeat their name: say what the name does not ` +
          `(a description, a constraint, what Strapi returns) or write none:\n  ${found.join('\n  ')}`,
      );
    });
  }
});
