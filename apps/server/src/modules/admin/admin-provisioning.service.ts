import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminAccountInput, adminServiceInput } from '@outpost/contracts/admin';
import type { NewContactInput } from '@outpost/contracts/contacts';
import {
  checkContactBirthDate,
  checkContactEmail,
  checkContactMobile,
} from '@outpost/domain/contacts-rules';
import { withoutLinks } from '@outpost/domain/name-rules';
import { cancellationDateAllowed, statusAfter } from '@outpost/domain/service-status-rules';
import { businessDate, zonedInstant } from '@outpost/domain/time/zoned';
import type { Brand } from '@outpost/contracts/brand';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { accounts, relationships, roles, users } from '../../db/accounts.schema';
import { limitAdminMessages } from '../../lib/message-limits';
import { issueCode } from '../auth/codes';
import { contactsError } from '../contacts/contacts.errors';
import { HOLDER_ROLE, INVITE_TTL_MS } from '../contacts/contacts.service';
import { insertContact, invitationLink } from '../contacts/add-contact.service';
import { plans, services } from '../services/services.schema';
import { endScheduledChanges, markCancelled } from '../services/changes.service';
import { addressTaken } from '../users/identity';
import { emitEvent } from '../webhooks/webhooks.service';
import { adminError } from './admin.errors';

export type ProvisioningDeps = { db: Db; brand: Brand; publicUrl: string };

type AccountInput = z.output<typeof adminAccountInput>;
type ServiceInput = z.output<typeof adminServiceInput>;

/**
 * A new customer in `tx` (decision 051): the account (its billing period starting now) and its
 * holder, 'Invited' with no password: an email with a single-use link (7 days) lets them set
 * their own, as an invited contact does. The holder's email and mobile must name no one else
 * (decision 035); the account's external id must be new. `by`: the API key or staff member, whose
 * invitations are limited (decision 036). `invite: false` (a migration, decision 053) sends no
 * invitation: the holder is still Invited, with no password, and gets in by Forgot password (or a
 * later invitation).
 */
export async function createAccount(
  tx: Db,
  deps: ProvisioningDeps,
  input: AccountInput,
  by: string,
  now: Date,
  options: { invite?: boolean } = {},
): Promise<number> {
  const holder = input.holder;
  const problem =
    checkContactEmail(holder.email) ??
    checkContactMobile(holder.mobile) ??
    checkContactBirthDate(holder.date_of_birth, now);
  if (problem !== null) throw contactsError('contactDetailInvalid', problem);
  const email = holder.email.trim();
  const mobile = holder.mobile.trim();
  const username = email.toLowerCase();

  const [role] = await tx
    .select({ roleId: roles.id, relationshipId: relationships.id })
    .from(roles)
    .innerJoin(relationships, eq(relationships.roleId, roles.id))
    .where(eq(roles.role, HOLDER_ROLE))
    .limit(1);
  if (!role) throw new Error('the Account Holder role is missing');

  const taken = await addressTaken(tx, { email, mobile });
  const [login] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username))
    .limit(1);
  if (login || taken === 'email') throw contactsError('contactEmailTaken');
  if (taken === 'mobile') throw contactsError('contactMobileTaken');

  // A parallel request with the same external id or email waits on the unique index, then
  // inserts nothing: the whole request is refused and rolled back.
  const [account] = await tx
    .insert(accounts)
    .values({
      name: input.name.trim(),
      externalId: input.external_id ?? null,
      billingPeriodStart: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  if (!account) throw adminError('externalIdTaken');
  const [created] = await tx
    .insert(users)
    .values({
      accountId: account.id,
      username,
      passwordHash: null,
      title: holder.title,
      givenNames: holder.given_names,
      surname: holder.surname,
      email,
      mobile,
      dateOfBirth: holder.date_of_birth,
      roleId: role.roleId,
      relationshipId: role.relationshipId,
      roleStatus: 'Invited',
      isAccountHolder: true,
      invitedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) throw contactsError('contactEmailTaken');
  if (options.invite !== false) await inviteHolder(tx, deps, holder, created.id, by, now);
  await emitEvent(tx, 'account.created', { account_id: account.id, holder_id: created.id }, now);
  return account.id;
}

/** The holder's invitation (a single-use link, 7 days), limited per sender and address. */
async function inviteHolder(
  tx: Db,
  deps: ProvisioningDeps,
  holder: AccountInput['holder'],
  userId: number,
  by: string,
  now: Date,
): Promise<void> {
  const email = holder.email.trim();
  const username = email.toLowerCase();
  const code = await issueCode(tx, userId, 'invite', now, INVITE_TTL_MS);
  const name = deps.brand.providerName;
  const link = invitationLink(deps.publicUrl, code, username);
  // Names as plain text: nothing a person typed becomes a link (decision 036).
  const body = `Hello ${withoutLinks(holder.given_names)},\n\nYour ${name} account is ready: you can see your services and usage, pay bills and get help online.\n\nOpen this link to set your password. It works once and expires in 7 days:\n${link}\n\nYour username is ${username}.\n\nIf you were not expecting this, ignore this message: nothing happens until the link is used.\n`;
  await limitAdminMessages(tx, 'holderInvitation', by, email);
  // To the outbox in this transaction: a rolled-back request sends nothing (decision 027).
  await enqueueMessage(tx, 'email', {
    to: email,
    subject: `Your ${name} account is ready`,
    body,
  });
}

/**
 * The account of an external id, created when there is none (with its holder, invited) or its
 * name updated when there is one: a BSS sends what it holds, as often as it likes. The holder is
 * never changed here: who can get into an account changes only through their own verified steps.
 */
export async function upsertAccount(
  tx: Db,
  deps: ProvisioningDeps,
  externalId: string,
  input: Omit<AccountInput, 'external_id'>,
  by: string,
  now: Date,
  options: { invite?: boolean } = {},
): Promise<{ accountId: number; created: boolean }> {
  // The row locked: parallel upserts of one external id take turns.
  const [existing] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.externalId, externalId))
    .for('update');
  if (existing) {
    await tx.update(accounts).set({ name: input.name.trim() }).where(eq(accounts.id, existing.id));
    return { accountId: existing.id, created: false };
  }
  const accountId = await createAccount(
    tx,
    deps,
    { ...input, external_id: externalId },
    by,
    now,
    options,
  );
  return { accountId, created: true };
}

