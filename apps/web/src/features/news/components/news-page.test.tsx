import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { BlogSummary } from '@outpost/contracts/dashboard';
import { messages } from '@outpost/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { stubApi } from '@/test/services-fixtures';

const CATEGORIES = ['Community', 'Company News', 'Network', 'Plans', 'Tips'];

/** Ten posts, newest first, three of them Tips (as the demo seed). */
const posts: BlogSummary[] = Array.from({ length: 10 }, (_, i) => ({
  slug: `post-${i + 1}`,
  title: `Post number ${i + 1}`,
  excerpt: `Excerpt ${i + 1}`,
  categories: [i === 2 || i === 4 || i === 7 ? 'Tips' : CATEGORIES[i % 4]!],
  date: new Date(Date.UTC(2026, 10, 20 - i)).toISOString(),
  featured_image: i === 0 ? '/images/welcome.jpg' : null,
}));

function setup(
  path: string,
  blogs: () => Response = () =>
    jsonResponse({
      data: { items: posts, categories: CATEGORIES.map((label, id) => ({ id, label })) },
    }),
) {
  signIn();
  const api = stubApi({
    [`GET ${apiPaths.blogs}`]: blogs,
    [`GET ${apiPaths.alerts}`]: () => jsonResponse({ data: [] }),
    [`GET ${buildPath(apiPaths.blog, { slug: 'post-3' })}`]: () =>
      jsonResponse({
        data: { ...posts[2], body: '<p>Keep the dish clear.</p><script>alert(1)</script>' },
      }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp(path), calls: api.calls };
}

/** Waits until the post titles shown are the ones expected. */
async function expectTitles(expected: string[] | number) {
  await waitFor(() => {
    const shown = screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    if (typeof expected === 'number') expect(shown).toHaveLength(expected);
    else expect(shown).toEqual(expected);
  });
}

describe('News', () => {
  it('shows 8 posts on the first page and the other 2 on the second, keeping the page in the address', async () => {
    const { user, router, calls } = setup('/news');
    await expectTitles(posts.slice(0, 8).map((p) => p.title));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Showing 1–8 of 10 posts');
    const card = screen.getByRole('link', { name: 'Post number 1' }).closest('li')!;
    expect(card).toHaveTextContent('20/11/26');
    expect(card).toHaveTextContent('Community');
    expect(card).toHaveTextContent('Excerpt 1');
    expect(card.querySelector('img')).toHaveAttribute('src', '/images/welcome.jpg');

    const pages = screen.getByRole('navigation', { name: 'Pages of News' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(currentPath(router)).toBe('/news?page=2');
    await expectTitles(['Post number 9', 'Post number 10']);
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // One request for the list: paging costs no round trip.
    expect(calls.filter((c) => c.path === apiPaths.blogs)).toHaveLength(1);
  });

  it('shows no pictures with data saver on (decision 032)', async () => {
    localStorage.setItem('outpost-data-saver', '1');
    setup('/news');
    await expectTitles(posts.slice(0, 8).map((p) => p.title));
    const card = screen.getByRole('link', { name: 'Post number 1' }).closest('li')!;
    expect(card).toHaveTextContent('Excerpt 1');
    expect(card.querySelector('img')).toBeNull();
  });

  it('filters by category through the address, and back to all', async () => {
    const { user, router } = setup('/news?page=2');
    const filter = await screen.findByRole('navigation', { name: 'News categories' });
    await user.click(within(filter).getByRole('link', { name: 'Tips' }));
    expect(currentPath(router)).toBe('/news?c=Tips');
    await expectTitles(['Post number 3', 'Post number 5', 'Post number 8']);
    expect(within(filter).getByRole('link', { name: 'Tips' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('navigation', { name: 'Pages of News' })).toBeNull();

    await user.click(within(filter).getByRole('link', { name: 'All' }));
    expect(currentPath(router)).toBe('/news');
    await expectTitles(8);
  });

  it('opens a post and goes Back to News with the same filter', async () => {
    const { user, router } = setup('/news?c=Tips');
    await user.click(await screen.findByRole('link', { name: 'Post number 3' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Post number 3' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Keep the dish clear.')).toBeInTheDocument();
    expect(document.querySelector('main script')).toBeNull();
    await waitFor(() =>
      expect(document.title).toBe('Post number 3 - News | Outpost Demo Broadband'),
    );
    await user.click(screen.getByRole('link', { name: 'Back to News' }));
    expect(currentPath(router)).toBe('/news?c=Tips');
    await waitFor(() => expect(document.title).toBe('News | Outpost Demo Broadband'));
    await expectTitles(['Post number 3', 'Post number 5', 'Post number 8']);
  });

  it('titles a post opened directly with its own title', async () => {
    setup('/news/post-3');
    await screen.findByRole('heading', { level: 1, name: 'Post number 3' });
    await waitFor(() =>
      expect(document.title).toBe('Post number 3 - News | Outpost Demo Broadband'),
    );
  });

  it('says a page past the last one does not exist, with a link to the last page', async () => {
    const { user, router } = setup('/news?c=Tips&page=99');
    expect(await screen.findByText('There is no page 99.')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    const last = screen.getByRole('link', { name: 'Go to the last page, page 1' });
    await user.click(last);
    expect(currentPath(router)).toBe('/news?c=Tips');
    await expectTitles(['Post number 3', 'Post number 5', 'Post number 8']);

    await router.navigate('/news?page=99');
    await user.click(await screen.findByRole('link', { name: 'Go to the last page, page 2' }));
    expect(currentPath(router)).toBe('/news?page=2');
    await expectTitles(['Post number 9', 'Post number 10']);
  });

  it('says when a category has no posts', async () => {
    setup('/news?c=Weather');
    expect(await screen.findByText('There are no news posts in Weather.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all news' })).toHaveAttribute('href', '/news');
  });

  it('says the news could not load', async () => {
    setup('/news', () => errorResponse(500, 'Internal error: please try again later.'));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.banner.loadData);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says a post that does not exist cannot be found', async () => {
    setup('/news/gone');
    expect(
      await screen.findByText('We could not find that news post. It may have been taken down.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
  });
});
