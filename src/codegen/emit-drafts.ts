/**
 * The draft interfaces (`<Name>Draft`, `<Name>DraftPopulatable`, `<Name>DraftInput`) of the
 * models that have them: which ones, and their names, are decided by drafts.ts; the members are
 * the published ones (emit-entities.ts) over the draft attributes.
 */
import { type DraftTargets, draftAttributes } from './drafts.ts';
import {
  componentEntryMembers,
  componentInputMembers,
  contentTypeEntryMembers,
  inputMembers,
  localizationsMembers,
  populatableMembers,
} from './emit-entities.ts';
import { declareInterface, type Member, title } from './emit-syntax.ts';
import type { ComponentModel, ContentTypeModel } from './model-types.ts';

const DRAFT_NOTE = 'Strapi checks `required` only on publish, so required fields may be null here.';
const DRAFT_INPUT_NOTE = 'Strapi checks `required` only on publish, so required fields may be left out.';

/** The draft interfaces of a content type (see drafts.ts), those it has. */
export function contentTypeDraftDeclarations(model: ContentTypeModel, targets: DraftTargets): string[] {
  const { draft, names } = model;
  const name = title('Content type', model.uid, model.displayName);
  const attributes = draftAttributes(model.attributes, targets);
  const blocks: string[] = [];
  if (draft.entry !== null) {
    const publishedAt: Member = {
      key: 'publishedAt',
      type: 'null',
      docs: ['Always null: this is the draft version (publishing makes a separate published version).'],
    };
    blocks.push(
      declareInterface(
        [
          `${name} as a draft (\`status: 'draft'\`): the fields every response carries.`,
          DRAFT_NOTE,
          `The published version: {@link ${names.entry}}.`,
        ],
        draft.entry,
        contentTypeEntryMembers(model, attributes, publishedAt),
      ),
    );
  }
  if (draft.populatable !== null) {
    blocks.push(
      declareInterface(
        [
          `${name} as a draft: relations (their drafts), media, components and zones, present only when populated.`,
        ],
        draft.populatable,
        [...populatableMembers(attributes), ...localizationsMembers(model, draft.entry ?? names.entry)],
      ),
    );
  }
  if (draft.input !== null) {
    blocks.push(
      declareInterface(
        [
          `${name}: the data \`create\` accepts with \`status: 'draft'\`; \`update\` takes a \`Partial\` of it.`,
          DRAFT_INPUT_NOTE,
        ],
        draft.input,
        inputMembers(attributes),
      ),
    );
  }
  return blocks;
}

/** The draft interfaces of a component (see drafts.ts), those it has. */
export function componentDraftDeclarations(model: ComponentModel, targets: DraftTargets): string[] {
  const { draft } = model;
  const name = title('Component', model.uid, model.displayName);
  const attributes = draftAttributes(model.attributes, targets);
  const blocks: string[] = [];
  if (draft.entry !== null) {
    blocks.push(
      declareInterface(
        [`${name} inside a draft: its fields as every response carries them.`, DRAFT_NOTE],
        draft.entry,
        componentEntryMembers(model, attributes),
      ),
    );
  }
  if (draft.populatable !== null) {
    blocks.push(
      declareInterface(
        [
          `${name} inside a draft: relations (their drafts), media, nested components and zones, present only when populated.`,
        ],
        draft.populatable,
        populatableMembers(attributes),
      ),
    );
  }
  if (draft.input !== null) {
    blocks.push(
      declareInterface(
        [
          `${name}: the data a draft write accepts; give \`id\` to update an existing entry in place.`,
          DRAFT_INPUT_NOTE,
        ],
        draft.input,
        componentInputMembers(model, attributes),
      ),
    );
  }
  return blocks;
}
