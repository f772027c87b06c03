import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { ChangePlanPrepareInput, ChangePlanResult } from '@outpost/contracts/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { availablePlansQueryKey } from './get-available-plans';
import { servicesQueryKey } from '@/lib/services-query';
import { prepareCommit } from '@/lib/prepare-commit';

export type ChangePlanInput = ChangePlanPrepareInput & { serviceid: number };

/**
 * Change plan (or cancel a scheduled change: the current planid, 'Next Period', no options):
 * POST .../services/{id}/changeplan/prepare/ for the csrf, then .../commit/ with it.
 */
export async function changePlan({
  serviceid,
  ...body
}: ChangePlanInput): Promise<ChangePlanResult> {
  return prepareCommit<ChangePlanResult>({
    prepare: buildPath(apiPaths.changePlanPrepare, { serviceid }),
    commit: buildPath(apiPaths.changePlanCommit, { serviceid }),
    body,
  });
}

/** Reloads the services list and the service's available plans (current and next change). */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (_result, { serviceid }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: servicesQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: availablePlansQueryKey(serviceid), exact: true }),
      ]),
  });
}
