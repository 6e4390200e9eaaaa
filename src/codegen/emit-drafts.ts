/**
 * The draft declarations (`<Name>Draft`, `<Name>DraftPopulatable`, `<Name>DraftInput`) of the
 * models that have them: which ones, and their names, are decided by drafts.ts. Each is derived
 * from its published declaration (emit-entities.ts), so a field the draft leaves as it is is
 * written once: a draft entry is a mapped type over the entry naming the fields a draft relaxes;
 * the other two extend the published interface without the members the draft attributes change,
 * and declare those.
 */
import { type DraftTargets, draftAttributes } from './drafts.ts';
import {
  componentInputMembers,
  inputMembers,
  localizationsMembers,
  populatableMembers,
} from './emit-entities.ts';
import { declareAlias, declareInterface, type Member, title } from './emit-syntax.ts';
import { stringLiteral } from './identifiers.ts';
import type { ComponentModel, ContentTypeModel, ModelAttribute } from './model-types.ts';

const DRAFT_NOTE = 'Strapi checks `required` only on publish, so required fields may be null here.';
const DRAFT_INPUT_NOTE = 'Strapi checks `required` only on publish, so required fields may be left out.';

/**
 * A draft entry: a mapped type over the published entry, in which the visible required scalars
 * may be null (Strapi checks them only on publish; relations, media and components are in the
 * populatable interfaces) and `nulled` (a content type's `publishedAt`) is null. Mapping over
 * the entry keeps each field's doc comment, order and definition, and writes each field once.
 * Written out in the alias (not as a runtime generic), so editors show the draft's own name.
 */
function draftEntryType(entry: string, attributes: ModelAttribute[], nulled: string[]): string {
  const relaxed = attributes
    .filter((a) => a.classification === 'scalar' && a.required && !a.hidden)
    .map((a) => stringLiteral(a.name));
  // The key parameter is lower-case: a generated type name never is, so none is shadowed.
  let field = `${entry}[k]`;
  if (relaxed.length > 0) field = `k extends ${relaxed.join(' | ')} ? ${entry}[k] | null : ${field}`;
  if (nulled.length > 0) field = `k extends ${nulled.map(stringLiteral).join(' | ')} ? null : ${field}`;
  return `{ [k in keyof ${entry}]: ${field} }`;
}

/** A member key as a string literal type (a key is a bare identifier or already a literal). */
function keyLiteral(key: string): string {
  return key.startsWith("'") ? key : `'${key}'`;
}

/**
 * A draft interface over its published one: the members whose type or optionality the draft
 * changes, written out (with their docs), over `Omit<published, those keys>` for the rest, so a
 * member the draft leaves as it is is written once. `published` and `drafted` list the same
 * keys in the same order.
 */
function draftInterface(
  docs: string[],
  name: string,
  base: string,
  published: Member[],
  drafted: Member[],
): string {
  const changed = drafted.filter(
    (member, index) =>
      member.type !== published[index]?.type || member.optional !== published[index]?.optional,
  );
  const extended =
    changed.length === 0 ? base : `Omit<${base}, ${changed.map((m) => keyLiteral(m.key)).join(' | ')}>`;
  return declareInterface(docs, name, changed, extended);
}

/** The draft declarations of a content type (see drafts.ts), those it has. */
export function contentTypeDraftDeclarations(model: ContentTypeModel, targets: DraftTargets): string[] {
  const { draft, names } = model;
  const name = title('Content type', model.uid, model.displayName);
  const attributes = draftAttributes(model.attributes, targets);
  const blocks: string[] = [];
  if (draft.entry !== null) {
    blocks.push(
      declareAlias(
        [
          `${name} as a draft (\`status: 'draft'\`): the fields every response carries, \`publishedAt\` null.`,
          DRAFT_NOTE,
          `The published version: {@link ${names.entry}}.`,
        ],
        draft.entry,
        draftEntryType(names.entry, model.attributes, ['publishedAt']),
      ),
    );
  }
  if (draft.populatable !== null) {
    blocks.push(
      draftInterface(
        [
          `${name} as a draft: relations (their drafts), media, components and zones, present only when populated.`,
        ],
        draft.populatable,
        names.populatable,
        [...populatableMembers(model.attributes), ...localizationsMembers(model, names.entry)],
        [...populatableMembers(attributes), ...localizationsMembers(model, draft.entry ?? names.entry)],
      ),
    );
  }
  if (draft.input !== null) {
    blocks.push(
      draftInterface(
        [
          `${name}: the data \`create\` accepts with \`status: 'draft'\`; \`update\` takes a \`Partial\` of it.`,
          DRAFT_INPUT_NOTE,
        ],
        draft.input,
        names.input,
        inputMembers(model.attributes),
        inputMembers(attributes),
      ),
    );
  }
  return blocks;
}

/** The draft declarations of a component (see drafts.ts), those it has. */
export function componentDraftDeclarations(model: ComponentModel, targets: DraftTargets): string[] {
  const { draft } = model;
  const name = title('Component', model.uid, model.displayName);
  const attributes = draftAttributes(model.attributes, targets);
  const blocks: string[] = [];
  if (draft.entry !== null) {
    blocks.push(
      declareAlias(
        [`${name} inside a draft: its fields as every response carries them.`, DRAFT_NOTE],
        draft.entry,
        draftEntryType(model.names.entry, model.attributes, []),
      ),
    );
  }
  if (draft.populatable !== null) {
    blocks.push(
      draftInterface(
        [
          `${name} inside a draft: relations (their drafts), media, nested components and zones, present only when populated.`,
        ],
        draft.populatable,
        model.names.populatable,
        populatableMembers(model.attributes),
        populatableMembers(attributes),
      ),
    );
  }
  if (draft.input !== null) {
    blocks.push(
      draftInterface(
        [
          `${name}: the data a draft write accepts; give \`id\` to update an existing entry in place.`,
          DRAFT_INPUT_NOTE,
        ],
        draft.input,
        model.names.input,
        componentInputMembers(model, model.attributes),
        componentInputMembers(model, attributes),
      ),
    );
  }
  return blocks;
}
