/** `cms-types generate`: hash first, then schema, generate, write, store the hash last. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { generateFiles } from '../codegen/generate.ts';
import { packageVersion, runtimeAssets } from '../codegen/runtime-assets.ts';
import type { SchemaResponse } from '../schema/types.ts';
import type { CliContext } from './context.ts';
import type { GenerateOptions } from './options.ts';
import { fetchHash, fetchSchema } from './remote.ts';
import { type OutputMeta, readMeta, type StepHook, writeOutput } from './writer.ts';

export type GenerateResult =
  | { written: false; hash: string }
  | { written: true; hash: string; files: string[] };

/**
 * The schema hash the output in `settings.outputDir` was generated from, when that output is
 * complete and was written by this version in this format; otherwise undefined (regenerate).
 */
export function currentHash(
  settings: GenerateOptions,
  meta: OutputMeta | undefined = readMeta(settings.outputDir),
): string | undefined {
  if (!meta || meta.format !== settings.format || meta.version !== packageVersion()) return undefined;
  const complete = meta.files?.every((file) => existsSync(join(settings.outputDir, file))) === true;
  return complete ? meta.hash : undefined;
}

/** One generation; `knownHash` skips the `/schema-hash` call (watch mode got it from the stream). */
export async function runGenerate(
  settings: GenerateOptions,
  context: CliContext,
  options: { knownHash?: string; hook?: StepHook } = {},
): Promise<GenerateResult> {
  const { out } = context;
  const version = packageVersion();
  const meta = readMeta(settings.outputDir);
  const stored = currentHash(settings, meta);
  const hash =
    options.knownHash ?? (await out.progress('Checking the schema hash', fetchHash(settings.remote)));
  if (!settings.force && stored === hash) {
    out.info(
      `Schema unchanged (hash ${hash.slice(0, 12)}); ${settings.outputLabel} is up to date, nothing written.`,
    );
    return { written: false, hash };
  }
  const started = performance.now();
  const payload = await out.progress('Fetching the schema', fetchSchema(settings.remote));
  context.signal.throwIfAborted();
  for (const notice of payload.strapi?.notices ?? []) out.warn(notice);
  const files = generateFiles(payload, { format: settings.format, version, runtime: runtimeAssets() });
  context.signal.throwIfAborted();
  writeOutput(
    settings.outputDir,
    files,
    {
      generator: 'cms-typed-client',
      version,
      hash: payload.hash,
      format: settings.format,
      files: Object.keys(files),
    },
    options.hook,
  );
  const apiTypes = Object.keys(payload.schema.contentTypes).filter((uid) => uid.startsWith('api::')).length;
  const components = Object.keys(payload.schema.components).length;
  const why = meta
    ? meta.hash !== payload.hash
      ? 'schema changed'
      : settings.force
        ? 'forced'
        : 'generator or format changed'
    : 'first run';
  out.success(
    `Generated ${Object.keys(files).join(', ')} in ${settings.outputLabel} (${why}; ${apiTypes} content types, ` +
      `${components} components, hash ${payload.hash.slice(0, 12)}${strapiLabel(payload)}) in ${Math.round(performance.now() - started)} ms`,
  );
  return { written: true, hash: payload.hash, files: Object.keys(files) };
}

/** `, Strapi 5.54.0` when the server says which Strapi it runs. */
function strapiLabel(payload: SchemaResponse): string {
  const version = payload.strapi?.version;
  return typeof version === 'string' ? `, Strapi ${version}` : '';
}
