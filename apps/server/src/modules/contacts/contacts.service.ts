import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Brand } from '@outpost/contracts/brand';
import type {
  ContactListItem,
  PermissionDefinition,
  Relationship,
  Role,
} from '@outpost/contracts/contacts';
import type { Messaging } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/route';
import type { AuthContext } from '../../lib/auth-context';
import {
  permissionDefinitions,
  relationships,
  roles,
  userPermissions,
  users,
} from '../../db/accounts.schema';
import { authEvents, verificationCodes } from '../auth/auth.schema';
import { contactFields, contactRoleFields } from '../users/users.service';
import { contactsError } from './contacts.errors';
import { endAllSessions } from '../auth/auth.service';
import { emitEvent } from '../webhooks/webhooks.service';

export type ContactsDeps = {
  db: Db;
  clock: Clock;
  messaging: Messaging;
  brand: Brand;
  publicUrl: string;
};

/** The role nobody is given through these calls: one holder per account (decision 016). */
export const HOLDER_ROLE = 'Account Holder';
/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A contact that no longer exists for the account: kept for history, hidden everywhere. */
export const REMOVED = 'Removed';

/** The account's contacts (not removed ones): the holder first, then by name. */
export async function listContacts(db: Db, accountId: number): Promise<ContactListItem[]> {
  return db
    .select({
      user_id: users.id,
      ...contactFields,
      ...contactRoleFields,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(relationships, eq(relationships.id, users.relationshipId))
    .where(and(eq(users.accountId, accountId), ne(users.roleStatus, REMOVED)))
    .orderBy(
      desc(users.isAccountHolder),
      asc(sql`lower(${users.givenNames})`),
      asc(sql`lower(${users.surname})`),
      asc(users.id),
    );
}

/** The roles a contact may be given: every role but the holder's, by level (highest first). */
export async function listRoles(db: Db): Promise<Role[]> {
  return db
    .select({ role: roles.role, level: roles.level })
    .from(roles)
    .where(ne(roles.role, HOLDER_ROLE))
    .orderBy(desc(roles.level), asc(roles.id));
}

/** The relationships each offered role has. */
export async function listRelationships(db: Db): Promise<Relationship[]> {
  return db
    .select({ for_role: roles.role, relationship: relationships.relationship })
    .from(relationships)
    .innerJoin(roles, eq(roles.id, relationships.roleId))
    .where(ne(roles.role, HOLDER_ROLE))
    .orderBy(desc(roles.level), asc(roles.id), asc(relationships.id));
}

/** The permission catalogue, in display order. */
export async function listPermissionDefinitions(db: Db): Promise<PermissionDefinition[]> {
  return db
    .select({
      section: permissionDefinitions.section,
      permission: permissionDefinitions.permission,
      label: permissionDefinitions.label,
      level_needed: permissionDefinitions.levelNeeded,
    })
    .from(permissionDefinitions)
    .orderBy(asc(permissionDefinitions.sort));
}

export type AuditAction = 'contact-add' | 'contact-permissions' | 'contact-remove';

/** Who changed which contact and how; never a code or a password. */
export async function auditContact(
  tx: Db,
  meta: RequestMeta,
  auth: AuthContext,
  event: AuditAction,
  detail: string,
): Promise<void> {
  await tx.insert(authEvents).values({
    event,
    outcome: 'success',
    username: auth.username.slice(0, 200),
    userId: auth.userId,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    detail: detail.slice(0, 2000),
  });
}

type LockedContact = {
  id: number;
  accountId: number;
  isAccountHolder: boolean;
  roleStatus: string;
  role: string;
  level: number;
};

/**
 * A contact of the caller's account that has not been removed, locked until the transaction ends
 * when `lock` is set (changes to one contact queue). Another account's contact, a removed one
 * and a missing one all answer the same 404.
 */
export async function contactOfAccount(
  db: Db,
  auth: AuthContext,
  userId: number,
  lock: boolean,
): Promise<LockedContact> {
  const query = db
    .select({
      id: users.id,
      accountId: users.accountId,
      isAccountHolder: users.isAccountHolder,
      roleStatus: users.roleStatus,
      role: roles.role,
      level: roles.level,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(eq(users.id, userId), eq(users.accountId, auth.accountId), ne(users.roleStatus, REMOVED)),
    );
  const [contact] = lock ? await query.for('update', { of: users }) : await query;
  if (!contact) throw notFound();
  return contact;
}

/**
 * Removes a contact from the caller's account: never the caller, never the holder. Soft removal
 * (decision 016): the row stays for the history that names it (payments, plan changes, data
 * blocks, audits), marked 'Removed', with its username freed (`removed:<id>:<username>`, which no
 * email address can be) so the email can be added again; credentials cleared, permissions off,
 * every token revoked (their next request answers 401), sessions ended, unused codes spent.
 */
export async function removeContact(
  deps: ContactsDeps,
  auth: AuthContext,
  userId: number,
  meta: RequestMeta,
): Promise<void> {
  const now = deps.clock();
  await withTransaction(deps.db, async (tx) => {
    const contact = await contactOfAccount(tx, auth, userId, true);
    if (contact.id === auth.userId) throw contactsError('removeSelf');
    if (contact.isAccountHolder) throw contactsError('removeHolder');
    await tx
      .update(users)
      .set({
        roleStatus: REMOVED,
        username: sql`'removed:' || ${users.id} || ':' || ${users.username}`,
        passwordHash: null,
        pinHash: null,
        totpSecret: null,
        totpPendingSecret: null,
        recoveryFamilyId: null,
      })
      .where(eq(users.id, contact.id));
    await tx
      .update(userPermissions)
      .set({ enabled: false })
      .where(eq(userPermissions.userId, contact.id));
    await endAllSessions(tx, contact.id, now);
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.userId, contact.id), isNull(verificationCodes.consumedAt)));
    await auditContact(
      tx,
      meta,
      auth,
      'contact-remove',
      `removed contact ${contact.id} (${contact.role}, was ${contact.roleStatus}); sessions ended`,
    );
    await emitEvent(
      tx,
      'contact.removed',
      { account_id: auth.accountId, user_id: contact.id, removed_by: auth.userId },
      now,
    );
  });
}
