/**
 * The compiler options of the tsconfig.json that governs the output folder, as far as the
 * import specifiers of `--format ts` depend on them (src/codegen/specifiers.ts). It is the
 * nearest tsconfig.json from the folder up to the project root (the folder of package.json),
 * with its `extends` chain applied; a solution-style
 * config (`"files": []` and `references`, as Vite's templates have) defers to the referenced
 * config whose `include` covers the folder.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SpecifierCompilerOptions } from '../codegen/specifiers.ts';

/** The options that matter, and the file they were read from. */
export interface ProjectCompilerOptions {
  file: string;
  options: SpecifierCompilerOptions;
}

interface RawConfig {
  extends?: unknown;
  compilerOptions?: Record<string, unknown>;
  files?: unknown;
  include?: unknown;
  references?: unknown;
}

const KEYS = [
  'target',
  'module',
  'moduleResolution',
  'allowImportingTsExtensions',
  'rewriteRelativeImportExtensions',
] as const;

/**
 * The compiler options for `dir` (an output folder inside `root`), or undefined when no
 * tsconfig.json is between them.
 */
export function projectCompilerOptions(dir: string, root: string): ProjectCompilerOptions | undefined {
  const nearest = findUp(resolve(dir), resolve(root), 'tsconfig.json');
  if (!nearest) return undefined;
  const raw = readConfig(nearest);
  const file = solutionStyle(raw) ? (referencedConfig(nearest, raw, resolve(dir)) ?? nearest) : nearest;
  return { file, options: compilerOptions(file, new Set()) };
}

function findUp(start: string, root: string, name: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, name);
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    if (dir === root || dirname(dir) === dir) return undefined;
  }
}

/** A tsconfig.json: JSON with comments and trailing commas. A clear error when it is not readable. */
function readConfig(file: string): RawConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const value: unknown = JSON.parse(stripJsonComments(text));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as RawConfig;
  } catch (error) {
    throw new Error(`${file} is not valid JSON (with comments): ${(error as Error).message}`);
  }
}

/** JSONC to JSON: comments and trailing commas out, strings untouched. */
export function stripJsonComments(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    const next = text[index + 1];
    if (char === '"') {
      const start = index;
      for (index++; index < text.length && text[index] !== '"'; index++) if (text[index] === '\\') index++;
      out += text.slice(start, index + 1);
    } else if (char === '/' && next === '/') {
      while (index < text.length && text[index] !== '\n') index++;
      out += '\n';
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 1;
      out += ' ';
    } else out += char;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function solutionStyle(raw: RawConfig): boolean {
  return Array.isArray(raw.files) && raw.files.length === 0 && Array.isArray(raw.references);
}

/** The first referenced config whose `include` (default: its whole folder) covers `dir`. */
function referencedConfig(file: string, raw: RawConfig, dir: string): string | undefined {
  for (const reference of raw.references as unknown[]) {
    const path = (reference as { path?: unknown } | null)?.path;
    if (typeof path !== 'string') continue;
    let target = resolve(dirname(file), path);
    if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'tsconfig.json');
    if (!existsSync(target)) continue;
    const include = readConfig(target).include;
    const patterns = Array.isArray(include) ? include.filter((item) => typeof item === 'string') : ['**/*'];
    if (patterns.some((pattern) => covers(resolve(dirname(target), staticPrefix(pattern)), dir)))
      return target;
  }
  return undefined;
}

/** The part of an include pattern before its first wildcard segment (`src/**\/*.ts` -> `src`). */
function staticPrefix(pattern: string): string {
  const segments = pattern.split('/');
  const wild = segments.findIndex((segment) => /[*?]/.test(segment));
  return (wild === -1 ? segments : segments.slice(0, wild)).join('/') || '.';
}

function covers(folder: string, dir: string): boolean {
  const rel = relative(folder, dir);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The options of `file` over those of the configs it extends (in order, later ones winning). */
function compilerOptions(file: string, seen: Set<string>): SpecifierCompilerOptions {
  if (seen.has(file)) throw new Error(`${file} extends itself (through ${[...seen].join(', ')})`);
  seen.add(file);
  const raw = readConfig(file);
  const bases = raw.extends === undefined ? [] : Array.isArray(raw.extends) ? raw.extends : [raw.extends];
  const merged: Record<string, unknown> = {};
  for (const base of bases) {
    if (typeof base !== 'string')
      throw new Error(`${file}: "extends" must be a string or an array of strings`);
    Object.assign(merged, compilerOptions(resolveExtends(base, file), new Set(seen)));
  }
  const own = raw.compilerOptions ?? {};
  for (const key of KEYS) if (own[key] !== undefined) merged[key] = own[key];
  const options: SpecifierCompilerOptions = {};
  for (const key of ['target', 'module', 'moduleResolution'] as const)
    if (typeof merged[key] === 'string') options[key] = merged[key];
  for (const key of ['allowImportingTsExtensions', 'rewriteRelativeImportExtensions'] as const)
    if (typeof merged[key] === 'boolean') options[key] = merged[key];
  return options;
}

/** An `extends` value: a path relative to `from`, or a package's config (`@tsconfig/node22/tsconfig.json`). */
function resolveExtends(specifier: string, from: string): string {
  const base = dirname(from);
  const candidates: string[] = [];
  if (specifier.startsWith('.') || isAbsolute(specifier)) {
    const path = resolve(base, specifier);
    candidates.push(path, `${path}.json`, join(path, 'tsconfig.json'));
  } else {
    for (let dir = base; ; dir = dirname(dir)) {
      const path = join(dir, 'node_modules', specifier);
      candidates.push(path, `${path}.json`, join(path, 'tsconfig.json'));
      if (dirname(dir) === dir) break;
    }
  }
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${from} extends '${specifier}', which cannot be found`);
  return found;
}
