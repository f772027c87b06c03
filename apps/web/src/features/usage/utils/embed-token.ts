import type { Technology } from '@outpost/contracts/services';

/** One entry of the usage-only login answer (contracts `usageOnlyTokenSchema`). */
export type UsageOnlyToken = {
  type: 'USER';
  token: string;
  expires: string;
  serviceid: number;
  technology: Technology;
};

/**
 * The embedded-usage token, in session storage under a key of its own (never sm_api_token, so the
 * app does not take it for a session): a reload of the same link (whose code is spent) keeps
 * working until the token expires, and the token ends with the tab.
 */
export const EMBED_TOKEN_KEY = 'sm_usage_link';

type StoredEmbedToken = UsageOnlyToken & { otc: string };

function isStored(value: unknown): value is StoredEmbedToken {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.type === 'USER' &&
    typeof v.otc === 'string' &&
    typeof v.token === 'string' &&
    v.token !== '' &&
    typeof v.expires === 'string' &&
    typeof v.serviceid === 'number' &&
    typeof v.technology === 'string'
  );
}

/** The token this tab got for `otc`, if it has not expired. */
export function readEmbedToken(otc: string, now: number = Date.now()): UsageOnlyToken | null {
  try {
    const raw = window.sessionStorage.getItem(EMBED_TOKEN_KEY);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    if (!isStored(value) || value.otc !== otc) return null;
    const expires = Date.parse(value.expires);
    if (Number.isNaN(expires) || expires <= now) return null;
    const { otc: _otc, ...token } = value;
    return token;
  } catch {
    return null;
  }
}

export function storeEmbedToken(otc: string, token: UsageOnlyToken): void {
  try {
    window.sessionStorage.setItem(EMBED_TOKEN_KEY, JSON.stringify({ ...token, otc }));
  } catch {
    // Storage blocked: the token then lives in memory only (the query cache) until reload.
  }
}
