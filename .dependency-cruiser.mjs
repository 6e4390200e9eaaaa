/**
 * The import rules of src/ for dependency-cruiser (`npm run check:cycles`, and a step of
 * `npm test` before the tests): no import cycle anywhere, type-only and lazy `import()` edges
 * included, and the rooms of src/runtime (types, core, query, then the parts loaded on use)
 * importing only downwards. test/unit/scripts/cycles.test.ts runs the same command on small
 * trees, so a rule that stopped catching a cycle would fail there.
 */

/** The runtime's shared rooms: every part may import them. */
const SHARED = '^src/runtime/(core|types|query)/';

/**
 * A lazy `import('./x.ts')`, and the type of one (`typeof import('./x.ts')`): how the core and
 * the parts reach a part without loading it.
 */
const LAZY = ['dynamic-import', 'type-import'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle, counting `import type` and lazy `import()`: move the shared types into a module of their own (src/runtime/types for the runtime).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'runtime-stays-inside',
      severity: 'error',
      comment: 'The generator copies src/runtime into every output: it may not import the rest of src.',
      from: { path: '^src/runtime/' },
      to: { path: '^src/', pathNot: '^src/runtime/' },
    },
    {
      name: 'runtime-types-are-types',
      severity: 'error',
      comment: 'src/runtime/types holds the pure types; they name nothing outside it.',
      from: { path: '^src/runtime/types/' },
      to: { path: '^src/runtime/', pathNot: '^src/runtime/types/' },
    },
    {
      name: 'runtime-query-alone',
      severity: 'error',
      comment: 'src/runtime/query writes query strings; it needs neither the core nor the types.',
      from: { path: '^src/runtime/query/' },
      to: { path: '^src/runtime/', pathNot: '^src/runtime/query/' },
    },
    {
      name: 'runtime-core-loads-parts-lazily',
      severity: 'error',
      comment:
        'src/runtime/core is what every client loads: it reaches a part only with `import()`, so a client that never needs the part never loads it.',
      from: { path: '^src/runtime/core/' },
      to: { path: '^src/runtime/', pathNot: SHARED, dependencyTypesNot: LAZY },
    },
    {
      name: 'runtime-folder-parts-import-shared-rooms',
      severity: 'error',
      comment:
        'A part of the runtime in a folder (auth/, session/...) imports the types, the core, the query writer and its own folder; another part only with `import()`.',
      from: { path: '^src/runtime/([^/]+)/', pathNot: [SHARED, '^src/runtime/mock/'] },
      to: {
        path: '^src/runtime/',
        pathNot: [SHARED, '^src/runtime/$1/'],
        dependencyTypesNot: LAZY,
      },
    },
    {
      name: 'runtime-mock-imports-shared-rooms-and-validators',
      severity: 'error',
      comment:
        'src/runtime/mock (the mocks, a module of its own that only the generated mocks file imports) imports the shared rooms, the validators (its writes are checked as Strapi checks them) and its own folder.',
      from: { path: '^src/runtime/mock/' },
      to: {
        path: '^src/runtime/',
        pathNot: [SHARED, '^src/runtime/mock/', '^src/runtime/validate/'],
        dependencyTypesNot: LAZY,
      },
    },
    {
      name: 'runtime-file-parts-import-shared-rooms',
      severity: 'error',
      comment:
        'A part of the runtime in a file of its own (writes.ts, failures.ts...) imports the types, the core and the query writer; another part only with `import()`.',
      from: { path: '^src/runtime/[^/]+[.]ts$', pathNot: '^src/runtime/index[.]ts$' },
      to: { path: '^src/runtime/', pathNot: SHARED, dependencyTypesNot: LAZY },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` and type-only names count: a cycle of types is still a cycle to read.
    tsPreCompilationDeps: true,
  },
};
