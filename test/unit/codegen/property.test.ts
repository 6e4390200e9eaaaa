/**
 * Property tests of the generator: random schemas with hostile names and every attribute kind.
 * Every valid schema must give output that compiles under strict TypeScript (all outputs are
 * compiled together in one in-memory program, to stay fast), declares each name once and never
 * lets a `*\/` end a comment early; every invalid one must throw SchemaError.
 * Replay a failure with `FC_SEED=<seed> node --test test/unit/codegen/property.test.ts`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import ts from 'typescript';
import { emitTypes } from '../../../src/codegen/emit-types.ts';
import { buildModel, SchemaError } from '../../../src/codegen/model.ts';
import { runtimeAssets } from '../../../src/codegen/runtime-assets.ts';
import { SYSTEM_ATTRIBUTES } from '../../../src/schema/normalize.ts';
import {
  ATTRIBUTE_TYPES,
  type CmsSchema,
  type JsonValue,
  RELATION_KINDS,
  type SchemaAttribute,
  type SchemaComponent,
  type SchemaContentType,
} from '../../../src/schema/types.ts';
import { diagnostics } from '../../helpers/compile.ts';

const RUNS = 300;
const SEED =
  process.env.FC_SEED === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(process.env.FC_SEED);

const HOSTILE = [
  'class',
  'default',
  'delete',
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'hasOwnProperty',
  'new',
  'get',
  'readonly',
  'await',
  'enum',
  'interface',
  'type',
  'string',
  'never',
  'auth',
  'authentication',
  'upload',
  'config',
  'i18n',
  'request',
  'setToken',
  'blog-post',
  'blog_post',
  'BlogPost',
  'blogPost',
  'blog-posts',
  'a"b',
  "it's",
  'back`tick',
  '*/',
  '/*',
  '**/',
  '*/ export const pwned = 1; /*',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile name, not a template
  '${x}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile name, not a template
  '`${process.exit()}`',
  '\\',
  '\\u0041',
  'line\nbreak',
  '\r\n',
  '😀',
  '👩‍👩‍👧',
  'שלום',
  'مرحبا',
  '\u202etxet',
  'café',
  '123',
  '0day',
  '9-lives',
  '',
  '-',
  '_',
  '$',
  '.',
  '::',
  ' ',
  '\u0000',
  '\u2028',
  '\ud800',
  'x\udfff',
  'Record',
  'Array',
  'Date',
  'Promise',
  'MediaFile',
  'CmsResponse',
  'Block',
  'JsonValue',
  'CmsSchemaTypes',
  'input',
  'populatable',
  'zone',
  'post-input',
  'post-populatable',
  'post',
];

const nameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);

interface AttributeSpec {
  name: string;
  type: (typeof ATTRIBUTE_TYPES)[number];
  required: boolean;
  private: boolean;
  relation: (typeof RELATION_KINDS)[number];
  dropTarget: boolean;
  pick: number;
  picks: number[];
  flag: boolean;
  enumValues: string[];
  default: JsonValue | undefined;
  rule: string | undefined;
}

const attributeArb: fc.Arbitrary<AttributeSpec> = fc.record({
  name: nameArb,
  type: fc.constantFrom(...ATTRIBUTE_TYPES),
  required: fc.boolean(),
  private: fc.boolean(),
  relation: fc.constantFrom(...RELATION_KINDS),
  dropTarget: fc.boolean(),
  pick: fc.nat(),
  picks: fc.array(fc.nat(), { maxLength: 4 }),
  flag: fc.boolean(),
  enumValues: fc.array(nameArb, { minLength: 1, maxLength: 4 }),
  default: fc.option(
    fc.jsonValue({ maxDepth: 1 }).map((value) => value as JsonValue),
    { nil: undefined, freq: 4 },
  ),
  rule: fc.option(nameArb, { nil: undefined, freq: 3 }),
});

const contentTypeArb = fc.record({
  plugin: fc.option(nameArb, { nil: undefined }),
  uidName: nameArb,
  singularName: nameArb,
  pluralName: nameArb,
  displayName: nameArb,
  single: fc.boolean(),
  draftAndPublish: fc.boolean(),
  localized: fc.boolean(),
  attributes: fc.array(attributeArb, { maxLength: 7 }),
});

