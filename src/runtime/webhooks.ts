/**
 * Receiving Strapi's webhooks: check that a delivery comes from Strapi (the shared secret,
 * compared in constant time), parse it, and say which cache tags it makes stale. The generated
 * client's `handleCmsWebhook` calls `checkWebhook` with its schema's uids and its event type.
 *
 * Strapi sends no signature, only the headers configured on the webhook (Settings > Webhooks,
 * or `webhookStore.createWebhook({ headers })`): the secret proves who sent the delivery, not
 * what it holds, so deliver webhooks over HTTPS.
 */
import { changeTags, MEDIA_PATH } from './core/cache-tags.ts';
import { constantTimeEqual } from './core/constant-time.ts';
import { CmsWebhookError } from './core/errors.ts';
import type { WebhookResult } from './types/webhook-events.ts';

/** Options of `handleCmsWebhook(request, options)`. */
export interface WebhookOptions {
  /** The secret configured in Strapi's webhook headers. */
  secret: string;
  /**
   * The header that carries the secret. Unset: Strapi's webhook has the header
   * `Authorization: Bearer <secret>`. Set (e.g. `x-webhook-secret`): that header's whole value is
   * the secret. Header names are case-insensitive.
   * @default 'Authorization' (as `Bearer <secret>`)
   */
  header?: string | undefined;
}

// Arrays of literals rather than Sets: a `new Set` at module level is a call a bundler keeps in
// every app, even one that never receives a webhook.
const ENTRY_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish'];
const MEDIA_EVENTS = ['media.create', 'media.update', 'media.delete'];

/** One content type of the generated `handleCmsWebhook`'s table. */
export interface WebhookTableEntry {
  /** The path its tags are keyed on (core/cache-tags.ts). */
  readonly path: string;
  /**
   * The paths of the content types whose reads can hold it (through relations, components,
   * dynamic zones or media), computed by the generator; none when absent.
   */
  readonly referrers?: readonly string[];
}

/**
 * What the generated `handleCmsWebhook` passes: each uid of its schema by name.
 * @internal
 */
export type WebhookTable = Record<string, WebhookTableEntry>;

/** A parsed JSON object, read field by field. */
interface Received {
  event?: unknown;
  createdAt?: unknown;
  uid?: unknown;
  entry?: unknown;
  media?: unknown;
  documentId?: unknown;
}

function isObject(value: unknown): value is Received {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reject(
  reason: CmsWebhookError['reason'],
  status: CmsWebhookError['status'],
  message: string,
  cause?: unknown,
): never {
  throw new CmsWebhookError(reason, status, `Strapi webhook rejected: ${message}`, cause);
}

/** Throws unless `request` carries the secret, in the configured header, compared in constant time. */
function checkSecret(request: Request, options: WebhookOptions): void {
  const named = options.header !== undefined;
  const header = named ? options.header : 'authorization';
  const expected = named ? options.secret : `Bearer ${options.secret}`;
  const received = request.headers.get(header as string);
  const encoder = new TextEncoder();
  if (received === null || !constantTimeEqual(encoder.encode(expected), encoder.encode(received)))
    reject(
      'secret',
      401,
      received === null
        ? `no ${header} header; configure the webhook in Strapi with the header ${named ? `${header}: <secret>` : 'Authorization: Bearer <secret>'}`
        : `the ${header} header does not hold the secret`,
    );
}

/**
 * Checks one webhook delivery and parses it: a POST with the secret (see {@link WebhookOptions}),
 * a JSON body of a known event, about a content type of `table` (the schema's). Returns the
 * event and the tags it makes stale (`changeTags`: the type's, the document's, the referrers');
 * throws a `CmsWebhookError` (with the status to answer) otherwise. The event is typed `E` by the
 * caller (the generated `handleCmsWebhook`).
 * @internal
 */
export async function checkWebhook<E>(
  request: Request,
  options: WebhookOptions,
  table: WebhookTable,
): Promise<WebhookResult<E>> {
  if (!options || typeof options.secret !== 'string' || options.secret === '')
    throw new TypeError(
      'handleCmsWebhook: `secret` is required (the secret configured on the Strapi webhook)',
    );
  if (options.header !== undefined && (typeof options.header !== 'string' || options.header === ''))
    throw new TypeError('handleCmsWebhook: `header` must be a header name, e.g. "x-webhook-secret"');
  if (request.method !== 'POST')
    reject('method', 405, `method ${request.method}; Strapi sends webhooks as POST`);
  checkSecret(request, options);
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    reject('content-type', 415, `content type ${JSON.stringify(type)}; Strapi sends application/json`);
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch (error) {
    reject('body', 400, 'the body is not JSON', error);
  }
  if (!isObject(body) || typeof body.event !== 'string' || typeof body.createdAt !== 'string')
    reject('body', 400, 'the body is not a Strapi webhook event ({ event, createdAt, ... })');
  const { event } = body;
  const header = request.headers.get('x-strapi-event');
  if (header !== null && header !== event)
    reject(
      'body',
      400,
      `the body's event ${JSON.stringify(event)} differs from X-Strapi-Event ${JSON.stringify(header)}`,
    );
  let found: WebhookTableEntry | undefined;
  let documentId: string;
  if (ENTRY_EVENTS.includes(event)) {
    const { uid, entry } = body;
    if (typeof uid !== 'string' || !isObject(entry) || typeof entry.documentId !== 'string')
      reject('body', 400, `${event} without a uid and an entry with a documentId`);
    found = Object.hasOwn(table, uid) ? table[uid] : undefined;
    if (found === undefined)
      reject(
        'uid',
        422,
        `${event} of ${JSON.stringify(uid)}, a content type this client does not know; regenerate it (cms-types generate)`,
      );
    documentId = entry.documentId;
  } else if (MEDIA_EVENTS.includes(event)) {
    const { media } = body;
    if (!isObject(media) || typeof media.documentId !== 'string')
      reject('body', 400, `${event} without a media file with a documentId`);
    // Uploaded files are a content type too: the generator lists the types that populate them.
    found = table['plugin::upload.file'] ?? { path: MEDIA_PATH };
    documentId = media.documentId;
  } else {
    reject('event', 422, `unknown event ${JSON.stringify(event)}; Strapi 5 sends entry.* and media.* events`);
  }
  return { event: body as E, tags: changeTags(found.path, documentId, found.referrers ?? []) };
}
