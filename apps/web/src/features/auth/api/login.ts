import { apiPaths } from '@outpost/contracts/api-paths';
import type { LoginInput, SessionOutput } from '@outpost/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analytics } from '@/lib/analytics';
import { apiRequest } from '@/lib/api-client';
import { isSessionPayload } from '@/lib/session';
import { MissingTokensError, startSession } from '@/lib/start-session';

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
      startSession(queryClient, session);
      analytics.track('login');
    },
  });
}
