import { sql } from 'drizzle-orm';
import type { ContactPermission, UpdateContactPermissionsInput } from '@outpost/contracts/contacts';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { RequestMeta } from '../../lib/route';
import type { AuthContext } from '../../lib/auth-context';
import { userPermissions } from '../../db/accounts.schema';
import { grantedOnceActive, permissionRows } from '../users/users.service';
import { contactsError } from './contacts.errors';
import type { ContactsDeps } from './contacts.service';
import { auditContact, contactOfAccount, listPermissionDefinitions } from './contacts.service';

/**
 * A contact's permissions: every definition with what the contact holds now. For an invited
 * contact, what they will hold once they accept (the same rule without the status): the Add
 * Contact wizard reads these right after creating them and switches off what the admin unticked.
 */
export async function contactPermissions(
  db: Db,
  auth: AuthContext,
  userId: number,
): Promise<ContactPermission[]> {
  await contactOfAccount(db, auth, userId, false);
  const rows = await permissionRows(db, userId, grantedOnceActive);
  return rows.map((r) => ({
    permission: r.permission,
    group: r.section,
    enabled: r.enabled ? (1 as const) : (0 as const),
  }));
}

/**
 * Changes a contact's permission switches, all or nothing, with the contact's row locked. Refused
 * as a whole when any change is: an unknown or repeated permission, a grant above the role's
 * level, a permission the caller does not hold (to give or to take away), the caller's own row,
 * the account holder's. The auth hook reads permissions with the token on every request, so the
 * change holds from the contact's next request.
 */
export async function updateContactPermissions(
  deps: ContactsDeps,
  auth: AuthContext,
  userId: number,
  changes: UpdateContactPermissionsInput,
  meta: RequestMeta,
): Promise<ContactPermission[]> {
  await withTransaction(deps.db, async (tx) => {
    const contact = await contactOfAccount(tx, auth, userId, true);
    if (contact.id === auth.userId) throw contactsError('ownPermissions');
    if (contact.isAccountHolder) throw contactsError('holderPermissions');
    const catalogue = new Map(
      (await listPermissionDefinitions(tx)).map((d) => [d.permission, d] as const),
    );
    const seen = new Set<string>();
    for (const change of changes) {
      const definition = catalogue.get(change.permission);
      if (!definition) throw contactsError('permissionUnknown', change.permission);
      if (seen.has(change.permission)) throw contactsError('permissionRepeated', change.permission);
      seen.add(change.permission);
      if (!auth.permissions.has(change.permission)) {
        throw contactsError('permissionNotHeld', definition.label);
      }
      if (change.enabled === 1 && definition.level_needed > contact.level) {
        throw contactsError('permissionAboveLevel', definition.label, contact.role);
      }
    }
    await tx
      .insert(userPermissions)
      .values(
        changes.map((c) => ({
          userId: contact.id,
          permission: c.permission,
          enabled: c.enabled === 1,
        })),
      )
      .onConflictDoUpdate({
        target: [userPermissions.userId, userPermissions.permission],
        set: { enabled: sql`excluded.enabled` },
      });
    await auditContact(
      tx,
      meta,
      auth,
      'contact-permissions',
      `contact ${contact.id}: ${changes.map((c) => `${c.permission} ${c.enabled === 1 ? 'on' : 'off'}`).join(', ')}`,
    );
  });
  return contactPermissions(deps.db, auth, userId);
}
