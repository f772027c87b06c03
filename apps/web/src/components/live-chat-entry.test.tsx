import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_CHAT_WIDGET_SCRIPT, type LiveChatWindow } from '@/lib/live-chat-widget';
import { signIn } from '@/test/fixtures';
import { LIVE_CHAT_OFF, useLiveChatEntry } from './live-chat-entry';

function Entry({ license }: { license: string | null }) {
  const chat = useLiveChatEntry({ license });
  return (
    <>
      {chat.button}
      {chat.panel}
    </>
  );
}

function renderEntry(license: string | null) {
  signIn();
  const router = createMemoryRouter(
    [{ path: '/services/usage', element: <Entry license={license} /> }],
    {
      initialEntries: ['/services/usage'],
    },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const widgetScripts = () =>
  [...document.querySelectorAll('script')].filter((s) => s.src === LIVE_CHAT_WIDGET_SCRIPT);

afterEach(() => {
  for (const script of widgetScripts()) script.remove();
  delete (window as LiveChatWindow).LiveChatWidget;
  delete (window as LiveChatWindow).__lc;
});

describe('Live Chat on the web (docs/decisions/038)', () => {
  it("with a licence, loads the provider's widget only when chat is opened, then opens it with the user's details", async () => {
    const { user, router } = renderEntry('12345678');
    // The page alone requests nothing from the provider.
    expect(widgetScripts()).toHaveLength(0);
    expect((window as LiveChatWindow).LiveChatWidget).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Live Chat' }));
    await waitFor(() => expect(widgetScripts()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Opening chat…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const page = window as LiveChatWindow;
    expect(page.__lc?.license).toBe(12345678);
    expect(page.LiveChatWidget?._q).toEqual([
      ['call', ['set_customer_name', 'Jordan Citizen']],
      ['call', ['set_session_variables', { username: 'holder', user_id: '7' }]],
      ['call', ['maximize']],
    ]);

    widgetScripts()[0]!.dispatchEvent(new Event('load'));
    expect(await screen.findByRole('button', { name: 'Live Chat' })).not.toHaveAttribute(
      'aria-busy',
    );
    expect(screen.queryByText(LIVE_CHAT_OFF)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services/usage');

    // Opened again: the same script, no second request.
    await user.click(screen.getByRole('button', { name: 'Live Chat' }));
    expect(widgetScripts()).toHaveLength(1);
  });

  it('with a licence but the widget unable to load (offline, blocked), shows the other ways to reach us', async () => {
    const { user } = renderEntry('12345678');
    await user.click(screen.getByRole('button', { name: 'Live Chat' }));
    await waitFor(() => expect(widgetScripts()).toHaveLength(1));
    widgetScripts()[0]!.dispatchEvent(new Event('error'));
    expect(await screen.findByText(LIVE_CHAT_OFF)).toBeInTheDocument();
    expect(widgetScripts()).toHaveLength(0);
  });

  it('without a licence, shows the other ways to reach us in place and loads nothing', async () => {
    const { user, router } = renderEntry(null);
    const chat = screen.getByRole('button', { name: 'Live Chat' });
    await user.click(chat);
    expect(chat).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(LIVE_CHAT_OFF)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a callback' })).toHaveAttribute(
      'href',
      '/support/callback',
    );
    expect(router.state.location.pathname).toBe('/services/usage');
    expect(widgetScripts()).toHaveLength(0);
  });
});
