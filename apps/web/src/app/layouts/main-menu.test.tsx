import { apiPaths } from '@outpost/contracts/api-paths';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, profileBody, signIn } from '@/test/fixtures';
import { shellResponse } from '@/test/dashboard-fixtures';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async (path: string) =>
      shellResponse(path) ??
      (path === apiPaths.profile
        ? jsonResponse(profileBody)
        : jsonResponse({ data: { logged_out: true } })),
  );
});

async function openDashboard() {
  const app = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' });
  return app;
}

function mainMenu() {
  return screen.getByRole('navigation', { name: 'Main menu' });
}

/** The names of the menu's links a user sees, opening each group in turn. */
async function visibleMenuItems(user: ReturnType<typeof renderApp>['user']): Promise<string[]> {
  const menu = mainMenu();
  const names = within(menu)
    .queryAllByRole('link')
    .map((link) => link.textContent ?? '');
  for (const group of within(menu).queryAllByRole('button')) {
    await user.click(group);
    const panel = document.getElementById(group.getAttribute('aria-controls') ?? '');
    if (!panel) throw new Error('group without panel');
    names.push(
      ...within(panel)
        .queryAllByRole('link')
        .map((link) => link.textContent ?? ''),
    );
  }
  return names;
}

async function userMenuItems(user: ReturnType<typeof renderApp>['user']): Promise<string[]> {
  await user.click(screen.getByRole('button', { name: /Jordan Citizen/ }));
  const panel = document.getElementById('user-menu-panel');
  if (!panel) throw new Error('no user menu panel');
  return [...within(panel).queryAllByRole('link'), ...within(panel).queryAllByRole('button')].map(
    (el) => el.textContent ?? '',
  );
}

