import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StepUp } from '@/components/step-up-dialog';
import { apiData } from '@/lib/api-client';
import { contactsQueryKey } from './get-contacts';
import { contactPermissionsQueryKey } from './get-contact-permissions';

/** DELETE /api/portal/users/{id}/: removes the contact from the account; their sessions end. */
export function removeContact(userid: number): Promise<{ removed: true }> {
  return apiData<{ removed: true }>(buildPath(apiPaths.contact, { userid }), { method: 'DELETE' });
}

/** Removing needs a fresh one-time code: `run` is the page's step-up. The list reloads after. */
export function useRemoveContact(run: StepUp['run']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userid: number) => run(() => removeContact(userid)),
    onSuccess: (_result, userid) => {
      queryClient.removeQueries({ queryKey: contactPermissionsQueryKey(userid), exact: true });
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey, exact: true });
    },
  });
}
