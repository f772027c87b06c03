import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { getBrand, phoneHref } from '@/lib/brand';
import { liveChatLicense } from '@/lib/live-chat';
import { isNativePlatform } from '@/lib/platform';
import { useSession } from '@/lib/session';

/** Said where live chat cannot be had (no licence configured, or the widget did not load). */
export const LIVE_CHAT_OFF =
  'Live chat is not available right now. You can still reach us by phone or send us a message.';

/** The other ways to reach the provider: its help number, the Contact page, a callback. */
export function LiveChatOptions({ id }: { id?: string }) {
  const brand = getBrand();
  return (
    <div className="live-chat__off" id={id}>
      <p>{LIVE_CHAT_OFF}</p>
      <ul className="live-chat__options">
        <li>
          Call us on <a href={phoneHref(brand.helpPhone)}>{brand.helpPhone}</a>
        </li>
        <li>
          <Link to="/support/contact">Contact options and opening hours</Link>
        </li>
        <li>
          <Link to="/support/callback">Request a callback</Link>
        </li>
      </ul>
    </div>
  );
}

export type LiveChatEntry = {
  /** The 'Live Chat' control, for the place's row of actions. */
  button: ReactNode;
  /** The other ways to reach us, when shown: to place after that row. */
  panel: ReactNode;
};

/**
 * Live Chat where a page offers it (the usage pages' help card; docs/decisions/038):
 * - native: a link to the chat page (/support/live-chat, the provider's frame);
 * - web with a licence: a button that loads the provider's widget only now (never with the page)
 *   and opens it; if it cannot load, the other ways to reach us, in place;
 * - web without one: a button that shows the other ways to reach us in place (no redirect).
 */
export function useLiveChatEntry({
  license = liveChatLicense(),
}: { license?: string | null } = {}) {
  const { user } = useSession();
  const panelId = useId();
  const [shown, setShown] = useState(false);
  const [opening, setOpening] = useState(false);

  if (isNativePlatform())
    return {
      button: (
        <Link to="/support/live-chat" className="button">
          Live Chat
        </Link>
      ),
      panel: null,
    } satisfies LiveChatEntry;

  const open = () => {
    if (!license || !user) {
      setShown((now) => !now);
      return;
    }
    setOpening(true);
    import('@/lib/live-chat-widget')
      .then(({ openLiveChatWidget }) => openLiveChatWidget(license, user))
      .then(
        () => setShown(false),
        () => setShown(true),
      )
      .finally(() => setOpening(false));
  };

  return {
    button: (
      <button
        type="button"
        className="button"
        onClick={open}
        aria-busy={opening || undefined}
        aria-expanded={license && user ? undefined : shown}
        aria-controls={shown ? panelId : undefined}
      >
        {opening ? 'Opening chat…' : 'Live Chat'}
      </button>
    ),
    panel: shown ? <LiveChatOptions id={panelId} /> : null,
  } satisfies LiveChatEntry;
}