const componentArb = fc.record({
  category: nameArb,
  name: nameArb,
  displayName: nameArb,
  attributes: fc.array(attributeArb, { maxLength: 4 }),
});

/** An object with exactly these own keys, `__proto__` included. */
function record<T>(entries: [string, T][]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function uniqueUid(wanted: string, taken: Set<string>): string {
  let uid = wanted;
  for (let n = 2; taken.has(uid); n++) uid = `${wanted}~${n}`;
  taken.add(uid);
  return uid;
}

function attribute(spec: AttributeSpec, ctUids: string[], componentUids: string[]): SchemaAttribute {
  const out: SchemaAttribute = { type: spec.type };
  if (spec.required) out.required = true;
  if (spec.private) out.private = true;
  if (spec.default !== undefined) out.default = spec.default;
  if (spec.rule !== undefined) {
    out.regex = spec.rule;
    out.customField = spec.rule;
    out.min = spec.rule;
  }
  switch (spec.type) {
    case 'relation':
      out.relation = spec.relation;
      if (!(spec.dropTarget && spec.relation.startsWith('morph'))) {
        out.target = ctUids[spec.pick % ctUids.length]!;
      }
      return out;
    case 'media':
      out.multiple = spec.flag;
      out.allowedTypes = spec.enumValues;
      return out;
    case 'component':
      if (componentUids.length === 0) return { type: 'string' };
      out.component = componentUids[spec.pick % componentUids.length]!;
      out.repeatable = spec.flag;
      return out;
    case 'dynamiczone':
      if (componentUids.length === 0) return { type: 'json' };
      out.components = spec.picks.map((p) => componentUids[p % componentUids.length]!);
      return out;
    case 'enumeration':
      out.enum = spec.enumValues;
      return out;
    default:
      return out;
  }
}

function attributes(
  specs: AttributeSpec[],
  ctUids: string[],
  componentUids: string[],
  isComponent: boolean,
): Record<string, SchemaAttribute> {
  const usable = specs.filter(
    (s) => !SYSTEM_ATTRIBUTES.has(s.name) && !(isComponent && s.name === '__component'),
  );
  return record(usable.map((s) => [s.name, attribute(s, ctUids, componentUids)]));
}

const schemaArb: fc.Arbitrary<CmsSchema> = fc
  .record({
    contentTypes: fc.array(contentTypeArb, { minLength: 1, maxLength: 5 }),
    components: fc.array(componentArb, { maxLength: 4 }),
  })
  .map(({ contentTypes, components }) => {
    const taken = new Set<string>();
    const ctUids = contentTypes.map((ct) =>
      uniqueUid(
        ct.plugin === undefined ? `api::${ct.uidName}.${ct.uidName}` : `plugin::${ct.plugin}.${ct.uidName}`,
        taken,
      ),
    );
    const componentUids = components.map((c) => uniqueUid(`${c.category}.${c.name}`, taken));
    const cts = contentTypes.map(
      (ct, i): SchemaContentType => ({
        uid: ctUids[i]!,
        kind: ct.single ? 'singleType' : 'collectionType',
        singularName: ct.singularName,
        pluralName: ct.pluralName,
        displayName: ct.displayName,
        draftAndPublish: ct.draftAndPublish,
        localized: ct.localized,
        attributes: attributes(ct.attributes, ctUids, componentUids, false),
      }),
    );
    const comps = components.map(
      (c, i): SchemaComponent => ({
        uid: componentUids[i]!,
        category: c.category,
        displayName: c.displayName,
        attributes: attributes(c.attributes, ctUids, componentUids, true),
      }),
    );
    return {
      format: 2,
      contentTypes: record(cts.map((ct) => [ct.uid, ct])),
      components: record(comps.map((c) => [c.uid, c])),
      auth: null,
      routes: [],
      definitions: {},
    } satisfies CmsSchema;
  });

// --- checks ----------------------------------------------------------------------------------

/** Every comment must end where the emitter ended it: at the end of its line. */
function assertCommentsClosed(output: string): void {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2023, false, ts.LanguageVariant.Standard, output);
  let comments = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia) assert.fail('the output has a // comment');
    if (token !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    comments++;
    const end = scanner.getTokenEnd();
    const text = scanner.getTokenText();
    assert.ok(text.startsWith('/**') && text.endsWith('*/'), `malformed comment ${JSON.stringify(text)}`);
    assert.equal(
      output[end],
      '\n',
      `a comment ends mid-line: ${JSON.stringify(output.slice(end - 40, end + 40))}`,
    );
    assert.ok(!scanner.hasUnicodeEscape(), 'unicode escape in a comment');
  }
  assert.ok(comments > 0);
}

