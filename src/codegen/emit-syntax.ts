/**
 * How the type emitters print: doc comments, interfaces, and the titles that name a model.
 * Every text passed in is already safe (names resolved by the model step, docs escaped).
 */
import { jsdocText } from './identifiers.ts';

/** One interface member. */
export interface Member {
  key: string;
  type: string;
  optional?: boolean;
  docs?: string[];
}

/** `Content type \`api::article.article\` (Article)`: how a declaration's doc names its model. */
export function title(label: string, uid: string, displayName: string): string {
  const name = jsdocText(displayName);
  return `${label} \`${jsdocText(uid)}\`${name === '' ? '' : ` (${name})`}`;
}

/** A JSDoc comment: on one line for one line of text. */
export function comment(lines: string[], indent = ''): string {
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}\n`).join('')}${indent} */\n`;
}

/**
 * An exported interface with its doc, extending `base` when given; without members (and base),
 * `Record<never, never>`.
 */
export function declareInterface(docs: string[], name: string, members: Member[], base?: string): string {
  const body = members
    .map((member) => {
      const doc = member.docs !== undefined && member.docs.length > 0 ? comment(member.docs, '  ') : '';
      return `${doc}  ${member.key}${member.optional === true ? '?' : ''}: ${member.type};\n`;
    })
    .join('');
  // An empty interface is a lint error (noEmptyInterface) in the consumer's project.
  if (body === '') return `${comment(docs)}export type ${name} = ${base ?? 'Record<never, never>'};`;
  return `${comment(docs)}export interface ${name}${base === undefined ? '' : ` extends ${base}`} {\n${body}}`;
}

/** An exported type alias with its doc. */
export function declareAlias(docs: string[], name: string, type: string): string {
  return `${comment(docs)}export type ${name} = ${type};`;
}
