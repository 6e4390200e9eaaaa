/**
 * The benchmarks' synthetic schema is a real `/schema` payload: its hash checks out, it covers
 * every attribute type, and our generator's output for N=5 and N=20 compiles under `--strict`
 * (and without strictNullChecks) together with the benchmark's populate-heavy consumer file.
 * Its strapi-typed-client and Strapi-registry conversions keep every content type.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { peerPayload, strapiRegistry } from '../../bench/lib/peer-schemas.ts';
import { consumerSource, lightestModule } from '../../bench/lib/queries.ts';
import { describePayload, fixturePayload, syntheticPayload } from '../../bench/lib/synthetic.ts';
import { checkPayload } from '../../src/cli/remote.ts';
import { generateFiles } from '../../src/codegen/output-files.ts';
import { runtimeAssets } from '../../src/codegen/runtime-assets.ts';
import { ATTRIBUTE_TYPES } from '../../src/schema/types.ts';
import { assertCompilesInMemory, compile } from '../helpers/compile.ts';

describe('synthetic schema', () => {
  it('is a valid payload of the size asked for, with every attribute type', () => {
    for (const n of [5, 20, 100]) {
      const payload = syntheticPayload(n);
      // checkPayload is what the CLI runs on a /schema answer: shape, format and hash.
      assert.equal(checkPayload(JSON.parse(JSON.stringify(payload)), 'synthetic').hash, payload.hash);
      assert.deepEqual(describePayload(payload), {
        collections: n,
        singles: Math.max(1, Math.floor(n / 10)),
        components: 10,
      });
      const collection = Object.values(payload.schema.contentTypes).find(
        (type) => type.kind === 'collectionType' && type.uid.startsWith('api::'),
      );
      assert.ok(
        collection && Object.keys(collection.attributes).length >= 26,
        'about 26 attributes per collection type',
      );
      const used = new Set(
        [...Object.values(payload.schema.contentTypes), ...Object.values(payload.schema.components)].flatMap(
          (model) => Object.values(model.attributes).map((attribute) => attribute.type),
        ),
      );
      assert.deepEqual(
        [...ATTRIBUTE_TYPES].filter((type) => !used.has(type)),
        [],
      );
      assert.deepEqual(payload.schema.auth, fixturePayload('kitchen').schema.auth);
    }
  });

  it('is deterministic', () => {
    assert.equal(syntheticPayload(20).hash, syntheticPayload(20).hash);
    assert.notEqual(syntheticPayload(20).hash, syntheticPayload(21).hash);
  });

  it("converts to strapi-typed-client's and Strapi's formats without losing a content type", () => {
    const payload = syntheticPayload(20);
    const peer = peerPayload(payload) as {
      schema: { contentTypes: object; components: object };
      hash: string;
    };
    const api = Object.keys(payload.schema.contentTypes).filter((uid) => uid.startsWith('api::'));
    for (const uid of api) assert.ok(uid in peer.schema.contentTypes, uid);
    assert.equal(Object.keys(peer.schema.components).length, 10);
    assert.match(peer.hash, /^[0-9a-f]{64}$/);
    const registry = strapiRegistry(payload);
    assert.equal(Object.keys(registry.contentTypes).length, Object.keys(payload.schema.contentTypes).length);
  });
});

/** Each of `names` is quoted by some error of `errors`. */
function assertNamed(errors: string[], names: string[]): void {
  for (const name of names)
    assert.ok(
      errors.some((error) => error.includes(`'${name}'`)),
      errors.join('\n'),
    );
}