/**
 * Each top-level name is declared once (interfaces would merge silently otherwise), the shared
 * types the file re-exports included; the one import is type-only, from the runtime module, and
 * the one re-export is type-only, of names that import brought in.
 */
function assertUniqueDeclarations(output: string): void {
  const source = ts.createSourceFile('types.ts', output, ts.ScriptTarget.ES2023, false);
  const seen = new Set<string>();
  const imported = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      assert.ok(statement.importClause?.isTypeOnly, 'the import is type-only');
      assert.equal((statement.moduleSpecifier as ts.StringLiteral).text, './runtime/index.js');
      const bindings = statement.importClause?.namedBindings;
      assert.ok(bindings !== undefined && ts.isNamedImports(bindings), 'named imports');
      for (const element of bindings.elements) imported.add(element.name.text);
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      assert.ok(statement.isTypeOnly, 'the re-export is type-only');
      assert.equal(statement.moduleSpecifier, undefined, 'it re-exports imported names');
      const clause = statement.exportClause;
      assert.ok(clause !== undefined && ts.isNamedExports(clause), 'named exports');
      for (const element of clause.elements) {
        const name = element.name.text;
        assert.ok(imported.has(name), `${name} is re-exported but not imported`);
        assert.ok(!seen.has(name), `${name} is declared twice`);
        seen.add(name);
      }
      continue;
    }
    assert.ok(
      ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement),
      `unexpected statement ${ts.SyntaxKind[statement.kind]}`,
    );
    const name = statement.name.text;
    assert.ok(!seen.has(name), `${name} is declared twice`);
    seen.add(name);
  }
}

/**
 * The shared in-memory compiler, with these settings: strict, no lint-like checks; ES2023 and the
 * DOM library, which the runtime module (fetch, FormData) needs.
 */
const OPTIONS: ts.CompilerOptions = {
  verbatimModuleSyntax: false,
  noUnusedLocals: false,
  skipLibCheck: false,
  allowImportingTsExtensions: true,
};

/**
 * The runtime the types files import (`./runtime/index.js`), as the build wrote it: once as
 * modules and once as declarations, each compiled once. Every generated folder gets a
 * `runtime/index` file that re-exports one of them, so 600 types files do not mean 600 runtimes.
 */
const RUNTIME_FILES: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(runtimeAssets().ts).map(([name, text]) => [`/virtual/runtime-ts/${name}`, text]),
  ),
  '/virtual/runtime-dts/index.d.ts': runtimeAssets().js['index.d.ts'] ?? '',
};
const RUNTIME_TS = "export type * from '../../runtime-ts/index.ts';\n";
const RUNTIME_DTS = "export type * from '../../runtime-dts/index.js';\n";

const describeJson = (schema: CmsSchema) => JSON.stringify(schema, null, 1);

