/**
 * The table `handleCmsWebhook` revalidates from: for each content type, the REST path its cache
 * tags are keyed on (src/runtime/cache-tags.ts), then the paths of its referrers, the content
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
import type { CodegenModel, ContentTypeModel, ModelAttribute } from './model-types.ts';
import { compareCodeUnits } from './names.ts';

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

/** For each content type (in model order): its tag path and its referrers' paths. */
export function webhookTable(model: CodegenModel): WebhookRow[] {
  const edges = new Map<string, readonly string[]>();
  for (const owner of [...model.contentTypes, ...model.components])
    edges.set(owner.uid, owner.attributes.flatMap(targets));
  /** Every uid `from` reaches, itself excluded unless a cycle leads back to it. */
  const reached = (from: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [...(edges.get(from) ?? [])];
    for (let uid = stack.pop(); uid !== undefined; uid = stack.pop()) {
      if (seen.has(uid)) continue;
      seen.add(uid);
      stack.push(...(edges.get(uid) ?? []));
    }
    return seen;
  };
  const referrers = new Map<string, string[]>();
  for (const type of model.contentTypes) {
    if (type.clientProperty === null) continue;
    for (const uid of reached(type.uid)) {
      const list = referrers.get(uid) ?? [];
      list.push(tagPath(type));
      referrers.set(uid, list);
    }
  }
  return model.contentTypes.map((type) => ({
    uid: type.uid,
    path: tagPath(type),
    referrers: (referrers.get(type.uid) ?? []).sort(compareCodeUnits),
  }));
}