/** 404 unless the account exists. */
export async function requireAccount(db: Db, accountId: number): Promise<void> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw adminError('accountMissing');
}

/**
 * A contact added to an account by the provider (the admin API, the console, the CSV import;
 * decision 053): the customer's own rules (insertContact: role, relationship, an email and
 * mobile that name no one else), 'Invited' with every permission the role's level allows. With
 * `invite` (the default) an email with a single-use link lets them set a password, limited per
 * sender (decision 036), and the holder is told by email: who can act on their account changed
 * (decision 035). Without (a migration), no one is mailed and the contact gets in by Forgot
 * password. 404 for no such account.
 */
export async function addAccountContact(
  tx: Db,
  deps: ProvisioningDeps,
  accountId: number,
  input: NewContactInput,
  by: string,
  now: Date,
  options: { invite?: boolean } = {},
): Promise<{ userid: number }> {
  const [account] = await tx
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw adminError('accountMissing');
  const { created, role, email, username } = await insertContact(
    tx,
    accountId,
    input,
    now,
    () => true,
  );
  const name = deps.brand.providerName;
  if (options.invite !== false) {
    const code = await issueCode(tx, created.id, 'invite', now, INVITE_TTL_MS);
    const link = invitationLink(deps.publicUrl, code, username);
    await limitAdminMessages(tx, 'contactInvitation', by, email);
    // Names as plain text: nothing a person typed becomes a link (decision 036).
    await enqueueMessage(tx, 'email', {
      to: email,
      subject: `You have been invited to ${name}`,
      body: `Hello ${withoutLinks(input.given_names)},\n\nYou have been added as a contact (${role.role}) on the ${name} account ${withoutLinks(account.name)}.\n\nOpen this link to set your password. It works once and expires in 7 days:\n${link}\n\nYour username is ${username}.\n\nIf you were not expecting this, ignore this message: nothing happens until the link is used.\n`,
    });
  }
  // A migration (invite: false) mails no one, the holder included: the provider announces it.
  if (options.invite !== false)
    await announceToHolder(tx, deps, accountId, `${input.given_names} ${input.surname}`, role.role);
  await emitEvent(
    tx,
    'contact.added',
    { account_id: accountId, user_id: created.id, role: role.role, added_by: null },
    now,
  );
  return { userid: created.id };
}

