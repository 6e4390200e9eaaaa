import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import Image from 'next/image';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { withStatus } from '@/cms';
import { LivePreview } from '@/components/live-preview';
import { CMS_URL, cms, mediaUrl, REVALIDATE_SECONDS } from '@/lib/cms';

/**
 * One article by slug, with its author and categories; tagged `cms:articles` by the client and
 * `article:<slug>` by this call (an app's own tags follow the client's). In draft mode (Strapi's
 * "Open preview", src/app/api/preview/route.ts) `withStatus` makes it a draft read: uncached,
 * under tags of its own, so a draft never fills the published page's cache.
 */
async function article(slug: string) {
  const { isEnabled } = await draftMode();
  const [found] = await withStatus(cms, isEnabled ? 'draft' : 'published').articles.find(
    {
      filters: { slug: { $eq: slug } },
      populate: { author: { populate: { avatar: true } }, categories: { fields: ['name'] }, cover: true },
    },
    { revalidate: REVALIDATE_SECONDS, tags: [`article:${slug}`] },
  );
  return found;
}

/**
 * Every part of this page is cached data (Cache Components): a slug `generateStaticParams` did
 * not list is rendered in full before the answer starts, so an article added later is served
 * (and kept) on its first request, and an unknown slug answers 404 with src/app/not-found.tsx.
 * Without it, partial prefetching would stream the page's shell first, and `notFound()` would
 * come with a 200 (and `noindex`).
 */
export const ensureStatic = 'navigation';

/** The pages `next build` prerenders: one per article the CMS has at build time. */
export async function generateStaticParams(): Promise<{ slug: string }[]> {
  const articles = await cms.articles.find({ fields: ['slug'] }, { revalidate: REVALIDATE_SECONDS });
  return articles.flatMap((entry) => (entry.slug ? [{ slug: entry.slug }] : []));
}

export async function generateMetadata({ params }: PageProps<'/articles/[slug]'>): Promise<Metadata> {
  const entry = await article((await params).slug);
  return { title: entry?.title ?? 'Not found', description: entry?.excerpt ?? null };
}

export default async function ArticlePage({ params }: PageProps<'/articles/[slug]'>) {
  const { slug } = await params;
  const entry = await article(slug);
  if (!entry) notFound();
  const preview = (await draftMode()).isEnabled;
  return (
    <main>
      {preview ? (
        <p className="preview">
          Draft preview ·{' '}
          <a href={`/api/preview/exit?path=/articles/${encodeURIComponent(slug)}`}>Leave preview</a>
          <LivePreview strapiOrigin={CMS_URL} />
        </p>
      ) : null}
      <p>
        <Link href="/">← All articles</Link>
      </p>
      <h1>{entry.title}</h1>
      {entry.cover?.width && entry.cover.height ? (
        // Strapi already serves resized formats of each image: Next serves it as it is.
        <Image
          unoptimized
          src={mediaUrl(entry.cover.url)}
          alt={entry.cover.alternativeText ?? entry.title ?? ''}
          width={entry.cover.width}
          height={entry.cover.height}
        />
      ) : null}
      <p>
        {entry.author?.name ?? 'Unknown author'} · {entry.readingMinutes} min ·{' '}
        {entry.categories.map((category) => category.name).join(', ')}
      </p>
      <p>{entry.body}</p>
    </main>
  );
}
