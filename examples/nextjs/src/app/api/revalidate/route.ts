import { revalidateTag } from 'next/cache';
import { handleCmsWebhook, isCmsWebhookError } from '@/cms';

/**
 * POST /api/revalidate: Strapi's webhook (Settings > Webhooks: this URL, the header
 * `Authorization: Bearer <CMS_WEBHOOK_SECRET>`, the entry and media events). `handleCmsWebhook`
 * checks the secret and returns the tags the change makes stale, the ones the client's reads
 * carry (`cms:articles`...), so every page that read the changed content renders afresh.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const { tags } = await handleCmsWebhook(request, { secret: process.env.CMS_WEBHOOK_SECRET ?? '' });
    // `expire: 0`: the next request reads the new content, not a stale copy.
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
    return Response.json({ revalidated: tags });
  } catch (error) {
    if (isCmsWebhookError(error)) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
