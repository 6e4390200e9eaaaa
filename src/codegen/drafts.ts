/**
 * Drafts. Strapi 5 checks `required` only when an entry is published: a draft (`status:
 * 'draft'`) may lack a required scalar, single component, single media or relation, and the
 * components inside a draft are validated the same way. Draft reads return draft versions, with
 * `publishedAt` null, and populate the draft versions of related draft-and-publish entries.
 * Repeatable components and dynamic zones stay required in drafts too (Strapi always checks
 * that they are given, if only as `[]`).
 *
 * So each model may get draft declarations beside its own, each only where it differs:
 * - `<Name>Draft` (entry): every draft-and-publish content type (its `publishedAt` is null), and
 *   components with a required scalar field;
 * - `<Name>DraftPopulatable`: where a relation, media, component or zone holds something whose
 *   draft differs, or a required single media or component may be missing;
 * - `<Name>DraftInput`: draft-and-publish content types and components whose input has a
 *   required attribute (or a component holding one).
 * The registry lists them as `draftEntry`, `draftPopulatable` and `draftInput`.
 */

import { stringLiteral, type Uniquifier } from './identifiers.ts';
import type {
  ComponentModel,
  ContentTypeModel,
  DraftNames,
  ModelAttribute,
  ZoneMember,
} from './model-types.ts';

/** A model without draft declarations. */
export const NO_DRAFT: DraftNames = Object.freeze({ entry: null, populatable: null, input: null });

/** Draft names by model uid, for resolving what attributes point at. */
type DraftLookup = Map<string, DraftNames>;

/** The attribute kinds whose `required` Strapi skips in drafts. */
function relaxable(attribute: ModelAttribute): boolean {
  return (
    attribute.classification === 'scalar' ||
    attribute.classification === 'relation' ||
    (attribute.classification === 'media' && !attribute.many) ||
    (attribute.classification === 'component' && !attribute.many)
  );
}

function entryDiffers(attributes: ModelAttribute[]): boolean {
  return attributes.some((a) => a.classification === 'scalar' && a.required && !a.hidden);
}

function populatableDiffers(
  attributes: ModelAttribute[],
  drafts: DraftLookup,
  localizedDraft: boolean,
): boolean {
  if (localizedDraft) return true;
  return attributes.some((a) => {
    if (a.hidden) return false;
    switch (a.classification) {
      case 'relation':
        return a.targetUid !== null && drafts.get(a.targetUid)?.entry != null;
      case 'media':
        return a.required && !a.many;
      case 'component':
        return (a.required && !a.many) || drafts.get(a.targetUid)?.entry != null;
      case 'dynamiczone':
        return a.members.some((member) => drafts.get(member.uid)?.entry != null);
      default:
        return false;
    }
  });
}

function inputDiffers(attributes: ModelAttribute[], drafts: DraftLookup): boolean {
  return attributes.some((a) => {
    if (a.required && relaxable(a)) return true;
    if (a.classification === 'component') return drafts.get(a.targetUid)?.input != null;
    if (a.classification === 'dynamiczone')
      return a.members.some((member) => drafts.get(member.uid)?.input != null);
    return false;
  });
}

/**
 * Decides which draft declarations each model needs and claims their names (after every other
 * name, so an existing name never moves).
 */
export function assignDraftNames(
  contentTypes: ContentTypeModel[],
  components: ComponentModel[],
  types: Uniquifier,
): void {
  const drafts: DraftLookup = new Map();
  const flags = new Map<string, { entry: boolean; populatable: boolean; input: boolean }>();
  for (const model of contentTypes)
    flags.set(model.uid, { entry: model.draftAndPublish, populatable: false, input: false });
  for (const model of components)
    flags.set(model.uid, { entry: entryDiffers(model.attributes), populatable: false, input: false });
  // Entry flags first (they depend on nothing), published to the lookup for the other two.
  for (const [uid, flag] of flags)
    drafts.set(uid, { entry: flag.entry ? uid : null, populatable: null, input: null });
  // Inputs of components nest: repeat until nothing changes (components may nest in cycles).
  for (let changed = true; changed; ) {
    changed = false;
    for (const model of components) {
      const flag = flags.get(model.uid)!;
      if (!flag.input && inputDiffers(model.attributes, drafts)) {
        flag.input = true;
        drafts.get(model.uid)!.input = model.uid;
        changed = true;
      }
    }
  }
  for (const model of contentTypes) {
    const flag = flags.get(model.uid)!;
    flag.populatable = populatableDiffers(model.attributes, drafts, model.localized && model.draftAndPublish);
    flag.input = model.draftAndPublish && inputDiffers(model.attributes, drafts);
  }
  for (const model of components)
    flags.get(model.uid)!.populatable = populatableDiffers(model.attributes, drafts, false);

  for (const model of [...contentTypes, ...components]) {
    const flag = flags.get(model.uid)!;
    const stem = model.names.entry;
    model.draft = {
      entry: flag.entry ? types.claim(`${stem}Draft`) : null,
      populatable: flag.populatable ? types.claim(`${stem}DraftPopulatable`) : null,
      input: flag.input ? types.claim(`${stem}DraftInput`) : null,
    };
  }
}

/** Resolved draft declaration names, by uid, for {@link draftAttributes}. */
export interface DraftTargets {
  /** The entry interface a draft read gives for a model uid. */
  entry(uid: string, published: string): string;
  /** The input interface a draft write takes for a component uid. */
  input(uid: string, published: string): string;
}

/** Builds {@link DraftTargets} over every model. */
export function draftTargets(models: { uid: string; draft: DraftNames }[]): DraftTargets {
  const byUid = new Map(models.map((model) => [model.uid, model.draft]));
  return {
    entry: (uid, published) => byUid.get(uid)?.entry ?? published,
    input: (uid, published) => byUid.get(uid)?.input ?? published,
  };
}

function draftMember(member: ZoneMember, targets: DraftTargets): ZoneMember {
  return {
    uid: member.uid,
    entry: targets.entry(member.uid, member.entry),
    input: targets.input(member.uid, member.input),
  };
}

/**
 * The attributes as a draft has them: `required` dropped where Strapi skips it in drafts, and
 * every target pointed at its draft declarations. A dynamic zone's `target` becomes the inline
 * union of its members' draft entries, so the emitters need no further name.
 */
export function draftAttributes(attributes: ModelAttribute[], targets: DraftTargets): ModelAttribute[] {
  return attributes.map((a): ModelAttribute => {
    const required = a.required && !relaxable(a);
    switch (a.classification) {
      case 'relation':
        return {
          ...a,
          required,
          target: a.targetUid === null || a.target === null ? a.target : targets.entry(a.targetUid, a.target),
        };
      case 'component':
        return {
          ...a,
          required,
          target: targets.entry(a.targetUid, a.target),
          targetInput: targets.input(a.targetUid, a.targetInput),
        };
      case 'dynamiczone': {
        const members = a.members.map((member) => draftMember(member, targets));
        const changed = members.some((member, index) => member.entry !== a.members[index]?.entry);
        const union = members
          .map((member) => `({ __component: ${stringLiteral(member.uid)} } & ${member.entry})`)
          .join(' | ');
        return { ...a, members, target: changed ? `(${union})` : a.target };
      }
      default:
        return { ...a, required };
    }
  });
}
