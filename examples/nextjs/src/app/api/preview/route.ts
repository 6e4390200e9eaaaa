import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import { handleCmsPreview, isCmsPreviewError } from '@/cms';

/**
 * GET /api/preview: where Strapi's "Open preview" points (config/admin's `cmsPreview`, with the
 * same CMS_PREVIEW_SECRET). `handleCmsPreview` checks the secret and what the request asks to
 * show; then draft mode goes on for this browser and the editor lands on the page, which reads
 * drafts while draft mode is on. A refused request answers the status the error carries (401
 * for a wrong secret).
 */
export async function GET(request: Request): Promise<Response> {
  const secret = process.env.CMS_PREVIEW_SECRET;
  if (!secret) return new Response('Preview is not set up: set CMS_PREVIEW_SECRET.', { status: 404 });
  let path: string;
  try {
    ({ path } = handleCmsPreview(request, { secret }));
  } catch (error) {
    if (isCmsPreviewError(error)) return new Response(error.message, { status: error.status });
    throw error;
  }
  (await draftMode()).enable();
  redirect(path);
}