/** Tells the account's holder (if they have an email) that a contact was added to the account. */
async function announceToHolder(
  tx: Db,
  deps: ProvisioningDeps,
  accountId: number,
  contactName: string,
  role: string,
): Promise<void> {
  const [holder] = await tx
    .select({ email: users.email, givenNames: users.givenNames })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.isAccountHolder, true)))
    .limit(1);
  if (!holder?.email) return;
  const name = deps.brand.providerName;
  await enqueueMessage(tx, 'email', {
    to: holder.email,
    subject: `A contact was added to your ${name} account`,
    body: `Hello ${withoutLinks(holder.givenNames)},\n\n${name} has added ${withoutLinks(contactName)} as a contact (${role}) on your account. They can act on it as that role allows once they have set a password.\n\nIf this is not what you asked for, call us, or remove them under Contacts when you sign in.\n`,
  });
}

/**
 * A new service on an account: its type follows the technology, its plan must be one of that
 * technology's, its identifier must be new among live services, and its first billing period
 * starts at `start` (default now). Pending unless said active (a service migrated from another
 * system).
 */
export async function createService(
  tx: Db,
  accountId: number,
  input: ServiceInput,
  now: Date,
): Promise<{ serviceid: number; status: 'pending' | 'active'; plan: string }> {
  await requireAccount(tx, accountId);
  const [plan] = await tx
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(and(eq(plans.id, input.plan_id), eq(plans.technology, input.technology)));
  if (!plan) throw adminError('planNotForTechnology');
  const [sameIdentifier] = await tx
    .select({ id: services.id })
    .from(services)
    .where(eq(sql`upper(${services.identifier})`, input.identifier.toUpperCase()))
    .limit(1);
  if (sameIdentifier) throw adminError('identifierTaken');
  const status = input.status ?? 'pending';
  const start = input.start ? new Date(input.start) : now;
  const address = input.address;
  const [row] = await tx
    .insert(services)
    .values({
      accountId,
      externalId: input.external_id ?? null,
      type: serviceTypeOf(input.technology),
      status,
      technology: input.technology,
      planId: plan.id,
      identifier: input.identifier.toUpperCase(),
      addrAbbr: `${address.line}, ${address.suburb} ${address.state}`,
      addrLine: address.line,
      addrSuburb: address.suburb,
      addrState: address.state,
      addrPostcode: address.postcode,
      satelliteBeam: input.satellite_beam ?? null,
      towerId: input.tower_id ?? null,
      periodStart: start,
      activatedAt: status === 'active' ? now : null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: services.id });
  if (!row) throw adminError('externalIdTaken');
  await emitEvent(
    tx,
    'service.created',
    { account_id: accountId, service_id: row.id, status, plan_id: plan.id },
    now,
  );
  return { serviceid: row.id, status, plan: plan.name };
}

/**
 * A pending service made active (the network says it is ready): its first billing period starts
 * now, and the customer sees it active at once. An active one is answered as it is (activating
 * twice changes nothing and tells no one twice); a suspended or cancelled one is refused (409:
 * resume a suspended one). Another account's service is 404.
 */
export async function activateService(tx: Db, accountId: number, serviceId: number, now: Date) {
  const [service] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.accountId, accountId)))
    .for('update');
  if (!service) throw adminError('serviceMissing');
  if (service.status === 'suspended' || service.status === 'cancelled')
    throw adminError('serviceNotActivatable', service.status);
  if (service.status === 'pending') {
    await tx
      .update(services)
      .set({ status: 'active', activatedAt: now, periodStart: now })
      .where(eq(services.id, serviceId));
    await emitEvent(tx, 'service.activated', { account_id: accountId, service_id: serviceId }, now);
  }
  const [plan] = await tx
    .select({ name: plans.name })
    .from(plans)
    .where(eq(plans.id, service.planId));
  return {
    serviceid: service.id,
    external_id: service.externalId,
    type: service.type,
    technology: service.technology,
    status: 'active' as const,
    plan: plan!.name,
    identifier: service.identifier,
  };
}

type ServiceRow = typeof services.$inferSelect;

/** The account's service, locked for the rest of the transaction; another account's is 404. */
async function lockedService(tx: Db, accountId: number, serviceId: number): Promise<ServiceRow> {
  const [service] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.accountId, accountId)))
    .for('update');
  if (!service) throw adminError('serviceMissing');
  return service;
}

