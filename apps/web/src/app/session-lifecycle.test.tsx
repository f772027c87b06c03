import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getRefreshToken, isLoggedIn, storageKeys } from '@/lib/session';
import { errorResponse, jsonResponse, sessionPayload, signIn } from '@/test/fixtures';
import { shellResponse } from '@/test/dashboard-fixtures';
import { currentPath, renderApp } from '@/test/render-app';

/** Expiring this soon puts the renewal timer (30 s before session_expiry) under a second away. */
const ALMOST_DUE_MINUTES = 30.6 / 60;

describe('session lifecycle', () => {
  it('renews the tokens silently before the session expires, keeping the page as it is', async () => {
    signIn({ userMinutes: ALMOST_DUE_MINUTES, tokenSuffix: 'first' });
    const fetchMock = vi.fn(async (path: string) =>
      path === apiPaths.refresh
        ? jsonResponse({ data: sessionPayload({ tokenSuffix: 'second' }) })
        : (shellResponse(path) ?? jsonResponse({ data: path === apiPaths.services ? [] : {} })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/services');
    const heading = await screen.findByRole('heading', { level: 1, name: 'My Services' });

    await waitFor(() => expect(getRefreshToken()).toBe('refresh-token-second'), { timeout: 3000 });

    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    // The page's services list (beside the header's alerts), then the renewal.
    const own = calls.filter(([path]) => path !== apiPaths.alerts);
    expect(own.map(([path]) => path)).toEqual([apiPaths.services, apiPaths.refresh]);
    expect(own[1]?.[1].headers).toMatchObject({ 'X-Refresh-Token': 'refresh-token-first' });
    // Same element: no reload, nothing re-mounted.
    expect(screen.getByRole('heading', { level: 1, name: 'My Services' })).toBe(heading);
  });

  it('ends the session and asks for a new login when the renewal is refused', async () => {
    signIn({ userMinutes: ALMOST_DUE_MINUTES });
    // The page's own data (and the header's alerts) load; only the renewal is refused.
    vi.stubGlobal('fetch', async (path: string) =>
      path === apiPaths.services
        ? jsonResponse({ data: [] })
        : (shellResponse(path) ?? errorResponse(401, serverErrors.refreshInvalid)),
    );
    const { router } = renderApp('/services');
    await screen.findByRole('heading', { level: 1, name: 'My Services' });

    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'Session expired. Please log in with username and password.',
    );
    expect(currentPath(router)).toBe('/login?reason=session-expired&redirect=%2Fservices');
    expect(isLoggedIn()).toBe(false);
  });

  it('follows a logout in another tab', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      async (path: string) =>
        shellResponse(path) ?? jsonResponse({ data: path === apiPaths.services ? [] : {} }),
    );
    const { router } = renderApp('/services');
    await screen.findByRole('heading', { level: 1, name: 'My Services' });

    act(() => {
      // The other tab cleared the shared storage; this tab hears storage events.
      for (const key of [storageKeys.apiToken, storageKeys.refreshToken, storageKeys.user]) {
        window.localStorage.removeItem(key);
        window.dispatchEvent(new StorageEvent('storage', { key }));
      }
    });

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login?redirect=%2Fservices');
  });
});
