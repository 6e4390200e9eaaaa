/**
 * The table `handleCmsWebhook` revalidates from: for each content type, the REST path its cache
 * tags are keyed on (src/runtime/core/cache-tags.ts), then the paths of its referrers, the content
 * types of the client whose reads can populate it. A page that populates an article's author
 * reads `/api/articles` and carries `cms:articles`; when the author changes, that page is stale
 * too, so a change to an author also revalidates `cms:articles`.
 *
 * A type reaches another through a relation, a media field (uploaded files), a component or a
 * dynamic zone, and on through whatever those reach: `populate` nests without a limit, so
 * reaching is transitive. A polymorphic relation without a target (the upload plugin's
 * `related`) is not followed: it could hold any type, and through it every type would reach
 * every other, so every change would revalidate every page.
 */

import { compareCodeUnits } from './identifiers.ts';
import type { CodegenModel, ContentTypeModel, ModelAttribute } from './model-types.ts';

/** The uid Strapi gives uploaded files, which media fields hold. */
const MEDIA_UID = 'plugin::upload.file';

/** REST paths of the plugin types the client reads (`client.upload`, `client.users`). */
const PLUGIN_PATHS: Readonly<Record<string, string>> = {
  [MEDIA_UID]: 'upload/files',
  'plugin::users-permissions.user': 'users',
};

/**
 * The path a type's tags are keyed on: where the client reads it (`articles` for a collection
 * type, `site-setting` for a single type, `upload/files`, `users`), else its uid.
 */
export function tagPath(type: ContentTypeModel): string {
  if (type.clientProperty !== null) return type.kind === 'singleType' ? type.singularName : type.pluralName;
  return PLUGIN_PATHS[type.uid] ?? type.uid;
}

/** The uids an attribute holds entries or instances of directly. */
function targets(attribute: ModelAttribute): readonly string[] {
  switch (attribute.classification) {
    case 'relation':
      return attribute.targetUid === null ? [] : [attribute.targetUid];
    case 'media':
      return [MEDIA_UID];
    case 'component':
      return [attribute.targetUid];
    case 'dynamiczone':
      return attribute.members.map((member) => member.uid);
    default:
      return [];
  }
}

/** One row of the table: a content type, the path its tags are keyed on, and its referrers' paths. */
export interface WebhookRow {
  uid: string;
  path: string;
  /**
   * The paths of the client's content types that reach this one, sorted; its own path too when a
   * cycle leads back to it (the tags name it once). In a schema whose types all reach each other,
   * every row has the same list, which the emitter then writes once.
   */
  referrers: string[];
}

/**
 * The strongly connected components of `edges` (Tarjan's algorithm, iterative), each as its uids.
 * A component comes after every component it reaches.
 */
function components(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const open: string[] = [];
  const onOpen = new Set<string>();
  const found: string[][] = [];
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: { uid: string; next: number }[] = [{ uid: root, next: 0 }];
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const { uid } = frame;
      if (frame.next === 0 && !index.has(uid)) {
        index.set(uid, index.size);
        low.set(uid, index.get(uid)!);
        open.push(uid);
        onOpen.add(uid);
      }
      const targets = edges.get(uid) ?? [];
      if (frame.next < targets.length) {
        const to = targets[frame.next++]!;
        if (!index.has(to)) work.push({ uid: to, next: 0 });
        else if (onOpen.has(to)) low.set(uid, Math.min(low.get(uid)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.uid, Math.min(low.get(parent.uid)!, low.get(uid)!));
      if (low.get(uid) !== index.get(uid)) continue;
      const members: string[] = [];
      for (let member = open.pop(); member !== undefined; member = open.pop()) {
        onOpen.delete(member);
        members.push(member);
        if (member === uid) break;
      }
      found.push(members);
    }
  }
  return found;
}

/**
 * For each content type (in model order): its tag path and its referrers' paths. Reaching is
 * decided per strongly connected component: types that reach each other reach the same types and
 * have the same referrers, so a schema whose types all reach each other costs one walk, not one
 * per type (which took a second at 1,000 types).
 */
export function webhookTable(model: CodegenModel): WebhookRow[] {
  const edges = new Map<string, readonly string[]>();
  for (const owner of [...model.contentTypes, ...model.components])
    edges.set(owner.uid, owner.attributes.flatMap(targets));
  const found = components(edges);
  const componentOf = new Map<string, number>();
  found.forEach((members, id) => {
    for (const uid of members) componentOf.set(uid, id);
  });
  // The components each component reaches through at least one edge (itself only through a
  // cycle); a component's successors come before it in `found`, so theirs are known.
  const reaches: Set<number>[] = [];
  found.forEach((members, id) => {
    const reached = new Set<number>();
    for (const uid of members) {
      for (const to of edges.get(uid) ?? []) {
        const target = componentOf.get(to)!;
        reached.add(target);
        if (target !== id) for (const further of reaches[target]!) reached.add(further);
      }
    }
    reaches.push(reached);
  });
  const referrers = found.map((): string[] => []);
  for (const type of model.contentTypes) {
    if (type.clientProperty === null) continue;
    for (const id of reaches[componentOf.get(type.uid)!]!) referrers[id]!.push(tagPath(type));
  }
  for (const list of referrers) list.sort(compareCodeUnits);
  return model.contentTypes.map((type) => ({
    uid: type.uid,
    path: tagPath(type),
    referrers: referrers[componentOf.get(type.uid)!]!,
  }));
}
