import { and, eq, ne, or, sql } from 'drizzle-orm';
import { verifyRoutes } from '@outpost/contracts/api-paths';
import type { NewContactInput } from '@outpost/contracts/contacts';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import { limitMessages } from '../../lib/message-limits';
import {
  checkContactBirthDate,
  checkContactEmail,
  checkContactMobile,
} from '@outpost/domain/contacts-rules';
import { withoutLinks } from '@outpost/domain/name-rules';
import type { RequestMeta } from '../../lib/route';
import type { AuthContext } from '../../lib/auth-context';
import { relationships, roles, userPermissions, users } from '../../db/accounts.schema';
import { issueCode } from '../auth/codes';
import { addressTaken } from '../users/identity';
import { contactsError } from './contacts.errors';
import { emitEvent } from '../webhooks/webhooks.service';
import type { ContactsDeps } from './contacts.service';
import {
  HOLDER_ROLE,
  INVITE_TTL_MS,
  REMOVED,
  auditContact,
  listPermissionDefinitions,
} from './contacts.service';

/**
 * The single-use link of an invitation: access recovery's page with the 'invite' code, where the
 * person sets their own password.
 */
export function invitationLink(publicUrl: string, code: string, username: string): string {
  return `${publicUrl}${verifyRoutes.recovery}?code=${code}&username=${encodeURIComponent(username)}`;
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
  const { userid } = await withTransaction(deps.db, async (tx) => {
    const { created, role, defaults, email, username } = await insertContact(
      tx,
      auth.accountId,
      input,
      now,
      (permission) => auth.permissions.has(permission),
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
    const link = invitationLink(deps.publicUrl, inviteCode, username);
    // Names as plain text: nothing a person typed becomes a link (decision 036).
    const body = `Hello ${withoutLinks(input.given_names)},\n\n${withoutLinks(`${auth.givenNames} ${auth.surname}`)} has added you as a contact on their ${name} account.\n\nOpen this link to set your password. It works once and expires in 7 days:\n${link}\n\nYour username is ${username}.\n\nIf you were not expecting this, ignore this message: nothing happens until the link is used.\n`;
    // The invitation's limits (decision 036): a refusal rolls the contact back too.
    await limitMessages(tx, 'contactInvitation', auth, email);
    await enqueueMessage(tx, 'email', {
      to: email,
      subject: `You have been invited to ${name}`,
      body,
    });
    await emitEvent(
      tx,
      'contact.added',
      { account_id: auth.accountId, user_id: created.id, role: role.role, added_by: auth.userId },
      now,
    );
    return { userid: created.id };
  });
  return { userid };
}

/**
 * The contact's rows in `tx` (the customer's addContact, the admin API's and the CSV import's):
 * the role must exist and not be the holder's, the relationship one of the role's; the email
 * (lower-cased) becomes the username and, like the mobile, must name no one else (decision 035).
 * 'Invited' with no password, and every permission the role's level allows that `allowed` lets
 * through, switched on. Parallel requests with the same email make one contact: the username's
 * unique index decides. The email, mobile and date of birth are checked by the domain's rules.
 */
export async function insertContact(
  tx: Db,
  accountId: number,
  input: NewContactInput,
  now: Date,
  allowed: (permission: string) => boolean,
): Promise<{
  created: { id: number };
  role: { id: number; role: string; level: number };
  defaults: string[];
  email: string;
  username: string;
}> {
  const problem =
    checkContactEmail(input.email) ??
    checkContactMobile(input.mobile) ??
    checkContactBirthDate(input.date_of_birth, now);
  if (problem !== null) throw contactsError('contactDetailInvalid', problem);
  const email = input.email.trim();
  const mobile = input.mobile.trim();
  const username = email.toLowerCase();
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
      accountId,
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
    .filter((d) => d.level_needed <= role.level && allowed(d.permission))
    .map((d) => d.permission);
  await tx.insert(userPermissions).values(
    catalogue.map((d) => ({
      userId: created.id,
      permission: d.permission,
      enabled: defaults.includes(d.permission),
    })),
  );
  return { created, role, defaults, email, username };
}
