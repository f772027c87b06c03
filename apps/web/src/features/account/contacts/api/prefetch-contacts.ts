import { hasAllPermissions } from '@outpost/contracts/permissions';
import type { QueryClient } from '@tanstack/react-query';
import { getStoredPermissions } from '@/lib/session';
import {
  permissionDefinitionsQueryOptions,
  relationshipsQueryOptions,
  rolesQueryOptions,
} from './get-contact-setup';
import { contactsQueryOptions } from './get-contacts';

/**
 * /account/permissions: the contacts, and for someone who may change them (edit-users) what the
 * wizards are built from, all at once with the page's code: a wizard then opens without a wait.
 */
export function prefetchContactsPage(queryClient: QueryClient): Promise<unknown> {
  const canEdit = hasAllPermissions(getStoredPermissions(), ['edit-users']);
  return Promise.all([
    queryClient.prefetchQuery(contactsQueryOptions()),
    canEdit && queryClient.prefetchQuery(permissionDefinitionsQueryOptions()),
    canEdit && queryClient.prefetchQuery(rolesQueryOptions()),
    canEdit && queryClient.prefetchQuery(relationshipsQueryOptions()),
  ]);
}
