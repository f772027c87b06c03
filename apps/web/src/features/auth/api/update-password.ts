import { apiPaths } from '@outpost/contracts/api-paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * PATCH /api/portal/users/current/profile/ {password}: 200 or 302 is success. The server checks
 * the same rules and ends the user's other sessions, not this one.
 */
export async function updatePassword(password: string): Promise<void> {
  await apiRequest<unknown>(apiPaths.profile, { method: 'PATCH', body: { password } });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
