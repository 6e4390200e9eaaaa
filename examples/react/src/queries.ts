/**
 * The one CmsClient of this app and its TanStack Query options. The app runs in the browser,
 * so VITE_CMS_TOKEN is visible to anyone who loads it: give it an API token that may only do what
 * the pages do (here: read, update and create articles, create categories), never a full-access
 * token in production.
 *
 * The pages take the client from `CmsContext` (`useCms()`), which defaults to this one: a test
 * renders them under `<CmsContext value={cmsOf(otherClient)}>` to give them another.
 */
import { createContext, use } from 'react';
import { CmsClient, cmsQueries } from './cms';

export const CMS_URL: string = import.meta.env.VITE_CMS_URL ?? 'http://127.0.0.1:1337';

export const cms = new CmsClient({ baseURL: CMS_URL, token: import.meta.env.VITE_CMS_TOKEN });

/** `q.articles.find(...)`, `q.articles.update()`...: what `useQuery` and `useMutation` take. */
export const q = cmsQueries(cms);

/** A client and its query options, as the pages use them. */
export interface AppCms {
  cms: CmsClient;
  q: ReturnType<typeof cmsQueries>;
}

/** `client` and its query options (build it once per client: the options keep no state). */
export const cmsOf = (client: CmsClient): AppCms => ({ cms: client, q: cmsQueries(client) });

/** The client the pages use: this app's one unless a provider gives another. */
export const CmsContext = createContext<AppCms>({ cms, q });

/** `const { q } = useCms()`: the client of the nearest `CmsContext`. */
export const useCms = (): AppCms => use(CmsContext);
