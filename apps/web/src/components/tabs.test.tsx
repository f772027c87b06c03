import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/test/fixtures';
import { Tabs } from './tabs';

const items = [
  { label: 'Services', to: '/services' },
  { label: 'Data Usage', to: '/services/usage' },
  { label: 'Data Blocks', to: '/services/data-blocks' },
];

function renderTabs() {
  const router = createMemoryRouter(
    [{ path: '*', element: <Tabs label="My Services sections" items={items} /> }],
    { initialEntries: ['/services/data-blocks'] },
  );
  render(<RouterProvider router={router} />);
}

describe('Tabs', () => {
  it('shows the tabs whose routes the user may open, marking the current one', () => {
    signIn({ permissions: ['view-services', 'view-activity'] });
    renderTabs();
    const nav = screen.getByRole('navigation', { name: 'My Services sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Services', 'Data Usage', 'Data Blocks']);
    expect(within(nav).getByRole('link', { name: 'Data Blocks' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Services' })).not.toHaveAttribute('aria-current');
  });

  it('hides the tabs of routes the user may not open, and the bar when one tab is left', () => {
    signIn({ permissions: ['view-services'] });
    renderTabs();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
