/**
 * One fidelity run: a database server (or SQLite), one Strapi boot of a test app, its generated
 * client, seeded entries, the calls of a .ts file run through the client, the compiler-resolved
 * result type of each call, and the codegen model of the schema the app publishes (for the
 * coverage checks of fidelity-coverage.ts).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildModel, type CodegenModel } from '../../src/codegen/model.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { type AppOptions, createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { type DatabaseKind, type DatabaseServer, startDatabase } from '../harness/db.ts';
import { type Coverage, returnedHidden, uncoveredFields, uncoveredTypes } from './fidelity-coverage.ts';
import { generateClient } from './generated-client.ts';
import { type CallResults, callResultTypes } from './resolve-types.ts';
import type { Mismatch } from './type-walker.ts';

// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

/** What a run needs: the app, the calls (TypeScript over `CmsClient`) and the seeding. */
export interface FidelityOptions<S> {
  name: string;
  variant: NonNullable<AppOptions['variant']>;
  kind: DatabaseKind | 'sqlite';
  calls: string;
  seed(cms: Any, kind: DatabaseKind | 'sqlite'): Promise<S>;
}

/** A booted, seeded and read run. */
export interface FidelityRun<S> {
  strapi: RunningStrapi;
  /** The project the client was generated into (`src/cms`), holding `calls.ts`. */
  project: string;
  cms: Any;
  seeded: S;
  types: CallResults;
  results: Map<string, unknown>;
  model: CodegenModel;
  /** Milliseconds from the start of the database to the last call's response. */
  elapsed: number;
  stop(): Promise<void>;
}

/** Starts the database and Strapi, generates the client, seeds, runs every call. */
export async function startFidelity<S>(options: FidelityOptions<S>): Promise<FidelityRun<S>> {
  const started = Date.now();
  let database: DatabaseServer | undefined;
  let strapi: RunningStrapi | undefined;
  const stop = async () => {
    await strapi?.stop();
    await database?.stop();
  };
  try {
    if (options.kind !== 'sqlite') database = await startDatabase(options.kind);
    strapi = await startStrapi(createApp(options.name, { variant: options.variant }), {
      env: database?.env ?? {},
    });
    const { project, generated } = await generateClient(strapi, options.name, strapi.seed.tokens.readOnly);
    const response = await fetch(`${strapi.url}/api/cms-typed-client/schema`, {
      headers: { authorization: `Bearer ${strapi.seed.tokens.readOnly}` },
    });
    assert.equal(response.status, 200);
    const model = buildModel(((await response.json()) as SchemaResponse).schema);
    const cms = new (generated as Any).CmsClient({
      baseURL: strapi.url,
      token: strapi.seed.tokens.fullAccess,
    });
    let seeded: S;
    try {
      seeded = await options.seed(cms, options.kind);
    } catch (error) {
      throw new Error(`seeding failed; Strapi's output ends:\n${strapi.output().slice(-3000)}`, {
        cause: error,
      });
    }
    const file = join(project, 'calls.ts');
    writeFileSync(file, options.calls);
    const { calls } = (await import(pathToFileURL(file).href)) as {
      calls: Record<string, (c: Any) => unknown>;
    };
    const results = new Map<string, unknown>();
    for (const [name, call] of Object.entries(calls)) results.set(name, await call(cms));
    // The compile blocks the event loop for seconds: after the last request, so no idle
    // keep-alive socket that Strapi closed meanwhile is reused (fetch fails 'other side closed').
    const types = callResultTypes(file);
    return { strapi, project, cms, seeded, types, results, model, elapsed: Date.now() - started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Mismatches as `path: message` lines. */
export function formatMismatches(mismatches: Mismatch[]): string {
  return mismatches.map((mismatch) => `${mismatch.path}: ${mismatch.message}`).join('\n');
}

/** Every call's response walked against its resolved type; `name:\nmismatches` per failing call. */
export function walkFailures(run: FidelityRun<unknown>, skip: string[] = []): string[] {
  const failures: string[] = [];
  for (const [name, type] of run.types.results) {
    if (skip.includes(name)) continue;
    const value = run.results.get(name);
    assert.ok(Array.isArray(value) ? value.length > 0 : value, `${name} returned nothing to check`);
    const mismatches = run.types.walker.check(type, value);
    if (mismatches.length > 0) failures.push(`${name}:\n${formatMismatches(mismatches)}`);
  }
  return failures;
}

/**
 * Asserts the coverage: every content type of the published schema has a covered call (or an
 * exemption with its reason), and each covered call's entries give every field a value and
 * return no hidden field.
 */
export function assertCovered(
  run: FidelityRun<unknown>,
  covered: Record<string, Coverage>,
  exempt: Record<string, string>,
): void {
  assert.deepEqual(
    uncoveredTypes(run.model, Object.values(covered), exempt),
    [],
    'content types no call covers',
  );
  const failures: string[] = [];
  for (const [name, { uid, empty = [] }] of Object.entries(covered)) {
    assert.ok(run.results.has(name), `${name} is not a call`);
    const value = run.results.get(name);
    const entries = (Array.isArray(value) ? value : [value]) as Record<string, unknown>[];
    const unexpected = uncoveredFields(run.model, uid, entries).filter((field) => !empty.includes(field));
    const filled = empty.filter((field) => !uncoveredFields(run.model, uid, entries).includes(field));
    if (unexpected.length > 0) failures.push(`${name}: no entry gave a value to ${unexpected.join(', ')}`);
    if (filled.length > 0) failures.push(`${name}: expected empty but given a value: ${filled.join(', ')}`);
    const hidden = returnedHidden(run.model, uid, entries);
    if (hidden.length > 0) failures.push(`${name}: returned hidden fields ${hidden.join(', ')}`);
  }
  assert.deepEqual(failures, []);
}
