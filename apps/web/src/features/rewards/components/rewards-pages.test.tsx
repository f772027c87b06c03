import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { type PermissionName, permissionNames } from '@outpost/contracts/permissions';
import type { Referral, ReferralOfferData } from '@outpost/contracts/referrals';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { stubApi } from '@/test/services-fixtures';

const offer: ReferralOfferData = {
  offer: {
    headline: '$50 credit for you and $50 off for every friend you refer',
    referrer_credit_cents: 5000,
    friend_credit_cents: 5000,
    qualifying_days: 30,
    terms: 'Your friend must stay connected for 30 days.',
    ends_at: null,
  },
  code: 'CZN4W8RD',
  share_url: 'https://www.example.com/get-connected?ref=CZN4W8RD',
  share_text: 'Join me on Outpost Demo Broadband: sign up with my referral code CZN4W8RD.',
};
const referrals: Referral[] = [
  {
    referralid: 610001,
    name: 'Jane C.',
    status: 'invited',
    credit_cents: 5000,
    date: '2026-11-18T14:00:00Z',
  },
  {
    referralid: 610002,
    name: 'Sam D.',
    status: 'connected',
    credit_cents: 5000,
    date: '2026-11-14T14:00:00Z',
  },
  {
    referralid: 610003,
    name: 'Alex B.',
    status: 'credited',
    credit_cents: 5000,
    date: '2026-09-20T14:00:00Z',
  },
];

const faqPage = {
  title: 'Rewards FAQ',
  body: '<p>All about referring.</p><h2>Who can I refer?</h2><p>Anyone at a new address.</p><h2>When do I get my credit?</h2><p>After 30 days.</p><script>alert(1)</script>',
};

function setup(
  path: string,
  routes: Record<string, () => Response>,
  permissions: readonly PermissionName[] = permissionNames,
) {
  signIn({ permissions });
  const api = stubApi({
    [`GET ${apiPaths.permissions}`]: () =>
      jsonResponse({
        data: permissionNames.map((permission) => ({
          permission,
          enabled: permissions.includes(permission) ? 1 : 0,
        })),
      }),
    // Get Started shows the FAQ beside the offer.
    [`GET ${buildPath(apiPaths.page, { slug: 'rewards-faq' })}`]: () =>
      jsonResponse({ data: faqPage }),
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp(path), calls: api.calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Get Started', () => {
  it('shows the offer, the code and how it works from one call', async () => {
    const { calls } = setup('/rewards/get-started', {
      [`GET ${apiPaths.referralOffer}`]: () => jsonResponse({ data: offer }),
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: offer.offer!.headline }),
    ).toBeInTheDocument();
    expect(screen.getByText('credit for you')).toBeInTheDocument();
    expect(screen.getAllByText('$50')).toHaveLength(2);
    const share = screen.getByRole('region', { name: 'Your referral code' });
    expect(within(share).getByText('CZN4W8RD')).toBeInTheDocument();
    expect(within(share).getByText(offer.share_url)).toBeInTheDocument();
    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(within(steps).getByText(/connected for 30 days/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/portal/accounts/'))).toHaveLength(1);
  });

  it('puts the FAQ beside the offer, its questions under a heading of their own', async () => {
    const { user } = setup('/rewards/get-started', {
      [`GET ${apiPaths.referralOffer}`]: () => jsonResponse({ data: offer }),
    });
    const aside = await screen.findByRole('complementary', { name: 'Questions' });
    const question = await within(aside).findByRole('heading', {
      level: 3,
      name: 'Who can I refer?',
    });
    await user.click(question);
    expect(within(aside).getByText('Anyone at a new address.')).toBeVisible();
    expect(within(aside).getByRole('link', { name: 'Open the Rewards FAQ' })).toHaveAttribute(
      'href',
      '/rewards/faq',
    );
  });

  it("copies the code and says so: 'Copied' on the button, announced once", async () => {
    const { user } = setup('/rewards/get-started', {
      [`GET ${apiPaths.referralOffer}`]: () => jsonResponse({ data: offer }),
    });
    await user.click(await screen.findByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('CZN4W8RD');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    const share = screen.getByRole('region', { name: 'Your referral code' });
    expect(within(share).getByRole('status')).toHaveTextContent('Referral code copied.');
  });

  it('opens the share sheet where there is one, else copies the link', async () => {
    const { user } = setup('/rewards/get-started', {
      [`GET ${apiPaths.referralOffer}`]: () => jsonResponse({ data: offer }),
    });
    await user.click(await screen.findByRole('button', { name: 'Share link' }));
    expect(await navigator.clipboard.readText()).toBe(offer.share_url);
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(screen.getByText('Share link copied.')).toBeInTheDocument();

    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Link copied' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Outpost Demo Broadband referral',
        text: offer.share_text,
        url: offer.share_url,
      });
      expect(await screen.findByRole('button', { name: 'Shared' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('shows a plain error with Try again, which loads the page', async () => {
    let fail = true;
    const { user } = setup('/rewards/get-started', {
      [`GET ${apiPaths.referralOffer}`]: () =>
        fail
          ? errorResponse(500, 'Internal error: please try again later.')
          : jsonResponse({ data: offer }),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('CZN4W8RD')).toBeInTheDocument();
  });
});

describe('Active Referrals', () => {
  it('lists each referral with its masked name, status, credit and date', async () => {
    setup('/rewards/active-referrals', {
      [`GET ${apiPaths.referrals}`]: () => jsonResponse({ data: referrals }),
    });
    const table = await screen.findByRole('table', { name: 'Active Referrals' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent)),
    ).toEqual([
      ['Jane C.', 'Invited', '$50.00', '19/11/26'],
      ['Sam D.', 'Connected', '$50.00', '15/11/26'],
      ['Alex B.', 'Credited', '$50.00', '21/09/26'],
    ]);
  });

  it("says 'No referrals yet' and offers the share link right there", async () => {
    const { user } = setup('/rewards/active-referrals', {
      [`GET ${apiPaths.referrals}`]: () => jsonResponse({ data: [] }),
      [`GET ${apiPaths.referralOffer}`]: () => jsonResponse({ data: offer }),
    });
    expect(await screen.findByText('No referrals yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Share your link' }));
    expect(await navigator.clipboard.readText()).toBe(offer.share_url);
    expect(screen.getByText('Share link copied.')).toBeInTheDocument();
  });

  it('is not shown to a contact without view-referrals: the tab is hidden, the page sends them home', async () => {
    const { router } = setup(
      '/rewards/active-referrals',
      {
        [`GET ${apiPaths.dashboard}`]: () => errorResponse(500, 'x'),
        [`GET ${apiPaths.latestBlogs}`]: () => jsonResponse({ data: { items: [] } }),
      },
      ['view-account'],
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('Rewards FAQ', () => {
  it('shows each question of the content page as a closed disclosure with its answer', async () => {
    const { user } = setup('/rewards/faq', {
      [`GET ${buildPath(apiPaths.page, { slug: 'rewards-faq' })}`]: () =>
        jsonResponse({ data: faqPage }),
    });
    expect(await screen.findByText('All about referring.')).toBeInTheDocument();
    const question = screen.getByRole('heading', { level: 2, name: 'Who can I refer?' });
    const details = question.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await user.click(question);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText('Anyone at a new address.')).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(document.querySelector('script')).toBeNull();
  });
});
