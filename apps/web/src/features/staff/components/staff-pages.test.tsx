import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellResponse } from '@/test/dashboard-fixtures';
import { errorResponse, jsonResponse, profileBody, sessionPayload, signIn } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { stubApi, type FetchCall } from '@/test/services-fixtures';
import { activityBody, usageRow, usageSummary } from '@/test/usage-fixtures';
import {
  clearSession,
  getSessionSnapshot,
  getStaffMarker,
  getUserToken,
  isLoggedIn,
  storageKeys,
} from '@/lib/session';

vi.mock('@/features/usage/components/uplot-chart', () => ({
  createUsageChart: vi.fn(() => ({ destroy: () => {} })),
}));

const staff = { name: 'Sam Support', role: 'support' };
const refused = 'Invalid request: this staff link is not valid, has expired or was already used.';
const linkMessage =
  'This staff link is not valid, has expired or was already used. Ask for a new link.';

/** The whole app with these API answers, the dashboard's own behind them. */
function setup(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({ [`GET ${apiPaths.profile}`]: () => jsonResponse(profileBody), ...routes });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const own = await api.fetchMock(path, init);
      return own.status === 404 ? (shellResponse(path) ?? own) : own;
    }),
  );
  return api;
}

const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST');

afterEach(() => {
  cleanup();
  clearSession();
  window.sessionStorage.clear();
});

describe('/staff-login/verify', () => {
  it('says it is checking, then stores the staff-assisted session and opens the dashboard with the banner', async () => {
    let answer: (response: Response) => void = () => {};
    const api = setup({
      [`POST ${apiPaths.staffLoginVerify}`]: () =>
        new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response,
    });
    const { router } = renderApp('/staff-login/verify?token=good-token-0001', { strict: true });
    expect(await screen.findByText('Checking the staff link…')).toBeVisible();
    // The page shows its wait before its effect sends the link: answer only once it has (answering
    // earlier left the request waiting for ever on a busy machine: a 5 s timeout in one CI run).
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
    answer(
      jsonResponse({
        data: { ...sessionPayload({ tokenSuffix: 'staff' }), staff, customer: 'Jordan Citizen' },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    expect(currentPath(router)).toBe('/');
    // One request though StrictMode ran the page's effect twice (a link works once).
    expect(posts(api.calls)).toEqual([
      { path: apiPaths.staffLoginVerify, method: 'POST', body: { token: 'good-token-0001' } },
    ]);
    expect(getUserToken()).toBe('user-token-staff');
    expect(getStaffMarker()).toEqual({ kind: 'login', ...staff, customer: 'Jordan Citizen' });
    const banner = screen.getByText('Viewing as Jordan Citizen - staff: Sam Support');
    expect(banner.closest('[role="status"]')).toHaveTextContent(
      'Changes your staff role may not make will be refused.',
    );
  });

  it('shows the plain message and makes no session when the server refuses the link', async () => {
    setup({ [`POST ${apiPaths.staffLoginVerify}`]: () => errorResponse(400, refused) });
    const { router } = renderApp('/staff-login/verify?token=used-token-0001');
    expect(await screen.findByText(linkMessage)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff verification' })).toBeVisible();
    expect(currentPath(router)).toBe('/staff-login/verify?token=used-token-0001');
    expect(isLoggedIn()).toBe(false);
    expect(getStaffMarker()).toBeNull();
  });

  it('shows the plain message without asking the server when the link has no token', async () => {
    const api = setup({});
    renderApp('/staff-login/verify');
    expect(await screen.findByText(linkMessage)).toBeVisible();
    expect(posts(api.calls)).toEqual([]);
  });
});

describe('the staff banner', () => {
  it('is not shown in a normal session, and a logout removes the staff marker', async () => {
    setup({});
    signIn();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    expect(screen.queryByText(/Viewing as/)).toBeNull();
    window.sessionStorage.setItem(
      'outpost-staff',
      JSON.stringify({ kind: 'login', ...staff, customer: 'Jordan Citizen' }),
    );
    clearSession();
    expect(getStaffMarker()).toBeNull();
    expect(getSessionSnapshot().staff).toBeNull();
  });
});

describe('/staff-usage/:serviceid/verify', () => {
  const usageToken = {
    type: 'USER',
    token: 'staff-usage-token',
    expires: new Date(Date.now() + 15 * 60_000).toISOString(),
    serviceid: 200101,
    technology: 'Sky Muster Plus',
  };
  const usageRoutes = {
    [`GET ${buildPath(apiPaths.activitySummary, { serviceid: 200101 })}`]: () =>
      jsonResponse({ data: usageSummary() }),
    [`GET ${buildPath(apiPaths.activity, { serviceid: 200101 })}?by=hour&type=usage`]: () =>
      jsonResponse(activityBody('hour', 'usage', [usageRow('2026-03-14T16:00')])),
  };
  const verifyPath = buildPath(apiPaths.staffUsageVerify, { serviceid: 200101 });

  it("shows that service's usage with the banner, keeping the token apart from any session", async () => {
    const api = setup({
      [`POST ${verifyPath}`]: () =>
        jsonResponse({ data: { tokens: [usageToken], staff, customer: 'Jordan Citizen' } }),
      ...usageRoutes,
    });
    renderApp('/staff-usage/200101/verify?token=usage-link-0001', { strict: true });
    expect(await screen.findByRole('tab', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeVisible();
    expect(screen.getByText('Viewing as Jordan Citizen - staff: Sam Support')).toBeVisible();
    expect(posts(api.calls)).toEqual([
      { path: verifyPath, method: 'POST', body: { token: 'usage-link-0001' } },
    ]);
    expect(window.localStorage.getItem(storageKeys.apiToken)).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('shows the plain message when the server refuses the link', async () => {
    setup({ [`POST ${verifyPath}`]: () => errorResponse(400, refused) });
    renderApp('/staff-usage/200101/verify?token=usage-link-0002');
    expect(await screen.findByText(linkMessage)).toBeVisible();
    expect(screen.queryByText(/Viewing as/)).toBeNull();
  });
});

describe('/xd/:uid', () => {
  it('sends a user without the account-holder flag to / without asking the server', async () => {
    const api = setup({});
    signIn({ accountHolder: false });
    const { router } = renderApp('/xd/100001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    expect(currentPath(router)).toBe('/');
    expect(posts(api.calls)).toEqual([]);
  });

  it('goes to / when the server refuses', async () => {
    setup({
      [`POST ${apiPaths.debugIntegrate}`]: () => errorResponse(404, 'Invalid request: not found.'),
    });
    signIn({ accountHolder: true });
    const { router } = renderApp('/xd/100001');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Hello World!' })).toBeNull();
  });

  it("stores the holder's new session and says Hello World!", async () => {
    const api = setup({
      [`POST ${apiPaths.debugIntegrate}`]: () =>
        jsonResponse({ data: sessionPayload({ tokenSuffix: 'xd' }) }),
    });
    signIn({ accountHolder: true });
    renderApp('/xd/100001', { strict: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello World!' })).toBeVisible();
    expect(posts(api.calls)).toEqual([
      {
        path: apiPaths.debugIntegrate,
        method: 'POST',
        body: { method: 'auto-login-acct-holder', accountid: 100001 },
      },
    ]);
    expect(getUserToken()).toBe('user-token-xd');
  });
});
