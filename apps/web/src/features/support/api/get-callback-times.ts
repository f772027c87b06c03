import { apiPaths } from '@outpost/contracts/api-paths';
import type { CallbackTimes } from '@outpost/contracts/callbacks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** The device's IANA time zone ('Australia/Perth'); the server falls back to the service's state. */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const callbackTimesQueryKey = ['support', 'callback', 'times'] as const;

/** GET support callback times: both teams' slots, labelled in `tz` and AEST. */
export function getCallbackTimes(
  tz: string | undefined,
  signal?: AbortSignal,
): Promise<CallbackTimes> {
  const query = tz ? `?tz=${encodeURIComponent(tz)}` : '';
  return apiData<CallbackTimes>(`${apiPaths.callbackTimes}${query}`, { signal });
}

export function callbackTimesQueryOptions(tz = deviceTimeZone()) {
  return queryOptions({
    queryKey: [...callbackTimesQueryKey, tz ?? ''] as const,
    queryFn: ({ signal }) => getCallbackTimes(tz, signal),
    // Slots pass and fill: a minute-old list is still good, an hour-old one is not.
    staleTime: 60_000,
  });
}

export function useCallbackTimes() {
  return useQuery(callbackTimesQueryOptions());
}
