/**
 * How the `--format ts` files import each other (`./types.ts`, `./types.js` or `./types`).
 * No one specifier builds everywhere (measured with Next 16.4 under Turbopack and webpack,
 * Vite 8, TypeScript 5.9 and Node 22.23):
 *
 * - `./x.js`: tsc (NodeNext, bundler) and Vite accept it; Turbopack and Next's webpack do not
 *   resolve it to `x.ts` ("Module not found"), and Node's type stripping looks for a real `x.js`.
 * - `./x.ts`: every bundler and Node accept it; tsc refuses a value import of it (TS5097) unless
 *   `allowImportingTsExtensions` or `rewriteRelativeImportExtensions` is on.
 * - `./x`: every bundler and tsc with bundler (or classic, node10) resolution accept it; tsc
 *   NodeNext refuses it (TS2835) and Node does not find it.
 *
 * So the project's tsconfig decides: `.ts` when it allows `.ts` imports, `.js` under Node16 or
 * NodeNext resolution, no extension under any other resolution, and `.ts` without a tsconfig.
 */

/** The extension of the specifiers between generated files; `none` writes `./types`. */
export type ImportExtension = 'ts' | 'js' | 'none';

export const IMPORT_EXTENSIONS: readonly ImportExtension[] = ['ts', 'js', 'none'];

export function isImportExtension(value: string): value is ImportExtension {
  return (IMPORT_EXTENSIONS as readonly string[]).includes(value);
}

/**
 * How a generated file names another generated module: `module` is its path from the output's
 * top without extension (`types`, `runtime/index`, `client/routes`), `base` the way from the
 * importing file to the top (`./`, or `../` from `client/`). The emitters write every specifier
 * through this, in the extension of the generation, so nothing rewrites generated text after.
 */
export function moduleSpecifier(module: string, extension: ImportExtension, base = './'): string {
  return extension === 'none' ? `${base}${module}` : `${base}${module}.${extension}`;
}

/** The specifier of the generated sibling module `name` (`types`, `client`...), e.g. `./types.ts`. */
export function siblingSpecifier(name: string, extension: ImportExtension): string {
  return moduleSpecifier(name, extension);
}

/**
 * A module of the runtime (`--format ts`) with its specifiers in `extension`: `at` holds where
 * the `.js` of each relative specifier starts, as the build found them (scripts/runtime-build.ts).
 */
export function withExtensionAt(text: string, at: readonly number[], extension: ImportExtension): string {
  if (extension === 'js') return text;
  let out = text;
  for (const start of [...at].sort((a, b) => b - a)) {
    if (out.slice(start, start + 3) !== '.js') throw new Error(`no .js specifier at ${start}`);
    out = `${out.slice(0, start)}${extension === 'none' ? '' : '.ts'}${out.slice(start + 3)}`;
  }
  return out;
}

/** The compiler options the choice depends on, as a tsconfig.json spells them (any case). */
export interface SpecifierCompilerOptions {
  target?: string;
  module?: string;
  moduleResolution?: string;
  allowImportingTsExtensions?: boolean;
  rewriteRelativeImportExtensions?: boolean;
}

export interface ImportExtensionChoice {
  extension: ImportExtension;
  /** Why, for the CLI's message, e.g. `moduleResolution is nodenext`. */
  reason: string;
}

/**
 * The module resolution TypeScript (5.x) uses for these options: the explicit one, or the one
 * `module` implies (`module` itself defaults to `commonjs` for an ES3/ES5 target, else `es2015`).
 */
export function effectiveModuleResolution(options: SpecifierCompilerOptions): string {
  const explicit = options.moduleResolution?.toLowerCase();
  if (explicit) return explicit === 'node' ? 'node10' : explicit;
  const target = options.target?.toLowerCase() ?? 'es5';
  const module =
    options.module?.toLowerCase() ?? (target === 'es3' || target === 'es5' ? 'commonjs' : 'es2015');
  if (module === 'commonjs') return 'node10';
  if (module === 'node16') return 'node16';
  if (module.startsWith('node')) return 'nodenext';
  if (module === 'preserve') return 'bundler';
  return 'classic';
}

/** The specifier extension for a project with these compiler options (`undefined`: no tsconfig). */
export function chooseImportExtension(options: SpecifierCompilerOptions | undefined): ImportExtensionChoice {
  if (options === undefined)
    return { extension: 'ts', reason: 'no tsconfig.json: Node type stripping and bundlers read .ts' };
  if (options.allowImportingTsExtensions === true)
    return { extension: 'ts', reason: 'allowImportingTsExtensions is on' };
  if (options.rewriteRelativeImportExtensions === true)
    return { extension: 'ts', reason: 'rewriteRelativeImportExtensions is on' };
  const resolution = effectiveModuleResolution(options);
  if (resolution === 'node16' || resolution === 'nodenext')
    return { extension: 'js', reason: `moduleResolution is ${resolution}` };
  return { extension: 'none', reason: `moduleResolution is ${resolution}` };
}
