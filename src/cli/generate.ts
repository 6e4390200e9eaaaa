/**
 * `cms-types generate`: hash first, then schema, generate, write, store the hash last. With
 * `--schema` the schema comes from a snapshot file instead, and nothing touches the network.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateFiles, ROUTE_TABLE_FILE } from '../codegen/output-files.ts';
import { packageVersion, RUNTIME_DIR, runtimeAssets } from '../codegen/runtime-assets.ts';
import {
  chooseImportExtension,
  type ImportExtensionChoice,
  siblingSpecifier,
} from '../codegen/specifiers.ts';
import { isSchemaOutline, schemaOutline } from '../schema/outline.ts';
import type { SchemaResponse } from '../schema/types.ts';
import { UsageError } from './args.ts';
import type { CliContext } from './context.ts';
import type { GenerateOptions, SchemaSource } from './options.ts';
import { fetchHash, fetchSchema, type Remote } from './remote.ts';
import { diffSchemas, type SchemaChange } from './schema-diff.ts';
import { readSnapshot } from './snapshot-file.ts';
import { summaryLines } from './summary.ts';
import { projectCompilerOptions } from './tsconfig.ts';
import {
  conflictError,
  fileChecksums,
  filesInTheWay,
  findProjectRoot,
  type OutputMeta,
  outputDrift,
  readMeta,
  type StepHook,
  writeOutput,
} from './writer.ts';

/**
 * `--format ts`: the extension of the imports between the generated files, from
 * `--import-extension` or the tsconfig.json that governs the output folder; undefined for js.
 */
export function importChoice(settings: GenerateOptions): ImportExtensionChoice | undefined {
  if (settings.format !== 'ts') return undefined;
  if (settings.importExtension)
    return {
      extension: settings.importExtension,
      reason: settings.importExtensionSource ?? '--import-extension',
    };
  try {
    const project = projectCompilerOptions(settings.outputDir, settings.projectRoot);
    const choice = chooseImportExtension(project?.options);
    return project ? { ...choice, reason: `${choice.reason} in ${project.file}` } : choice;
  } catch (error) {
    throw new UsageError(
      `cannot tell which import extension --format ts needs: ${(error as Error).message}. Fix it, or pass --import-extension ts|js|none`,
    );
  }
}

/**
 * `--format ts` where nothing can load it: no tsconfig.json (so Node's type stripping runs the
 * `.ts` files, which is what the import extension was chosen for) in a project whose
 * package.json says `"type": "commonjs"`, where Node reads them as CommonJS and fails on their
 * `import`/`export`. The js output loads there (its own package.json marks it ESM); with a
 * tsconfig.json the project's compiler or bundler decides what the files compile to.
 */
export function moduleScopeRefusal(settings: GenerateOptions): string | undefined {
  if (settings.format !== 'ts') return undefined;
  // The js output's own package.json goes with it: the folder above decides.
  const generated = readMeta(settings.outputDir)?.files?.includes('package.json') === true;
  const scope = findProjectRoot(generated ? dirname(settings.outputDir) : settings.outputDir);
  let type: unknown;
  try {
    type = JSON.parse(readFileSync(join(scope, 'package.json'), 'utf8')).type;
  } catch {
    return undefined;
  }
  if (type !== 'commonjs' || projectCompilerOptions(settings.outputDir, settings.projectRoot))
    return undefined;
  return (
    `--format ts cannot run in ${join(scope, 'package.json')}: it says "type": "commonjs" and there is no tsconfig.json, ` +
    "so Node's type stripping would read the generated .ts files as CommonJS and fail on their import/export. " +
    'Use --format js (it loads with require and import in any project), set "type": "module" in that package.json, ' +
    'or add a tsconfig.json for the compiler or bundler that builds the files.'
  );
}

export type GenerateResult =
  | { written: false; hash: string }
  | { written: true; hash: string; files: string[]; changes: SchemaChange[] | null };

/** What `--json` prints for one generation. */
export interface GenerateReport {
  output: string;
  written: boolean;
  hash: string;
  /** The hash of the output replaced; null on a first run. */
  previousHash: string | null;
  /** Against the previous output's schema; null when it recorded none (first run, older version). */
  changes: SchemaChange[] | null;
  breaking: number;
}

