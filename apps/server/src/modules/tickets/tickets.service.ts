import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TicketDetail, TicketListItem, TicketMessage } from '@outpost/contracts/tickets';
import type { TicketPriority, TicketTeam } from '@outpost/domain/tickets-rules';
import { ticketNumber, ticketStatusLabel, ticketTeamFor } from '@outpost/domain/tickets-rules';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { notFound } from '../../lib/errors';
import { users } from '../../db/accounts.schema';
import { services } from '../services/services.schema';
import { deskDueAt } from './desk-hours';
import { ticketAttachments, ticketMessages, tickets } from './tickets.schema';
import { emitEvent } from '../webhooks/webhooks.service';
import { serviceName } from '@outpost/domain/phone-format';
import { addDeskNotice } from './desk-notices';

export type NewTicket = {
  accountId: number;
  serviceId?: number | null;
  /** The contact who asked; null when the provider opens it. */
  userId: number | null;
  /** The name shown beside the first message. */
  authorName: string;
  /** The staff member who writes it in a staff-assisted session of `userId` (decision 025). */
  staff?: MessageStaff;
  category: string;
  subject: string;
  /** The first message of the conversation. */
  body: string;
  source: 'customer' | 'callback' | 'order' | 'service-request';
  /** When it was opened (the request's time); the database's now() when absent. */
  now?: Date;
};

/** A staff member writing in a staff-assisted session of the customer (docs/decisions/025). */
export type MessageStaff = { id: number; name: string } | null | undefined;

/**
 * Who a message is from, as stored: the contact (or the desk, `userId` null), or in a
 * staff-assisted session the staff member who really wrote it, for the contact.
 */
function authorColumns(userId: number | null, authorName: string, staff: MessageStaff) {
  return {
    authorUserId: userId,
    authorStaffId: staff?.id ?? null,
    authorName: staff ? staff.name : authorName,
    fromCustomer: userId !== null && !staff,
  };
}

/**
 * Opens a ticket with its first message, in the caller's transaction so that the order, request
 * or callback it records and the ticket commit together (or not at all). Returns the id the
 * client gets as `ticketid` and the number the customer sees.
 */
export async function createTicket(tx: Db, input: NewTicket) {
  const [ticket] = await tx
    .insert(tickets)
    .values({
      accountId: input.accountId,
      serviceId: input.serviceId ?? null,
      createdBy: input.userId,
      category: input.category,
      subject: input.subject,
      source: input.source,
      // The desk's fields (docs/decisions/057): a normal priority's time to answer, the team by
      // what it is about.
      team: ticketTeamFor(input.category),
      dueAt: deskDueAt('normal', input.now ?? new Date(), ticketTeamFor(input.category)),
      ...(input.now ? { createdAt: input.now, updatedAt: input.now } : {}),
    })
    .returning({ id: tickets.id });
  const [message] = await tx
    .insert(ticketMessages)
    .values({
      ticketId: ticket!.id,
      ...authorColumns(input.userId, input.authorName, input.staff),
      body: input.body,
      ...(input.now ? { createdAt: input.now } : {}),
    })
    .returning({ id: ticketMessages.id });
  await emitEvent(
    tx,
    'ticket.opened',
    {
      account_id: input.accountId,
      ...(input.serviceId ? { service_id: input.serviceId } : {}),
      ticket_id: ticket!.id,
      number: ticketNumber(ticket!.id),
      category: input.category,
      subject: input.subject,
      source: input.source,
      opened_by: input.userId,
    },
    input.now ?? new Date(),
  );
  // The desk is told (docs/decisions/060): the digest job mails the team.
  await addDeskNotice(tx, {
    ticketId: ticket!.id,
    team: ticketTeamFor(input.category),
    kind: input.source === 'customer' ? 'ticket' : input.source,
    now: input.now ?? new Date(),
  });
  // messageId: the first message's id (an attachment hangs on it).
  return { ticketid: ticket!.id, number: ticketNumber(ticket!.id), messageId: message!.id };
}

/** The name beside a desk message when the desk gives none. */
export const DESK_AUTHOR = 'Support team';

