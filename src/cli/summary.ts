/**
 * The printed summary of a schema diff (src/cli/schema-diff.ts): one line per change, the
 * breaking ones marked with their reason, at most a screenful.
 */
import type { SchemaChange } from './schema-diff.ts';

/** One change in words, e.g. `api::tag.tag: added field code (string, required)`. */
export function describeChange(change: SchemaChange): string {
  const what =
    change.subject === 'contentType'
      ? 'content type'
      : change.subject === 'registerField'
        ? 'register field'
        : change.subject;
  const values = (prefix: string, list: string[] | undefined) => (list ?? []).map((v) => `${prefix}${v}`);
  let text: string;
  if (change.subject === 'contentType' || change.subject === 'component') {
    text =
      change.change === 'changed'
        ? `${change.owner}: ${change.aspect} ${change.from} -> ${change.to}`
        : `${change.change} ${what} ${change.owner}`;
  } else if (change.change !== 'changed') {
    const detail = change.to ? ` (${change.to})` : '';
    text = `${change.owner}: ${change.change} ${what} ${change.name}${detail}`;
  } else {
    const where =
      change.subject === 'route' ? `${change.owner}: route ${change.name}` : `${change.owner}.${change.name}`;
    switch (change.aspect) {
      case 'enum':
      case 'components':
        text = `${where}: ${change.aspect === 'enum' ? 'enum values' : 'components'} ${[...values('+', change.added), ...values('-', change.removed)].join(' ')}`;
        break;
      case 'required':
        text = `${where}: ${change.to === 'true' ? 'now required' : 'no longer required'}`;
        break;
      case 'relation':
        text = `${where}: cardinality ${change.from} -> ${change.to}`;
        break;
      case 'target':
        text = `${where}: relation target ${change.from} -> ${change.to}`;
        break;
      default:
        text = `${where}: ${change.aspect} ${change.from} -> ${change.to}`;
    }
  }
  return change.breaking ? `${text} [breaking: ${change.reason}]` : text;
}

/** The lines of the summary; `limit` changes at most, then a count of the rest. */
export function summaryLines(changes: readonly SchemaChange[], limit = 30): string[] {
  if (changes.length === 0) return ['No content type, component, field or route changed.'];
  const breaking = changes.filter((change) => change.breaking).length;
  const lines = [
    `Schema changes since the previous output: ${changes.length}${breaking > 0 ? `, ${breaking} breaking (code that compiled before may not)` : ', none breaking'}:`,
  ];
  for (const change of changes.slice(0, limit))
    lines.push(
      `  ${change.breaking ? '!' : change.change === 'added' ? '+' : change.change === 'removed' ? '-' : '~'} ${describeChange(change)}`,
    );
  if (changes.length > limit) lines.push(`  ... and ${changes.length - limit} more (--json lists them all)`);
  return lines;
}
