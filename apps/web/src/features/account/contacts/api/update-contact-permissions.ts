import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { ContactPermission, UpdateContactPermissionsInput } from '@outpost/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import type { StepUp } from '@/components/step-up-dialog';
import { contactPermissionsQueryKey } from './get-contact-permissions';

export type UpdateContactPermissions = { userid: number; changes: UpdateContactPermissionsInput };

/**
 * PATCH /api/portal/users/{id}/permissions/ with only the changes (spec 3 section 7); the answer
 * is the contact's permissions after them. Effective on the contact's next request.
 */
export function updateContactPermissions({
  userid,
  changes,
}: UpdateContactPermissions): Promise<ContactPermission[]> {
  return apiData<ContactPermission[]>(buildPath(apiPaths.contactPermissions, { userid }), {
    method: 'PATCH',
    body: changes,
  });
}

/** The change needs a fresh one-time code: `run` is the page's step-up. */
export function useUpdateContactPermissions(run: StepUp['run']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateContactPermissions) => run(() => updateContactPermissions(input)),
    onSuccess: (permissions, { userid }) =>
      queryClient.setQueryData(contactPermissionsQueryKey(userid), permissions),
  });
}
