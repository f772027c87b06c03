import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { AdvisoryDetail } from '@outpost/contracts/advisories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const advisoryQueryKey = (advisoryid: number) =>
  ['support', 'networkstatus', 'detail', advisoryid] as const;

/** GET advisory detail by advisory id (spec 3 section 7). */
export function getAdvisory(advisoryid: number, signal?: AbortSignal): Promise<AdvisoryDetail> {
  return apiData<AdvisoryDetail>(buildPath(apiPaths.advisory, { advisoryid }), { signal });
}

export function advisoryQueryOptions(advisoryid: number) {
  return queryOptions({
    queryKey: advisoryQueryKey(advisoryid),
    queryFn: ({ signal }) => getAdvisory(advisoryid, signal),
  });
}

/**
 * The advisory a link names ('#advisory-7', from a dashboard notice or an email) when it is not
 * among the pages loaded: fetched by id so the customer sees what they followed (one call).
 */
export function useLinkedAdvisory(advisoryid: number | null) {
  return useQuery({ ...advisoryQueryOptions(advisoryid ?? 0), enabled: advisoryid !== null });
}
