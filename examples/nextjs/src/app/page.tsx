import Image from 'next/image';
import Link from 'next/link';
import { cms, mediaUrl, REVALIDATE_SECONDS } from '@/lib/cms';

/**
 * The article list: a fetch-cached read. `{ revalidate }` makes the client pass
 * `next: { revalidate, tags: ['cms:articles'] }` to fetch, so Next caches the response (with
 * Cache Components too: a fetch with a revalidate period is cached data a prerender may use) and
 * Strapi's webhook refreshes it at once: the list populates authors and covers, so a change to an
 * author or an image revalidates `cms:articles` too.
 */
export default async function Home() {
  const articles = await cms.articles.find(
    {
      fields: ['title', 'slug', 'excerpt', 'readingMinutes'],
      populate: { author: { fields: ['name'] }, cover: true },
      sort: ['title:asc'],
    },
    { revalidate: REVALIDATE_SECONDS },
  );
  return (
    <main>
      <h1>Articles</h1>
      <ul>
        {articles.map((article) => (
          <li key={article.documentId}>
            {article.cover?.formats?.thumbnail ? (
              // Strapi already serves resized formats of each image: Next serves it as it is.
              <Image
                unoptimized
                src={mediaUrl(article.cover.formats.thumbnail.url)}
                alt={article.cover.alternativeText ?? article.title}
                width={article.cover.formats.thumbnail.width}
                height={article.cover.formats.thumbnail.height}
              />
            ) : null}
            <h2>
              <Link href={`/articles/${article.slug ?? article.documentId}`}>{article.title}</Link>
            </h2>
            <p>
              {article.excerpt} · {article.author?.name ?? 'Unknown author'} · {article.readingMinutes} min
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
