import { apiPaths } from '@outpost/contracts/api-paths';
import type { SessionOutput } from '@outpost/contracts/auth';
import type { RecoverVerifyInput } from '@outpost/contracts/recovery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analytics } from '@/lib/analytics';
import { prepareCommit } from '@/lib/prepare-commit';
import { isSessionPayload } from '@/lib/session';
import { MissingTokensError, startSession } from '@/lib/start-session';

/**
 * Verify access: prepare (csrf) then commit with the code; the commit answers like a login
 * (tokens, user, permissions, account-holder flag). POST .../recoveraccess/verify/prepare/ and .../commit/.
 */
export async function verifyAccess(input: RecoverVerifyInput): Promise<SessionOutput> {
  const session = await prepareCommit<unknown>({
    prepare: apiPaths.recoverVerifyPrepare,
    commit: apiPaths.recoverVerifyCommit,
    body: input,
    auth: 'none',
  });
  if (!isSessionPayload(session)) throw new MissingTokensError('Verify answer without tokens');
  return session;
}

/** Verifies the code and stores the session exactly as a login does. */
export function useVerifyAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAccess,
    onSuccess: (session) => {
      startSession(queryClient, session);
      analytics.track('verify_access');
    },
  });
}
