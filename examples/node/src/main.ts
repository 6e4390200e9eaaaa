/**
 * A plain Node 22 script using the generated client: it reads, filters, populates and creates
 * content with an API token. Run it with `npm run demo` from the repository root, or by hand:
 *
 *   CMS_URL=http://127.0.0.1:1337 CMS_TOKEN=<full-access API token> node src/main.ts
 *
 * The client in ./cms is generated (`cms-types generate --output src/cms`) and typed by its own
 * .d.ts files; `tsc -p .` checks this file against them.
 */
import { CmsClient, type CmsEntry, isCmsErrorOf } from './cms/index.js';

const url = process.env.CMS_URL;
const token = process.env.CMS_TOKEN;
if (!url || !token) {
  console.error('Set CMS_URL (e.g. http://127.0.0.1:1337) and CMS_TOKEN (a full-access API token).');
  process.exit(1);
}

const cms = new CmsClient({ baseURL: url, token });

// A result type named after its query: the populated relations are part of the type.
type ArticleCard = CmsEntry<'api::article.article', { populate: { author: true; categories: true } }>;

/** One line per article: populated relations are typed, so no casts or optional guessing. */
function describe(article: ArticleCard): string {
  const categories = article.categories.map((category) => category.name).join(', ');
  return `${article.title}\n    by ${article.author?.name ?? 'nobody'} · ${article.readingMinutes ?? '?'} min · ${categories}`;
}

// 1. Read: every article with its author, categories and cover image, sorted by title.
const articles = await cms.articles.find({
  populate: { author: true, categories: true, cover: true },
  sort: ['title:asc'],
});
console.log(`Articles, sorted by title (${articles.length}):`);
for (const article of articles) {
  const cover = article.cover;
  console.log(`  ${describe(article)}`);
  if (cover) {
    const thumbnail = cover.formats?.thumbnail?.url ?? 'none';
    console.log(`    cover: ${cover.width}×${cover.height} ${cover.url} (thumbnail ${thumbnail})`);
  }
}

// 2. Filter: on a relation's field, and with $or over two fields. `fields` narrows the type.
const guides = await cms.articles.find({
  filters: { categories: { slug: { $eq: 'guides' } } },
  fields: ['title'],
  sort: ['title:asc'],
});
console.log(`\nIn the category "guides": ${guides.map((article) => article.title).join('; ')}`);
// @ts-expect-error `excerpt` is not in `fields`, so it is not in the result type either.
guides[0]?.excerpt;

const quickReads = await cms.articles.find({
  filters: { $or: [{ readingMinutes: { $lte: 3 } }, { title: { $containsi: 'typed' } }] },
  fields: ['title', 'readingMinutes'],
  sort: ['readingMinutes:asc', 'title:asc'],
});
console.log('Quick reads (at most 3 minutes, or "typed" in the title):');
for (const article of quickReads) console.log(`  ${article.readingMinutes} min  ${article.title}`);

// 3. Populate the other way round, nested: authors with their avatar and their articles' titles.
const authors = await cms.authors.find({
  populate: { avatar: true, articles: { fields: ['title'], sort: ['title:asc'] } },
  sort: ['name:asc'],
});
console.log('\nAuthors:');
for (const author of authors) {
  const avatar = author.avatar ? `${author.avatar.width}×${author.avatar.height} avatar` : 'no avatar';
  console.log(`  ${author.name} (${avatar}): ${author.articles.map((article) => article.title).join('; ')}`);
}

// 4. Create: relations by documentId, media by file id. Then delete it, so every run starts alike.
const ada = authors.find((author) => author.name === 'Ada Lovelace');
const [guidesCategory] = await cms.categories.find({ filters: { slug: { $eq: 'guides' } } });
const created = await cms.articles.create(
  {
    title: 'Hello from examples/node',
    slug: `hello-from-examples-node-${Date.now()}`,
    excerpt: 'Written by the typed client.',
    readingMinutes: 1,
    cover: articles[0]?.cover?.id ?? null,
    author: ada?.documentId ?? null,
    categories: guidesCategory ? [guidesCategory.documentId] : [],
  },
  { populate: { author: true, categories: true } },
);
console.log(`\nCreated "${created.title}" (documentId ${created.documentId}):\n  ${describe(created)}`);
await cms.articles.delete(created.documentId);
const gone = await cms.articles.findOne(created.documentId);
console.log(`Deleted it again; findOne now returns ${gone === null ? 'null' : 'an entry'}.`);

// 5. Errors are typed: a second category named "Guides" breaks the `unique` rule.
try {
  await cms.categories.create({ name: 'Guides', slug: `guides-${Date.now()}` });
} catch (error) {
  if (!isCmsErrorOf(error, 'ValidationError')) throw error;
  const issue = error.details?.errors[0];
  console.log(`A second "Guides" category is refused: ${error.status} ${error.errorName}`);
  console.log(`  ${issue?.path.join('.')}: ${issue?.message}`);
}