/** A service as the suspend, resume and cancel routes answer it (read again after the change). */
async function statusResult(tx: Db, serviceId: number) {
  const [row] = await tx
    .select({ service: services, plan: plans.name })
    .from(services)
    .innerJoin(plans, eq(plans.id, services.planId))
    .where(eq(services.id, serviceId));
  const s = row!.service;
  return {
    serviceid: s.id,
    external_id: s.externalId,
    type: s.type,
    technology: s.technology,
    status: s.status,
    plan: row!.plan,
    identifier: s.identifier,
    cancels_on: s.status !== 'cancelled' && s.cancelAt ? s.cancelAt.toISOString() : null,
    status_reason: s.statusReason,
  };
}

/**
 * An active service suspended (docs/decisions/052): the customer still sees it, its usage and
 * bills, but buys no data blocks and changes no plan for it. Anything but an active service is
 * refused (409), a suspended one too: the Idempotency-Key, not the state, makes a retry safe.
 */
export async function suspendService(
  tx: Db,
  accountId: number,
  serviceId: number,
  reason: string,
  now: Date,
) {
  const service = await lockedService(tx, accountId, serviceId);
  if (statusAfter(service.status, 'suspend') === null)
    throw adminError('serviceNotSuspendable', service.status);
  await tx
    .update(services)
    .set({ status: 'suspended', statusReason: reason, statusChangedAt: now })
    .where(eq(services.id, serviceId));
  await emitEvent(
    tx,
    'service.suspended',
    { account_id: accountId, service_id: serviceId, reason },
    now,
  );
  return statusResult(tx, serviceId);
}

/** A suspended service active again; anything else is refused (409). */
export async function resumeService(tx: Db, accountId: number, serviceId: number, now: Date) {
  const service = await lockedService(tx, accountId, serviceId);
  if (statusAfter(service.status, 'resume') === null)
    throw adminError('serviceNotResumable', service.status);
  await tx
    .update(services)
    .set({ status: 'active', statusChangedAt: now })
    .where(eq(services.id, serviceId));
  await emitEvent(tx, 'service.resumed', { account_id: accountId, service_id: serviceId }, now);
  return statusResult(tx, serviceId);
}

/**
 * A service cancelled from the start of `on` (a day in the provider's zone, today or later;
 * default today): today's takes effect now; a later one is scheduled, the service staying as it
 * is (and the customer seeing the date) until the roll-over job cancels it on that day. Its
 * scheduled plan changes end now either way. A cancelled service, or one already to be cancelled,
 * is refused (409).
 */
export async function cancelService(
  tx: Db,
  accountId: number,
  serviceId: number,
  input: { reason: string; on?: string | undefined },
  now: Date,
) {
  const service = await lockedService(tx, accountId, serviceId);
  if (statusAfter(service.status, 'cancel') === null) throw adminError('serviceAlreadyCancelled');
  if (service.cancelAt !== null)
    throw adminError('serviceCancelScheduled', businessDate(service.cancelAt));
  const today = businessDate(now);
  const on = input.on ?? today;
  if (!cancellationDateAllowed(on, today)) throw adminError('cancelDateInPast');
  const scheduled = on !== today;
  const at = scheduled ? zonedInstant(on) : now;
  await tx
    .update(services)
    .set({ statusReason: input.reason, cancelAt: at, statusChangedAt: now })
    .where(eq(services.id, serviceId));
  if (scheduled) await endScheduledChanges(tx, serviceId);
  else await markCancelled(tx, serviceId, now);
  // The request itself (decision 052): a provider's systems start their own cancellation work
  // (the network, a final bill, a retention call) when it is asked for, whenever it takes effect.
  await emitEvent(
    tx,
    'service.cancellation_requested',
    {
      account_id: accountId,
      service_id: serviceId,
      reason: input.reason,
      on,
      effective: at.toISOString(),
      scheduled,
    },
    now,
  );
  await emitEvent(
    tx,
    'service.cancelled',
    {
      account_id: accountId,
      service_id: serviceId,
      reason: input.reason,
      effective: at.toISOString(),
      scheduled,
    },
    now,
  );
  return statusResult(tx, serviceId);
}

/** Broadband for the satellite and wireless technologies, Telephony for the landline and VoIP. */
export function serviceTypeOf(technology: ServiceInput['technology']): 'Broadband' | 'Telephony' {
  return technology === 'Landline' || technology === 'VOIP' ? 'Telephony' : 'Broadband';
}
