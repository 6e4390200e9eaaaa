import Link from 'next/link';
import { cms, mediaUrl, REVALIDATE_SECONDS, tags } from '../lib/cms';

/**
 * The article list, rendered on the server. The fetch is cached by Next for
 * REVALIDATE_SECONDS and tagged `articles`, so POST /api/revalidate?tag=articles (for example
 * from a Strapi webhook) refreshes it at once.
 */
export default async function Home() {
  const articles = await cms.articles.find(
    {
      fields: ['title', 'slug', 'excerpt', 'readingMinutes'],
      populate: { author: { fields: ['name'] }, cover: true },
      sort: ['title:asc'],
    },
    { revalidate: REVALIDATE_SECONDS, tags: [tags.articles] },
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
