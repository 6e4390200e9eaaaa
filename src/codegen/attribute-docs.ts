/**
 * The JSDoc lines of an attribute: when a condition shows it, a required link the REST API does
 * not enforce, how its value reads back, then tag lines for its rules. Each line is safe to print
 * inside a comment. Inputs get the same lines less the notes that concern reads only.
 */
import type { JsonValue, SchemaAttribute } from '../schema/types.ts';
import { conditionDoc } from './conditions.ts';
import { jsdocText } from './identifiers.ts';

const LINK_REQUIRED_DOC =
  'Required in the admin; the REST API enforces it only with `api.documents.strictRelations`, so it may be missing.';

/**
 * What a value of these types reads back as, where it is not what one would guess or the
 * databases differ (seen on Strapi 5.54 with SQLite, PostgreSQL 15 and MariaDB 10.11).
 */
const VALUE_NOTES: Partial<Record<string, string>> = {
  biginteger:
    'Read back as a string on every database; SQLite rounds integers beyond 2^53 (9007199254740993 reads back as "9007199254740992").',
  decimal: 'Read back as a number (a JavaScript double) on every database.',
  time: 'Read back as `HH:mm:ss` on PostgreSQL, `HH:mm:ss.SSS` on SQLite and MySQL/MariaDB.',
  timestamp:
    'Read back as epoch milliseconds in a string (`"1735806600000"`), not ISO 8601, on SQLite, PostgreSQL and MySQL/MariaDB.',
  json: 'A bare `true`/`false` reads back as `1`/`0` on SQLite and MySQL/MariaDB; PostgreSQL and MySQL/MariaDB refuse a bare string.',
};

/** The types whose note says something about writes too; the others' notes stay out of inputs. */
const WRITE_NOTES = new Set(['json']);

/** An attribute's doc lines for the entry (`read`) and for the input (`write`). */
export interface AttributeDocs {
  read: string[];
  write: string[];
}

/**
 * The doc lines of an attribute. `rule` is its `conditions.visible` rule, if any; `linkRequired`
 * marks a required media or relation (which Strapi's REST API enforces only with
 * `api.documents.strictRelations`).
 */
export function attributeDocs(
  attribute: SchemaAttribute,
  rule: JsonValue | undefined,
  linkRequired: boolean,
): AttributeDocs {
  const lead = [
    ...(rule === undefined ? [] : [jsdocText(conditionDoc(rule, attribute.required === true))]),
    ...(linkRequired && rule === undefined ? [LINK_REQUIRED_DOC] : []),
  ];
  const note = VALUE_NOTES[attribute.type];
  const notes = note === undefined ? [] : [jsdocText(note)];
  const tags = tagDocs(attribute);
  const read = [...lead, ...notes, ...tags];
  return { read, write: WRITE_NOTES.has(attribute.type) ? read : [...lead, ...tags] };
}

/** Tag lines for the attribute's rules. */
function tagDocs(attribute: SchemaAttribute): string[] {
  const lines: string[] = [];
  const add = (tag: string, value: unknown) => {
    if (value === undefined) return;
    const text = jsdocText(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
    lines.push(text === '' ? `@${tag}` : `@${tag} ${text}`);
  };
  if (attribute.customField !== undefined) add('customField', String(attribute.customField));
  if (attribute.default !== undefined) add('default', JSON.stringify(attribute.default) ?? 'null');
  add('min', attribute.min);
  add('max', attribute.max);
  add('minLength', attribute.minLength);
  add('maxLength', attribute.maxLength);
  if (attribute.regex !== undefined) add('pattern', String(attribute.regex));
  if (attribute.unique === true) lines.push('@unique');
  if (Array.isArray(attribute.allowedTypes) && attribute.allowedTypes.length > 0) {
    add('allowedTypes', attribute.allowedTypes.map(String).join(', '));
  }
  if (attribute.targetField !== undefined) add('targetField', String(attribute.targetField));
  if (attribute.private === true) lines.push('@private');
  return lines;
}
