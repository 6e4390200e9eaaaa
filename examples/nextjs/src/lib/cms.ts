/**
 * The one CmsClient of this app. It runs on the server only (server components and route
 * handlers), so the API token never reaches the browser. CMS_URL and CMS_TOKEN come from the
 * environment (`.env.local`, or the shell for `next build`).
 */
import { CmsClient } from '@/cms';

export const CMS_URL = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

const token = process.env.CMS_TOKEN;
if (!token) throw new Error('Set CMS_TOKEN to a read-only Strapi API token (see README.md).');

export const cms = new CmsClient({ baseURL: CMS_URL, token });

/**
 * Seconds Next may serve a cached CMS response before it fetches it again: an hour, because
 * Strapi's webhook (src/app/api/revalidate/route.ts) revalidates what a change makes stale at
 * once. Every read carries the client's cache tags (`cms:articles`...) without being asked.
 */
export const REVALIDATE_SECONDS = 3600;

/** An absolute URL for a file of Strapi's upload plugin (`/uploads/...`). */
export function mediaUrl(url: string): string {
  return url.startsWith('/') ? `${CMS_URL}${url}` : url;
}
