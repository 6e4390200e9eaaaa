import Link from 'next/link';
import { cms, mediaUrl, REVALIDATE_SECONDS } from '../lib/cms';

/**
 * The article list, rendered on the server. The fetch is cached by Next for REVALIDATE_SECONDS
 * and carries the client's tag `cms:articles` (and, as the list populates them, a change to an
 * author or an image revalidates `cms:articles` too), so Strapi's webhook refreshes it at once.
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
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {articles.map((article) => (
          <li key={article.documentId} style={{ marginBottom: '1.5rem' }}>
            {article.cover?.formats?.thumbnail ? (
              // biome-ignore lint/performance/noImgElement: Strapi already serves resized formats of each image
              <img
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
