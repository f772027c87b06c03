import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/test/fixtures';
import { LIVE_CHAT_OFF } from '@/components/live-chat-entry';
import { LiveChatPage } from './live-chat-page';

function renderPage(license: string | null) {
  signIn();
  const router = createMemoryRouter(
    [{ path: '/support/live-chat', element: <LiveChatPage license={license} /> }],
    { initialEntries: ['/support/live-chat'] },
  );
  render(<RouterProvider router={router} />);
}

describe('Live Chat', () => {
  it("embeds the provider's frame with the user's name, username and user id", () => {
    renderPage('12345678');
    const frame = screen.getByTitle('Live chat with our support team');
    const url = new URL(frame.getAttribute('src') ?? '');
    expect(url.searchParams.get('license_id')).toBe('12345678');
    const user = { user_id: 7, username: 'holder', given_names: 'Jordan', surname: 'Citizen' };
    expect(url.searchParams.get('name')).toBe(`${user.given_names} ${user.surname}`);
    const params = new URLSearchParams(url.searchParams.get('params') ?? '');
    expect(params.get('username')).toBe(user.username);
    expect(params.get('user_id')).toBe(String(user.user_id));
  });

  it('says plainly that chat is off, with the other ways to reach us, without a licence', () => {
    renderPage(null);
    expect(screen.queryByTitle('Live chat with our support team')).not.toBeInTheDocument();
    expect(screen.getByText(LIVE_CHAT_OFF)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact options and opening hours' })).toHaveAttribute(
      'href',
      '/support/contact',
    );
  });
});
