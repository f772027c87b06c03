import { apiPaths } from '@outpost/contracts/api-paths';
import type { NewContactInput } from '@outpost/contracts/contacts';
import { messages } from '@outpost/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StepUp } from '@/components/step-up-dialog';
import { apiData } from '@/lib/api-client';
import { untickedDefaults } from '../utils/permissions';
import { contactsQueryKey } from './get-contacts';
import { getContactPermissions } from './get-contact-permissions';
import { updateContactPermissions } from './update-contact-permissions';

export type AddContact = {
  contact: NewContactInput;
  /** The permissions the admin left ticked. */
  chosen: readonly string[];
};

export type AddedContact = {
  userid: number;
  /**
   * The contact was added, but their permissions could not be set as chosen: the reason (they
   * may hold more than the admin meant until someone updates them), else null.
   */
  permissionsProblem: unknown;
};

/** POST /api/portal/users/current/contacts/ with the new-contact payload; the answer is {userid}. */
export function postContact(contact: NewContactInput): Promise<{ userid: number }> {
  return apiData<{ userid: number }>(apiPaths.contacts, { method: 'POST', body: contact });
}

/**
 * Add a contact (spec 3 section 7): POST the new contact, read their permissions (the role's
 * defaults), then PATCH to disabled the defaults the admin unticked. Only the POST's failure is a
 * failure of the wizard: once the contact exists, trying again would add them twice.
 */
export async function addContact(
  run: StepUp['run'],
  { contact, chosen }: AddContact,
): Promise<AddedContact> {
  const { userid } = await run(() => postContact(contact));
  let current;
  try {
    current = await getContactPermissions(userid);
  } catch {
    return { userid, permissionsProblem: messages.account.newUserPermissionsFailed };
  }
  const changes = untickedDefaults(current, chosen);
  if (changes.length === 0) return { userid, permissionsProblem: null };
  try {
    await run(() => updateContactPermissions({ userid, changes }));
    return { userid, permissionsProblem: null };
  } catch (error) {
    return { userid, permissionsProblem: error };
  }
}

/** Adding needs a fresh one-time code: `run` is the page's step-up. The list reloads after. */
export function useAddContact(run: StepUp['run']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddContact) => addContact(run, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey, exact: true }),
  });
}
