import { apiPaths } from '@outpost/contracts/api-paths';
import { passwordMessages } from '@outpost/domain/password-rules';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

export type PasswordChange = {
  password: string;
  /** Needed except in the session access recovery started (the forced update). */
  current_password?: string;
};

/**
 * PATCH /api/portal/users/current/profile/ {password, current_password}: 200 or 302 is success.
 * The server checks the same rules and ends the user's other sessions, not this one.
 */
export async function updatePassword(change: PasswordChange): Promise<void> {
  await apiRequest<unknown>(apiPaths.profile, { method: 'PATCH', body: change });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

/**
 * The rule's own message when the server refused a new password equal to the current one (the
 * forced update cannot check it first: it has no current password), else `otherwise`.
 */
export function passwordChangeFailureText(error: unknown, otherwise: string): string {
  return isApiError(error) &&
    error.status === 400 &&
    error.message.includes(passwordMessages.sameAsCurrent)
    ? passwordMessages.sameAsCurrent
    : otherwise;
}
