/**
 * One entry's `data` checked as a Strapi 5 REST write checks it: first the key check (an unknown
 * key is refused alone, `Invalid key <key>`, before any rule, as `validateInput` does), then each
 * attribute's rules in schema order. Work in progress (issue 44): scalar attributes only; no
 * components, zones, relations, media, dates, JSON or blocks yet.
 */
import { checkScalar, type ScalarRule, type WriteMode } from './scalars.ts';
import type { StandardIssue, StandardResult, StandardSchemaV1 } from './standard-schema.ts';

/** The attributes of a content type, in schema order, with their rules. */
export type FieldRules = Readonly<Record<string, ScalarRule>>;

/** Keys Strapi accepts in `data` besides the attributes (and ignores or overwrites). */
const ACCEPTED_KEYS = new Set(['id', 'documentId', 'locale', 'publishedAt', 'createdAt', 'updatedAt']);

/** Checks `data` against `fields` in `mode`; the cast entry or every issue. */
export function checkEntry(
  data: unknown,
  fields: FieldRules,
  mode: WriteMode,
): StandardResult<Record<string, unknown>> {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { issues: [{ message: 'Missing "data" payload in the request body', path: [] }] };
  for (const key of Object.keys(data))
    if (!Object.hasOwn(fields, key) && !ACCEPTED_KEYS.has(key))
      return { issues: [{ message: `Invalid key ${key}`, path: [key] }] };
  const issues: StandardIssue[] = [];
  const value: Record<string, unknown> = { ...data };
  for (const [name, rule] of Object.entries(fields)) {
    const outcome = checkScalar(name, (data as Record<string, unknown>)[name], rule, mode);
    if (outcome.messages) for (const message of outcome.messages) issues.push({ message, path: [name] });
    else if (outcome.value !== undefined) value[name] = outcome.value;
  }
  return issues.length > 0 ? { issues } : { value };
}

/** A Standard Schema validator of one write (`create`, `update` or a draft) of a content type. */
export function entryValidator<Output>(
  fields: FieldRules,
  mode: WriteMode,
): StandardSchemaV1<unknown, Output> {
  return {
    '~standard': {
      version: 1,
      vendor: 'cms-typed-client',
      validate: (value) => checkEntry(value, fields, mode) as StandardResult<Output>,
    },
  };
}