/**
 * The schema hash the output in `settings.outputDir` was generated from, when that output is
 * complete and was written by this version in this format; otherwise undefined (regenerate).
 */
export function currentHash(
  settings: GenerateOptions,
  meta: OutputMeta | undefined = readMeta(settings.outputDir),
): string | undefined {
  if (!meta || meta.format !== settings.format || meta.version !== packageVersion()) return undefined;
  if (meta.imports !== importChoice(settings)?.extension) return undefined;
  // A generated file deleted or edited by hand is written again.
  const intact = Array.isArray(meta.files) && outputDrift(settings.outputDir, meta).length === 0;
  return intact ? meta.hash : undefined;
}

/**
 * The names a generation in `format` writes (generateFiles's, which do not depend on the
 * schema), so that files in the way are found before anything is fetched; writeOutput checks
 * the real list again.
 */
export function plannedNames(format: GenerateOptions['format']): string[] {
  const runtime = Object.keys(runtimeAssets()[format]).map((name) => `${RUNTIME_DIR}/${name}`);
  if (format === 'ts')
    return [
      ...runtime,
      'types.ts',
      'client.ts',
      ROUTE_TABLE_FILE('ts'),
      'validators.ts',
      'mocks.ts',
      'index.ts',
    ];
  return [
    ...runtime,
    ...['types', 'client'].flatMap((name) => [`${name}.js`, `${name}.d.ts`]),
    ROUTE_TABLE_FILE('js'),
    ROUTE_TABLE_FILE('d.ts'),
    'validators.js',
    'validators.d.ts',
    'mocks.js',
    'mocks.d.ts',
    'index.js',
    'index.d.ts',
    // The js output's own package.json (`"type": "module"`), listed last as generateFiles writes it.
    'package.json',
  ];
}

/**
 * Refuses (OutputConflictError) when files no generation wrote are where this one would
 * write, unless `--force` takes them over.
 */
export function checkOutputFolder(settings: GenerateOptions, names = plannedNames(settings.format)): void {
  if (settings.takeOver) return;
  const blocking = filesInTheWay(settings.outputDir, names);
  if (blocking.length > 0) throw conflictError(settings.outputLabel, blocking);
}

