import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { webRoutes } from '@outpost/contracts/web-routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getRefreshToken, isLoggedIn, storageKeys } from '@/lib/session';
import { errorResponse, jsonResponse, profileBody, sessionPayload, signIn } from '@/test/fixtures';
import { shellResponse } from '@/test/dashboard-fixtures';
import { currentPath, renderApp } from '@/test/render-app';

const fetchMock = vi.fn(async (path: string): Promise<Response> => {
  const shell = shellResponse(path);
  if (shell) return shell;
  if (path === apiPaths.profile) return jsonResponse(profileBody);
  // /xd/:uid's auto-login (spec 3 section 2.10): a fresh session of the holder.
  if (path === apiPaths.debugIntegrate)
    return jsonResponse({ data: sessionPayload({ tokenSuffix: 'xd' }) });
  if (path === apiPaths.services) return jsonResponse({ data: [] });
  if (path === apiPaths.contacts) return jsonResponse({ data: [] });
  // My Details and Account Preferences read these shapes.
  if (path === apiPaths.userAccount)
    return jsonResponse({
      data: {
        accountid: 1234,
        account_holder: 'Jordan Citizen',
        services: 0,
        balance: { amount: 0, status: 'Paid' },
      },
    });
  if (path === apiPaths.ownContact)
    return jsonResponse({
      data: {
        title: null,
        given_names: 'Jordan',
        surname: 'Citizen',
        email: { email: null },
        mobile: { phone: null },
        date_of_birth: null,
        account: { account_holder: true },
        pending: { email: null, mobile: null },
      },
    });
  if (path === apiPaths.preferences) return jsonResponse({ data: [] });
  // My Tickets and a ticket (docs/decisions/017).
  if (path === apiPaths.supportTickets) return jsonResponse({ data: [] });
  if (path === buildPath(apiPaths.supportTicket, { ticketid: 240001 }))
    return jsonResponse({
      data: {
        ticketid: 240001,
        number: 'T240001',
        subject: 'Modem drops out',
        category: 'Technical fault',
        service_name: null,
        serviceid: null,
        status: 'New',
        status_label: 'New',
        created: '2026-11-24T00:00:00.000Z',
        updated: '2026-11-24T00:00:00.000Z',
        messages: [],
      },
    });
  if (path === apiPaths.referrals) return jsonResponse({ data: [] });
  // Request a Callback: no times offered, no callbacks booked (docs/decisions/017).
  if (path.startsWith(apiPaths.callbackTimes))
    return jsonResponse({ data: { time_zone: 'Australia/Brisbane', teams: [] } });
  if (path === apiPaths.callbacks) return jsonResponse({ data: [] });
  // Network status: an empty first page (docs/decisions/019).
  if (path.startsWith(apiPaths.networkStatus))
    return jsonResponse({ data: { page: 1, per_page: 2, more: false, items: [] } });
  if (path === apiPaths.refresh)
    return jsonResponse({ data: sessionPayload({ tokenSuffix: 'renewed' }) });
  return jsonResponse({ data: {} });
});

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

