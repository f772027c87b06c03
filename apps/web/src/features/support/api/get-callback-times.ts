import { apiPaths } from '@outpost/contracts/api-paths';
import type { CallbackTimes } from '@outpost/contracts/callbacks';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { deviceTimeZone } from '../utils/time-zone';

export const callbackTimesQueryKey = ['support', 'callback', 'times'] as const;

/**
 * GET support callback times: both teams' slots, labelled in the device's zone and AEST. Kept
 * small: the route's prefetch puts it in the main chunk (the login page's budget).
 */
export function callbackTimesQueryOptions(tz = deviceTimeZone()) {
  return queryOptions({
    queryKey: [...callbackTimesQueryKey, tz],
    queryFn: ({ signal }) =>
      apiData<CallbackTimes>(`${apiPaths.callbackTimes}?tz=${encodeURIComponent(tz)}`, {
        signal,
      }),
    // Slots pass and fill: a minute-old list is still good, an hour-old one is not.
    staleTime: 60_000,
  });
}
