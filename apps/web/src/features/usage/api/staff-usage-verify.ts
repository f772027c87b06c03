import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { setDefaultService, storeStaffMarker } from '@/lib/session';
import { StaffLinkAnswerError, staffMarkerOf } from '@/lib/staff-link';
import { readEmbedToken, storeEmbedToken, type UsageOnlyToken } from '../utils/embed-token';
import { isUsageToken } from './usage-only-login';

/** Where this tab keeps the usage-only token a staff usage link gave (a reload reuses it). */
const usageTokenKey = (serviceid: string, token: string) => `staff:${serviceid}:${token}`;

/**
 * POST /api/portal/staff-usage/{serviceid}/verify/ {token} (docs/decisions/025): a usage-only
 * token of that service, kept as embedded usage keeps its own (never as the session), and the
 * staff marker for the banner.
 */
export async function staffUsageVerify(serviceid: string, token: string): Promise<UsageOnlyToken> {
  const key = usageTokenKey(serviceid, token);
  const kept = readEmbedToken(key);
  if (kept) return kept;
  const data = await apiData<{ tokens?: unknown }>(
    buildPath(apiPaths.staffUsageVerify, { serviceid }),
    { method: 'POST', body: { token }, auth: 'none' },
  );
  const tokens: unknown[] = Array.isArray(data.tokens) ? data.tokens : [];
  const usage = tokens.find(isUsageToken);
  const staff = staffMarkerOf('usage', data);
  if (!usage || !staff) throw new StaffLinkAnswerError('Staff usage link answer without a token');
  storeEmbedToken(key, usage);
  storeStaffMarker(staff);
  setDefaultService(String(usage.serviceid));
  return usage;
}

/** One exchange per link for the life of the page (as embedded usage's). */
export function staffUsageVerifyQueryOptions(serviceid: string, token: string) {
  return queryOptions({
    queryKey: ['staff-usage-verify', serviceid, token] as const,
    queryFn: () => staffUsageVerify(serviceid, token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    retryOnMount: false,
  });
}
