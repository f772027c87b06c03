import type { UserSummary } from '@outpost/contracts/auth';
import { getBrand } from '@/lib/brand';

/** The chat provider's (LiveChat) customer chat window, opened directly in a frame. */
export const LIVE_CHAT_BASE_URL = 'https://secure.livechatinc.com/customer/action/open_chat';

/**
 * The licence id: the brand's (LIVECHAT_LICENSE, given by the server at run time), else the
 * build's VITE_LIVECHAT_LICENSE (the native apps' bundled page, which no server fills in). Live
 * chat is off without one.
 */
export function liveChatLicense(): string | null {
  const built: unknown = import.meta.env.VITE_LIVECHAT_LICENSE;
  const value = getBrand().liveChatLicense || (typeof built === 'string' ? built.trim() : '');
  return /^\d{3,12}$/.test(value) ? value : null;
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