describe('menus by permission', () => {
  it('shows every item to a user with every permission', async () => {
    signIn();
    const { user } = await openDashboard();

    expect(await visibleMenuItems(user)).toEqual([
      'Dashboard',
      'Rewards',
      'News',
      'Services',
      'Data Usage',
      'Data Blocks',
      'Invoices',
      'One-Off Payment',
      'Recurring Payment Method',
      'Guides',
      'My Tickets',
      'Outages & Network Status',
      'Contact',
    ]);
    expect(
      within(mainMenu())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['My Services', 'Billing', 'Support']);
    expect(screen.getByRole('button', { name: /^Alerts/ })).toBeInTheDocument();
    expect(await userMenuItems(user)).toEqual([
      'My Profile',
      'Permissions',
      'Preferences',
      'Security',
      'Log Out',
    ]);
  });

  it('hides the gated items from a user without permissions and keeps the open ones', async () => {
    signIn({ permissions: [] });
    const { user } = await openDashboard();

    expect(await visibleMenuItems(user)).toEqual([
      'Dashboard',
      'Rewards',
      'News',
      'Guides',
      'Outages & Network Status',
      'Contact',
    ]);
    // My Tickets needs view-tickets, which this user lacks (Rewards needs no permission).
    expect(within(mainMenu()).queryByText('My Tickets')).not.toBeInTheDocument();
    // The My Services group has nothing left to show.
    expect(
      within(mainMenu()).queryByRole('button', { name: 'My Services' }),
    ).not.toBeInTheDocument();
    for (const gated of [
      'Services',
      'Data Usage',
      'Data Blocks',
      'Invoices',
      'One-Off Payment',
      'Recurring Payment Method',
    ]) {
      expect(within(mainMenu()).queryByText(gated)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^Alerts/ })).not.toBeInTheDocument();
    // Their own details are always theirs to see and correct (docs/decisions/039).
    expect(await userMenuItems(user)).toEqual(['My Profile', 'Preferences', 'Security', 'Log Out']);
  });

  it('marks Rewards as the current page on each of its tabs', async () => {
    signIn();
    renderApp('/rewards/faq');
    await screen.findByRole('heading', { level: 1, name: 'Rewards FAQ' });
    expect(within(mainMenu()).getByRole('link', { name: 'Rewards' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(mainMenu()).getByRole('link', { name: 'Rewards' })).toHaveAttribute(
      'href',
      '/rewards/get-started',
    );
    expect(within(mainMenu()).getByRole('link', { name: 'News' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('lists Unbilled Calls as disabled, not as a link, saying it is not available yet', async () => {
    signIn();
    const { user } = await openDashboard();

    await user.click(within(mainMenu()).getByRole('button', { name: 'Billing' }));

    const unbilled = within(mainMenu()).getByText('Unbilled Calls');
    expect(unbilled).toBeVisible();
    expect(unbilled).toHaveAttribute('aria-disabled', 'true');
    expect(unbilled.closest('a')).toBeNull();
    // Greyed with its reason, not without one (issue 35).
    expect(unbilled).toHaveTextContent(/^Unbilled CallsNot available yet$/);
  });

  it('offers no Billing group to a user for whom it would hold only the disabled Unbilled Calls', async () => {
    signIn({ permissions: [] });
    await openDashboard();

    expect(within(mainMenu()).queryByRole('button', { name: 'Billing' })).not.toBeInTheDocument();
    expect(within(mainMenu()).queryByText('Unbilled Calls')).not.toBeInTheDocument();
  });
});

describe('where the user is', () => {
  it('marks the current page and opens its group', async () => {
    signIn();
    renderApp('/support/guides');
    await screen.findByRole('heading', { level: 1, name: 'Guides' });

    const group = within(mainMenu()).getByRole('button', { name: 'Support' });
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(within(mainMenu()).getByRole('link', { name: 'Guides' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(mainMenu()).getByRole('link', { name: 'Contact' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(mainMenu()).getByRole('button', { name: 'My Services' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('lets the user close the current group and open another', async () => {
    signIn();
    const { user } = renderApp('/support/guides');
    await screen.findByRole('heading', { level: 1, name: 'Guides' });
    const group = within(mainMenu()).getByRole('button', { name: 'Support' });

    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');

    const services = within(mainMenu()).getByRole('button', { name: 'My Services' });
    await user.click(services);
    expect(services).toHaveAttribute('aria-expanded', 'true');
    expect(group).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('dropdowns', () => {
  it('keeps one dropdown open at a time across the header and the menu', async () => {
    signIn();
    const { user } = await openDashboard();
    const services = within(mainMenu()).getByRole('button', { name: 'My Services' });
    const billing = within(mainMenu()).getByRole('button', { name: 'Billing' });
    const userButton = screen.getByRole('button', { name: /Jordan Citizen/ });

    await user.click(services);
    expect(services).toHaveAttribute('aria-expanded', 'true');

    await user.click(billing);
    expect(billing).toHaveAttribute('aria-expanded', 'true');
    expect(services).toHaveAttribute('aria-expanded', 'false');

    await user.click(userButton);
    expect(userButton).toHaveAttribute('aria-expanded', 'true');
    expect(billing).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and returns focus to its button', async () => {
    signIn();
    const { user } = await openDashboard();
    const alerts = screen.getByRole('button', { name: /^Alerts/ });

    await user.click(alerts);
    expect(screen.getByText("You've caught up")).toBeVisible();
    await user.keyboard('{Escape}');

    expect(alerts).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText("You've caught up")).not.toBeVisible();
    expect(alerts).toHaveFocus();
  });

  it('resets when the user navigates', async () => {
    signIn();
    const { user } = await openDashboard();
    const support = within(mainMenu()).getByRole('button', { name: 'Support' });

    await user.click(support);
    await user.click(within(mainMenu()).getByRole('link', { name: 'Guides' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Guides' })).toBeInTheDocument();
    // The group opened by hand is closed; Support stays open as the group of the current page.
    expect(within(mainMenu()).getByRole('link', { name: 'Guides' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(mainMenu()).getByRole('button', { name: 'Support' }));
    await user.click(within(mainMenu()).getByRole('button', { name: 'My Services' }));
    await user.click(within(mainMenu()).getByRole('link', { name: 'News' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    expect(within(mainMenu()).getByRole('button', { name: 'My Services' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('opens the drawer with the hamburger button and closes it on navigation', async () => {
    signIn();
    const { user } = await openDashboard();
    const hamburger = screen.getByRole('button', { name: 'Menu' });

    await user.click(hamburger);
    expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    expect(mainMenu()).toHaveClass('is-open');

    await user.click(within(mainMenu()).getByRole('link', { name: 'News' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('menu on short screens', () => {
  it.each([
    [750, true],
    [900, false],
  ])('on a screen %i px high, scrolls to the top when opened: %s', async (height, scrolls) => {
    signIn();
    vi.stubGlobal('innerHeight', height);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user } = await openDashboard();
    scrollTo.mockClear();

    await user.click(screen.getByRole('button', { name: 'Menu' }));

    // (The router's scroll restoration calls scrollTo(x, y) too; the menu asks for { top: 0 }.)
    if (scrolls) expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    else expect(scrollTo).not.toHaveBeenCalledWith({ top: 0 });
  });
});

describe('logout', () => {
  it('calls the server, clears the session and goes to the login page', async () => {
    signIn();
    const fetchMock = vi.fn(
      async (path: string) =>
        shellResponse(path) ??
        (path === apiPaths.profile
          ? jsonResponse(profileBody)
          : jsonResponse({ data: { logged_out: true } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, router } = await openDashboard();

    await user.click(screen.getByRole('button', { name: /Jordan Citizen/ }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('sm_api_token')).toBeNull();
    expect(window.localStorage.getItem('sm_user')).toBeNull();
    expect(window.localStorage.getItem('sm_permissions')).toBeNull();
    const logoutCall = fetchMock.mock.calls.find(
      ([path]) => path === apiPaths.logout,
    ) as unknown as [string, RequestInit];
    expect(logoutCall[1].headers).toMatchObject({ 'X-User-Token': 'user-token-1' });
  });
});
