/**
 * Inverse sides of relations that Strapi cannot read. A relation with `mappedBy` owns no join
 * table or column of its own: Strapi gives it the owner's when it builds the attribute of the
 * target whose `inversedBy` names it. With no such owner (FoodAdvisor's user `articles`,
 * `mappedBy: 'author'` on an article that has no `author`), Strapi still boots, but never
 * returns the relation, populated or not, a filter on it fails with a database error, and a write
 * to it is dropped. The plugin leaves such relations out of the published schema and says why.
 */
import type { SchemaContentType } from './types.ts';

/** A relation the plugin leaves out: where it is, and what its `mappedBy` names. */
export interface UnownedInverse {
  uid: string;
  attribute: string;
  target: string;
  mappedBy: string;
}

/**
 * The inverse sides of `contentTypes` that no attribute of their target owns: none is a relation
 * to their content type whose `inversedBy` names them. A target outside `contentTypes` is not
 * judged.
 */
export function unownedInverses(contentTypes: Record<string, SchemaContentType>): UnownedInverse[] {
  const found: UnownedInverse[] = [];
  for (const [uid, contentType] of Object.entries(contentTypes)) {
    for (const [name, attribute] of Object.entries(contentType.attributes)) {
      const { target, mappedBy } = attribute;
      if (attribute.type !== 'relation' || target === undefined || mappedBy === undefined) continue;
      const owners = contentTypes[target]?.attributes;
      if (owners === undefined) continue;
      const owned = Object.values(owners).some(
        (owner) => owner.type === 'relation' && owner.target === uid && owner.inversedBy === name,
      );
      if (!owned) found.push({ uid, attribute: name, target, mappedBy });
    }
  }
  return found;
}

/** What the plugin logs at start and `cms-types generate` prints for a relation it left out. */
export function unownedInverseNotice({ uid, attribute, target, mappedBy }: UnownedInverse): string {
  return (
    `${uid}.${attribute} is left out of the published schema: its mappedBy names ${JSON.stringify(mappedBy)}, ` +
    `but ${target} has no relation to ${uid} with inversedBy ${JSON.stringify(attribute)}, so Strapi never ` +
    `returns it and a filter on it fails. Add that relation to ${target}, or remove ${JSON.stringify(attribute)} ` +
    `from ${uid}`
  );
}