describe(`generator properties (seed ${SEED})`, () => {
  it(`${RUNS} random valid schemas give output that compiles under strict, as .ts and .d.ts`, () => {
    const outputs: { schema: CmsSchema; output: string }[] = [];
    fc.assert(
      fc.property(schemaArb, (schema) => {
        const output = emitTypes(buildModel(schema));
        assert.equal(emitTypes(buildModel(schema)), output, 'not deterministic');
        assertCommentsClosed(output);
        assertUniqueDeclarations(output);
        outputs.push({ schema, output });
      }),
      { numRuns: RUNS, seed: SEED },
    );
    assert.ok(outputs.length >= RUNS);

    const files: Record<string, string> = { ...RUNTIME_FILES };
    outputs.forEach(({ output }, i) => {
      files[`/virtual/gen${i}/types.ts`] = output;
      files[`/virtual/gen${i}/runtime/index.ts`] = RUNTIME_TS;
      files[`/virtual/gen${i}d/types.d.ts`] = output;
      files[`/virtual/gen${i}d/runtime/index.d.ts`] = RUNTIME_DTS;
    });
    const found = diagnostics(files, OPTIONS);
    if (found.length > 0) {
      const first = found[0]!;
      const index = Number(/gen(\d+)/.exec(first.file?.fileName ?? '')?.[1] ?? 0);
      const failing = outputs[index]!;
      assert.fail(
        `${found.length} diagnostics, first: ${ts.flattenDiagnosticMessageText(first.messageText, '\n')} ` +
          `in ${first.file?.fileName} at ${first.start}\n` +
          `schema:\n${describeJson(failing.schema)}\noutput:\n${failing.output}`,
      );
    }
  });

  it('every emitted name is an ASCII identifier and stable under shuffled input', () => {
    fc.assert(
      fc.property(schemaArb, fc.nat(), (schema, seed) => {
        const model = buildModel(schema);
        const names = [
          ...model.contentTypes.flatMap((c) => Object.values(c.names)),
          ...model.components.flatMap((c) => Object.values(c.names)),
          ...[...model.contentTypes, ...model.components].flatMap((m) =>
            m.attributes.flatMap((a) => (a.classification === 'dynamiczone' ? [a.target] : [])),
          ),
        ];
        for (const name of names) assert.match(name, /^[A-Za-z_$][A-Za-z0-9_$]*$/);
        assert.equal(new Set(names).size, names.length, 'duplicate type name');
        const properties = model.contentTypes.flatMap((c) =>
          c.clientProperty === null ? [] : [c.clientProperty],
        );
        assert.equal(new Set(properties).size, properties.length, 'duplicate client property');
        for (const property of properties) assert.match(property, /^[A-Za-z_$][A-Za-z0-9_$]*$/);

        const reversed = (r: Record<string, unknown>) => {
          const keys = Object.keys(r);
          const rotated = [
            ...keys.slice(seed % Math.max(keys.length, 1)),
            ...keys.slice(0, seed % Math.max(keys.length, 1)),
          ];
          return record(rotated.reverse().map((k) => [k, r[k]]));
        };
        const shuffled = {
          ...schema,
          contentTypes: reversed(schema.contentTypes) as CmsSchema['contentTypes'],
          components: reversed(schema.components) as CmsSchema['components'],
        };
        assert.equal(emitTypes(buildModel(shuffled)), emitTypes(model));
      }),
      { numRuns: 100, seed: SEED },
    );
  });

  const defects: [string, SchemaAttribute, RegExp][] = [
    ['unknown attribute type', { type: 'customField' }, /unknown attribute type "customField"/],
    ['relation without target', { type: 'relation', relation: 'oneToMany' }, /relation has no "target"/],
    [
      'relation to a missing content type',
      { type: 'relation', relation: 'manyToOne', target: 'api::missing.missing~' },
      /targets "api::missing\.missing~", which is not a content type/,
    ],
    [
      'missing component',
      { type: 'component', component: 'missing.component~' },
      /component "missing\.component~" is not in the schema/,
    ],
    [
      'dynamic zone with a missing component',
      { type: 'dynamiczone', components: ['missing.component~'] },
      /the dynamic zone lists component "missing\.component~"/,
    ],
    ['enumeration without values', { type: 'enumeration', enum: [] }, /an enumeration needs "enum"/],
  ];
  for (const [label, broken, message] of defects) {
    it(`a schema with ${label} throws SchemaError, wherever the defect sits`, () => {
      fc.assert(
        fc.property(schemaArb, fc.nat(), nameArb, (schema, pick, attributeName) => {
          fc.pre(!SYSTEM_ATTRIBUTES.has(attributeName) && attributeName !== '__component');
          const owners = [...Object.values(schema.contentTypes), ...Object.values(schema.components)];
          const owner = owners[pick % owners.length]!;
          Object.defineProperty(owner.attributes, attributeName, {
            value: broken,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          assert.throws(
            () => emitTypes(buildModel(schema)),
            (error: unknown) => {
              assert.ok(error instanceof SchemaError, `not a SchemaError: ${String(error)}`);
              assert.match(error.message, message);
              assert.ok(!error.message.includes('\n'), 'the message stays on one line');
              return true;
            },
          );
        }),
        { numRuns: 50, seed: SEED },
      );
    });
  }
});
