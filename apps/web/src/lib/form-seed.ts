import { type QueryKey, type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { isRestoredCopy } from './restored-copies';

/**
 * The data a form may be filled from: the query's data, except while it is a last-known copy
 * from the device (docs/decisions/031) that is being fetched again. A form takes its starting
 * values once, so one filled from the copy would keep what the server no longer holds: after a
 * save and a quick reload the copy kept before the save comes back for a moment, and the form
 * showed the old choice as if the save had been lost. Until the fetch answers, the form's
 * placeholder shows. Offline (the fetch paused) or after a failed fetch the copy is all there
 * is, and it is returned: the page shows it, and saving says what went wrong.
 */
export function useFormSeed<T>(query: UseQueryResult<T>, queryKey: QueryKey): T | undefined {
  const queryClient = useQueryClient();
  if (query.data === undefined) return undefined;
  if (query.fetchStatus === 'fetching' && isRestoredCopy(queryClient, queryKey)) return undefined;
  return query.data;
}
