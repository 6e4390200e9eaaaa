/**
 * The webhook events a Strapi 5 schema can produce, typed from what Strapi 5.54 sends (captured
 * from a real server by test/e2e/webhooks.test.ts). The generated types file names the union for
 * its schema in one line (`CmsWebhookEvent = WebhookEvent<CmsSchemaTypes>`); everything else is
 * computed here from the registry, so the types file does not grow per content type.
 *
 * Strapi POSTs `{ event, createdAt, ...info }`. Entry events (the document service) carry
 * `{ model, uid, entry }`:
 * - `entry.create` and `entry.update`: the draft on a draft-and-publish type (the entry itself on
 *   others), re-read with every relation (one level, scalar fields only), media, component and
 *   dynamic zone populated, components and zones recursively; private fields removed.
 * - `entry.publish`: the published version, populated the same way.
 * - `entry.unpublish`: the published version as the caller read it before removing it: scalar
 *   fields, and the attributes it populated (the admin panel: components and media in full,
 *   relations as `{ count }`).
 * - `entry.delete`: one event per deleted row (the draft and the published version of a
 *   draft-and-publish entry, each locale), scalar fields only.
 * Media events (the upload plugin) carry `{ media }`: the file's row.
 */
import type { MediaFile } from './attribute-values.ts';
import type { Like, Plain } from './result.ts';
import type { EntryIn, LinksOf, ModelOf, PopulatableIn, SchemaShape } from './shape.ts';

/** The entry events Strapi 5 sends webhooks for. */
export type CmsEntryEventName =
  | 'entry.create'
  | 'entry.update'
  | 'entry.delete'
  | 'entry.publish'
  | 'entry.unpublish';

/** The media (upload plugin) events Strapi 5 sends webhooks for. */
export type CmsMediaEventName = 'media.create' | 'media.update' | 'media.delete';

/** Every event a Strapi 5 webhook can be subscribed to. */
export type CmsWebhookEventName = CmsEntryEventName | CmsMediaEventName;

/** `localizations` is virtual in Strapi 5: webhooks never populate it. */
type Linked<M, D> = Exclude<keyof LinksOf<M> & keyof PopulatableIn<M, D>, 'localizations'>;

/** A populated attribute of a webhook entry: components and zones go deeper, relations and media do not. */
type DeepLink<S extends SchemaShape, L, Base, D> = L extends { type: 'component'; target: infer T }
  ? Like<Base, WebhookEntry<S, ModelOf<S, T>, D>>
  : L extends { type: 'dynamiczone'; targets: infer U }
    ? DeepZoneMember<S, U, D>[]
    : Base;

type DeepZoneMember<S extends SchemaShape, U, D> = U extends string
  ? Plain<{ __component: U; id: number } & WebhookEntry<S, ModelOf<S, U>, D>>
  : never;

/**
 * An entry of model `M` as `entry.create`, `entry.update` and `entry.publish` send it: its fields
 * (the draft's when `D` is true) and every relation, media, component and zone, populated the way
 * Strapi's deep populate does (relations one level deep, components and zones all the way down).
 */
export type WebhookEntry<S extends SchemaShape, M, D> = Plain<
  EntryIn<M, D> & {
    [K in Linked<M, D>]: DeepLink<S, LinksOf<M>[K], PopulatableIn<M, D>[K], D>;
  }
>;

/** A relation the caller populated with `count: true`, as the admin panel does before unpublishing. */
export interface RelationCount {
  /** How many entries the relation holds. */
  count: number;
}

/**
 * An entry as `entry.unpublish` sends it: the published version's fields, and each attribute the
 * unpublishing caller populated (the admin panel reads relations as `{ count }`).
 */
export type UnpublishedEntry<S extends SchemaShape, M> = Plain<
  EntryIn<M, false> & {
    [K in Linked<M, false>]?: LinksOf<M>[K] extends { type: 'relation' }
      ? PopulatableIn<M, false>[K] | RelationCount
      : DeepLink<S, LinksOf<M>[K], PopulatableIn<M, false>[K], false>;
  }
>;

/** `api::article.article` -> `article`: Strapi's `model` is the part after the last dot. */
type ModelName<U> = U extends `${string}::${infer Rest}`
  ? Rest extends `${string}.${infer Name}`
    ? Name
    : string
  : string;

/** The fields every entry event carries. */
type EntryEnvelope<E extends CmsEntryEventName, U, T> = {
  /** The event, also sent as the `X-Strapi-Event` header. */
  event: E;
  /** ISO 8601 timestamp of the delivery. */
  createdAt: string;
  /** The content type's model name (its singular name). */
  model: ModelName<U>;
  /** The content type's uid. */
  uid: U;
  /** The entry the event is about. */
  entry: T;
};

/** The entry events of content type `U`: publish and unpublish only on draft-and-publish types. */
type EntryEvents<S extends SchemaShape, U, M> =
  | EntryEnvelope<'entry.create', U, WebhookEntry<S, M, true>>
  | EntryEnvelope<'entry.update', U, WebhookEntry<S, M, true>>
  | EntryEnvelope<'entry.delete', U, EntryIn<M, true> | EntryIn<M, false>>
  | (M extends { draftEntry: object }
      ?
          | EntryEnvelope<'entry.publish', U, WebhookEntry<S, M, false>>
          | EntryEnvelope<'entry.unpublish', U, UnpublishedEntry<S, M>>
      : never);

/** A media event: the uploaded file's row. */
export interface CmsMediaEvent<E extends CmsMediaEventName = CmsMediaEventName> {
  /** The event, also sent as the `X-Strapi-Event` header. */
  event: E;
  /** ISO 8601 timestamp of the delivery. */
  createdAt: string;
  /** The file (for `media.delete`, as it was before deletion). */
  media: MediaFile;
}

/** An entry event of any content type of schema `S`, discriminated by `event` and `uid`. */
export type WebhookEntryEvent<S extends SchemaShape> = {
  [U in keyof S['contentTypes'] & string]: EntryEvents<S, U, ModelOf<S, U>>;
}[keyof S['contentTypes'] & string];

/** Every webhook event schema `S` can produce: entry events per content type, and media events. */
export type WebhookEvent<S extends SchemaShape> =
  | WebhookEntryEvent<S>
  | CmsMediaEvent<'media.create'>
  | CmsMediaEvent<'media.update'>
  | CmsMediaEvent<'media.delete'>;

/** What a checked webhook delivery gives: the typed event and the cache tags it makes stale. */
export interface WebhookResult<E> {
  /** The event, typed by `event` and `uid`. */
  event: E;
  /**
   * The tags to revalidate: `cms:<path>` and `cms:<path>:<documentId>` of what changed, then
   * `cms:<path>` of each content type whose reads can populate it; at most 128 (see cache-tags).
   */
  tags: string[];
}
