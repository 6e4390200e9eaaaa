/**
 * The checks Strapi 5's entity validator applies to one scalar attribute of a REST write, in its
 * words (yup 0.32 with Strapi's own type message), and the value as Strapi casts it: text
 * (string, text, richtext, password, email, uid), enumeration, the numbers, boolean, the dates
 * and times (which Strapi checks only when its database layer parses them: formats.ts) and JSON.
 * Blocks are blocks.ts's.
 */
import type {
  CmsBigIntegerField,
  CmsEnumerationField,
  CmsNumberField,
  CmsPlainField,
  CmsTextField,
} from './fields.ts';
import { isEmail } from './formats.ts';

/** A scalar attribute's kind and rules. */
export type ScalarField =
  | CmsTextField
  | CmsEnumerationField
  | CmsNumberField
  | CmsBigIntegerField
  | CmsPlainField;

/**
 * How the write validates: a draft (`status: 'draft'`, and the first pass of every write of a
 * draft-and-publish type) skips `required`, the minimums and the patterns; an update refuses
 * `null` where a create refuses absence too.
 */
export interface WriteMode {
  readonly draft: boolean;
  readonly create: boolean;
}

/** The outcome for one attribute: the cast value, or Strapi's messages (one shape, for projects without strictNullChecks). */
export interface ScalarOutcome {
  value?: unknown;
  messages?: string[];
}

/** A primitive as yup prints it in a type message (strings quoted); undefined for objects and arrays. */
function printSimple(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (typeof value === 'number')
    return Number.isNaN(value) ? 'NaN' : Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return `"${value}"`;
  return undefined;
}

/**
 * A value as yup prints it in a message (strings quoted, NaN and null as words). Objects and
 * arrays are JSON with 2 spaces in which yup replaced every primitive by its printed string, so
 * `{ a: 1, b: 'x' }` prints as `{ "a": "1", "b": "\"x\"" }` (seen live).
 */
export function printValue(value: unknown): string {
  return (
    printSimple(value) ??
    JSON.stringify(
      value,
      function (this: Record<string, unknown>, key) {
        const own = this[key];
        return printSimple(own) ?? own;
      },
      2,
    ) ??
    String(value)
  );
}

