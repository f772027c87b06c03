import { apiPaths } from '@outpost/contracts/api-paths';
import type { LoginInput, SessionOutput } from '@outpost/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analytics } from '@/lib/analytics';
import { apiRequest } from '@/lib/api-client';
import { isSessionPayload, storeSession } from '@/lib/session';

/** The login answer came back without the tokens (or the user) it must carry. */
export class MissingTokensError extends Error {
  override readonly name = 'MissingTokensError';
}

/** POST /api/portal/users/login/: tokens, user summary, permissions and the account-holder flag in one answer. */
export async function login(input: LoginInput): Promise<SessionOutput> {
  const result = await apiRequest<unknown>(apiPaths.login, {
    method: 'POST',
    body: input,
    auth: 'none',
  });
  if (result.status !== 200 || !isSessionPayload(result.data))
    throw new MissingTokensError('Login answer without tokens');
  return result.data;
}

/** Logs in and stores the whole session; no follow-up calls are needed. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      // Nothing cached for an earlier user may show to this one.
      queryClient.clear();
      storeSession(session);
      analytics.track('login');
    },
  });
}
