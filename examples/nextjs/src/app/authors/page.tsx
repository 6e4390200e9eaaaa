import { cacheLife } from 'next/cache';
import Link from 'next/link';
import { Suspense } from 'react';
import { cms } from '@/lib/cms';

/**
 * The authors and their articles, cached with `'use cache'` (Cache Components): Next keeps the
 * result for `cacheLife('hours')`. The read inside passes no cache options: the client still
 * sends its cache tags (`cms:authors`) as `next.tags`, and Next gives the tags of every fetch in
 * a `'use cache'` function to its cache entry, so the webhook's `revalidateTag('cms:authors')`
 * (an article's change revalidates the tags of the types that populate articles) refreshes it.
 */
async function authors() {
  'use cache';
  cacheLife('hours');
  return cms.authors.find({
    fields: ['name'],
    populate: { articles: { fields: ['title', 'slug'], sort: ['title:asc'] } },
    sort: ['name:asc'],
  });
}

/**
 * The article changed last, read uncached on every request (`cache: 'no-store'`): with Cache
 * Components an uncached read renders inside `<Suspense>`, so the page's static shell is
 * prerendered and this part streams in.
 */
async function LastChanged() {
  const [last] = await cms.articles.find(
    { fields: ['title', 'updatedAt'], sort: ['updatedAt:desc'], pagination: { limit: 1 } },
    { cache: 'no-store' },
  );
  return <p id="last-changed">Last changed: {last ? last.title : 'nothing yet'}</p>;
}

export default async function AuthorsPage() {
  const list = await authors();
  return (
    <main>
      <h1>Authors</h1>
      <Suspense fallback={<p>Last changed: …</p>}>
        <LastChanged />
      </Suspense>
      <ul>
        {list.map((author) => (
          <li key={author.documentId}>
            <h2>{author.name}</h2>
            <ul>
              {author.articles.map((article) => (
                <li key={article.documentId}>
                  <Link href={`/articles/${article.slug ?? article.documentId}`}>{article.title}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </main>
  );
}
