import { revalidateTag } from 'next/cache';
import type { NextRequest } from 'next/server';

/**
 * POST /api/revalidate?tag=articles: marks every cached CMS response with that tag as expired,
 * so the next request fetches it from Strapi again. Point a Strapi webhook here (Settings >
 * Webhooks) with the header `x-revalidate-secret: <REVALIDATE_SECRET>`.
 */
export async function POST(request: NextRequest): Promise<Response> {
  const secret = process.env.REVALIDATE_SECRET;
  if (!secret || request.headers.get('x-revalidate-secret') !== secret) {
    return Response.json(
      { revalidated: false, message: 'Invalid or missing x-revalidate-secret' },
      { status: 401 },
    );
  }
  const tag = request.nextUrl.searchParams.get('tag') ?? 'articles';
  // `expire: 0`: readers see the new content on their next request, not after a background refresh.
  revalidateTag(tag, { expire: 0 });
  return Response.json({ revalidated: true, tag });
}
