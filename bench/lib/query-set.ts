/**
 * A realistic set of Strapi REST queries: list pages, search filters with `$or`, relation and
 * component filters, deep populate of dynamic zones, offset pagination, a long `$in` list,
 * dates, text that needs encoding, `populate: '*'` with locale and status.
 */

const ids = Array.from({ length: 40 }, (_, index) => `k${String(index).padStart(3, '0')}x9c2m4q7wz8a1b`);

export const QUERY_SET: Record<string, unknown>[] = [
  {
    populate: { cover: { fields: ['url', 'alternativeText'] }, author: { fields: ['name'] } },
    fields: ['title', 'slug', 'publishedAt'],
    sort: ['publishedAt:desc'],
    pagination: { page: 2, pageSize: 12 },
    locale: 'en',
  },
  {
    filters: {
      $or: [{ title: { $containsi: 'strapi' } }, { summary: { $containsi: 'strapi' } }],
      category: { $in: ['news', 'review'] },
      views: { $gte: 10, $lte: 5000 },
    },
    sort: ['views:desc', 'title:asc'],
    pagination: { page: 1, pageSize: 25 },
  },
  {
    populate: {
      sections: {
        on: {
          'sections.hero': { populate: { image: true, cta: true } },
          'sections.gallery': {
            populate: { items: { populate: { file: { fields: ['url', 'width', 'height'] } } } },
          },
          'sections.text-block': true,
        },
      },
      seo: { populate: { metaImage: { fields: ['url'] } } },
    },
  },
  {
    filters: {
      author: { name: { $eq: 'Ada Lovelace' } },
      tags: { slug: { $in: ['typescript', 'node', 'strapi'] } },
      publishedAt: { $notNull: true },
    },
    fields: ['title'],
    pagination: { start: 0, limit: 50 },
  },
  {
    filters: {
      publishDate: { $between: ['2024-01-01', '2024-12-31'] },
      $and: [{ featured: { $eq: true } }, { $not: { category: { $eq: 'opinion' } } }],
    },
    status: 'published',
    sort: 'publishDate:desc',
  },
  { filters: { documentId: { $in: ids } }, fields: ['title', 'slug'], pagination: { pageSize: 100 } },
  {
    filters: { title: { $containsi: 'Café & crème: 50% off? #1 [new]' } },
    sort: 'title:asc',
  },
  { populate: '*', locale: 'fr', status: 'draft' },
  {
    populate: {
      comments: {
        filters: { approved: { $eq: true } },
        sort: ['createdAt:desc'],
        fields: ['body', 'createdAt'],
        populate: { author: { fields: ['username'] } },
      },
      tags: { fields: ['name'] },
    },
    fields: ['title'],
  },
  { populate: ['author', 'cover', 'tags'], pagination: { page: 3, pageSize: 10, withCount: false } },
];

/** How Strapi 5 parses the query string (its query middleware). */
export const STRAPI_PARSE_OPTIONS = { strictNullHandling: true, arrayLimit: 100, depth: 20 } as const;
