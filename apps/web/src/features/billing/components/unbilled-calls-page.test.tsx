import { apiPaths } from '@outpost/contracts/api-paths';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboard } from '@/test/dashboard-fixtures';
import { jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { stubApi } from '@/test/services-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Unbilled Calls', () => {
  it('says the page is not available yet, why, and where calls show instead of a bare heading', async () => {
    signIn();
    const api = stubApi({
      [`GET ${apiPaths.dashboard}`]: () => jsonResponse({ data: dashboard() }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/billing/unbilled-calls');

    expect(await screen.findByRole('heading', { level: 2, name: 'Unbilled Calls' })).toBeVisible();
    expect(
      screen.getByText(
        'Unbilled calls are not available online yet: call charges reach the portal only when a bill is issued. Calls made since your last bill will show on your next invoice.',
      ),
    ).toBeVisible();
    // The tab stays listed and disabled, with its reason.
    const tabs = screen.getByRole('navigation', { name: 'Billing sections' });
    const tab = within(tabs).getByText('Unbilled Calls');
    expect(tab).toHaveAttribute('aria-disabled', 'true');
    expect(tab).toHaveTextContent(/^Unbilled CallsNot available yet$/);
  });
});
