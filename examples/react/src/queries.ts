/**
 * The one CmsClient of this app and its TanStack Query options. The app runs in the browser,
 * so VITE_CMS_TOKEN is visible to anyone who loads it: give it an API token that may only do what
 * the pages do (here: read, update and create articles, create categories), never a full-access
 * token in production.
 */
import { CmsClient, cmsQueries } from './cms';

export const CMS_URL: string = import.meta.env.VITE_CMS_URL ?? 'http://127.0.0.1:1337';

export const cms = new CmsClient({ baseURL: CMS_URL, token: import.meta.env.VITE_CMS_TOKEN });

/** `q.articles.find(...)`, `q.articles.update()`...: what `useQuery` and `useMutation` take. */
export const q = cmsQueries(cms);
