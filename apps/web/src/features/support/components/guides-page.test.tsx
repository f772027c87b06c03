import { apiPaths } from '@outpost/contracts/api-paths';
import type { GuideCategory } from '@outpost/domain/guides-rules';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';

const gettingStarted: GuideCategory = {
  label: 'Getting started with satellite',
  id: 'getting-started',
  items: [
    ...['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven'].map((n) => ({
      type: 'guide' as const,
      title: `Guide ${n}`,
      slug: `guide-${n.toLowerCase()}`,
      download: null,
    })),
  ],
};
const phone: GuideCategory = {
  label: 'Phone',
  id: 'phone',
  items: [
    {
      type: 'link',
      title: 'VoIP adapter set-up card (PDF)',
      slug: 'voip-card',
      download: '/downloads/voip-adapter-set-up.pdf',
    },
  ],
};

/** The guide calls the page made: the keyword of each ('' for the whole list). */
function setup(
  answer: (keyword: string) => Response = () => jsonResponse({ data: [gettingStarted, phone] }),
) {
  signIn();
  const keywords: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname === apiPaths.guides) {
        const keyword = url.searchParams.get('s') ?? '';
        keywords.push(keyword);
        return answer(keyword);
      }
      return errorResponse(404, 'No stub');
    }),
  );
  return { ...renderApp('/support/guides'), keywords };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Types into the search box at once (fake timers: no user-event delays). */
function type(text: string) {
  fireEvent.change(screen.getByLabelText('Search guides'), { target: { value: text } });
}

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('Guides page', () => {
  it('shows each category, the first 5 guides, and Show N more for the rest', async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Guides' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Getting started with satellite' });
    expect(
      within(section)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Guide One', 'Guide Two', 'Guide Three', 'Guide Four', 'Guide Five']);
    expect(within(section).getByRole('link', { name: 'Guide One' })).toHaveAttribute(
      'href',
      '/support/guides/guide-one',
    );
    const more = within(section).getByRole('button', { name: /^Show 2 more/ });
    expect(more).toHaveTextContent('Show 2 more');
    await user.click(more);
    expect(within(section).getAllByRole('link')).toHaveLength(7);
    expect(within(section).getByRole('link', { name: 'Guide Six' })).toHaveFocus();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    // A category of 5 or fewer has no button; a link opens its download in a new tab.
    const phoneSection = screen.getByRole('region', { name: 'Phone' });
    expect(within(phoneSection).queryByRole('button')).not.toBeInTheDocument();
    const card = within(phoneSection).getByRole('link', { name: /VoIP adapter set-up card/ });
    expect(card).toHaveAttribute('href', '/downloads/voip-adapter-set-up.pdf');
    expect(card).toHaveAttribute('target', '_blank');
  });

  it('sends the keyword only above 2 characters, once, after a 500 ms pause', async () => {
    const { keywords, router } = setup((keyword) =>
      jsonResponse({ data: keyword === 'sat' ? [phone] : [gettingStarted, phone] }),
    );
    await screen.findByRole('region', { name: 'Phone' });
    expect(keywords).toEqual(['']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    type('sa');
    await wait(2000);
    expect(keywords).toEqual(['']);

    // Typing on restarts the pause: nothing is sent until 500 ms after the last keystroke.
    type('sat');
    await wait(300);
    type('sate');
    await wait(300);
    type('sat');
    await wait(499);
    expect(keywords).toEqual(['']);
    await wait(1);
    expect(keywords).toEqual(['', 'sat']);
    await wait(2000);
    expect(keywords).toEqual(['', 'sat']);
    expect(screen.queryByRole('region', { name: 'Getting started with satellite' })).toBeNull();
    expect(currentPath(router)).toBe('/support/guides?s=sat');

    // Back to 2 characters: the whole list again, from the cache (no new request).
    type('sa');
    await wait(500);
    expect(keywords).toEqual(['', 'sat']);
    expect(screen.getByRole('region', { name: 'Getting started with satellite' })).toBeVisible();
  });

  it('keeps the last results on screen while a search loads', async () => {
    let release: (r: Response) => void = () => {};
    const { keywords } = setup((keyword) =>
      keyword === ''
        ? jsonResponse({ data: [gettingStarted, phone] })
        : (new Promise<Response>((resolve) => (release = resolve)) as unknown as Response),
    );
    await screen.findByRole('region', { name: 'Phone' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    type('modem');
    await wait(500);
    expect(keywords).toEqual(['', 'modem']);
    expect(screen.getByRole('region', { name: 'Phone' })).toBeVisible();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Searching…');
    await act(async () => release(jsonResponse({ data: [] })));
    await wait(0);
    expect(screen.getByText('No entries found.')).toBeVisible();
    expect(
      screen.getByText(
        'No guide matches your search. Try other words or all categories, or contact us.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show all guides' })).toBeVisible();
  });

  it('filters by category', async () => {
    const { user } = setup();
    await screen.findByRole('region', { name: 'Phone' });
    await user.selectOptions(screen.getByLabelText('Filter by category'), 'Phone');
    expect(screen.queryByRole('region', { name: 'Getting started with satellite' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Phone' })).toBeVisible();
  });

  it('says when guides fail to load, and tries again', async () => {
    let fail = true;
    const { user } = setup(() =>
      fail
        ? errorResponse(500, 'Internal error: please try again later.')
        : jsonResponse({ data: [phone] }),
    );
    expect(
      await screen.findByText(
        'There was a problem loading data from server. Please try again later.',
      ),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Phone' })).toBeVisible();
  });
});
