import { apiPaths } from '@outpost/contracts/api-paths';
import type { Callback, RequestCallbackInput } from '@outpost/contracts/callbacks';
import { type QueryClient, useMutation } from '@tanstack/react-query';
import { prepareCommit } from '@/lib/prepare-commit';
import { callbackTimesQueryKey } from './get-callback-times';
import { callbacksQueryKey } from './get-callbacks';

/** Request callback: prepare (the slot is checked) then commit (booked exactly once). */
export function requestCallback(input: RequestCallbackInput): Promise<Callback> {
  return prepareCommit<Callback>({
    prepare: apiPaths.requestCallbackPrepare,
    commit: apiPaths.requestCallbackCommit,
    body: input,
  });
}

/** What a booking or a cancellation changes: the offered times and the caller's callbacks. */
export function reloadCallbacks(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: callbackTimesQueryKey }),
    queryClient.invalidateQueries({ queryKey: callbacksQueryKey, exact: true }),
  ]);
}

export function useRequestCallback() {
  return useMutation({ mutationFn: requestCallback });
}
