import { DEFAULT_BUSINESS_TIME_ZONE, setBusinessTimeZone } from '@outpost/domain/time/zone';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { BRAND_GLOBAL } from '@outpost/contracts/brand';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { whatsappHref } from './contact-page';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(routes: Record<string, () => Response>) {
  signIn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => routes[path]?.() ?? errorResponse(404, 'No stub')),
  );
}

describe('Contact page', () => {
  it("shows both teams' hours in AEST, the numbers and Request a callback", async () => {
    stubFetch({});
    renderApp('/support/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TeamHours',
      'Sales & AccountsMonday to Friday 8am-6pm; Saturdays (sales only) 9am-5pm; public holidays closed',
      'Technical SupportMonday to Friday 8am-8pm; weekends 8am-6pm; public holidays closed',
    ]);
    expect(screen.getByText('The time zone is AEST (UTC+10).')).toBeVisible();
    // The brand's help number, the one the footer and Priority Assistance give, and its faults line.
    const numbers = within(screen.getByRole('region', { name: 'Phone and WhatsApp' }));
    expect(numbers.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
    expect(numbers.getByRole('link', { name: '1300 975 709' })).toHaveAttribute(
      'href',
      'tel:1300975709',
    );
    expect(screen.getByText('Help and accounts')).toBeVisible();
    expect(screen.getByRole('link', { name: '1800 160 401' })).toHaveAttribute(
      'href',
      'tel:1800160401',
    );
    expect(screen.getByRole('link', { name: '07 5550 1234' })).toHaveAttribute(
      'href',
      'tel:0755501234',
    );
    expect(screen.getByRole('link', { name: '+61 7 5550 1234' })).toHaveAttribute(
      'href',
      'tel:+61755501234',
    );
    expect(screen.getByRole('link', { name: /\+61 491 570 156/ })).toHaveAttribute(
      'href',
      'https://wa.me/61491570156',
    );
    expect(screen.getByRole('link', { name: 'Request a callback' })).toHaveAttribute(
      'href',
      '/support/callback',
    );
  });

  it("lists another brand's numbers, grouped however the brand wrote them", async () => {
    (window as unknown as Record<string, unknown>)[BRAND_GLOBAL] = {
      helpPhone: '1300555210',
      faultsPhone: '1300 555 212',
      localPhone: '0255509876',
    };
    try {
      stubFetch({});
      renderApp('/support/contact');
      const numbers = within(await screen.findByRole('region', { name: 'Phone and WhatsApp' }));
      expect(numbers.getByRole('link', { name: '1300 555 210' })).toHaveAttribute(
        'href',
        'tel:1300555210',
      );
      expect(numbers.getByRole('link', { name: '1300 555 212' })).toBeVisible();
      expect(numbers.getByRole('link', { name: '02 5550 9876' })).toBeVisible();
      expect(screen.queryByText('1300 975 707')).toBeNull();
    } finally {
      delete (window as unknown as Record<string, unknown>)[BRAND_GLOBAL];
    }
  });

  it("shows the business file's hours the server injected (docs/decisions/042)", async () => {
    (window as unknown as Record<string, unknown>)[BRAND_GLOBAL] = {
      business: {
        timeZone: 'Australia/Melbourne',
        hours: [
          {
            team: 'Sales & Accounts',
            hours: 'Monday to Friday 9am-5pm; weekends and public holidays closed',
          },
          {
            team: 'Technical Support',
            hours: 'Monday to Friday 8am-7pm; weekends 9am-5pm; public holidays closed',
          },
        ],
      },
    };
    // As main.tsx does with the injected zone; a summer's day: Melbourne is on AEDT.
    setBusinessTimeZone('Australia/Melbourne');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-15T00:00:00Z'));
    try {
      stubFetch({});
      renderApp('/support/contact');
      const table = await screen.findByRole('table');
      expect(
        within(table)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toEqual([
        'TeamHours',
        'Sales & AccountsMonday to Friday 9am-5pm; weekends and public holidays closed',
        'Technical SupportMonday to Friday 8am-7pm; weekends 9am-5pm; public holidays closed',
      ]);
      expect(screen.getByText('The time zone is AEDT (UTC+11).')).toBeVisible();
      expect(screen.queryByText('The time zone is AEST (UTC+10).')).toBeNull();
    } finally {
      vi.useRealTimers();
      setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
      delete (window as unknown as Record<string, unknown>)[BRAND_GLOBAL];
    }
  });

  it('writes WhatsApp numbers in international form', () => {
    expect(whatsappHref('0491 570 156')).toBe('https://wa.me/61491570156');
    expect(whatsappHref('+64 21 123 4567')).toBe('https://wa.me/64211234567');
  });
});

describe('Guide page', () => {
  it('shows the title and the sanitised body, Back to Guides, and Back to the list', async () => {
    stubFetch({
      [buildPath(apiPaths.guide, { slug: 'rain-fade' })]: () =>
        jsonResponse({
          data: {
            title: 'Rain fade',
            body: '<p>Heavy rain soaks up the signal.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
          },
        }),
    });
    const { user, router, container } = renderApp('/support/guides/rain-fade');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rain fade' })).toBeVisible();
    expect(screen.getByText('Heavy rain soaks up the signal.')).toBeVisible();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Guides' })).toHaveAttribute(
      'href',
      '/support/guides',
    );
    // Opened directly (no page before it in the app): Back goes to the guides.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentPath(router)).toBe('/support/guides'));
  });

  it('says when a guide does not exist', async () => {
    stubFetch({});
    renderApp('/support/guides/nothing-here');
    expect(
      await screen.findByText('We could not find that guide. It may have been taken down.'),
    ).toBeVisible();
  });
});
