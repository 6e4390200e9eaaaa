/**
 * Type tests of `cmsQueries` with TanStack Query itself: the options go into `useQuery`,
 * `queryOptions`, `useMutation` of @tanstack/react-query and @tanstack/vue-query as they are,
 * and the `data` TanStack infers is what the client's method returns (following `populate` and
 * `fields`). Checked by `tsc -p tsconfig.json` (never run).
 */
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useMutation as useVueMutation, useQuery as useVueQuery } from '@tanstack/vue-query';
import { expectTypeOf } from 'expect-type';
import {
  type Article,
  type ArticleInput,
  type Author,
  type CmsClient,
  type CmsListResponse,
  cmsQueries,
  type MediaFile,
  type SiteSetting,
  type Tag,
  type UsersPermissionsUser,
} from './generated/kitchen/index.ts';

declare const cms: CmsClient;
declare const queryClient: QueryClient;
const q = cmsQueries(cms);
type SiteSettingInputOf = Parameters<CmsClient['siteSetting']['update']>[0] extends infer D
  ? D extends FormData
    ? never
    : NonNullable<D>
  : never;

// --- keys ----------------------------------------------------------------------------------
expectTypeOf(q.key).toEqualTypeOf<readonly ['cms']>();
expectTypeOf(q.articles.key).toEqualTypeOf<readonly ['cms', string]>();
expectTypeOf(q.articles.documentKey('abc')).toEqualTypeOf<readonly ['cms', string, 'document', string]>();
expectTypeOf(q.siteSetting.key).toEqualTypeOf<readonly ['cms', string]>();
// @ts-expect-error a single type has no documents
void q.siteSetting.documentKey;
// @ts-expect-error upload and i18n have no queries here
void q.upload;
// @ts-expect-error unknown members are not there
void q.nothing;

/** The checks in a hook of their own: hooks are called from hooks (biome's rules of hooks). */
export async function useTypeChecks() {
  // --- React: useQuery infers data from the options: what the client's own call returns ------
  {
    const direct = await cms.articles.find({ populate: { author: true, cover: true } });
    const { data } = useQuery(q.articles.find({ populate: { author: true, cover: true } }));
    expectTypeOf(data).toEqualTypeOf<typeof direct | undefined>();
    expectTypeOf(data![0]!.author).toEqualTypeOf<Author | null>();
    expectTypeOf(data![0]!.cover).toEqualTypeOf<MediaFile | null>();
    // @ts-expect-error tags were not populated
    void data![0]!.tags;
  }
  {
    const { data } = useQuery(q.articles.find());
    expectTypeOf(data).toEqualTypeOf<Article[] | undefined>();
  }
  {
    const direct = await cms.articles.find({ fields: ['title'] });
    const { data } = useQuery(q.articles.find({ fields: ['title'] }));
    expectTypeOf(data).toEqualTypeOf<typeof direct | undefined>();
    expectTypeOf(data![0]!.title).toEqualTypeOf<string>();
    // @ts-expect-error not selected
    void data![0]!.summary;
  }
  {
    const direct = await cms.articles.findOne('abc', { populate: { tags: true } });
    const { data } = useQuery(q.articles.findOne('abc', { populate: { tags: true } }));
    expectTypeOf(data).toEqualTypeOf<typeof direct | undefined>();
    expectTypeOf(data!.tags).toEqualTypeOf<Tag[]>();
  }
  {
    const { data } = useQuery(q.articles.findWithMeta({ pagination: { page: 1, pageSize: 10 } }));
    expectTypeOf(data?.data).toEqualTypeOf<Article[] | undefined>();
    expectTypeOf(data?.meta.pagination.pageCount).toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<typeof data>>().toExtend<CmsListResponse<Article[], unknown>>();
  }
  {
    const { data } = useSuspenseQuery(q.siteSetting.find());
    expectTypeOf(data).toEqualTypeOf<SiteSetting>();
  }
  {
    const { data } = useQuery(q.auth.me());
    expectTypeOf(data).toEqualTypeOf<UsersPermissionsUser | undefined>();
  }
  {
    const { data } = useQuery(q.articles.popular<{ titles: string[] }>({ limit: 3 }));
    expectTypeOf(data).toEqualTypeOf<{ titles: string[] } | undefined>();
  }
  // queryOptions keeps the type for prefetching and cache reads.
  {
    const options = queryOptions(q.articles.find({ populate: ['author'] }));
    const list = await queryClient.fetchQuery(options);
    expectTypeOf(list[0]!.author).toEqualTypeOf<Author | null>();
  }
  // The query parameters are checked as the client checks them.
  // @ts-expect-error not a field of articles
  q.articles.find({ fields: ['nope'] });
  // @ts-expect-error not populatable
  q.articles.find({ populate: { title: true } });

  // --- React: mutations ----------------------------------------------------------------------
  {
    const mutation = useMutation(q.articles.update());
    mutation.mutate({ documentId: 'abc', data: { title: 'New' } });
    // @ts-expect-error the documentId is required
    mutation.mutate({ data: { title: 'New' } });
    // @ts-expect-error title is a string
    mutation.mutate({ documentId: 'abc', data: { title: 1 } });
    expectTypeOf(mutation.data).toEqualTypeOf<Article | undefined>();
  }
  {
    const direct = await cms.articles.create({ title: 'x' } as ArticleInput, { populate: { author: true } });
    const mutation = useMutation(q.articles.create({ populate: { author: true } }));
    // editorNote: the test app adds it to the article writes (contentAPI.addInputParams).
    expectTypeOf(mutation.mutate)
      .parameter(0)
      .toEqualTypeOf<{ data: (ArticleInput & { editorNote?: string | undefined }) | FormData }>();
    expectTypeOf(mutation.data).toEqualTypeOf<typeof direct | undefined>();
    expectTypeOf(mutation.data!.author).toEqualTypeOf<Author | null>();
  }
  {
    const mutation = useMutation(q.articles.delete());
    expectTypeOf(mutation.mutate).parameter(0).toEqualTypeOf<{ documentId: string }>();
  }
  {
    // A single type deletes with no variables.
    const mutation = useMutation(q.siteSetting.delete());
    mutation.mutate();
    expectTypeOf(mutation.data).toEqualTypeOf<SiteSetting | null | undefined>();
  }
  {
    const mutation = useMutation(q.siteSetting.update());
    expectTypeOf(mutation.mutate)
      .parameter(0)
      .toEqualTypeOf<{ data: Partial<SiteSettingInputOf> | FormData }>();
  }
  {
    const client = useQueryClient();
    void client.invalidateQueries({ queryKey: q.articles.key });
    void client.invalidateQueries({ queryKey: q.articles.documentKey('abc') });
  }

  // --- Vue: the same options ------------------------------------------------------------------
  {
    const direct = await cms.articles.find({ populate: { author: true } });
    const { data } = useVueQuery(q.articles.find({ populate: { author: true } }));
    expectTypeOf(data.value).toEqualTypeOf<typeof direct | undefined>();
    expectTypeOf(data.value![0]!.author).toEqualTypeOf<Author | null>();
  }
  {
    const mutation = useVueMutation(q.articles.update());
    mutation.mutate({ documentId: 'abc', data: { title: 'New' } });
    expectTypeOf(mutation.data.value).toEqualTypeOf<Article | undefined>();
  }
}
