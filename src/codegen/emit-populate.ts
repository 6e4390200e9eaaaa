/**
 * `<Name>Populate`: what `populate` accepts as an object for each model. Each relation, media,
 * component and dynamic zone takes `true` or the runtime's options for its kind, written for its
 * target (`RelationPopulate<CmsSchemaTypes, ...>` of the related content type). A polymorphic
 * relation takes `true` only: it has no one target whose fields the options could name. Hidden
 * attributes are left out, as in the populatable interface.
 *
 * Declared per model rather than mapped from the registry's `links` by the runtime: TypeScript
 * then reads the members as they are, with no conditional type to resolve per attribute, which
 * is what an editor redoes after every keystroke when it types a populated query.
 */

import { declareInterface, type Member, title } from './emit-syntax.ts';
import type { ComponentModel, ContentTypeModel, ModelAttribute } from './model-types.ts';
import { stringLiteral } from './names.ts';

/** The runtime's option types the `<Name>Populate` interfaces named so far (the types file imports exactly those). */
export class PopulateOptions {
  readonly #used = new Set<string>();

  /** `name<args>`, recorded as used. */
  use(
    name: 'ComponentPopulate' | 'MediaPopulate' | 'RelationPopulate' | 'ZonePopulate',
    args: string,
  ): string {
    this.#used.add(name);
    return `${name}<${args}>`;
  }

  used(): string[] {
    return [...this.#used];
  }
}

const REGISTRY = 'CmsSchemaTypes';

function contentType(uid: string): string {
  return `${REGISTRY}['contentTypes'][${stringLiteral(uid)}]`;
}

/** The options of one populatable attribute, or null for one that takes only `true`. */
function options(attribute: ModelAttribute, context: PopulateOptions): string | null {
  switch (attribute.classification) {
    case 'relation':
      return attribute.targetUid === null
        ? null
        : context.use('RelationPopulate', `${REGISTRY}, ${contentType(attribute.targetUid)}`);
    case 'media':
      return context.use('MediaPopulate', REGISTRY);
    case 'component':
      return context.use(
        'ComponentPopulate',
        `${REGISTRY}, ${REGISTRY}['components'][${stringLiteral(attribute.targetUid)}]`,
      );
    case 'dynamiczone': {
      const members = attribute.members.map((member) => stringLiteral(member.uid)).join(' | ');
      return context.use('ZonePopulate', `${REGISTRY}, ${members === '' ? 'never' : members}`);
    }
    case 'scalar':
      throw new Error('unreachable: a scalar is not populated');
  }
}

function member(key: string, type: string | null, docs: string[] = []): Member {
  return { key, type: type === null ? 'true' : `true | ${type}`, optional: true, docs };
}

function populateDeclaration(
  label: string,
  model: ContentTypeModel | ComponentModel,
  extra: Member[],
  context: PopulateOptions,
): string {
  const members = model.attributes
    .filter((a) => a.classification !== 'scalar' && !a.hidden)
    .map((a) => member(a.key, options(a, context)));
  return declareInterface(
    [
      `${label}: what \`populate\` accepts as an object. Each relation, media, component and`,
      'dynamic zone takes `true` or its options (`fields`, `filters`, `sort`, nested `populate`, `count`; `on` for a zone).',
    ],
    model.names.populate,
    [...members, ...extra],
  );
}

/** A content type's `<Name>Populate`; a localized one also populates its `localizations`. */
export function contentTypePopulate(model: ContentTypeModel, context: PopulateOptions): string {
  const localizations = model.localized
    ? [
        member('localizations', context.use('RelationPopulate', `${REGISTRY}, ${contentType(model.uid)}`), [
          'The other locales of this entry.',
        ]),
      ]
    : [];
  return populateDeclaration(
    title('Content type', model.uid, model.displayName),
    model,
    localizations,
    context,
  );
}

/** A component's `<Name>Populate`. */
export function componentPopulate(model: ComponentModel, context: PopulateOptions): string {
  return populateDeclaration(title('Component', model.uid, model.displayName), model, [], context);
}