describe('our output for the synthetic schema compiles', () => {
  for (const n of [5, 20]) {
    it(`N=${n}, --format ts, with the benchmark's consumer file`, () => {
      const files = generateFiles(syntheticPayload(n), {
        format: 'ts',
        version: '0.0.0-bench',
        runtime: runtimeAssets(),
      });
      const program: Record<string, string> = {};
      for (const [name, text] of Object.entries(files)) program[`/virtual/cms/${name}`] = text;
      program['/virtual/consumer.ts'] = consumerSource('ours', n);
      assertCompilesInMemory(program, { noUnusedLocals: false }, `synthetic N=${n} (strict)`);
      program['/virtual/functions.ts'] = consumerSource('ours', n, { shape: 'functions' });
      assertCompilesInMemory(
        program,
        { noUnusedLocals: false },
        `synthetic N=${n}, queries in functions (strict)`,
      );
      delete program['/virtual/functions.ts'];
      assertCompilesInMemory(
        program,
        { noUnusedLocals: false, strictNullChecks: false, exactOptionalPropertyTypes: false },
        `synthetic N=${n} (strictNullChecks: false)`,
      );
    });
  }

  // The type-check benchmark fails on a floor with errors; this keeps them compiling in CI.
  it("N=20, the type-check benchmark's floors (the queries untyped, typed with fixed results, and with the lightest typed results) and its reference client", () => {
    const files = generateFiles(syntheticPayload(20), {
      format: 'ts',
      version: '0.0.0-bench',
      runtime: runtimeAssets(),
    });
    const program: Record<string, string> = {};
    for (const [name, text] of Object.entries(files)) program[`/virtual/cms/${name}`] = text;
    for (const floor of ['untyped', 'fixed', 'lightest', 'following'] as const) {
      for (const shape of ['blocks', 'functions'] as const) {
        program['/virtual/consumer.ts'] = consumerSource(floor, 20, { shape });
        assertCompilesInMemory(
          program,
          { noUnusedLocals: false },
          `synthetic N=20, the ${floor} floor, queries in ${shape}`,
        );
      }
    }
    // The fixed floor checks what it is given: a misspelled filter and a misspelled field of a
    // relation's entry are errors.
    program['/virtual/consumer.ts'] = consumerSource('fixed', 20)
      .replace('featured: { $eq: true }', 'featurd: { $eq: true }')
      .replace('e.owner?.title', 'e.owner?.titel');
    assertNamed(compile(program, { noUnusedLocals: false }), ['featurd', 'titel']);
    // The lightest floor types every result it reads, through nested relations and zones, with
    // none of our declarations: a misspelled field of a relation's entry or of a zone member is
    // an error.
    const misspelled = consumerSource('lightest', 20)
      .replace('e.owner?.seo?.metaImage?.url', 'e.owner?.seo?.metaImage?.uri')
      .replace('e.sections?.[0]?.__component', 'e.sections?.[0]?.__componnt');
    assertNamed(compile({ '/virtual/consumer.ts': misspelled }, { noUnusedLocals: false }), [
      'uri',
      '__componnt',
    ]);
  });

  it('N=20, the reference client checks populate, fields, filters and sort, and follows populate', () => {
    // The minimal populate-aware client checks populate, fields, filters and sort at every level
    // and follows populate: a misspelled populate key nested in a relation, a misspelled field,
    // filter operator, filter key of a relation's entry and sort key are errors, and so is
    // reading a relation of a populated relation that its populate left out.
    const misspelledParams = consumerSource('following', 20)
      .replace(
        'owned: { populate: { gallery: true, author: true } }',
        'owned: { populate: { gallery: true, autor: true } }',
      )
      .replace("related: { fields: ['title'] }", "related: { fields: ['titel'] }");
    assertNamed(compile({ '/virtual/consumer.ts': misspelledParams }, { noUnusedLocals: false }), [
      'autor',
      '"titel"',
    ]);
    const misspelledFilters = consumerSource('following', 20)
      .replace("$containsi: 'news'", "$containz: 'news'")
      .replace("owner: { title: { $eq: 'x' } }", "owner: { titel: { $eq: 'x' } }")
      .replace("sort: ['views:desc', 'title:asc']", "sort: ['views:dsc', 'title:asc']");
    assertNamed(compile({ '/virtual/consumer.ts': misspelledFilters }, { noUnusedLocals: false }), [
      '$containz',
      'titel',
      '"views:dsc"',
    ]);
    const unpopulated = consumerSource('following', 20).replace(
      'e.owner?.cover?.url',
      'e.owner?.author?.username',
    );
    const unpopulatedErrors = compile({ '/virtual/consumer.ts': unpopulated }, { noUnusedLocals: false });
    assert.ok(
      unpopulatedErrors.some((error) => error.includes("Property 'author' does not exist")),
      unpopulatedErrors.join('\n'),
    );
  });

  it("N=20, the lightest floor in the module the consumer imports (the editor benchmark's)", () => {
    const apart = {
      '/virtual/cms/index.ts': lightestModule(20),
      '/virtual/consumer.ts': consumerSource('lightest-import', 20),
    };
    assertCompilesInMemory(
      apart,
      { noUnusedLocals: false },
      'synthetic N=20, the lightest floor in its module',
    );
    apart['/virtual/consumer.ts'] = apart['/virtual/consumer.ts'].replace('e.owner?.title', 'e.owner?.titel');
    assertNamed(compile(apart, { noUnusedLocals: false }), ['titel']);
  });
});
