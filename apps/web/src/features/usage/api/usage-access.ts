import type { RequestOptions } from '@/lib/api-client';

/**
 * Whose token a usage call sends: the signed-in session's, or the one-service USER token an
 * embedded-usage link was exchanged for (kept by that page alone: the rest of the app must not
 * take it for a session, and every other route refuses it).
 */
export type UsageAccess = { kind: 'session' } | { kind: 'embed'; token: string };

export const sessionAccess: UsageAccess = { kind: 'session' };

export function usageRequestOptions(access: UsageAccess): RequestOptions {
  return access.kind === 'embed' ? { userToken: access.token } : {};
}

/** The start of every usage query key; embedded data is kept apart from the session's. */
export function usageKeyRoot(access: UsageAccess) {
  return ['usage', access.kind] as const;
}
