import { Link } from 'react-router';
import { getBrand, phoneHref } from '@/lib/brand';
import { useSession } from '@/lib/session';
import { liveChatLicense, liveChatUrl } from '../utils/live-chat';
import { SupportLayout } from './support-layout';

/** Said when no chat licence is configured (used here only: kept out of the shared catalogue). */
export const LIVE_CHAT_OFF =
  'Live chat is not available right now. You can still reach us by phone or send us a message.';

/**
 * /support/live-chat (native only; the route sends web visitors to /): the chat provider's frame
 * with the user's name, username and user id. Without a licence in the config, a plain message
 * and the other ways to reach us.
 */
export function LiveChatPage({ license = liveChatLicense() }: { license?: string | null }) {
  const { user } = useSession();
  const brand = getBrand();
  return (
    <SupportLayout title="Live Chat">
      {license && user ? (
        <iframe
          className="live-chat__frame"
          title="Live chat with our support team"
          src={liveChatUrl(license, user)}
          allow="clipboard-write"
        />
      ) : (
        <div className="live-chat__off">
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
      )}
    </SupportLayout>
  );
}
