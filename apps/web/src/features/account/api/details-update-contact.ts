import { apiPaths } from '@outpost/contracts/api-paths';
import type { OwnContact, UpdateOwnContactInput } from '@outpost/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { storeUserName } from '@/lib/session';

/** PATCH user contact with title, given_names, surname, email, mobile (spec 3 section 7). */
export function updateOwnContact(body: UpdateOwnContactInput): Promise<OwnContact> {
  return apiData<OwnContact>(apiPaths.ownContact, { method: 'PATCH', body });
}

/**
 * Saves the contact; the stored user name follows the answer at once. The page's data reloads
 * when the success modal closes (spec 3 section 4 "The page reloads on close").
 */
export function useUpdateOwnContact() {
  return useMutation({
    mutationFn: updateOwnContact,
    onSuccess: (contact) => storeUserName(contact),
  });
}
