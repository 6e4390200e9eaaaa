/**
 * Identifier helpers: every name the generator writes goes through here, so the emitters never
 * have to wonder whether a string is safe to print.
 *
 * Rules (stable: the same input always gives the same names):
 * - Words are the runs of ASCII letters and digits; every other character (`-`, `_`, `.`, `:`,
 *   spaces, quotes, any non-ASCII character) only separates words. Strapi itself limits model and
 *   attribute names to ASCII, and ASCII-only identifiers read the same in every TypeScript
 *   version, whatever its Unicode tables.
 * - `pascalCase` upper-cases the first letter of each word and keeps the rest as written
 *   (`blog-post` -> `BlogPost`, `shared.seo` -> `SharedSeo`, `URL` -> `URL`); `camelCase` is
 *   the same with the first letter lower-cased (`blog-posts` -> `blogPosts`).
 * - `toIdentifier` makes any string a valid, non-reserved identifier: an empty result becomes
 *   the fallback, a leading digit gets a `_` prefix, a reserved word gets a `_` suffix.
 * - `propertyKey` prints a key bare when it is a plain ASCII identifier and not a reserved word,
 *   otherwise as a single-quoted string literal (`'my-field'`, `'class'`).
 * - `Uniquifier` hands out names first come, first served; a taken name gets the suffix 2, then
 *   3, and so on (`BlogPost`, `BlogPost2`, `BlogPost3`). Callers claim names in a fixed order
 *   (sorted uids), which is what makes the suffixes deterministic.
 */

/**
 * ECMAScript reserved words (strict mode included). Legal as property names, but a client
 * property spelled like one is renamed all the same, so `client.delete` never looks like a
 * method of the client. TypeScript's contextual words (`global`, `type`, `module`) stay as
 * they are: `client.global` is what a user of a `global` single type expects.
 */
export const ECMASCRIPT_RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export extends false finally ' +
    'for function if implements import in instanceof interface let new null package private protected public return ' +
    'static super switch this throw true try typeof var void while with yield'
  ).split(' '),
);

/** JavaScript reserved words, strict-mode reserved words and TypeScript's built-in type names. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'await',
  'arguments',
  'eval',
  'undefined',
  'any',
  'unknown',
  'never',
  'string',
  'number',
  'boolean',
  'symbol',
  'object',
  'bigint',
  'type',
  'keyof',
  'infer',
  'readonly',
  'unique',
  'is',
  'as',
  'asserts',
  'satisfies',
  'declare',
  'namespace',
  'module',
  'global',
  'abstract',
  'accessor',
  'async',
  'constructor',
  'get',
  'set',
  'of',
  'out',
  'override',
  'require',
  'from',
  'intrinsic',
]);

const PLAIN_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Splits a name into its ASCII words: `blog-post` -> `['blog', 'post']`. */
export function words(name: string): string[] {
  return name.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
}

function upperFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `blog-post` -> `BlogPost`, `shared.seo` -> `SharedSeo`; may be empty or start with a digit. */
export function pascalCase(name: string): string {
  return words(name).map(upperFirst).join('');
}

/** `blog-posts` -> `blogPosts`, `site-setting` -> `siteSetting`; may be empty or start with a digit. */
export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** True for a plain ASCII identifier that is not a reserved word. */
export function isSafeIdentifier(name: string): boolean {
  return PLAIN_IDENTIFIER.test(name) && !RESERVED_WORDS.has(name);
}

/**
 * Any string as a valid, non-reserved identifier: characters outside `[A-Za-z0-9_$]` become
 * `_`, an empty name becomes `fallback`, a leading digit gets a `_` prefix and a reserved word a
 * `_` suffix.
 */
export function toIdentifier(name: string, fallback = '_'): string {
  let id = name.replace(/[^A-Za-z0-9_$]+/g, '_');
  if (id === '' || /^_+$/.test(id)) id = fallback;
  if (/^[0-9]/.test(id)) id = `_${id}`;
  if (RESERVED_WORDS.has(id)) id = `${id}_`;
  return id;
}

/** A type name from a Strapi name: `toIdentifier(pascalCase(name))`, `Unnamed` when no word is left. */
export function typeName(name: string): string {
  return toIdentifier(pascalCase(name), 'Unnamed');
}

/** A property key as written in an interface: bare when safe, otherwise a single-quoted string literal. */
export function propertyKey(key: string): string {
  return isSafeIdentifier(key) ? key : stringLiteral(key);
}

/**
 * A single-quoted string literal (type or value) for any string: JSON's escaping, which also
 * escapes lone surrogates, so the text is well-formed whatever the input; `"` needs no escape
 * between single quotes, `'` does.
 */
export function stringLiteral(value: string): string {
  const body = JSON.stringify(value).slice(1, -1);
  // Most strings hold neither quote: JSON's escaping is then the literal's as it is.
  if (!body.includes("'") && !body.includes('\\"')) return `'${body}'`;
  const swapped = body.replace(/\\(.)|'/g, (match, escaped: string | undefined) =>
    escaped === undefined ? "\\'" : escaped === '"' ? '"' : match,
  );
  return `'${swapped}'`;
}

/**
 * What {@link jsdocText} changes: a control or line-separator character, a surrogate, `*\/`,
 * whitespace other than a single space between words.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NEEDS_JSDOC_CLEANUP = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]|\*\/|[^\S ]| {2}|^ | $/;

/**
 * Text safe inside a `/** ... *\/` comment on one line: control characters and line separators
 * become spaces, lone surrogates become U+FFFD, `*\/` is broken up as `*\/` (a backslash between
 * the two characters). Whitespace runs are collapsed and the result trimmed. Callers never put
 * such text at the start of a comment line, so an `@` in it cannot start a JSDoc tag.
 */
export function jsdocText(text: string): string {
  // Most texts (names, uids, plain words) hold nothing to change: returned as they are.
  if (!NEEDS_JSDOC_CLEANUP.test(text)) return text;
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
      .replace(/\*\//g, '*\\/')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * Hands out unique names. Names given to `reserve` are never handed out; `claim` returns the
 * wanted name if it is free, otherwise the first free `wanted2`, `wanted3`, ... . `claimGroup`
 * does the same for a stem and its suffixed companions (`Article`, `ArticleInput`, ...): it picks
 * the first numbered stem for which every companion is free, and takes them all.
 */
export class Uniquifier {
  readonly #taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.#taken.add(name);
  }

  has(name: string): boolean {
    return this.#taken.has(name);
  }

  reserve(name: string): void {
    this.#taken.add(name);
  }

  claim(wanted: string): string {
    return this.claimGroup(wanted, ['']);
  }

  claimGroup(stem: string, suffixes: readonly string[]): string {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? stem : `${stem}${n}`;
      if (suffixes.every((suffix) => !this.#taken.has(candidate + suffix))) {
        for (const suffix of suffixes) this.#taken.add(candidate + suffix);
        return candidate;
      }
    }
  }
}

/** Sorts strings by UTF-16 code units: locale-independent, so identical on every machine. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
