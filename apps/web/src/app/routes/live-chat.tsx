import { LiveChatPage } from '@/features/support/components/live-chat-page';

/** /support/live-chat (native only). */
export function Component() {
  return <LiveChatPage />;
}
