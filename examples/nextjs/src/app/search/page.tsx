import { cacheLife } from 'next/cache';
import Link from 'next/link';
import { Suspense } from 'react';
import { cms } from '@/lib/cms';

/**
 * Articles whose slug contains `q`, cached per query with `'use cache'` (Cache Components) for
 * `cacheLife('hours')`. The client sends its cache tags (`cms:articles`) as `next.tags`, and Next
 * gives a `'use cache'` entry the tags of every fetch inside it: the webhook's
 * `revalidateTag('cms:articles')` drops the entries of every query at once.
 */
async function search(q: string) {
  'use cache';
  cacheLife('hours');
  return cms.articles.find({
    filters: { slug: { $containsi: q } },
    fields: ['title', 'slug'],
    sort: ['title:asc'],
  });
}

/** The results: `searchParams` is request data, so they render at request time, inside `<Suspense>`. */
async function Results({ searchParams }: { searchParams: PageProps<'/search'>['searchParams'] }) {
  const { q } = await searchParams;
  const query = typeof q === 'string' ? q.trim() : '';
  if (!query) return <p>Search the articles by slug: /search?q=strapi</p>;
  const found = await search(query);
  return (
    <ul>
      {found.map((article) => (
        <li key={article.documentId}>
          <Link href={`/articles/${article.slug ?? article.documentId}`}>{article.title}</Link>
        </li>
      ))}
    </ul>
  );
}

export default function SearchPage({ searchParams }: PageProps<'/search'>) {
  return (
    <main>
      <h1>Search</h1>
      <Suspense fallback={<p>Searching…</p>}>
        <Results searchParams={searchParams} />
      </Suspense>
    </main>
  );
}
