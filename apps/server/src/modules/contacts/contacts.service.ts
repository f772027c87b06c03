import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Brand } from '@outpost/contracts/brand';
import { verifyRoutes } from '@outpost/contracts/api-paths';
import type {
  ContactListItem,
  ContactPermission,
  NewContactInput,
  PermissionDefinition,
  Relationship,
  Role,
  UpdateContactPermissionsInput,
} from '@outpost/contracts/contacts';
import type { Messaging } from '../../adapters/messaging';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { limitMessages } from '../../lib/message-limits';
import {
  checkContactBirthDate,
  checkContactEmail,
  checkContactMobile,
} from '@outpost/domain/contacts-rules';
import { withoutLinks } from '@outpost/domain/name-rules';
import { notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/route';
import type { AuthContext } from '../../plugins/auth';
import {
  permissionDefinitions,
  relationships,
  roles,
  userPermissions,
  users,
} from '../accounts/accounts.schema';
import { authEvents, sessions, tokens, verificationCodes } from '../auth/auth.schema';
import { issueCode } from '../auth/codes';
import { addressTaken } from '../users/identity';
import { grantedOnceActive, permissionRows } from '../users/users.service';
import { contactsError } from './contacts.errors';

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
const REMOVED = 'Removed';

/** The account's contacts (not removed ones): the holder first, then by name. */
export async function listContacts(db: Db, accountId: number): Promise<ContactListItem[]> {
  return db
    .select({
      user_id: users.id,
      given_names: users.givenNames,
      surname: users.surname,
      email: users.email,
      mobile: users.mobile,
      role: roles.role,
      relationship: relationships.relationship,
      role_status: users.roleStatus,
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

type AuditAction = 'contact-add' | 'contact-permissions' | 'contact-remove';

/** Who changed which contact and how; never a code or a password. */
async function auditContact(
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

/**
 * Adds a contact to the caller's account. The role must exist and not be the holder's; the
 * relationship must be one of the role's; the email (lower-cased) becomes the username and must
 * not already be a login. The new contact starts with every permission their role's level allows
 * that the caller holds, switched on, and no password: they are 'Invited', and an email with a
 * single-use link (an 'invite' code, 7 days) lets them set their own through access recovery.
 * Parallel requests with the same email make one contact: the username's unique index decides.
 */
export async function addContact(
  deps: ContactsDeps,
  auth: AuthContext,
  input: NewContactInput,
  meta: RequestMeta,
): Promise<{ userid: number }> {
  const now = deps.clock();
  const problem =
    checkContactEmail(input.email) ??
    checkContactMobile(input.mobile) ??
    checkContactBirthDate(input.date_of_birth, now);
  if (problem !== null) throw contactsError('contactDetailInvalid', problem);
  const email = input.email.trim();
  const mobile = input.mobile.trim();
  const username = email.toLowerCase();

  const { userid } = await withTransaction(deps.db, async (tx) => {
    const [role] = await tx
      .select({ id: roles.id, role: roles.role, level: roles.level })
      .from(roles)
      .where(eq(roles.role, input.role));
    if (!role) throw contactsError('contactRoleUnknown');
    if (role.role === HOLDER_ROLE) throw contactsError('contactRoleHolder');
    const [relationship] = await tx
      .select({ id: relationships.id })
      .from(relationships)
      .where(
        and(eq(relationships.roleId, role.id), eq(relationships.relationship, input.relationship)),
      );
    if (!relationship) throw contactsError('contactRelationshipInvalid');

    // A login by that name, or a current contact (any account) with that email or mobile:
    // recovery must name one person (decision 035).
    // The mobile is looked up first: each statement sees what had committed when it began, so a
    // parallel request's row seen by the mobile lookup is seen by the login lookup too, and the
    // answer names the email (the first field that clashes) rather than whichever lookup ran
    // after that request committed.
    const takenBy = async () => {
      const mobileTaken = await addressTaken(tx, { mobile });
      const [login] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          or(
            eq(sql`lower(${users.username})`, username),
            and(eq(sql`lower(${users.email})`, username), ne(users.roleStatus, REMOVED)),
          ),
        )
        .limit(1);
      if (login) return contactsError('contactEmailTaken');
      return mobileTaken ? contactsError('contactMobileTaken') : null;
    };
    const taken = await takenBy();
    if (taken) throw taken;

    // A parallel request with the same email or mobile waits here for the first to commit, then
    // inserts nothing (any unique violation: the username, email or mobile index).
    const [created] = await tx
      .insert(users)
      .values({
        accountId: auth.accountId,
        username,
        passwordHash: null,
        title: input.title,
        givenNames: input.given_names,
        surname: input.surname,
        email,
        mobile,
        dateOfBirth: input.date_of_birth,
        roleId: role.id,
        relationshipId: relationship.id,
        roleStatus: 'Invited',
        isAccountHolder: false,
        invitedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw (await takenBy()) ?? contactsError('contactEmailTaken');

    const catalogue = await listPermissionDefinitions(tx);
    const defaults = catalogue
      .filter((d) => d.level_needed <= role.level && auth.permissions.has(d.permission))
      .map((d) => d.permission);
    await tx.insert(userPermissions).values(
      catalogue.map((d) => ({
        userId: created.id,
        permission: d.permission,
        enabled: defaults.includes(d.permission),
      })),
    );
    const inviteCode = await issueCode(tx, created.id, 'invite', now, INVITE_TTL_MS);
    await auditContact(
      tx,
      meta,
      auth,
      'contact-add',
      `added contact ${created.id} (${role.role}, ${input.relationship}), invited; permissions on: ${defaults.join(', ') || 'none'}`,
    );
    // To the outbox in this transaction: a rolled-back add sends nothing; a failed send is
    // retried by the job worker and never undoes the contact (docs/decisions/027).
    const name = deps.brand.providerName;
    const link = `${deps.publicUrl}${verifyRoutes.recovery}?code=${inviteCode}&username=${encodeURIComponent(username)}`;
    // Names as plain text: nothing a person typed becomes a link (decision 036).
    const body = `Hello ${withoutLinks(input.given_names)},\n\n${withoutLinks(`${auth.givenNames} ${auth.surname}`)} has added you as a contact on their ${name} account.\n\nOpen this link to set your password. It works once and expires in 7 days:\n${link}\n\nYour username is ${username}.\n\nIf you were not expecting this, ignore this message: nothing happens until the link is used.\n`;
    // The invitation's limits (decision 036): a refusal rolls the contact back too.
    await limitMessages(tx, 'contactInvitation', auth, email);
    await enqueueMessage(tx, 'email', {
      to: email,
      subject: `You have been invited to ${name}`,
      body,
    });
    return { userid: created.id };
  });
  return { userid };
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
async function contactOfAccount(
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
    await tx
      .update(tokens)
      .set({ revokedAt: now })
      .where(and(eq(tokens.userId, contact.id), isNull(tokens.revokedAt)));
    await tx
      .update(sessions)
      .set({ endedAt: now })
      .where(and(eq(sessions.userId, contact.id), isNull(sessions.endedAt)));
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
  });
}