/** How a service is named beside a ticket: as My Services names it ('Home (Landline 07 5550 0123)'). */
function ticketServiceName(row: TicketRow): string | null {
  if (row.serviceTechnology === null || row.serviceIdentifier === null) return null;
  const name = serviceName(row.serviceTechnology, row.serviceIdentifier);
  return row.serviceNickname ? `${row.serviceNickname} (${name})` : name;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export type TicketRow = {
  id: number;
  serviceId: number | null;
  subject: string;
  category: string;
  status: string;
  serviceNickname: string | null;
  serviceTechnology: string | null;
  serviceIdentifier: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function listItem(row: TicketRow): TicketListItem {
  return {
    ticketid: row.id,
    number: ticketNumber(row.id),
    subject: row.subject,
    category: row.category,
    service_name: ticketServiceName(row),
    status: row.status,
    status_label: ticketStatusLabel(row.status),
    created: iso(row.createdAt),
    updated: iso(row.updatedAt),
  };
}

const ticketColumns = {
  id: tickets.id,
  serviceId: tickets.serviceId,
  subject: tickets.subject,
  category: tickets.category,
  status: tickets.status,
  serviceNickname: services.nickname,
  serviceTechnology: services.technology,
  serviceIdentifier: services.identifier,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

/** One of the account's tickets (another account's, or none: 404); `lock` inside a transaction. */
export async function ownedTicket(db: Db, accountId: number, ticketId: number, lock = false) {
  const query = db
    .select({
      id: tickets.id,
      status: tickets.status,
      priority: tickets.priority,
      team: tickets.team,
      createdBy: tickets.createdBy,
    })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.accountId, accountId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

type MessageRow = {
  id: number;
  fromCustomer: boolean;
  authorName: string;
  /** The customer a staff member wrote for (staff-assisted session), else null. */
  onBehalfOf: string | null;
  body: string;
  createdAt: Date;
};

export function messageOf(
  row: MessageRow,
  attachments: TicketMessage['attachments'],
): TicketMessage {
  return {
    id: row.id,
    from_customer: row.fromCustomer,
    author_name: row.authorName,
    on_behalf_of: row.onBehalfOf,
    body: row.body,
    created: iso(row.createdAt),
    attachments,
  };
}

/** A ticket with its conversation (oldest first) and each message's attachments (not their bytes). */
export async function ticketDetail(
  db: Db,
  accountId: number,
  ticketId: number,
): Promise<TicketDetail> {
  const [row] = await db
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(services, eq(services.id, tickets.serviceId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.accountId, accountId)));
  if (!row) throw notFound();
  const conversation = await db
    .select({
      id: ticketMessages.id,
      fromCustomer: ticketMessages.fromCustomer,
      authorName: ticketMessages.authorName,
      onBehalfOf: sql<string | null>`case when ${ticketMessages.authorStaffId} is null then null
        else ${users.givenNames} || ' ' || ${users.surname} end`,
      body: ticketMessages.body,
      createdAt: ticketMessages.createdAt,
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorUserId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const files =
    conversation.length === 0
      ? []
      : await db
          .select({
            attachmentid: ticketAttachments.id,
            messageId: ticketAttachments.messageId,
            filename: ticketAttachments.filename,
            content_type: ticketAttachments.contentType,
            size: ticketAttachments.size,
          })
          .from(ticketAttachments)
          .where(
            inArray(
              ticketAttachments.messageId,
              conversation.map((m) => m.id),
            ),
          )
          .orderBy(asc(ticketAttachments.id));
  return {
    ...listItem(row),
    serviceid: row.serviceId,
    messages: conversation.map((m) =>
      messageOf(
        m,
        files.filter((f) => f.messageId === m.id).map(({ messageId: _, ...file }) => file),
      ),
    ),
  };
}

/**
 * The status a ticket takes when the customer writes (docs/decisions/017 "Tickets"): a new one
 * stays New (nobody has picked it up); any other, including Waiting and Resolved, becomes Open,
 * so the desk sees the answer, or the problem back, in its queue.
 */
export function statusAfterCustomerReply(status: string): string {
  return status === 'New' ? 'New' : 'Open';
}

/**
 * When a ticket the customer wrote on is due (docs/decisions/057): coming back to the desk (from
 * Waiting or Resolved) it is due its priority's time from now; else it keeps its due time.
 */
export function dueAfterCustomerReply(
  ticket: { status: string; priority: TicketPriority; team: TicketTeam | null },
  now: Date,
): Date | undefined {
  return ticket.status === 'Waiting' || ticket.status === 'Resolved'
    ? deskDueAt(ticket.priority, now, ticket.team)
    : undefined;
}

/**
 * Adds a message to the conversation and moves the ticket's status and updated time (and its due
 * time, when given). `authorName`: the contact's (or the desk's); `staff`: who really writes it,
 * in a staff-assisted session of the contact, or at the desk (`userId` null).
 */
export async function addMessage(
  tx: Db,
  ticketId: number,
  message: {
    userId: number | null;
    authorName: string;
    staff?: MessageStaff;
    body: string;
    status: string;
    now: Date;
    dueAt?: Date | undefined;
  },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(ticketMessages)
    .values({
      ticketId,
      ...authorColumns(message.userId, message.authorName, message.staff),
      body: message.body,
      createdAt: message.now,
    })
    .returning({
      id: ticketMessages.id,
      fromCustomer: ticketMessages.fromCustomer,
      authorName: ticketMessages.authorName,
      body: ticketMessages.body,
      createdAt: ticketMessages.createdAt,
    });
  const [ticket] = await tx
    .update(tickets)
    .set({
      status: message.status,
      updatedAt: message.now,
      // A new due time may be missed again: its breach is counted anew (decision 057).
      ...(message.dueAt ? { dueAt: message.dueAt, breachedAt: null } : {}),
    })
    .where(eq(tickets.id, ticketId))
    .returning({ accountId: tickets.accountId, team: tickets.team });
  // A reply from the customer's side (theirs, or written for them in a staff-assisted session)
  // tells the desk (docs/decisions/060); the desk's own replies do not.
  if (message.userId !== null)
    await addDeskNotice(tx, {
      ticketId,
      team: ticket!.team,
      kind: 'reply',
      now: message.now,
    });
  await emitEvent(
    tx,
    'ticket.replied',
    {
      account_id: ticket!.accountId,
      ticket_id: ticketId,
      number: ticketNumber(ticketId),
      message_id: row!.id,
      from_customer: row!.fromCustomer,
      status: message.status,
    },
    message.now,
  );
  // For whom: the contact a staff member wrote for; nobody's when staff write at the desk.
  return {
    ...row!,
    onBehalfOf: message.staff && message.userId !== null ? message.authorName : null,
  };
}

/** Any account's ticket by id, locked (the desk answers any ticket): 404 when there is none. */
export async function lockedTicket(tx: Db, ticketId: number) {
  const [ticket] = await tx
    .select({ id: tickets.id, accountId: tickets.accountId, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('update');
  if (!ticket) throw notFound();
  return ticket;
}

/** Keeps an attachment of a ticket's message, inside the transaction that wrote it; its id. */
export async function addAttachment(
  tx: Pick<Db, 'insert'>,
  ticket: { ticketid: number; messageId: number },
  file: { filename: string; contentType: string; size: number; bytes: Buffer },
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(ticketAttachments)
    .values({
      ticketId: ticket.ticketid,
      messageId: ticket.messageId,
      filename: file.filename,
      contentType: file.contentType,
      size: file.size,
      content: file.bytes,
      createdAt: now,
    })
    .returning({ id: ticketAttachments.id });
  return row!.id;
}

/** An attachment of one of the account's tickets, with its bytes (404 otherwise). */
export async function ownedAttachment(db: Db, accountId: number, attachmentId: number) {
  const [row] = await db
    .select({
      filename: ticketAttachments.filename,
      contentType: ticketAttachments.contentType,
      content: ticketAttachments.content,
    })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .where(and(eq(ticketAttachments.id, attachmentId), eq(tickets.accountId, accountId)));
  if (!row) throw notFound();
  return row;
}

/** Who hears about a ticket: its author if they have an email, else the account holder. */
/**
 * Who a desk reply is pushed to (docs/decisions/023): the contact who opened the ticket while
 * Active, else the account holder (the same order as the email's).
 */
export async function ticketPushRecipient(db: Db, ticketId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select u.id from ${tickets} t
          join ${users} u on u.account_id = t.account_id
         where t.id = ${ticketId} and u.role_status = 'Active'
         order by (u.id = t.created_by) desc, u.is_account_holder desc, u.id
         limit 1`,
  );
  return row?.id ?? null;
}

export async function ticketRecipient(db: Db, ticketId: number) {
  const [row] = await queryRows<{ email: string | null; given_names: string }>(
    db,
    sql`select u.email, u.given_names from ${tickets} t
          join ${users} u on u.account_id = t.account_id
         where t.id = ${ticketId} and u.email is not null
         order by (u.id = t.created_by) desc, u.is_account_holder desc, u.id
         limit 1`,
  );
  return row ?? null;
}