describe('route guards', () => {
  it('sends a visitor without a session to the login page, remembering the page', async () => {
    const { router } = renderApp('/services?tab=all');

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login?redirect=%2Fservices%3Ftab%3Dall');
  });

  it('sends a user without the permission home', async () => {
    signIn({ permissions: ['view-services'] });
    const { router } = renderApp('/billing/invoices');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });

  it('says once, on the dashboard, why it sent the user home, until dismissed', async () => {
    signIn({ permissions: ['view-services'] });
    const { router } = renderApp('/billing/invoices');

    const text = 'Your account holder has not given you access to Billing.';
    const banner = (await screen.findByText(text)).closest('[role="status"]');
    expect(banner).not.toBeNull();
    expect(currentPath(router)).toBe('/');
    await userEvent.click(within(banner as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(text)).not.toBeInTheDocument();

    // Back on the dashboard later: nothing is said again.
    await router.navigate('/news');
    await router.navigate('/');
    await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' });
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('names a refused page outside Billing by its title', async () => {
    signIn({ permissions: ['view-services'] });
    renderApp('/account/permissions');
    expect(
      await screen.findByText(
        'Your account holder has not given you access to Account Permissions.',
      ),
    ).toBeInTheDocument();
  });

  it('lets a contact without permissions open My Details, without the account Summary', async () => {
    signIn({ permissions: [] });
    const { router } = renderApp('/account/details');
    expect(
      await screen.findByRole('heading', { name: 'Your contact details' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/account/details');
    expect(screen.queryByRole('heading', { name: 'Summary' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([path]) => path)).not.toContain(apiPaths.userAccount);
  });

  it('needs every listed permission', async () => {
    signIn({ permissions: ['view-transactions'] });
    const { router } = renderApp('/billing/invoices');
    await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' });
    expect(currentPath(router)).toBe('/');
  });

  it('shows a permitted page with its title', async () => {
    signIn({ permissions: ['view-transactions', 'view-invoices'] });
    renderApp('/billing/invoices');
    // The Billing page's heading (spec 3 section 2.3); the tab's title names the document.
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Invoices | Outpost Demo Broadband'));
  });

  it('shows the not-found page in the logged-out layout without a session', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'ERROR 404! Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('shows the not-found page in the logged-in layout with a session', async () => {
    signIn();
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'ERROR 404! Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('sends a logged-in visitor of /login home', async () => {
    signIn();
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });

  it('keeps native-only pages from the web', async () => {
    signIn();
    const { router } = renderApp('/support/more');
    await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' });
    expect(currentPath(router)).toBe('/');
  });

  it('shows native-only pages on a native platform', async () => {
    signIn();
    window.localStorage.setItem(storageKeys.platform, 'android');
    renderApp('/support/more');
    expect(await screen.findByRole('heading', { level: 1, name: 'More' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('shows customer terms for a product and not-found for other /support/ slugs', async () => {
    signIn();
    renderApp('/support/outpost-customer-terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Customer Terms' }),
    ).toBeInTheDocument();
  });

  it('treats /support/<anything else> as not found', async () => {
    renderApp('/support/whatever');
    expect(
      await screen.findByRole('heading', { name: 'ERROR 404! Page not found' }),
    ).toBeInTheDocument();
  });

  it('lets only an account holder use /xd/:uid', async () => {
    signIn({ accountHolder: false });
    const { router } = renderApp('/xd/5');
    await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' });
    expect(currentPath(router)).toBe('/');
  });

  it('greets an account holder at /xd/:uid', async () => {
    signIn({ accountHolder: true });
    renderApp('/xd/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello World!' }),
    ).toBeInTheDocument();
  });

  it('shows footer pages in the layout that matches the session', async () => {
    renderApp('/help-center');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Help Centre' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /App Store/ })).toBeInTheDocument();
  });

  it('renders every route of the route table for a user with every permission', async () => {
    signIn();
    for (const route of webRoutes.filter((r) => r.access === 'protected' && r.path !== '/')) {
      const view = renderApp(route.example ?? route.path);
      const heading = await screen.findByRole('heading', { level: 1 });
      // Every billing page, Unbilled Calls too (its note under the tabs), is titled Billing.
      const billingTab = route.path.startsWith('/billing/');
      expect(heading).toHaveTextContent(billingTab ? 'Billing' : route.title);
      view.unmount();
    }
    // Some thirty pages, each loading its chunk: more than the default 5 s on a busy 2-core runner.
  }, 30_000);
});

describe('session on load', () => {
  it('renews an expired USER token before showing a protected page', async () => {
    signIn({ userMinutes: -1, tokenSuffix: 'stale' });
    renderApp('/services');

    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Services' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(apiPaths.refresh);
    expect(getRefreshToken()).toBe('refresh-token-renewed');
  });

  it('ends a session whose tokens have both expired', async () => {
    signIn({ userMinutes: -2, refreshMinutes: -1 });
    const { router } = renderApp('/services');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Session expired. Please log in with username and password.',
    );
    expect(currentPath(router)).toBe('/login?reason=session-expired&redirect=%2Fservices');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends the session when the server refuses the refresh', async () => {
    signIn({ userMinutes: -1 });
    fetchMock.mockImplementationOnce(async () =>
      errorResponse(401, 'Invalid request: your session could not be renewed.'),
    );
    const { router } = renderApp('/services');

    await screen.findByRole('heading', { name: 'Log In' });
    expect(currentPath(router)).toBe('/login?reason=session-expired&redirect=%2Fservices');
    expect(isLoggedIn()).toBe(false);
  });
});
