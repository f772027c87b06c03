import { apiPaths } from '@outpost/contracts/api-paths';
import type { RecoverRequestInput } from '@outpost/contracts/recovery';
import { messages } from '@outpost/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiData } from '@/lib/api-client';

type CsrfAnswer = { csrf?: unknown };
type DeliveryAnswer = { delivery?: unknown };

/** The csrf of a recovery prepare call (request or verify). */
export async function prepareRecovery(path: string, body: object): Promise<string> {
  const answer = await apiData<CsrfAnswer | null>(path, { method: 'POST', body, auth: 'none' });
  if (typeof answer?.csrf !== 'string') throw new ApiError('Parse', messages.banner.loadData, 200);
  return answer.csrf;
}

/**
 * Access recovery request: prepare (csrf) then commit; the answer is the delivery message to show.
 * POST /api/portal/users/recoveraccess/request/prepare/ and .../commit/.
 */
export async function requestAccess(input: RecoverRequestInput): Promise<string> {
  const csrf = await prepareRecovery(apiPaths.recoverRequestPrepare, input);
  const answer = await apiData<DeliveryAnswer | null>(apiPaths.recoverRequestCommit, {
    method: 'POST',
    body: { ...input, csrf },
    auth: 'none',
  });
  if (typeof answer?.delivery !== 'string')
    throw new ApiError('Parse', messages.banner.loadData, 200);
  return answer.delivery;
}

export function useRequestAccess() {
  return useMutation({ mutationFn: requestAccess });
}
