import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { NewArticle } from './NewArticle';
import { NewCategory } from './NewCategory';
import { useCms } from './queries';

/**
 * The page the location hash names: `#/` the list, `#/articles/<documentId>` one article,
 * `#/new/article` and `#/new/category` the forms.
 */
function useHash(): string {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const changed = () => setHash(window.location.hash);
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return hash;
}

export function App() {
  const hash = useHash();
  const article = /^#\/articles\/([^/]+)$/.exec(hash);
  return (
    <main>
      <h1>
        <a href="#/">Articles</a>
      </h1>
      <nav>
        <a href="#/new/article">New article</a> · <a href="#/new/category">New category</a>
      </nav>
      {hash === '#/new/article' ? (
        <NewArticle />
      ) : hash === '#/new/category' ? (
        <NewCategory />
      ) : article?.[1] ? (
        <ArticlePage documentId={decodeURIComponent(article[1])} />
      ) : (
        <ArticleList />
      )}
    </main>
  );
}

function ArticleList() {
  const { q } = useCms();
  const articles = useQuery(
    q.articles.find({
      fields: ['title', 'excerpt'],
      populate: { author: { fields: ['name'] } },
      sort: 'title:asc',
    }),
  );
  if (articles.isPending) return <p role="status">Loading…</p>;
  if (articles.isError) return <p role="alert">Could not load the articles: {articles.error.message}</p>;
  return (
    <ul aria-label="articles">
      {articles.data.map((article) => (
        <li key={article.documentId}>
          <a href={`#/articles/${encodeURIComponent(article.documentId)}`}>{article.title}</a>
          {article.author ? <span> by {article.author.name}</span> : null}
          <p>{article.excerpt}</p>
        </li>
      ))}
    </ul>
  );
}

function ArticlePage({ documentId }: { documentId: string }) {
  const { q } = useCms();
  const article = useQuery(q.articles.findOne(documentId, { populate: { author: true, categories: true } }));
  const update = useMutation(q.articles.update());
  if (article.isPending) return <p role="status">Loading…</p>;
  if (article.isError) return <p role="alert">Could not load the article: {article.error.message}</p>;
  // findOne reads Strapi's 404 as null.
  if (article.data === null) return <p role="alert">No article {documentId}: Strapi answered 404.</p>;
  const { title, excerpt, author, categories } = article.data;
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new FormData(event.currentTarget).get('title');
    if (typeof next !== 'string' || next === '') return;
    // On success the mutation invalidates every article query; back on the list, it refetches.
    update.mutate({ documentId, data: { title: next } }, { onSuccess: () => window.location.assign('#/') });
  };
  return (
    <article>
      <h2>{title}</h2>
      <p>{excerpt}</p>
      <p>
        {author ? `By ${author.name}` : 'No author'}
        {categories.length > 0 ? ` in ${categories.map((category) => category.name).join(', ')}` : ''}
      </p>
      <form onSubmit={save} aria-label="edit">
        <label>
          Title <input name="title" defaultValue={title} key={title} />
        </label>
        <button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </form>
      {update.isError ? <p role="alert">Could not save: {update.error.message}</p> : null}
    </article>
  );
}
