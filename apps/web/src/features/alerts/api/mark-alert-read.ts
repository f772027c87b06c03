import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Alert } from '@outpost/contracts/dashboard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { alertsQueryKey } from './get-alerts';

/** PATCH /api/portal/alerts/{alert_id}/ {read: 1}. */
export function markAlertRead(alertId: number): Promise<unknown> {
  return apiData<unknown>(buildPath(apiPaths.alert, { alert_id: alertId }), {
    method: 'PATCH',
    body: { read: 1 },
  });
}

/**
 * Mark as read (spec 1 section 4): the alert leaves the list at once and the server is told.
 * A failure is silent (section 8): the alert stays gone here and comes back with a later load.
 */
export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAlertRead,
    onMutate: async (alertId: number) => {
      // A load still on its way must not bring the alert back.
      await queryClient.cancelQueries({ queryKey: alertsQueryKey });
      queryClient.setQueryData<Alert[]>(alertsQueryKey, (alerts) =>
        alerts?.filter((a) => a.alert_id !== alertId),
      );
    },
  });
}
