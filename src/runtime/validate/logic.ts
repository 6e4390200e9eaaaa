/**
 * The JSON-Logic Strapi evaluates a conditional field's `conditions.visible` with, over the raw
 * sibling values: the comparisons (`==` and `!=` loosely, as JavaScript compares), `var` with
 * dotted paths, the boolean operators, `in` and `if`. Strapi's admin writes only `==` and `!=`
 * on one field; the rest is there for rules written by hand. An operator this does not know
 * counts as true: the field is checked (Strapi itself fails such a write).
 */

/** The value at a dotted `path` of `data`, `null` where there is none. */
function valueAt(data: unknown, path: unknown): unknown {
  if (path === '' || path === null || path === undefined) return data;
  let value: unknown = data;
  for (const key of String(path).split('.')) {
    if (value === null || value === undefined) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value === undefined ? null : value;
}

/**
 * JSON-Logic's `==`: JavaScript's loose equality, written out for JSON values (the bundled
 * runtime keeps no lint comment, and a consumer's linter refuses `==`): `null` equals only
 * `null` and `undefined`; a boolean compares as its number; a number and a string compare as
 * numbers; an object or array compares as its string.
 */
function looseEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined)
    return (a === null || a === undefined) && (b === null || b === undefined);
  if (typeof a === 'boolean') return looseEqual(Number(a), b);
  if (typeof b === 'boolean') return looseEqual(a, Number(b));
  if (typeof a === 'object' && typeof b !== 'object') return looseEqual(String(a), b);
  if (typeof b === 'object' && typeof a !== 'object') return looseEqual(a, String(b));
  if (typeof a === 'number' && typeof b === 'string') return a === Number(b);
  if (typeof a === 'string' && typeof b === 'number') return Number(a) === b;
  return false;
}

/** JSON-Logic's truth: an empty list is false, as are `0`, `''`, `null`. */
const truthy = (value: unknown): boolean => (Array.isArray(value) ? value.length > 0 : Boolean(value));

/** Evaluates `rule` over `data`. */
export function evaluate(rule: unknown, data: unknown): unknown {
  if (Array.isArray(rule)) return rule.map((item) => evaluate(item, data));
  if (typeof rule !== 'object' || rule === null) return rule;
  const keys = Object.keys(rule);
  if (keys.length !== 1) return rule;
  const operator = keys[0] ?? '';
  const raw = (rule as Record<string, unknown>)[operator];
  const args = Array.isArray(raw) ? raw : [raw];
  if (operator === 'and' || operator === 'or') {
    let last: unknown;
    for (const arg of args) {
      last = evaluate(arg, data);
      if (operator === 'and' ? !truthy(last) : truthy(last)) return last;
    }
    return last;
  }
  if (operator === 'if' || operator === '?:') {
    let index = 0;
    for (; index < args.length - 1; index += 2)
      if (truthy(evaluate(args[index], data))) return evaluate(args[index + 1], data);
    return index === args.length - 1 ? evaluate(args[index], data) : null;
  }
  const [a, b] = args.map((arg) => evaluate(arg, data)) as [unknown, unknown];
  switch (operator) {
    case 'var':
      return valueAt(data, a) ?? (args.length > 1 ? b : null);
    case '==':
      return looseEqual(a, b);
    case '!=':
      return !looseEqual(a, b);
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    case '!':
      return !truthy(a);
    case '!!':
      return truthy(a);
    case '>':
      return (a as number) > (b as number);
    case '>=':
      return (a as number) >= (b as number);
    case '<':
      return (a as number) < (b as number);
    case '<=':
      return (a as number) <= (b as number);
    case 'in':
      return Array.isArray(b) || typeof b === 'string' ? (b as string).includes(a as string) : false;
    default:
      return true;
  }
}

/** Whether a field with rule `visible` is checked, given its siblings `data` (JavaScript truth, as Strapi takes it). */
export const isVisible = (visible: unknown, data: unknown): boolean =>
  visible === undefined || Boolean(evaluate(visible, data));