/** One generation; `knownHash` skips the `/schema-hash` call (watch mode got it from the stream). */
export async function runGenerate(
  settings: GenerateOptions,
  context: CliContext,
  options: { knownHash?: string; hook?: StepHook } = {},
): Promise<GenerateResult> {
  const { out } = context;
  const refusal = moduleScopeRefusal(settings);
  if (refusal) throw new UsageError(refusal);
  const version = packageVersion();
  checkOutputFolder(settings);
  const meta = readMeta(settings.outputDir);
  const stored = currentHash(settings, meta);
  const { source } = settings;
  // A snapshot is read (and checked) whole; a server is asked for the hash first.
  let payload = source.kind === 'snapshot' ? readSnapshot(source.snapshot) : undefined;
  const hash =
    payload?.hash ??
    options.knownHash ??
    (await out.progress('Checking the schema hash', fetchHash(remoteOf(source))));
  if (!settings.force && stored === hash) {
    out.info(
      `Schema unchanged (hash ${hash.slice(0, 12)}); ${settings.outputLabel} is up to date, nothing written.`,
    );
    if (settings.json)
      printReport(context, settings, { written: false, hash, previousHash: hash, changes: [] });
    return { written: false, hash };
  }
  const started = performance.now();
  payload ??= await out.progress('Fetching the schema', fetchSchema(remoteOf(source)));
  context.signal.throwIfAborted();
  for (const notice of payload.strapi?.notices ?? []) out.warn(notice);
  const imports = importChoice(settings);
  const files = generateFiles(payload, {
    format: settings.format,
    version,
    runtime: runtimeAssets(),
    ...(imports ? { importExtension: imports.extension } : {}),
  });
  context.signal.throwIfAborted();
  const outline = schemaOutline(payload.schema);
  // The previous output's schema, from its state file: works offline, and after any source.
  const previous = meta && isSchemaOutline(meta.outline) ? meta.outline : undefined;
  const changes = previous ? diffSchemas(previous, outline) : null;
  for (const line of switchLines(settings, meta, imports)) out.warn(line);
  writeOutput(
    settings.outputDir,
    files,
    {
      generator: 'cms-typed-client',
      version,
      hash: payload.hash,
      format: settings.format,
      ...(imports ? { imports: imports.extension } : {}),
      files: Object.keys(files),
      checksums: fileChecksums(files),
      outline,
    },
    options.hook,
    { takeOver: settings.takeOver, label: settings.outputLabel },
  );
  const apiTypes = Object.keys(payload.schema.contentTypes).filter((uid) => uid.startsWith('api::')).length;
  // The runtime's folder is named once, and its parts are counted, not listed.
  const shown = [
    `${RUNTIME_DIR}/`,
    ...Object.keys(files).filter((name) => !name.startsWith(`${RUNTIME_DIR}/`)),
  ];
  // Only the parts the core loads on use; the modules generated files import (`mock`) are not counted.
  const parts = runtimeAssets().surface.parts.length;
  const components = Object.keys(payload.schema.components).length;
  const why = meta
    ? meta.hash !== payload.hash
      ? 'schema changed'
      : settings.force
        ? 'forced'
        : meta.version === version && meta.format === settings.format && meta.imports === imports?.extension
          ? 'a generated file was edited or deleted'
          : 'generator or format changed'
    : 'first run';
  out.success(
    `Generated ${shown.join(', ')} in ${settings.outputLabel} (${why}; ${parts} runtime parts loaded on use; ${apiTypes} content types, ` +
      `${components} components, hash ${payload.hash.slice(0, 12)}${strapiLabel(payload)}) in ${Math.round(performance.now() - started)} ms`,
  );
  if (imports)
    out.info(
      `The files import each other as '${siblingSpecifier('types', imports.extension)}' (${imports.reason}).`,
    );
  if (meta && meta.hash !== payload.hash) {
    if (changes) for (const line of summaryLines(changes)) out.info(line);
    else
      out.info(
        `${settings.outputLabel} recorded no schema outline (written by cms-typed-client ${meta.version}); the next generation lists what changed.`,
      );
  }
  if (settings.json)
    printReport(context, settings, {
      written: true,
      hash: payload.hash,
      previousHash: meta?.hash ?? null,
      changes,
    });
  return { written: true, hash: payload.hash, files: Object.keys(files), changes };
}

/**
 * What this generation changes about the output already there, besides the schema: its format
 * (js <-> ts) and the extension of the imports between the `.ts` files. Never silent.
 */
export function switchLines(
  settings: GenerateOptions,
  meta: OutputMeta | undefined,
  imports: ImportExtensionChoice | undefined,
): string[] {
  if (!meta) return [];
  const label = settings.outputLabel;
  if (meta.format !== settings.format) {
    const files = (format: string) => (format === 'ts' ? '.ts' : '.js + .d.ts');
    return [
      `switching ${label} from ${meta.format} to ${settings.format} output (the existing output is ${meta.format}; ${settings.formatSource} says ${settings.format}): its ${files(meta.format)} files are replaced by ${files(settings.format)} files.`,
    ];
  }
  if (imports && meta.imports !== undefined && meta.imports !== imports.extension)
    return [
      `switching the imports between the files of ${label} from '${siblingSpecifier('types', meta.imports)}' to '${siblingSpecifier('types', imports.extension)}' (${imports.reason}).`,
    ];
  return [];
}

/** `--json`: one line on stdout per generation. */
function printReport(
  context: CliContext,
  settings: GenerateOptions,
  result: Omit<GenerateReport, 'output' | 'breaking'>,
): void {
  const report: GenerateReport = {
    output: settings.outputLabel,
    ...result,
    breaking: result.changes?.filter((change) => change.breaking).length ?? 0,
  };
  context.stdout.write(`${JSON.stringify(report)}\n`);
}

/** The server of a live generation. */
function remoteOf(source: SchemaSource): Remote {
  if (source.kind !== 'server') throw new Error('a snapshot source has no server');
  return source.remote;
}

/** `, Strapi 5.54.0` when the server says which Strapi it runs. */
function strapiLabel(payload: SchemaResponse): string {
  const version = payload.strapi?.version;
  return typeof version === 'string' ? `, Strapi ${version}` : '';
}
