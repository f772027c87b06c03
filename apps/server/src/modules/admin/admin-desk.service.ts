import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminAdjustmentInput } from '@outpost/contracts/admin';
import type { Brand } from '@outpost/contracts/brand';
import { formatDollars } from '@outpost/domain/money';
import { withoutLinks } from '@outpost/domain/name-rules';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { users } from '../../db/accounts.schema';
import { limitAdminMessages } from '../../lib/message-limits';
import { endAllSessions } from '../auth/auth.service';
import { issueCode } from '../auth/codes';
import { accountCharges } from '../billing/billing.schema';
import { INVITE_TTL_MS } from '../contacts/contacts.service';
import { invitationLink } from '../contacts/add-contact.service';
import { recordAudit } from '../staff/staff.service';
import { adminError } from './admin.errors';
import { requireAccount } from './admin-provisioning.service';

/**
 * The service desk's help with a customer (decision 054): an invitation sent again, a contact's
 * sessions ended, a credit or charge for the next invoice. Each is written to the staff audit
 * with who did it, beside the admin API's own record of the call.
 */

export type DeskCaller = { staffId: number | null; apiKeyId: number | null };

async function contactOf(tx: Db, accountId: number, userId: number) {
  const [contact] = await tx
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      givenNames: users.givenNames,
      roleStatus: users.roleStatus,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .for('update');
  if (!contact || contact.roleStatus === 'Removed') throw adminError('contactMissing');
  return contact;
}

/**
 * A new invitation link for a contact still Invited (7 days; the earlier link stops working), by
 * email through the outbox in this transaction, limited per caller and per address.
 */
export async function resendInvitation(
  tx: Db,
  deps: { brand: Brand; publicUrl: string },
  accountId: number,
  userId: number,
  caller: DeskCaller & { by: string },
  now: Date,
): Promise<{ sent_to: string; expires: string }> {
  const contact = await contactOf(tx, accountId, userId);
  if (contact.roleStatus !== 'Invited' || !contact.email) throw adminError('contactNotInvited');
  const code = await issueCode(tx, contact.id, 'invite', now, INVITE_TTL_MS);
  const name = deps.brand.providerName;
  const link = invitationLink(deps.publicUrl, code, contact.username);
  await limitAdminMessages(tx, 'invitationResent', caller.by, contact.email);
  await enqueueMessage(tx, 'email', {
    to: contact.email,
    subject: `Your ${name} invitation`,
    // Names as plain text: nothing a person typed becomes a link (decision 036).
    body: `Hello ${withoutLinks(contact.givenNames)},\n\nHere is a new link to set your password for your ${name} account. It works once and expires in 7 days; any earlier link no longer works:\n${link}\n\nYour username is ${contact.username}.\n\nIf you were not expecting this, ignore this message: nothing happens until the link is used.\n`,
  });
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId,
    userId,
    action: 'invitation-resent',
    detail: `to ${contact.email}`,
  });
  return { sent_to: contact.email, expires: new Date(now.getTime() + INVITE_TTL_MS).toISOString() };
}

/** Ends every session of a contact of the account (a lost phone): they sign in again. */
export async function endContactSessions(
  tx: Db,
  accountId: number,
  userId: number,
  caller: DeskCaller,
  now: Date,
): Promise<{ ended: number }> {
  const contact = await contactOf(tx, accountId, userId);
  const ended = await endAllSessions(tx, contact.id, now);
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId,
    userId,
    action: 'sessions-ended',
    detail: `${ended} session${ended === 1 ? '' : 's'} ended`,
  });
  return { ended };
}

type Adjustment = {
  chargeid: number;
  kind: string;
  description: string;
  amount_cents: number;
  created: string;
  invoice_id: number | null;
};

const adjustmentOf = (row: typeof accountCharges.$inferSelect): Adjustment => ({
  chargeid: row.id,
  kind: row.kind,
  description: row.description,
  amount_cents: row.amountCents,
  created: row.createdAt.toISOString(),
  invoice_id: row.invoiceId,
});

/** The account's charges and credits (data blocks, plan adjustments, staff adjustments), newest first. */
export async function listAdjustments(db: Db, accountId: number): Promise<Adjustment[]> {
  await requireAccount(db, accountId);
  const rows = await db
    .select()
    .from(accountCharges)
    .where(eq(accountCharges.accountId, accountId))
    .orderBy(desc(accountCharges.createdAt), desc(accountCharges.id))
    .limit(50);
  return rows.map(adjustmentOf);
}

/**
 * A credit or charge onto the account's next invoice (billing): a line the customer reads, its
 * signed amount, and an audit entry naming who made it and why.
 */
export async function addAdjustment(
  tx: Db,
  accountId: number,
  input: z.output<typeof adminAdjustmentInput>,
  caller: DeskCaller,
  now: Date,
): Promise<Adjustment> {
  await requireAccount(tx, accountId);
  const amount = input.kind === 'credit' ? -input.amount_cents : input.amount_cents;
  const [row] = await tx
    .insert(accountCharges)
    .values({
      accountId,
      kind: 'adjustment',
      description: input.description,
      amountCents: amount,
      createdAt: now,
    })
    .returning();
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId,
    userId: null,
    action: input.kind === 'credit' ? 'credit-added' : 'charge-added',
    detail: `${formatDollars(input.amount_cents)}: ${input.description}`,
  });
  return adjustmentOf(row!);
}
