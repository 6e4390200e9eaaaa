/**
 * Coverage of the fidelity suites, derived from the schema the app publishes (through the
 * codegen model, so the attribute kinds and hidden fields are the generator's own): every content
 * type has a call whose entries are checked, draft-and-publish ones a `status: 'draft'` call
 * too, and in those entries every attribute (inside components and every member of every dynamic
 * zone too) and every returned key has a value somewhere.
 */
import type { CodegenModel, ModelAttribute } from '../../src/codegen/model.ts';

/** A call whose entries must give every field of its content type a value. */
export interface Coverage {
  /** The content type the call returns entries of. */
  uid: string;
  /** The call reads drafts (`status: 'draft'`). */
  draft?: boolean;
  /** Fields null in every entry by design (a draft's `publishedAt`). */
  empty?: string[];
}

/**
 * Content types of `model` no covered call reads (`uid`), draft-and-publish ones no covered
 * draft call reads (`uid (drafts)`), and exemptions that name no content type. Empty when all
 * are covered.
 */
export function uncoveredTypes(
  model: CodegenModel,
  covered: Coverage[],
  exempt: Record<string, string>,
): string[] {
  const missing: string[] = [];
  for (const type of model.contentTypes) {
    if (Object.hasOwn(exempt, type.uid)) continue;
    const calls = covered.filter((call) => call.uid === type.uid);
    if (!calls.some((call) => !call.draft)) missing.push(type.uid);
    if (type.draftAndPublish && !calls.some((call) => call.draft)) missing.push(`${type.uid} (drafts)`);
  }
  for (const uid of Object.keys(exempt))
    if (!model.contentTypes.some((type) => type.uid === uid))
      missing.push(`${uid} (exempt, not in the schema)`);
  for (const call of covered)
    if (!model.contentTypes.some((type) => type.uid === call.uid))
      missing.push(`${call.uid} (covered, not in the schema)`);
  return missing;
}

/** The plugin content types of the test apps' /schema that no fidelity call covers, and why. */
export const PLUGIN_EXEMPT: Record<string, string> = {
  'plugin::upload.file':
    'read by the uploads call (walked) and inside every media field; caption, focalPoint, previewUrl, provider_metadata and folder are set only in the admin or by cloud providers, and upload.find takes no populate',
  'plugin::upload.folder': 'folders have no Content API route (an admin feature)',
  'plugin::users-permissions.user':
    'read through client.auth (test/e2e/auth tests), which needs a signed-in user',
  'plugin::users-permissions.role': 'no Content API route the generated client calls',
  'plugin::users-permissions.permission': 'no Content API route the generated client calls',
  'plugin::content-releases.release': 'admin only: no Content API route',
  'plugin::content-releases.release-action': 'admin only: no Content API route',
  'plugin::review-workflows.workflow': 'admin only: no Content API route',
  'plugin::review-workflows.workflow-stage': 'admin only: no Content API route',
};

type Entry = Record<string, unknown>;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0);

const items = (values: unknown[]): Entry[] =>
  values.flat().filter((value): value is Entry => !isEmpty(value) && typeof value === 'object');

/**
 * Fields (`seo.canonical.url`, `sections<sections.hero>.image`) that no entry gives a value:
 * null, absent or an empty array in every entry. Looks at the schema's visible attributes and at
 * every returned key; inside components and zones the items of all entries count together, and
 * a zone member no entry holds is reported as `zone<member>`.
 */
export function uncoveredFields(model: CodegenModel, uid: string, entries: Entry[]): string[] {
  const type = model.contentTypes.find((candidate) => candidate.uid === uid);
  if (type === undefined) throw new Error(`${uid} is not in the schema`);
  const components = new Map(model.components.map((component) => [component.uid, component.attributes]));
  const attributesOf = (component: string) => {
    const attributes = components.get(component);
    if (attributes === undefined) throw new Error(`component ${component} is not in the schema`);
    return attributes;
  };
  const walk = (attributes: ModelAttribute[], values: Entry[], prefix: string): string[] => {
    const visible = attributes.filter((attribute) => !attribute.hidden);
    const keys = new Set([...visible.map((attribute) => attribute.name), ...values.flatMap(Object.keys)]);
    return [...keys].flatMap((key) => {
      const found = values.map((value) => value[key]);
      if (found.every(isEmpty)) return [`${prefix}${key}`];
      const attribute = visible.find((candidate) => candidate.name === key);
      if (attribute?.classification === 'component')
        return walk(attributesOf(attribute.targetUid), items(found), `${prefix}${key}.`);
      if (attribute?.classification === 'dynamiczone')
        return attribute.members.flatMap((member) => {
          const held = items(found).filter((item) => item.__component === member.uid);
          const at = `${prefix}${key}<${member.uid}>`;
          return held.length === 0 ? [at] : walk(attributesOf(member.uid), held, `${at}.`);
        });
      return [];
    });
  };
  return walk(type.attributes, entries, '');
}

/** Private and password attributes of `uid` that some entry returns (they must never be). */
export function returnedHidden(model: CodegenModel, uid: string, entries: Entry[]): string[] {
  const type = model.contentTypes.find((candidate) => candidate.uid === uid);
  if (type === undefined) throw new Error(`${uid} is not in the schema`);
  return type.attributes
    .filter((attribute) => attribute.hidden && entries.some((entry) => Object.hasOwn(entry, attribute.name)))
    .map((attribute) => attribute.name);
}
