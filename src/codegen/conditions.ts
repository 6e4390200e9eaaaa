/**
 * Strapi 5 conditional fields: an attribute's `conditions.visible` is a JSON-Logic rule over the
 * sibling fields of the same entry or component. Strapi validates the field (`required`
 * included) only while the rule holds, so a required field a rule can hide may come back null
 * and may be left out of an input. This turns a rule into the sentence its doc comment shows.
 */
import type { JsonValue } from '../schema/types.ts';

/** The `visible` rule of an attribute's `conditions`, or undefined when it has none. */
export function visibleRule(conditions: unknown): JsonValue | undefined {
  if (typeof conditions !== 'object' || conditions === null || Array.isArray(conditions)) return undefined;
  const rule = (conditions as { visible?: JsonValue }).visible;
  return rule === undefined || rule === null ? undefined : rule;
}

type Rule = { [key: string]: JsonValue };

function isRule(value: JsonValue): value is Rule {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1
  );
}

/** `{"var": "type"}` -> `type`. */
function variable(value: JsonValue | undefined): string | undefined {
  if (value === undefined || !isRule(value)) return undefined;
  const name = value.var;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function literal(value: JsonValue | undefined): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
  return undefined;
}

const COMPARISONS: Record<string, string> = {
  '==': 'is',
  '===': 'is',
  '!=': 'is not',
  '!==': 'is not',
  '<': 'is below',
  '<=': 'is at most',
  '>': 'is above',
  '>=': 'is at least',
};

function describe(rule: JsonValue): string | undefined {
  if (!isRule(rule)) return undefined;
  const [operator] = Object.keys(rule) as [string];
  const operands = rule[operator];
  const args = Array.isArray(operands) ? operands : [operands];
  const comparison = COMPARISONS[operator];
  if (comparison !== undefined && args.length === 2) {
    const [left, right] = args;
    const name = variable(left) ?? variable(right);
    const value = variable(left) === undefined ? literal(left) : literal(right);
    return name === undefined || value === undefined ? undefined : `\`${name}\` ${comparison} ${value}`;
  }
  if (operator === 'in' && args.length === 2) {
    const name = variable(args[0]);
    const list = args[1];
    if (name === undefined || !Array.isArray(list) || list.length === 0) return undefined;
    const values = list.map(literal);
    if (values.some((value) => value === undefined)) return undefined;
    return `\`${name}\` is one of ${values.join(', ')}`;
  }
  if (operator === '!!' && args.length === 1) {
    const name = variable(args[0]);
    return name === undefined ? undefined : `\`${name}\` is set`;
  }
  if (operator === '!' && args.length === 1) {
    const name = variable(args[0]);
    return name === undefined ? undefined : `\`${name}\` is not set`;
  }
  if ((operator === 'and' || operator === 'or') && args.length > 0) {
    const parts = args.map((arg) => (arg === undefined ? undefined : describe(arg)));
    if (parts.some((part) => part === undefined)) return undefined;
    return parts.join(operator === 'and' ? ' and ' : ' or ');
  }
  return undefined;
}

/**
 * The rule as words (`` `type` is `external` ``), or its JSON in backticks when it is more than
 * comparisons of fields with values joined by `and`/`or`.
 */
export function describeRule(rule: JsonValue): string {
  return describe(rule) ?? `the rule \`${JSON.stringify(rule)}\` holds`;
}

/** The doc line of a conditional attribute (not yet escaped for a comment). */
export function conditionDoc(rule: JsonValue, required: boolean): string {
  const when = describeRule(rule);
  return required
    ? `Present when ${when} (Strapi requires it only then); otherwise it may be null.`
    : `Shown when ${when}.`;
}
