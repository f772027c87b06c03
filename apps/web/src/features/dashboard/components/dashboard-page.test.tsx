import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Dashboard } from '@outpost/contracts/dashboard';
import { messages } from '@outpost/contracts/messages';
import type { PermissionName } from '@outpost/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/session';
import {
  dashboard,
  dashboardLinks,
  dashboardService,
  latestPosts,
} from '@/test/dashboard-fixtures';
import { errorResponse, jsonResponse, profileBody, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { DASHBOARD_HOLD_MS, dashboardQueryKey } from '../api/get-dashboard';
import { blocks, service, stubApi } from '@/test/services-fixtures';

const BILLING: PermissionName[] = [
  'view-transactions',
  'view-invoices',
  'view-current-bill',
  'view-billing-activity',
  'view-paymethods',
  'edit-paymethods',
];

const billingDashboard = dashboard({
  permissions: {
    links: dashboardLinks(['view-current-bill', 'view-billing-activity']),
    blocks: { account: true, activity: true, services: false },
  },
  services: [],
});

const emptyDashboard = dashboard({
  permissions: {
    links: dashboardLinks([]),
    blocks: { account: false, activity: false, services: false },
  },
  account: null,
  activity: [],
  services: [],
});

function setup(
  answer: () => Response = () => jsonResponse({ data: dashboard() }),
  permissions?: PermissionName[],
  extra: Parameters<typeof stubApi>[0] = {},
) {
  signIn(permissions ? { permissions } : {});
  const api = stubApi({
    [`GET ${apiPaths.dashboard}`]: answer,
    [`GET ${apiPaths.latestBlogs}`]: () => jsonResponse({ data: { items: latestPosts } }),
    [`GET ${apiPaths.alerts}`]: () => jsonResponse({ data: [] }),
    [`GET ${apiPaths.profile}`]: () => jsonResponse(profileBody),
    ...extra,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp('/'), calls: api.calls };
}

const card = (name: string) => screen.getByRole('region', { name });
const findCard = (name: string) => screen.findByRole('region', { name });

// The page's code (its icons among it) loaded once up front, as the app preloads it: the timed
// tests below measure the wait for the dashboard's data, not a cold module load.
beforeAll(async () => {
  await import('./dashboard-page');
}, 30_000);

describe('dashboard cards', () => {
  it("keeps Outages & Network Status for offline use: its first page is fetched once the dashboard's own data is in", async () => {
    const statusPath = `${apiPaths.networkStatus}?page=1`;
    const { calls } = setup(undefined, undefined, {
      [`GET ${statusPath}`]: () => jsonResponse({ data: { page: 1, more: false, items: [] } }),
    });
    await findCard('Account Summary');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(statusPath));
    const paths = calls.map((c) => c.path);
    expect(paths.indexOf(statusPath)).toBeGreaterThan(paths.indexOf(apiPaths.dashboard));
    expect(paths.filter((p) => p === statusPath)).toHaveLength(1);
  });

  it('shows the account holder every card with its figures', async () => {
    setup();
    const summary = await findCard('Account Summary');
    await waitFor(() => expect(summary).not.toHaveAttribute('aria-busy'));
    expect(screen.getByText(/^Account ID:/)).toHaveTextContent('Account ID: 100001');
    expect(summary).toHaveTextContent('Balance$0.00Paid');
    expect(summary).toHaveTextContent('Period end date09/12/26');
    expect(summary).toHaveTextContent('Payment methodCredit CardVisa ending in 4242');
    expect(within(summary).getByRole('link', { name: 'View Current Bill' })).toHaveAttribute(
      'href',
      '/billing/invoices',
    );
    expect(within(summary).getByRole('link', { name: 'Update Payment' })).toHaveAttribute(
      'href',
      '/billing/recurring-payment-method',
    );
    expect(within(summary).getByRole('link', { name: 'View Services' })).toHaveAttribute(
      'href',
      '/services',
    );

    const usage = card('Usage');
    expect(within(usage).getByRole('combobox', { name: 'Plan' })).toHaveValue('200101');
    // Named as every plan picker names a service: what and where first, then plan and AVC id.
    expect(
      within(usage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Sky Muster Plus at 12 Wattle Rd, Longreach QLD · Sky Muster Plus 50 · AVC000123456789',
    ]);
    expect(within(usage).getByRole('progressbar', { name: 'Peak data used' })).toHaveAttribute(
      'aria-valuetext',
      '39% (21.46 GB of 55 GB)',
    );
    expect(within(usage).queryByRole('progressbar', { name: 'Off-Peak data used' })).toBeNull();
    expect(usage).toHaveTextContent('Days remaining18');
    expect(usage).toHaveTextContent('Period end date');
    expect(usage).toHaveTextContent('Unmetered data used: 12.43 GB');
    expect(within(usage).getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
    expect(within(usage).getByRole('button', { name: 'Buy Data Block' })).toBeInTheDocument();
    expect(within(usage).getByRole('link', { name: 'View Detailed Usage' })).toHaveAttribute(
      'href',
      '/services/usage?service=200101',
    );

    const activity = within(card('Billing Activity')).getByRole('table', {
      name: 'Billing Activity',
    });
    const rows = within(activity).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('13/11/26Payment$134.94 discount$0.00');
    expect(rows[1]).toHaveTextContent('10/11/26Invoice$134.94$134.94');
    expect(
      within(card('Billing Activity')).getByRole('link', { name: 'View Billing Activity' }),
    ).toHaveAttribute('href', '/billing/invoices');

    const support = card('Support');
    expect(within(support).getByRole('link', { name: 'Browse Guides' })).toHaveAttribute(
      'href',
      '/support/guides',
    );
    expect(within(support).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/support/contact',
    );
    expect(within(support).queryByRole('link', { name: 'Live Chat' })).toBeNull();

    const news = await findCard('News & Updates');
    const titles = await within(news).findAllByRole('heading', { level: 3 });
    expect(titles.map((t) => t.textContent)).toEqual([
      latestPosts[0]!.title,
      latestPosts[1]!.title,
    ]);
    expect(within(news).getByRole('link', { name: latestPosts[0]!.title })).toHaveAttribute(
      'href',
      '/news/welcome-to-the-portal',
    );
    expect(within(news).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/news');

    const ads = document.querySelectorAll('img.ad-slot');
    expect(ads).toHaveLength(3);
    for (const ad of ads) {
      expect(ad).not.toBeVisible();
      expect(ad).not.toHaveAttribute('src');
    }
  });

  it('leads the Usage hero with the data left and the days it has to last, then the projection and the bars', async () => {
    setup();
    const usage = await findCard('Usage');
    await waitFor(() => expect(usage).not.toHaveAttribute('aria-busy'));
    // 55 GB - 21.46 GB used, 18 days to the period's end (the fixture's).
    expect(within(usage).getByText('33.54 GB left').closest('p')).toHaveTextContent(
      '33.54 GB left · 18 days',
    );
    // 21.46 GB used in 12 of 30 days: 53.65 GB by the end, under the 55 GB.
    expect(within(usage).getByText('At this pace it lasts the period')).toBeVisible();
    const bars = within(usage).getByRole('list', { name: 'Data used this period' });
    const peak = within(bars).getByRole('progressbar', { name: 'Peak data used' });
    expect(peak).toHaveAttribute('aria-valuenow', '39');
    expect(peak.closest('li')).toHaveTextContent('Peak 39%21.46 GB of 55 GB');
    // The service's icon sits beside its name (decorative: the name is written).
    expect(usage.querySelector('.usage-hero__icon svg.lucide-satellite-dish')).not.toBeNull();
    // The region comes first: the hero is the page's first card.
    expect(screen.getAllByRole('region')[0]).toBe(usage);
  });

  it('leads a limitless plan with Unlimited Data and the days left', async () => {
    const limitless = dashboardService({
      is_limitless: true,
      usage: {
        ...dashboardService().usage!,
        peak_usage: { used_gb: 43.43, quota_gb: null },
        offpeak_usage: { used_gb: 0, quota_gb: null },
        unmetered_usage: 0,
        is_limitless: true,
      },
    });
    setup(() => jsonResponse({ data: dashboard({ services: [limitless] }) }));
    const usage = await findCard('Usage');
    expect(await within(usage).findByText('Unlimited Data', { selector: 'span' })).toBeVisible();
    expect(
      within(usage).getByText('Unlimited Data', { selector: 'span' }).closest('p'),
    ).toHaveTextContent('Unlimited Data · 18 days');
    expect(usage).toHaveTextContent('43.43 GB used so far this period');
    expect(within(usage).queryByRole('progressbar')).toBeNull();
  });

  it('says when the data runs out at the pace so far', async () => {
    const heavy = dashboardService({
      usage: { ...dashboardService().usage!, peak_usage: { used_gb: 44, quota_gb: 55 } },
    });
    setup(() => jsonResponse({ data: dashboard({ services: [heavy] }) }));
    const usage = await findCard('Usage');
    expect(await within(usage).findByText('11 GB left')).toBeVisible();
    expect(within(usage).getByText(/^At this pace it runs out on \d\d\/\d\d\/\d\d$/)).toBeVisible();
    expect(within(usage).getByRole('progressbar', { name: 'Peak data used' })).toHaveAttribute(
      'aria-valuetext',
      '80% (44 GB of 55 GB)',
    );
  });

  it('shows an owing customer what is owed, when it is due, and a Pay button to One-Off Payment', async () => {
    setup(() =>
      jsonResponse({
        data: dashboard({
          account: {
            accountid: 100003,
            balance: { amount: 17994, status: 'Owing' },
            due: { day_in_month: 1, mm: 12, year: 2026 },
            paymethod: { display: 'Not Yet Set' },
          },
        }),
      }),
    );
    const summary = await findCard('Account Summary');
    await waitFor(() => expect(summary).not.toHaveAttribute('aria-busy'));
    // What is owed, when it is due and Pay, together on the balance's panel.
    const pay = within(summary).getByRole('link', { name: 'Pay $179.94' });
    expect(pay).toHaveAttribute('href', '/billing/one-off-payment');
    expect(pay).toHaveClass('button--primary');
    const panel = pay.closest('.account-balance')!;
    expect(panel).toHaveTextContent('Balance$179.94OwingDue date01/12/26Pay $179.94');
    // View Current Bill steps back to a secondary button beside the one next action.
    expect(within(summary).getByRole('link', { name: 'View Current Bill' })).not.toHaveClass(
      'button--primary',
    );
  });

  it('offers no Pay button and no due date to a paid-up account', async () => {
    setup();
    const summary = await findCard('Account Summary');
    await waitFor(() => expect(summary).not.toHaveAttribute('aria-busy'));
    expect(summary).not.toHaveTextContent('Due date');
    expect(within(summary).queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  it('starts the dashboard and the latest news together from the route loader, without the profile', async () => {
    const { calls } = setup();
    await findCard('News & Updates');
    await waitFor(() => expect(card('Account Summary')).not.toHaveAttribute('aria-busy'));
    const paths = calls.map((c) => c.path);
    expect(paths.slice(0, 3).sort()).toEqual(
      [apiPaths.alerts, apiPaths.dashboard, apiPaths.latestBlogs].sort(),
    );
    expect(paths).not.toContain(apiPaths.profile);
    expect(paths).not.toContain(apiPaths.services);
  });

  it('shows a contact with only billing permissions the Account Summary and Billing Activity, not Usage', async () => {
    setup(() => jsonResponse({ data: billingDashboard }), BILLING);
    const summary = await findCard('Account Summary');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Usage' })).toBeNull());
    expect(summary).toHaveTextContent('Credit Card');
    expect(within(summary).getByRole('link', { name: 'View Current Bill' })).toBeInTheDocument();
    expect(within(summary).queryByRole('link', { name: 'View Services' })).toBeNull();
    expect(card('Billing Activity')).toBeInTheDocument();
    expect(screen.getByText(/^Account ID:/)).toHaveTextContent('Account ID: 100001');
  });

  it('shows a contact without permissions none of the three, and the Account ID from the profile loaded alongside', async () => {
    const { calls } = setup(() => jsonResponse({ data: emptyDashboard }), []);
    await waitFor(() =>
      expect(screen.getByText(/^Account ID:/)).toHaveTextContent('Account ID: 1234'),
    );
    expect(screen.queryByRole('region', { name: 'Account Summary' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Usage' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Billing Activity' })).toBeNull();
    expect(card('Support')).toBeInTheDocument();
    // The profile was started by the loader, beside the dashboard: not after it.
    expect(
      calls
        .slice(0, 3)
        .map((c) => c.path)
        .sort(),
    ).toEqual([apiPaths.dashboard, apiPaths.latestBlogs, apiPaths.profile].sort());
  });

  it('shows all three cards as placeholders when the dashboard takes longer than the hold', async () => {
    setup(() => new Promise<Response>(() => {}) as unknown as Response);
    for (const name of ['Account Summary', 'Usage', 'Billing Activity']) {
      expect(
        await screen.findByRole('region', { name }, { timeout: DASHBOARD_HOLD_MS + 1_000 }),
      ).toHaveAttribute('aria-busy', 'true');
    }
    expect(screen.getByText(/^Account ID:/)).toHaveTextContent('Account ID: …');
  });

  it('ends the wait as soon as the dashboard has data from elsewhere (kept data read late)', async () => {
    const { queryClient } = setup(() => new Promise<Response>(() => {}) as unknown as Response);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: 'Account Summary' })).toBeNull();
    queryClient.setQueryData(dashboardQueryKey, dashboard());
    // Well before the hold's end: the answer is still out.
    expect(
      await screen.findByRole('region', { name: 'Account Summary' }, { timeout: 700 }),
    ).not.toHaveAttribute('aria-busy');
  });

  it('waits for the data before showing the page, so a notice arrives with the cards and does not push them down', async () => {
    let answer: (response: Response) => void = () => {};
    const outage = {
      kind: 'advisory' as const,
      id: 2,
      title: 'Outage: Longreach exchange and tower TWR-LRE-01',
      message: 'Affects your service at 12 Wattle Rd',
      href: '/support/network-status#advisory-2',
    };
    setup(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    // The navigation waits for the page's data (the app's loading state shows), not its cards.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('region', { name: 'Account Summary' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Support' })).toBeNull();

    answer(jsonResponse({ data: dashboard({ notices: [outage] }) }));
    const notice = await screen.findByRole('link', { name: new RegExp(outage.title) });
    expect(notice).toHaveAttribute('href', outage.href);
    // The cards came with it, filled in: never a placeholder the notice then moved.
    expect(card('Account Summary')).not.toHaveAttribute('aria-busy');
    expect(card('Usage')).not.toHaveAttribute('aria-busy');
  });

  it('says the page could not load, and loads it again on request', async () => {
    let fail = true;
    const { user } = setup(() =>
      fail
        ? errorResponse(500, 'Internal error: please try again later.')
        : jsonResponse({ data: dashboard() }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.banner.loadPage);
    expect(screen.queryByRole('region', { name: 'Account Summary' })).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Credit Card')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a limitless plan as Unlimited Data with the total used, and no Buy Data Block', async () => {
    const limitless = dashboardService({
      serviceid: 200301,
      service_name: 'Fixed Wireless AVC000777000222',
      alt_service_name: 'Wireless Unlimited, Lot 2 Station Rd, Winton QLD',
      identifier: 'AVC000777000222',
      addr_abbr: 'Lot 2 Station Rd, Winton QLD',
      plan_name: 'Wireless Unlimited',
      technology: 'Fixed Wireless',
      is_limitless: true,
      usage: {
        ...dashboardService().usage!,
        peak_usage: { used_gb: 43.43, quota_gb: null },
        offpeak_usage: { used_gb: 0, quota_gb: null },
        unmetered_usage: 0,
        is_limitless: true,
      },
    });
    const anytime = dashboardService({
      serviceid: 200302,
      service_name: 'Cottage',
      technology: 'Fixed Wireless',
      usage: {
        ...dashboardService().usage!,
        peak_usage: { used_gb: 30, quota_gb: 120 },
        offpeak_usage: { used_gb: 45, quota_gb: 60 },
        unmetered_usage: 0,
      },
    });
    const { user } = setup(() =>
      jsonResponse({ data: dashboard({ services: [limitless, anytime] }) }),
    );
    const usage = await findCard('Usage');
    const table = await within(usage).findByRole('table', { name: 'Data this period' });
    expect(table).toHaveTextContent('AllowanceUnlimited Data');
    expect(table).toHaveTextContent('Total used43.43 GB');
    expect(within(usage).queryByRole('button', { name: 'Buy Data Block' })).toBeNull();
    expect(within(usage).getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();

    await user.selectOptions(within(usage).getByRole('combobox', { name: 'Plan' }), '200302');
    expect(within(usage).getByRole('progressbar', { name: 'Anytime data used' })).toHaveAttribute(
      'aria-valuetext',
      '25% (30 GB of 120 GB)',
    );
    expect(within(usage).getByRole('progressbar', { name: 'Off-Peak data used' })).toHaveAttribute(
      'aria-valuetext',
      '75% (45 GB of 60 GB)',
    );
    expect(within(usage).getByRole('button', { name: 'Buy Data Block' })).toBeInTheDocument();
  });

  it('starts on the stored default service when it has usage', async () => {
    window.localStorage.setItem(storageKeys.defaultService, '200302');
    const second = dashboardService({ serviceid: 200302, service_name: 'Cottage' });
    setup(() => jsonResponse({ data: dashboard({ services: [dashboardService(), second] }) }));
    const usage = await findCard('Usage');
    expect(await within(usage).findByRole('combobox', { name: 'Plan' })).toHaveValue('200302');
  });

  it('hides the buttons and links the flags do not allow', async () => {
    const data: Dashboard = dashboard({
      permissions: {
        links: dashboardLinks(['view-account']),
        blocks: { account: true, activity: true, services: true },
      },
    });
    setup(() => jsonResponse({ data }));
    const usage = await findCard('Usage');
    await within(usage).findByRole('combobox', { name: 'Plan' });
    expect(within(usage).queryByRole('button')).toBeNull();
    expect(within(usage).queryByRole('link', { name: 'View Detailed Usage' })).toBeNull();
    expect(
      within(card('Account Summary')).queryByRole('link', { name: 'View Current Bill' }),
    ).toBeNull();
    expect(
      within(card('Account Summary')).getByRole('link', { name: 'View Services' }),
    ).toBeInTheDocument();
    expect(within(card('Billing Activity')).queryByRole('link')).toBeNull();
  });

  it('opens the services Buy a Data Block modal for the chosen plan', async () => {
    const { user, calls } = setup(undefined, undefined, {
      [`GET ${apiPaths.services}`]: () => jsonResponse({ data: [service()] }),
      [`GET ${buildPath(apiPaths.availableBlocks, { serviceid: 200101 })}`]: () =>
        jsonResponse({ data: blocks }),
    });
    const usage = await findCard('Usage');
    await user.click(await within(usage).findByRole('button', { name: 'Buy Data Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a Data Block' });
    expect(
      await within(dialog).findByRole('heading', { name: 'Data Block 5 GB' }),
    ).toBeInTheDocument();
    // The services list and the blocks were asked for together, once each.
    expect(calls.filter((c) => c.path === apiPaths.services)).toHaveLength(1);
  });

  it('says the modal could not open when the services list fails', async () => {
    const { user } = setup(undefined, undefined, {
      [`GET ${apiPaths.services}`]: () =>
        errorResponse(500, 'Internal error: please try again later.'),
    });
    const usage = await findCard('Usage');
    await user.click(await within(usage).findByRole('button', { name: 'Change Plan' }));
    expect(await within(usage).findByRole('alert')).toHaveTextContent(messages.banner.cleaned);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows Live Chat on native and leaves News & Updates out', async () => {
    window.localStorage.setItem(storageKeys.platform, 'android');
    window.localStorage.setItem(storageKeys.privacyAccepted, '1');
    const { calls } = setup();
    const support = await findCard('Support');
    expect(within(support).getByRole('link', { name: 'Live Chat' })).toHaveAttribute(
      'href',
      '/support/live-chat',
    );
    await waitFor(() => expect(card('Account Summary')).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByRole('region', { name: 'News & Updates' })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain(apiPaths.latestBlogs);
  });
});
