/**
 * A string that matches a pattern, drawn from a seeded generator: for the schema fields whose
 * published value must match a `regex` (a JavaScript `RegExp` source, no flags). It reads the
 * common subset: literals and escapes (`\d \w \s`, their negations, `\xHH`, `\uHHHH`), classes
 * with ranges and negated ones, `.`, groups (capturing, `(?:`, named) and back references,
 * alternation, the quantifiers `? * + {n} {n,} {n,m}` (lazy too), the anchors `^ $` and `\b \B`
 * (taken as nothing: the caller checks the result against the pattern). Lookarounds, `\p{...}`
 * and the like are not read: the answer is then `undefined`.
 */
import { int } from './random.ts';

/** Characters as code point ranges, both ends included. */
type Ranges = [number, number][];

/** A parsed pattern. */
type Node =
  | { readonly kind: 'chars'; readonly ranges: Ranges }
  | { readonly kind: 'group'; readonly alternatives: Node[][]; readonly capture: number }
  | { readonly kind: 'reference'; readonly index: number }
  | { readonly kind: 'nothing' }
  | { readonly kind: 'repeat'; readonly node: Node; readonly min: number; readonly max: number };

/** The characters a negation or `.` draws from: printable ASCII. */
const PRINTABLE: Ranges = [[32, 126]];
const DIGITS: Ranges = [[48, 57]];
const WORD: Ranges = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
/** What `\s` excludes from printable ASCII (it draws a space). */
const SPACE: Ranges = [[32, 32]];

/** The printable ASCII characters not in `ranges`. */
function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let from = 32;
  for (const [low, high] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (low > from) out.push([from, Math.min(low - 1, 126)]);
    from = Math.max(from, high + 1);
    if (from > 126) break;
  }
  if (from <= 126) out.push([from, 126]);
  return out;
}