/** Strapi's type message: the final value, and the original when casting changed it. */
export function typeMessage(path: string, type: string, value: unknown, original: unknown): string {
  const cast = original !== null && original !== undefined && !Object.is(original, value);
  return `${path} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`${
    cast ? ` (cast from the value \`${printValue(original)}\`).` : '.'
  }`;
}

/** Whether `field` must hold a value in `mode` (never in a draft). */
export const requiredIn = (field: { readonly required?: boolean }, mode: WriteMode): boolean =>
  field.required === true && !mode.draft;

/**
 * An absent or null value: `must be defined.` / `cannot be null.` where required, else nothing
 * to check. A type that refuses `null` says so with its type message instead (`nullType`, and
 * the value it prints).
 */
function nil(
  path: string,
  value: unknown,
  required: boolean,
  mode: WriteMode,
  nullType?: string,
  nullPrints: unknown = null,
): ScalarOutcome {
  if (value === undefined)
    return required && mode.create ? { messages: [`${path} must be defined.`] } : { value };
  if (!required) return { value };
  if (nullType !== undefined) return { messages: [typeMessage(path, nullType, nullPrints, null)] };
  return { messages: [mode.create ? `${path} must be defined.` : `${path} cannot be null.`] };
}

/** yup's number cast: whitespace removed from strings, `''` is NaN, other values through parseFloat. */
export function castNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const text = value.replace(/\s/g, '');
    return text === '' ? Number.NaN : +text;
  }
  return Number.parseFloat(value as string);
}

/** yup's boolean cast: `true`/`1` and `false`/`0` in any case, as strings or numbers. */
export function castBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  const text = String(value);
  if (/^(true|1)$/i.test(text)) return true;
  if (/^(false|0)$/i.test(text)) return false;
  return value;
}

/** A biginteger as Strapi writes it: a canonical string of digits, or the value unchanged. */
function castBigInteger(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  // Strapi writes a number with its `toString()`, which it then checks for digits: 1e21 and up
  // print as `1e+21` and are refused (seen live).
  if (typeof value === 'number')
    return Number.isInteger(value) && Math.abs(value) < 1e21 ? BigInt(value).toString() : value;
  if (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) return BigInt(value.trim()).toString();
  return value;
}

/** The pattern a `uid` without a `regex` of its own must match. */
const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/;

/** The messages of a text value's length and pattern rules. */
function textRules(path: string, value: string, field: CmsTextField, mode: WriteMode): string[] {
  const messages: string[] = [];
  if (!mode.draft && Number.isInteger(field.minLength) && field.minLength && value.length < field.minLength)
    messages.push(`${path} must be at least ${field.minLength} characters`);
  const max =
    field.kind === 'string'
      ? Number.isInteger(field.maxLength)
        ? field.maxLength
        : 255
      : Number.isInteger(field.maxLength)
        ? field.maxLength
        : undefined;
  if (max && value.length > max) messages.push(`${path} must be at most ${max} characters`);
  if (mode.draft) return messages;
  const pattern = field.regex === undefined ? undefined : new RegExp(field.regex);
  const matches = (regex: RegExp) => {
    regex.lastIndex = 0;
    return regex.test(value);
  };
  if (pattern && !(value === '' && field.required !== true) && !matches(pattern))
    messages.push(`${path} must match the following: "${pattern}"`);
  if (field.kind === 'email') {
    if (value !== '' && !isEmail(value)) messages.push(`${path} must be a valid email`);
    if (value === '') messages.push(`${path} cannot be empty`);
  }
  if (field.kind === 'uid') {
    // A uid's own pattern is added a second time, without the empty-string exception.
    const uid = pattern ?? UID_PATTERN;
    if (!matches(uid)) messages.push(`${path} must match the following: "${uid}"`);
  }
  return messages;
}

/** Checks `value` of the scalar attribute at `path` (`title`, `seo.title`, `items[0].title`). */
export function checkScalar(
  path: string,
  value: unknown,
  field: ScalarField,
  mode: WriteMode,
): ScalarOutcome {
  const required = requiredIn(field, mode);
  switch (field.kind) {
    case 'boolean': {
      if (value === null || value === undefined) return nil(path, value, required, mode);
      const cast = castBoolean(value);
      return typeof cast === 'boolean'
        ? { value: cast }
        : { messages: [typeMessage(path, 'boolean', value, value)] };
    }
    case 'integer':
    case 'float':
    case 'decimal': {
      if (value === undefined || (value === null && !required)) return nil(path, value, required, mode);
      const cast = castNumber(value);
      if (Number.isNaN(cast)) return { messages: [typeMessage(path, 'number', cast, value)] };
      const messages: string[] = [];
      if (field.kind === 'integer' ? !Number.isInteger(cast) : !Number.isFinite(cast))
        messages.push(
          field.kind === 'integer' ? `${path} must be an integer` : `${path} must be a finite number`,
        );
      const min = field.kind === 'integer' ? toInteger(field.min) : field.min;
      const max = field.kind === 'integer' ? toInteger(field.max) : field.max;
      if (!mode.draft && min !== undefined && cast < min)
        messages.push(`${path} must be greater than or equal to ${min}`);
      if (max !== undefined && cast > max) messages.push(`${path} must be less than or equal to ${max}`);
      return messages.length > 0 ? { messages } : { value: cast };
    }
    case 'biginteger': {
      if (value === null || value === undefined) return nil(path, value, required, mode);
      const cast = castBigInteger(value);
      return typeof cast === 'string' && /^-?\d+$/.test(cast)
        ? { value: cast }
        : { messages: [`${path} must be a valid integer`] };
    }
    case 'enumeration': {
      if (value === null || value === undefined) return nil(path, value, required, mode, 'string');
      const cast = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
      // Strapi appends null to the allowed values, which prints as an empty last item.
      const oneOf = `${path} must be one of the following values: ${[...field.values, ''].join(', ')}`;
      // yup runs the type check and the allowed values together: an object or an array fails both (seen live).
      if (typeof cast !== 'string') return { messages: [typeMessage(path, 'string', cast, value), oneOf] };
      return field.values.includes(cast) ? { value: cast } : { messages: [oneOf] };
    }
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp':
    case 'json':
    case 'blocks':
      // No type of their own in the entity validator: the database layer parses dates (formats.ts).
      return value === null || value === undefined ? nil(path, value, required, mode) : { value };
    default: {
      if (value === null || value === undefined) return nil(path, value, required, mode, 'string');
      if (typeof value !== 'string') return { messages: [typeMessage(path, 'string', value, value)] };
      const messages = textRules(path, value, field, mode);
      return messages.length > 0 ? { messages } : { value };
    }
  }
}

/** lodash's `toInteger(Number(x))`, as Strapi reads an integer's `min` and `max`; undefined stays undefined. */
function toInteger(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (Number.isNaN(number)) return 0;
  if (!Number.isFinite(number)) return number > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
  return Math.trunc(number);
}
