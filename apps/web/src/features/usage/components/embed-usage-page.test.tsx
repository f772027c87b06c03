import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDefaultService, getSessionSnapshot, storageKeys } from '@/lib/session';
import { errorResponse, jsonResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { stubApi, type FetchCall } from '@/test/services-fixtures';
import { activityBody, usageRow, usageSummary } from '@/test/usage-fixtures';
import { EMBED_TOKEN_KEY } from '../utils/embed-token';

vi.mock('./uplot-chart', () => ({ createUsageChart: vi.fn(() => ({ destroy: () => {} })) }));

const OTC = 'one-time-code-0123456789';
const token = {
  type: 'USER',
  token: 'usage-only-token',
  expires: new Date(Date.now() + 15 * 60_000).toISOString(),
  serviceid: 200101,
  technology: 'Sky Muster Plus',
};
const refused =
  'Invalid request: this usage link has expired or was already used. Please ask for a new link.';

/** The whole app as main.tsx renders it (StrictMode runs effects twice in development). */
function renderEmbed(
  path: string,
  login: (call: FetchCall) => Response,
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const headers: Record<string, string>[] = [];
  const api = stubApi({
    [`POST ${apiPaths.usageOnlyLogin}`]: login,
    [`GET ${buildPath(apiPaths.activitySummary, { serviceid: 200101 })}`]: () =>
      jsonResponse({ data: usageSummary() }),
    [`GET ${buildPath(apiPaths.activity, { serviceid: 200101 })}?by=hour&type=usage`]: () =>
      jsonResponse(activityBody('hour', 'usage', [usageRow('2026-03-14T16:00')])),
    ...routes,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      headers.push((init.headers ?? {}) as Record<string, string>);
      return api.fetchMock(path, init);
    }),
  );
  renderApp(path, { strict: true });
  return { calls: api.calls, headers };
}

const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST');

describe('Embedded usage', () => {
  afterEach(() => {
    window.sessionStorage.clear();
  });

  it('exchanges the code once, keeps the token to itself and shows that service without a plan selector', async () => {
    const { calls, headers } = renderEmbed(`/embed/usage/${OTC}`, () =>
      jsonResponse({ data: { tokens: [token] } }),
    );
    expect(await screen.findByRole('tab', { name: 'Summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeInTheDocument();
    expect(screen.getByText('Sky Muster Plus 50')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Plan' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'My Services sections' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Live Chat' })).toBeNull();

    expect(posts(calls)).toEqual([
      { path: apiPaths.usageOnlyLogin, method: 'POST', body: { otc: OTC } },
    ]);
    // The usage calls carry the usage-only token; nothing makes the app think it has a session.
    const summaryCall = calls.findIndex((c) => c.path.endsWith('/activitysummary/'));
    expect(headers[summaryCall]?.['X-User-Token']).toBe('usage-only-token');
    expect(getDefaultService()).toBe('200101');
    expect(window.localStorage.getItem(storageKeys.apiToken)).toBeNull();
    expect(getSessionSnapshot().loggedIn).toBe(false);
    expect(window.sessionStorage.getItem(EMBED_TOKEN_KEY)).toContain('usage-only-token');
  });

  it('keeps the report in the address and uses the token for the rows too', async () => {
    const { calls, headers } = renderEmbed(`/embed/usage/${OTC}?tab=hourly&chart=usage`, () =>
      jsonResponse({ data: { tokens: [token] } }),
    );
    const table = await screen.findByRole('table', { name: 'Usage by hour, newest first' });
    // Hours under their day's heading.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^Sat 14\/03\/26$/);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/^4:00 pm/);
    const rowsCall = calls.findIndex((c) => c.path.includes('/activity/?by=hour'));
    expect(headers[rowsCall]?.['X-User-Token']).toBe('usage-only-token');
    expect(posts(calls)).toHaveLength(1);
  });

  it('does not post a spent code again when the page is reloaded in the same tab', async () => {
    window.sessionStorage.setItem(EMBED_TOKEN_KEY, JSON.stringify({ ...token, otc: OTC }));
    const { calls } = renderEmbed(`/embed/usage/${OTC}`, () => errorResponse(401, refused));
    expect(await screen.findByRole('tab', { name: 'Summary' })).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('asks for a new link once the usage-only token has run out', async () => {
    renderEmbed(`/embed/usage/${OTC}`, () => jsonResponse({ data: { tokens: [token] } }), {
      [`GET ${buildPath(apiPaths.activitySummary, { serviceid: 200101 })}`]: () =>
        errorResponse(401, 'Invalid request: your session has expired. Please log in again.'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This usage link has expired. Please ask for a new link.',
    );
  });

  it('says the request could not be processed when the answer has no USER token', async () => {
    renderEmbed(`/embed/usage/${OTC}`, () => jsonResponse({ data: { tokens: [] } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem processing your request. Please try again later.',
    );
    expect(getDefaultService()).toBeNull();
  });

  it("shows the server's refusal of a used or expired code", async () => {
    const { calls } = renderEmbed(`/embed/usage/${OTC}`, () => errorResponse(401, refused));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: this usage link has expired or was already used. Please ask for a new link.',
    );
    expect(posts(calls)).toHaveLength(1);
  });

  it('says the page could not be loaded on any other failure', async () => {
    renderEmbed(`/embed/usage/${OTC}`, () =>
      errorResponse(400, 'Bad request: otc: Too small: expected string to have >=8 characters'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem loading the page. Please try again later.',
    );
  });
});
