import type { AdvisoriesPage, AdvisoryDetail } from '@outpost/contracts/advisories';
import { apiPaths } from '@outpost/contracts/api-paths';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { stubApi } from '@/test/services-fixtures';

const LOAD_FAILED = 'There was a problem loading data from server. Please try again later.';

function advisory(id: number, fields: Partial<AdvisoryDetail> = {}): AdvisoryDetail {
  return {
    advisoryid: id,
    title: `Advisory ${id}`,
    severity: 'Medium',
    status: 'Investigating',
    started: '2026-11-24T22:00:00.000Z', // 8:00 am AEST on the 25th
    ended: null,
    message: `Message ${id}`,
    affects: null,
    subscribed: false,
    ...fields,
  };
}

function pageOf(page: number, details: AdvisoryDetail[], more: boolean): AdvisoriesPage {
  return {
    page,
    per_page: 2,
    more,
    items: details.map((d) => ({ advisoryid: d.advisoryid, advisory: d.title, detail: d })),
  };
}

function setup(pages: Record<number, () => Response>) {
  signIn();
  const routes = Object.fromEntries(
    Object.entries(pages).map(([n, answer]) => [`GET ${apiPaths.networkStatus}?page=${n}`, answer]),
  );
  const api = stubApi(routes);
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp('/support/network-status'), calls: api.calls };
}

describe('Outages & Network Status', () => {
  it('shows each advisory in AEST, the end only when set, and the affected-service flag', async () => {
    setup({
      1: () =>
        jsonResponse({
          data: pageOf(
            1,
            [
              advisory(7, {
                title: 'Tower outage',
                severity: 'High',
                ended: '2026-11-25T05:30:00.000Z',
                affects: 'Affects your service at 12 Wattle Rd',
              }),
              advisory(6),
            ],
            false,
          ),
        }),
    });
    const list = await screen.findByRole('list', { name: 'Advisories, newest first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { level: 2 })).toHaveTextContent('Tower outage');
    expect(first).toHaveTextContent('Wed 25/11/26');
    expect(first).toHaveTextContent('Started at25/11/26 8:00 am AEST');
    expect(first).toHaveTextContent('Expected end time25/11/26 3:30 pm AEST');
    expect(first).toHaveTextContent('SeverityHigh');
    expect(first).toHaveTextContent('Affects your service at 12 Wattle Rd');
    expect(second).not.toHaveTextContent('Expected end time');
    expect(second).not.toHaveTextContent('Affects your service');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it("says 'Starts at' for maintenance still to come and 'Started at' once it has begun", async () => {
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    setup({
      1: () =>
        jsonResponse({
          data: pageOf(
            1,
            [
              advisory(9, {
                title: 'Planned maintenance',
                status: 'Scheduled',
                started: inTwoDays,
              }),
              advisory(8),
            ],
            false,
          ),
        }),
    });
    const list = await screen.findByRole('list', { name: 'Advisories, newest first' });
    const [future, past] = within(list).getAllByRole('listitem');
    expect(future).toHaveTextContent('Starts at');
    expect(future).not.toHaveTextContent('Started at');
    expect(past).toHaveTextContent('Started at25/11/26 8:00 am AEST');
  });

  it('loads two more per click and hides Load More when none are left', async () => {
    const { user, calls } = setup({
      1: () => jsonResponse({ data: pageOf(1, [advisory(5), advisory(4)], true) }),
      2: () => jsonResponse({ data: pageOf(2, [advisory(3), advisory(2)], true) }),
      3: () => jsonResponse({ data: pageOf(3, [advisory(1)], false) }),
    });
    const list = await screen.findByRole('list', { name: 'Advisories, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Advisory 3' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Advisory 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith(apiPaths.networkStatus))).toHaveLength(3);
  });

  it("says the spec's message when loading fails, and tries again", async () => {
    let fail = true;
    const { user } = setup({
      1: () =>
        fail
          ? errorResponse(500, 'Internal error: please try again later.')
          : jsonResponse({ data: pageOf(1, [], false) }),
    });
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'There are no network advisories right now. Everything is running normally.',
      ),
    ).toBeInTheDocument();
  });

  it('subscribes to an advisory and confirms it', async () => {
    signIn();
    const api = stubApi({
      [`GET ${apiPaths.networkStatus}?page=1`]: () =>
        jsonResponse({ data: pageOf(1, [advisory(9)], false) }),
      [`POST /api/portal/support/networkstatus/9/subscription/`]: () =>
        jsonResponse({ data: { advisoryid: 9, subscribed: true } }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    const { user } = renderApp('/support/network-status');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to updates' }));
    expect(
      await screen.findByText("You're subscribed. We'll tell you when this advisory is updated."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });

  it('fetches a linked advisory that is not on the pages loaded, by id, and shows it first', async () => {
    signIn();
    const api = stubApi({
      [`GET ${apiPaths.networkStatus}?page=1`]: () =>
        jsonResponse({ data: pageOf(1, [advisory(50), advisory(49)], true) }),
      [`GET /api/portal/support/networkstatus/42/`]: () =>
        jsonResponse({
          data: advisory(42, {
            title: 'Older outage',
            affects: 'Affects your service at 12 Wattle Rd',
          }),
        }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/support/network-status#advisory-42');
    const linked = await screen.findByRole('region', { name: 'The advisory you followed' });
    expect(within(linked).getByRole('heading', { name: 'Older outage' })).toBeInTheDocument();
    expect(linked).toHaveTextContent('Affects your service at 12 Wattle Rd');
    expect(
      within(screen.getByRole('list', { name: 'Advisories, newest first' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(2);
  });
});
