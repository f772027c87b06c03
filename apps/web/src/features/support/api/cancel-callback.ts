import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { reloadCallbacks } from './request-callback';

/** DELETE one of the caller's callbacks (before its time): its seat is freed. */
export function cancelCallback(callbackid: number): Promise<{ cancelled: true }> {
  return apiData<{ cancelled: true }>(buildPath(apiPaths.callback, { callbackid }), {
    method: 'DELETE',
  });
}

export function useCancelCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCallback,
    onSuccess: () => reloadCallbacks(queryClient),
  });
}
