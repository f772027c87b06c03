import { LiveChatOptions } from '@/components/live-chat-entry';
import { liveChatLicense, liveChatUrl } from '@/lib/live-chat';
import { useSession } from '@/lib/session';
import { SupportLayout } from './support-layout';

/**
 * /support/live-chat (native only; the route sends web visitors to /, where the provider's widget
 * opens from the chat buttons instead: docs/decisions/038): the chat provider's frame with the
 * user's name, username and user id. Without a licence in the config, a plain message and the
 * other ways to reach us.
 */
export function LiveChatPage({ license = liveChatLicense() }: { license?: string | null }) {
  const { user } = useSession();
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
        <LiveChatOptions />
      )}
    </SupportLayout>
  );
}
