import { apiPaths } from '@outpost/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { setDefaultService } from '@/lib/session';
import { readEmbedToken, storeEmbedToken, type UsageOnlyToken } from '../utils/embed-token';

/** The answer carried no USER token (spec 2 section 8: 'There was a problem processing your request...'). */
export class NoUsageTokenError extends Error {
  override readonly name = 'NoUsageTokenError';
}

export function isUsageToken(value: unknown): value is UsageOnlyToken {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.type === 'USER' &&
    typeof v.token === 'string' &&
    v.token !== '' &&
    typeof v.expires === 'string' &&
    typeof v.serviceid === 'number' &&
    typeof v.technology === 'string'
  );
}

/**
 * POST /api/portal/users/usageONLYlogin/ {otc}: exchanges a one-time code for a USER token scoped
 * to one service (spec 2 section 4, Usage-only access). The token is kept for the embedded page
 * only; its serviceid becomes default_service. A code works once, so a token this tab already
 * holds for the code is used instead of posting it again (a reload).
 */
export async function usageOnlyLogin(otc: string): Promise<UsageOnlyToken> {
  let token = readEmbedToken(otc);
  if (!token) {
    const data = await apiData<{ tokens?: unknown }>(apiPaths.usageOnlyLogin, {
      method: 'POST',
      body: { otc },
      auth: 'none',
    });
    const tokens: unknown[] = Array.isArray(data.tokens) ? data.tokens : [];
    token = tokens.find(isUsageToken) ?? null;
    if (!token) throw new NoUsageTokenError('No USER token in the usage-only login answer');
    storeEmbedToken(otc, token);
  }
  setDefaultService(String(token.serviceid));
  return token;
}

/**
 * One exchange per code for the life of the page: a query (not a mutation), so the route loader,
 * a re-render and StrictMode's second effect all share the one request, and it never goes stale.
 */
export function usageOnlyLoginQueryOptions(otc: string) {
  return queryOptions({
    queryKey: ['usage-only-login', otc] as const,
    queryFn: () => usageOnlyLogin(otc),
    staleTime: Infinity,
    gcTime: Infinity,
    retryOnMount: false,
  });
}

export function useUsageOnlyLogin(otc: string) {
  return useQuery(usageOnlyLoginQueryOptions(otc));
}
