/**
 * The checks Strapi 5's entity validator applies to one scalar attribute of a REST write, in its
 * words (yup 0.32 with Strapi's own type message), and the value as Strapi casts it. Facts:
 * /work/notes/validator-facts.md (§2.2, §2.3, §3.2), to be proven by the differential test
 * against a live Strapi. Work in progress (issue 44): strings without the email and uid formats,
 * numbers, booleans and enumerations.
 */

/** An attribute's rules, as the generated tables write them. */
export interface ScalarRule {
  kind:
    | 'string'
    | 'text'
    | 'richtext'
    | 'password'
    | 'enumeration'
    | 'integer'
    | 'float'
    | 'decimal'
    | 'boolean';
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  min?: number;
  max?: number;
  enum?: readonly string[];
}

/** How the write validates: a draft (`status: 'draft'`) skips some rules; an update checks `null`, not absence. */
export interface WriteMode {
  draft: boolean;
  create: boolean;
}

/** The outcome for one attribute: the cast value, or Strapi's messages. */
export type ScalarOutcome = { value: unknown; messages?: undefined } | { messages: string[] };

/** A value as yup prints it in a message (strings quoted, NaN and null as words). */
export function printValue(value: unknown): string {
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (typeof value === 'number')
    return Number.isNaN(value) ? 'NaN' : Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return `"${value}"`;
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** Strapi's type message: the final value, and the original when casting changed it. */
function typeMessage(path: string, type: string, value: unknown, original: unknown): string {
  const cast = original !== null && original !== undefined && !Object.is(original, value);
  return `${path} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`${
    cast ? ` (cast from the value \`${printValue(original)}\`).` : '.'
  }`;
}

/** An absent or null value: `must be defined.` / `cannot be null.` where required, else nothing to check. */
function nil(
  path: string,
  value: null | undefined,
  rule: ScalarRule,
  mode: WriteMode,
  nullIsTyped: string | undefined,
) {
  const required = rule.required === true && !mode.draft;
  if (value === undefined)
    return required && mode.create ? { messages: [`${path} must be defined.`] } : { value };
  if (!required) return { value };
  // A type that does not accept null says so with its type message first.
  if (nullIsTyped !== undefined)
    return { messages: [typeMessage(path, nullIsTyped, nullIsTyped === 'number' ? Number.NaN : null, null)] };
  return { messages: [mode.create ? `${path} must be defined.` : `${path} cannot be null.`] };
}

/** yup's number cast: whitespace removed from strings, `''` is NaN, other values through parseFloat. */
function castNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const text = value.replace(/\s/g, '');
    return text === '' ? Number.NaN : +text;
  }
  return Number.parseFloat(value as string);
}

/** yup's boolean cast: `true`/`1` and `false`/`0` in any case, as strings or numbers. */
function castBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  const text = String(value);
  if (/^(true|1)$/i.test(text)) return true;
  if (/^(false|0)$/i.test(text)) return false;
  return value;
}

/** Checks `value` of the attribute at `path` (`title`, `seo.title`, `items[0].title`). */
export function checkScalar(path: string, value: unknown, rule: ScalarRule, mode: WriteMode): ScalarOutcome {
  switch (rule.kind) {
    case 'boolean': {
      if (value === null || value === undefined) return nil(path, value, rule, mode, undefined);
      const cast = castBoolean(value);
      return typeof cast === 'boolean'
        ? { value: cast }
        : { messages: [typeMessage(path, 'boolean', value, value)] };
    }
    case 'integer':
    case 'float':
    case 'decimal': {
      if (value === undefined || (value === null && !(rule.required === true && !mode.draft)))
        return nil(path, value as null | undefined, rule, mode, 'number');
      const cast = castNumber(value);
      if (Number.isNaN(cast)) return { messages: [typeMessage(path, 'number', cast, value)] };
      const messages: string[] = [];
      if (rule.kind === 'integer' ? !Number.isInteger(cast) : !Number.isFinite(cast))
        messages.push(
          rule.kind === 'integer' ? `${path} must be an integer` : `${path} must be a finite number`,
        );
      if (!mode.draft && rule.min !== undefined && cast < rule.min)
        messages.push(`${path} must be greater than or equal to ${rule.min}`);
      if (rule.max !== undefined && cast > rule.max)
        messages.push(`${path} must be less than or equal to ${rule.max}`);
      return messages.length > 0 ? { messages } : { value: cast };
    }
    case 'enumeration': {
      if (value === null || value === undefined) return nil(path, value, rule, mode, 'string');
      const cast = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
      if (typeof cast !== 'string') return { messages: [typeMessage(path, 'string', cast, value)] };
      const values = rule.enum ?? [];
      // Strapi appends null to the allowed values, which prints as an empty last item.
      return values.includes(cast)
        ? { value: cast }
        : { messages: [`${path} must be one of the following values: ${[...values, ''].join(', ')}`] };
    }
    default: {
      if (value === null || value === undefined) return nil(path, value, rule, mode, 'string');
      if (typeof value !== 'string') return { messages: [typeMessage(path, 'string', value, value)] };
      const messages: string[] = [];
      if (!mode.draft && rule.minLength && value.length < rule.minLength)
        messages.push(`${path} must be at least ${rule.minLength} characters`);
      const max =
        rule.kind === 'string' ? (Number.isInteger(rule.maxLength) ? rule.maxLength : 255) : rule.maxLength;
      if (max && value.length > max) messages.push(`${path} must be at most ${max} characters`);
      if (!mode.draft && rule.regex !== undefined && !(value === '' && rule.required !== true)) {
        const pattern = new RegExp(rule.regex);
        if (!pattern.test(value)) messages.push(`${path} must match the following: "${pattern}"`);
      }
      return messages.length > 0 ? { messages } : { value };
    }
  }
}
