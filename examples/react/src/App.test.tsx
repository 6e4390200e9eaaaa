/**
 * The app's pages against the generated mock Strapi, with no Strapi running: the list, one
 * article, the not-found state of a documentId the mock does not have, and a title edit that the
 * list shows through the mutation's invalidation. One set of cases, run twice:
 *
 * - with MSW: the client fetches as it does in the browser (`globalThis.fetch`), and
 *   `setupServer(...mock.handlers({ http }))` answers `${mock.url}/api/*` from the mock;
 * - without MSW: the client is given the mock's own fetch
 *   (`new CmsClient({ baseURL: mock.url, fetch: mock.fetch })`) and the global fetch throws.
 *
 * The factories' results are typed as the client's reads, which `tsc -p tsconfig.json` (the
 * build's first step) checks here.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { App } from './App';
import { type Author, type Category, CmsClient } from './cms';
import { createMockStrapi, createMocks } from './cms/mocks';
import { CmsContext, cmsOf } from './queries';

// Three articles as `findOne(id, { populate: { author: true, categories: true } })` returns them,
// and one written by hand: the mock makes up its other fields. The mock Strapi starts with these.
const mocks = createMocks({ seed: 1 });
const made = mocks.articles.list(3, { populate: { author: true, categories: true } });
const mock = createMockStrapi({
  seed: 1,
  entries: { articles: [...made, { title: 'Written by hand' }] },
});
const titles = [...made.map((article) => article.title), 'Written by hand'].sort();

/** The article titles of the list page, in order. */
const listed = async (): Promise<string[]> =>
  within(await screen.findByRole('list', { name: 'articles' }))
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');

/** The requests the mock answered since `from`, as `METHOD /path?query status`. */
const answered = (from: number): string[] =>
  mock.requests.slice(from).map((request) => `${request.method} ${request.url} ${request.status}`);

/** The app at `hash`, its pages given `client` through `CmsContext`, with a fresh query cache. */
function renderApp(client: CmsClient, hash: string) {
  window.location.hash = hash;
  // As main.tsx: content stays fresh until a mutation invalidates it. No retries in tests.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <CmsContext value={cmsOf(client)}>
        <App />
      </CmsContext>
    </QueryClientProvider>,
  );
}

/** The cases both variants run, with the client `client()` makes. */
function appCases(client: () => CmsClient) {
  afterEach(() => {
    cleanup();
    mock.reset();
    window.location.hash = '';
  });

  it('lists the articles the mock Strapi holds, sorted by title, with their authors', async () => {
    const from = mock.requests.length;
    renderApp(client(), '#/');
    expect(await listed()).toEqual(titles);
    // Each item: the title, its author's name (the list populates only that), the excerpt.
    for (const article of made) {
      const item = screen.getByRole('link', { name: article.title }).closest('li');
      const by = article.author ? ` by ${article.author.name}` : '';
      expect(item?.textContent).toBe(`${article.title}${by}${article.excerpt ?? ''}`);
    }
    expect(answered(from)).toEqual([
      'GET /api/articles?fields[0]=title&fields[1]=excerpt&populate[author][fields][0]=name&sort=title:asc 200',
    ]);
  });

  it('shows one article with its author and categories', async () => {
    const article = made[1]!;
    renderApp(client(), '#/');
    fireEvent.click(await screen.findByRole('link', { name: article.title }));
    expect(await screen.findByRole('heading', { level: 2, name: article.title })).toBeTruthy();
    const categories = article.categories.map((category) => category.name).join(', ');
    const byline = `${article.author ? `By ${article.author.name}` : 'No author'}${categories ? ` in ${categories}` : ''}`;
    const paragraphs = [...screen.getByRole('article').querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual([article.excerpt ?? '', byline]);
  });

  it('shows the not-found state for a documentId the mock does not have', async () => {
    const from = mock.requests.length;
    renderApp(client(), '#/articles/no-such-article');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No article no-such-article: Strapi answered 404.',
    );
    expect(answered(from)).toEqual([
      'GET /api/articles/no-such-article?populate[author]=true&populate[categories]=true 404',
    ]);
  });

  it('edits a title: the update goes to the mock, and the list shows it at once', async () => {
    const article = made[0]!;
    const title = `${article.title} (edited)`;
    renderApp(client(), '#/');
    expect(await listed()).toEqual(titles);
    fireEvent.click(screen.getByRole('link', { name: article.title }));
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: title } });
    const from = mock.requests.length;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('link', { name: title });
    expect(await listed()).toEqual(titles.map((t) => (t === article.title ? title : t)).sort());
    const [put, ...after] = answered(from);
    expect(put).toBe(`PUT /api/articles/${article.documentId} 200`);
    // The mutation invalidated every article query: the list is fetched again, once.
    expect(after.filter((line) => line.startsWith('GET /api/articles?'))).toHaveLength(1);
  });
}

describe('with MSW: the client fetches as in the browser, MSW answers from the mock Strapi', () => {
  const server = setupServer(...mock.handlers({ http }));
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  appCases(() => new CmsClient({ baseURL: mock.url }));
});

describe('without MSW: the client is given the mock Strapi’s fetch', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('the global fetch is not used here')));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
  appCases(() => new CmsClient({ baseURL: mock.url, fetch: mock.fetch }));
});

describe('the factories are typed as the client’s reads', () => {
  it('types what populate asks for, and only that', () => {
    const entry = mocks.articles.entry({ populate: { author: true } });
    expectTypeOf(entry.author).toEqualTypeOf<Author | null>();
    expectTypeOf(entry.title).toEqualTypeOf<string>();
    // @ts-expect-error categories were not populated
    void entry.categories;
    const listedOnly = mocks.articles.entry({
      fields: ['title'],
      populate: { categories: { fields: ['name'] } },
    });
    expectTypeOf(listedOnly.categories[0]!.name).toEqualTypeOf<string>();
    // @ts-expect-error only the category's name was asked for
    void listedOnly.categories[0]!.slug;
    // @ts-expect-error the article's excerpt was not among its fields
    void listedOnly.excerpt;
    expectTypeOf<Category['name']>().toEqualTypeOf<string>();
    expect(entry.author === null || typeof entry.author.name === 'string').toBe(true);
  });
});
