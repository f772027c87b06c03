import { apiPaths } from '@outpost/contracts/api-paths';
import type { RecoverRequestInput } from '@outpost/contracts/recovery';
import { messages } from '@outpost/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { prepareCommit } from '@/lib/prepare-commit';

type DeliveryAnswer = { delivery?: unknown };

/**
 * Access recovery request: prepare (csrf) then commit; the answer is the delivery message to show.
 * POST /api/portal/users/recoveraccess/request/prepare/ and .../commit/.
 */
export async function requestAccess(input: RecoverRequestInput): Promise<string> {
  const answer = await prepareCommit<DeliveryAnswer | null>({
    prepare: apiPaths.recoverRequestPrepare,
    commit: apiPaths.recoverRequestCommit,
    body: input,
    auth: 'none',
  });
  if (typeof answer?.delivery !== 'string')
    throw new ApiError('Parse', messages.banner.loadData, 200);
  return answer.delivery;
}

export function useRequestAccess() {
  return useMutation({ mutationFn: requestAccess });
}
