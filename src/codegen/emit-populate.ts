/**
 * `<Name>Populate`: what `populate` accepts as an object for each model. Each relation, media,
 * component and dynamic zone takes `true` or the runtime's options for its kind, written for its
 * target (`PopulateRelation<CmsSchemaTypes, 'api::tag.tag'>`: `true` or the options of a
 * relation to tags). A polymorphic relation takes `true` only: it has no one target whose fields
 * the options could name. Hidden attributes are left out, as in the populatable interface.
 *
 * Declared per model rather than mapped from the registry's `links` by the runtime: TypeScript
 * then reads the members as they are, with no conditional type to resolve per attribute, which
 * is what an editor redoes after every keystroke when it types a populated query.
 */

import { declareInterface, type Member, title } from './emit-syntax.ts';
import { stringLiteral } from './identifiers.ts';
import type { ComponentModel, ContentTypeModel, ModelAttribute } from './model-types.ts';

type PopulateKind = 'PopulateComponent' | 'PopulateMedia' | 'PopulateRelation' | 'PopulateZone';

/** The runtime's populate types the `<Name>Populate` interfaces named so far (the types file imports exactly those). */
export class PopulateOptions {
  readonly #used = new Set<PopulateKind>();

  /** `kind<CmsSchemaTypes>`, or `kind<CmsSchemaTypes, target>`, recorded as used. */
  use(kind: PopulateKind, target?: string): string {
    this.#used.add(kind);
    return target === undefined ? `${kind}<CmsSchemaTypes>` : `${kind}<CmsSchemaTypes, ${target}>`;
  }

  /** The kinds named so far, in the order first named (the types file sorts its import). */
  used(): string[] {
    return [...this.#used];
  }
}

/** What one populatable attribute takes: `true` or its options, or `true` alone. */
function populated(attribute: ModelAttribute, context: PopulateOptions): string {
  switch (attribute.classification) {
    case 'relation':
      return attribute.targetUid === null
        ? 'true'
        : context.use('PopulateRelation', stringLiteral(attribute.targetUid));
    case 'media':
      return context.use('PopulateMedia');
    case 'component':
      return context.use('PopulateComponent', stringLiteral(attribute.targetUid));
    case 'dynamiczone': {
      const members = attribute.members.map((member) => stringLiteral(member.uid)).join(' | ');
      return context.use('PopulateZone', members === '' ? 'never' : members);
    }
    case 'scalar':
      throw new Error('unreachable: a scalar is not populated');
  }
}

/**
 * A model's `<Name>Populate`: its relations, media, components and zones in schema order, then,
 * for a localized content type, its `localizations`.
 */
export function populateInterface(
  model: ContentTypeModel | ComponentModel,
  context: PopulateOptions,
): string {
  const members = model.attributes
    .filter((a) => a.classification !== 'scalar' && !a.hidden)
    .map((a): Member => ({ key: a.key, type: populated(a, context), optional: true }));
  const contentType = 'kind' in model;
  if (contentType && model.localized)
    members.push({
      key: 'localizations',
      type: context.use('PopulateRelation', stringLiteral(model.uid)),
      optional: true,
      docs: ['The other locales of this entry.'],
    });
  const label = title(contentType ? 'Content type' : 'Component', model.uid, model.displayName);
  return declareInterface(
    [`${label}: what \`populate\` accepts as an object.`],
    model.names.populate,
    members,
  );
}
