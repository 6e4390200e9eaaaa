/**
 * The three generators' "generation step", from a parsed schema payload to files on disk, run
 * in this process so only generation is timed (no process start, no network):
 * - ours: `generateFiles` (src/codegen/output-files.ts, as scripts/type-fixtures.ts calls it, with
 *   the runtime of the package snapshot), then one write per file;
 * - strapi-typed-client: what its `generate` command runs after fetching, `transformSchema`
 *   then `new Generator(dir).generate(...)` (its dist/cli/commands/generate.js);
 * - Strapi's own: `@strapi/typescript-utils` `generators.generate` on a registry object
 *   (`strapi.contentTypes`, `strapi.components`), which is all it reads of a booted Strapi.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateFiles, type OutputFormat } from '../../src/codegen/output-files.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { PEER_DIR, STRAPI_DEPS, WORK_DIR } from './paths.ts';
import { peerPayload, strapiRegistry } from './peer-schemas.ts';
import { snapshotRuntime } from './snapshot.ts';

/** Ours: payload -> files in `dir`. Returns the file names. */
export function generateOurs(payload: SchemaResponse, dir: string, format: OutputFormat): string[] {
  const files = generateFiles(payload, { format, version: 'bench', runtime: snapshotRuntime() });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return Object.keys(files);
}

interface PeerModules {
  transformSchema(schema: unknown): unknown;
  Generator: new (
    dir: string,
  ) => {
    generate(
      schema: unknown,
      endpoints: unknown[],
      extraTypes: unknown[],
      hash: string,
      version: string,
      format: OutputFormat,
    ): Promise<void>;
  };
  version: string;
}

let peerModules: Promise<PeerModules> | undefined;

async function loadPeer(): Promise<PeerModules> {
  const load = (path: string) => import(pathToFileURL(join(PEER_DIR, 'dist', path)).href);
  const [transformer, generator, version] = await Promise.all([
    load('core/schema-transformer.js'),
    load('generator/index.js'),
    load('shared/version.js'),
  ]);
  return {
    transformSchema: transformer.transformSchema,
    Generator: generator.Generator,
    version: version.getGeneratorVersion(),
  };
}

/** strapi-typed-client's answer for `payload`, converted once per payload. */
const peerPayloads = new WeakMap<SchemaResponse, Record<string, unknown>>();

export function peerPayloadOf(payload: SchemaResponse): Record<string, unknown> {
  let peer = peerPayloads.get(payload);
  if (!peer) {
    peer = peerPayload(payload);
    peerPayloads.set(payload, peer);
  }
  return peer;
}

/** strapi-typed-client: its payload -> files in `dir`, as its generate command does after fetching. */
export async function generatePeer(
  payload: SchemaResponse,
  dir: string,
  format: OutputFormat,
): Promise<void> {
  peerModules ??= loadPeer();
  const peer = await peerModules;
  const answer = peerPayloadOf(payload) as {
    schema: unknown;
    endpoints: unknown[];
    pluginEndpoints: unknown[];
    extraTypes: unknown[];
    hash: string;
  };
  mkdirSync(dir, { recursive: true });
  const parsed = peer.transformSchema(answer.schema);
  await new peer.Generator(dir).generate(
    parsed,
    [...answer.endpoints, ...answer.pluginEndpoints],
    answer.extraTypes,
    answer.hash,
    peer.version,
    format,
  );
}

interface StrapiTypegen {
  generators: {
    generate(config: {
      pwd: string;
      rootDir: string;
      strapi: unknown;
      artifacts: Record<string, boolean>;
      logger: { silent: boolean };
    }): Promise<Record<string, unknown>>;
  };
}

let typegen: StrapiTypegen | null | undefined;

/** `@strapi/typescript-utils` from the test Strapi's install, or null when it is not installed. */
export function strapiTypegen(): StrapiTypegen | null {
  if (typegen === undefined) {
    try {
      typegen = createRequire(join(STRAPI_DEPS, '..', 'package.json'))(
        '@strapi/typescript-utils',
      ) as StrapiTypegen;
    } catch {
      typegen = null;
    }
  }
  return typegen;
}

/** Strapi's own generator: the registry for `payload` -> `<dir>/types/generated/*.d.ts`. */
export async function generateStrapi(payload: SchemaResponse, dir: string): Promise<void> {
  const tool = strapiTypegen();
  if (!tool) throw new Error('@strapi/typescript-utils is not installed (run the test suite once)');
  await tool.generators.generate({
    pwd: dir,
    rootDir: 'types',
    strapi: strapiRegistry(payload),
    artifacts: { contentTypes: true, components: true },
    logger: { silent: true },
  });
}

/** `dir`, created and emptied. */
export function emptyDir(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A scratch folder under .cache/bench, emptied. */
export function scratch(...parts: string[]): string {
  return emptyDir(join(WORK_DIR, ...parts));
}
