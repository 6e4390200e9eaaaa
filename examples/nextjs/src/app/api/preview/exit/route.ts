import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';

/** GET /api/preview/exit?path=/articles/x: draft mode off, back to the published page. */
export async function GET(request: Request): Promise<Response> {
  (await draftMode()).disable();
  const path = new URL(request.url).searchParams.get('path') ?? '/';
  // Only a path of this site: `//host` or `/\host` would leave it.
  redirect(/^\/(?![/\\])/.test(path) ? path : '/');
}