/** Parses `source` into its alternatives; throws where it uses what this does not read. */
function parse(source: string): Node {
  let at = 0;
  let groups = 0;
  const peek = () => source[at];
  const fail = (): never => {
    throw new Error(`unsupported pattern: ${source}`);
  };

  const hex = (length: number): number => {
    const digits = source.slice(at, at + length);
    if (digits.length !== length || !/^[0-9a-fA-F]+$/.test(digits)) return fail();
    at += length;
    return Number.parseInt(digits, 16);
  };

  /** The escape after a `\` (already read): its characters, or a node outside classes. */
  const readEscape = (inClass: boolean): Ranges | Node => {
    const char = source[at++];
    switch (char) {
      case undefined:
        return fail();
      case 'd':
        return DIGITS;
      case 'D':
        return complement(DIGITS);
      case 'w':
        return WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 't':
        return [[9, 9]];
      case 'n':
        return [[10, 10]];
      case 'r':
        return [[13, 13]];
      case 'f':
        return [[12, 12]];
      case 'v':
        return [[11, 11]];
      case '0':
        return [[0, 0]];
      case 'x': {
        const code = hex(2);
        return [[code, code]];
      }
      case 'u': {
        const code = hex(4);
        return [[code, code]];
      }
      case 'b':
      case 'B':
        return inClass ? fail() : { kind: 'nothing' };
      case 'c':
      case 'p':
      case 'P':
      case 'k':
        return fail();
      default: {
        if (/[1-9]/.test(char)) {
          if (inClass) return fail();
          let digits = char;
          while (/[0-9]/.test(peek() ?? '')) digits += source[at++];
          return { kind: 'reference', index: Number(digits) };
        }
        const code = char.codePointAt(0) ?? 0;
        return [[code, code]];
      }
    }
  };

  const characterClass = (): Node => {
    const negated = peek() === '^';
    if (negated) at++;
    const ranges: Ranges = [];
    // `[]` matches nothing and `[^]` any character, as in JavaScript.
    while (peek() !== ']') {
      const char = source[at++];
      if (char === undefined) return fail();
      let low: Ranges;
      if (char === '\\') {
        const escaped = readEscape(true);
        if (!Array.isArray(escaped)) return fail();
        low = escaped;
      } else {
        const code = char.codePointAt(0) ?? 0;
        low = [[code, code]];
      }
      const single = low.length === 1 && low[0] !== undefined && low[0][0] === low[0][1];
      if (single && peek() === '-' && source[at + 1] !== ']' && source[at + 1] !== undefined) {
        at++;
        const next = source[at++];
        let high: number;
        if (next === '\\') {
          const escaped = readEscape(true);
          const only = Array.isArray(escaped) && escaped.length === 1 ? escaped[0] : undefined;
          if (!only || only[0] !== only[1]) return fail();
          high = only[0];
        } else high = next?.codePointAt(0) ?? 0;
        const start = low[0]?.[0] ?? 0;
        if (high < start) return fail();
        ranges.push([start, high]);
      } else ranges.push(...low);
    }
    at++;
    const chars = negated ? complement(ranges) : ranges;
    return chars.length > 0 ? { kind: 'chars', ranges: chars } : fail();
  };

  /** A quantifier's bounds at `at`, or undefined (a `{` that starts none is a literal). */
  const quantifier = (): [number, number] | undefined => {
    const char = peek();
    if (char === '?') return [0, 1];
    if (char === '*') return [0, Number.POSITIVE_INFINITY];
    if (char === '+') return [1, Number.POSITIVE_INFINITY];
    if (char !== '{') return undefined;
    const found = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
    if (!found) return undefined;
    const min = Number(found[1]);
    const max = found[2] === undefined ? min : found[3] ? Number(found[3]) : Number.POSITIVE_INFINITY;
    if (max < min) return fail();
    at += found[0].length - 1;
    return [min, max];
  };

  const atom = (): Node => {
    const char = source[at++];
    switch (char) {
      case '(': {
        let capture = 0;
        if (source.startsWith('?:', at)) at += 2;
        else if (/^\?<[A-Za-z_$][\w$]*>/.test(source.slice(at))) {
          at = source.indexOf('>', at) + 1;
          capture = ++groups;
        } else if (peek() === '?') return fail();
        else capture = ++groups;
        const alternatives = sequence();
        if (source[at++] !== ')') return fail();
        return { kind: 'group', alternatives, capture };
      }
      case '[':
        return characterClass();
      case '.':
        return { kind: 'chars', ranges: PRINTABLE };
      case '^':
      case '$':
        return { kind: 'nothing' };
      case '\\': {
        const escaped = readEscape(false);
        return Array.isArray(escaped) ? { kind: 'chars', ranges: escaped } : escaped;
      }
      case undefined:
      case ')':
      case '*':
      case '+':
      case '?':
        return fail();
      default: {
        const code = char.codePointAt(0) ?? 0;
        return { kind: 'chars', ranges: [[code, code]] };
      }
    }
  };

  /** Alternatives up to a `)` or the end. */
  const sequence = (): Node[][] => {
    const alternatives: Node[][] = [[]];
    while (at < source.length && peek() !== ')') {
      if (peek() === '|') {
        at++;
        alternatives.push([]);
        continue;
      }
      let node = atom();
      const bounds = quantifier();
      if (bounds) {
        at++;
        if (peek() === '?') at++;
        node = { kind: 'repeat', node, min: bounds[0], max: bounds[1] };
      }
      alternatives[alternatives.length - 1]?.push(node);
    }
    return alternatives;
  };

  const alternatives = sequence();
  if (at < source.length) fail();
  return { kind: 'group', alternatives, capture: 0 };
}

/** Draws a string for `node`; `spread` caps how far a repetition goes past its minimum. */
function draw(node: Node, random: () => number, spread: number, captures: string[]): string {
  switch (node.kind) {
    case 'nothing':
      return '';
    case 'reference':
      return captures[node.index] ?? '';
    case 'chars': {
      const total = node.ranges.reduce((sum, [low, high]) => sum + high - low + 1, 0);
      let index = int(random, 0, total - 1);
      for (const [low, high] of node.ranges) {
        if (index <= high - low) return String.fromCodePoint(low + index);
        index -= high - low + 1;
      }
      return '';
    }
    case 'repeat': {
      const count = int(random, node.min, Math.min(node.max, node.min + spread));
      let out = '';
      for (let n = 0; n < count; n++) out += draw(node.node, random, spread, captures);
      return out;
    }
    case 'group': {
      const alternative = node.alternatives[int(random, 0, node.alternatives.length - 1)] ?? [];
      let out = '';
      for (const part of alternative) out += draw(part, random, spread, captures);
      if (node.capture > 0) captures[node.capture] = out;
      return out;
    }
  }
}

/**
 * A string drawn to match `source` (a `RegExp` source, no flags), or undefined when the pattern
 * uses what this does not read. A repetition goes at most `spread` past its minimum. The caller
 * should still test the result: anchors and `\b` in odd places are not honoured.
 */
export function regexSample(source: string, random: () => number, spread = 4): string | undefined {
  let tree: Node;
  try {
    tree = parse(source);
  } catch {
    return undefined;
  }
  return draw(tree, random, spread, []);
}
