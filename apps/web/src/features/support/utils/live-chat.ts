import type { UserSummary } from '@outpost/contracts/auth';

/** The chat provider's (LiveChat) customer chat window, opened directly in a frame. */
export const LIVE_CHAT_BASE_URL = 'https://secure.livechatinc.com/customer/action/open_chat';

/** The licence id from the build's config (VITE_LIVECHAT_LICENSE); live chat is off without it. */
export function liveChatLicense(): string | null {
  const value: unknown = import.meta.env.VITE_LIVECHAT_LICENSE;
  return typeof value === 'string' && /^\d{3,12}$/.test(value.trim()) ? value.trim() : null;
}

/**
 * The frame's address: the licence, the visitor's name, and the username and user id as session
 * variables for the agent (spec 3 section 2.1 "passing the user's name, username and user id").
 */
export function liveChatUrl(license: string, user: UserSummary): string {
  const params = new URLSearchParams({
    username: user.username,
    user_id: String(user.user_id),
  });
  const query = new URLSearchParams({
    license_id: license,
    name: `${user.given_names} ${user.surname}`.trim(),
    params: params.toString(),
  });
  return `${LIVE_CHAT_BASE_URL}?${query.toString()}`;
}
