import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, gt, isNull, lt, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DeskTicket,
  DeskTicketView,
  deskReplyInput,
  deskTicketsQuery,
  deskTicketUpdateInput,
} from '@outpost/contracts/admin';
import type { Brand } from '@outpost/contracts/brand';
import type { TicketMessage } from '@outpost/contracts/tickets';
import { affectsText } from '@outpost/domain/advisories-rules';
import type { DeskView } from '@outpost/domain/tickets-rules';
import {
  isWithDesk,
  ticketMergedText,
  ticketNumber,
  ticketStatusLabel,
} from '@outpost/domain/tickets-rules';
import type { CannedValues } from '@outpost/domain/tickets-rules-canned';
import {
  CANNED_PLACEHOLDERS,
  CANNED_PLACEHOLDER_NAMES,
  cannedReplyProblem,
  renderCannedReply,
} from '@outpost/domain/tickets-rules-canned';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { accounts, users } from '../../db/accounts.schema';
import { coveredStreetQuery, coversServiceSql } from '../advisories/advisories.service';
import { transactions } from '../billing/billing.schema';
import { services } from '../services/services.schema';
import { apiKeys, staffMembers } from '../staff/staff.schema';
import { recordAudit } from '../staff/staff.service';
import { checkAttachment } from '../tickets/attachment-check';
import { deskDueAt } from '../tickets/desk-hours';
import { addDeskReply } from '../tickets/desk-reply';
import {
  cannedReplies,
  ticketAttachments,
  ticketMessages,
  ticketNotes,
  tickets,
} from '../tickets/tickets.schema';
import { addAttachment, addMessage, messageOf, ticketDetail } from '../tickets/tickets.service';
import { adminAccount } from './admin-accounts.service';
import { emitEvent } from '../webhooks/webhooks.service';
import { adminError } from './admin.errors';
import type { DeskCaller } from './admin-desk.service';

/**
 * The ticket desk (docs/decisions/057): the queue with its saved views and filters, a ticket with
 * the customer beside it, and the desk's writes. Each write is in the staff audit with what
 * changed, beside the admin API's own record of the call.
 */

const deskColumns = {
  id: tickets.id,
  accountId: tickets.accountId,
  accountName: accounts.name,
  subject: tickets.subject,
  category: tickets.category,
  source: tickets.source,
  status: tickets.status,
  priority: tickets.priority,
  team: tickets.team,
  assigneeId: tickets.assigneeStaffId,
  assigneeName: staffMembers.name,
  serviceId: services.id,
  technology: services.technology,
  identifier: services.identifier,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  dueAt: tickets.dueAt,
  mergedInto: tickets.mergedIntoTicketId,
};

/** Tickets with their account, owner and service, as the desk reads them. */
const deskTickets = (db: Db) =>
  db
    .select(deskColumns)
    .from(tickets)
    .innerJoin(accounts, eq(accounts.id, tickets.accountId))
    .leftJoin(staffMembers, eq(staffMembers.id, tickets.assigneeStaffId))
    .leftJoin(services, eq(services.id, tickets.serviceId))
    .$dynamic();

type DeskRow = Awaited<ReturnType<ReturnType<typeof deskTickets>['execute']>>[number];

function deskTicketOf(row: DeskRow, now: Date): DeskTicket {
  return {
    ticketid: row.id,
    number: ticketNumber(row.id),
    accountid: row.accountId,
    account_name: row.accountName,
    subject: row.subject,
    category: row.category,
    source: row.source,
    status: row.status,
    status_label: ticketStatusLabel(row.status),
    priority: row.priority,
    team: row.team,
    assignee:
      row.assigneeId === null ? null : { staffid: row.assigneeId, name: row.assigneeName ?? '' },
    service:
      row.serviceId === null
        ? null
        : { serviceid: row.serviceId, technology: row.technology!, identifier: row.identifier! },
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    due: row.dueAt.toISOString(),
    overdue: isWithDesk(row.status) && row.dueAt.getTime() < now.getTime(),
    merged_into: row.mergedInto,
  };
}

/** The statuses a ticket is not the desk's to answer in. */
const NOT_WITH_DESK = ['Waiting', 'Resolved'];

/** What each saved view holds; `mine` is the caller's own open tickets (none for a key). */
function viewCondition(view: DeskView, staffId: number | null, now: Date): SQL | undefined {
  switch (view) {
    case 'new':
      return eq(tickets.status, 'New');
    case 'mine':
      return staffId === null
        ? sql`false`
        : and(eq(tickets.assigneeStaffId, staffId), ne(tickets.status, 'Resolved'));
    case 'unassigned':
      return and(isNull(tickets.assigneeStaffId), ne(tickets.status, 'Resolved'));
    case 'waiting':
      return eq(tickets.status, 'Waiting');
    case 'overdue':
      return and(lt(tickets.dueAt, now), notInArray(tickets.status, NOT_WITH_DESK));
  }
}

/** The queue: a view and filters, soonest due first, a page at a time. */
export async function listDeskTickets(
  db: Db,
  query: z.output<typeof deskTicketsQuery>,
  staffId: number | null,
  now: Date,
): Promise<{ rows: DeskTicket[]; hasMore: boolean }> {
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const conditions = [
    query.view ? viewCondition(query.view, staffId, now) : undefined,
    query.status ? eq(tickets.status, query.status) : undefined,
    query.priority ? eq(tickets.priority, query.priority) : undefined,
    query.team ? eq(tickets.team, query.team) : undefined,
    query.assignee === undefined
      ? undefined
      : query.assignee === null
        ? isNull(tickets.assigneeStaffId)
        : eq(tickets.assigneeStaffId, query.assignee),
    query.technology ? eq(services.technology, query.technology) : undefined,
    query.older_than_days === undefined
      ? undefined
      : lte(tickets.createdAt, new Date(now.getTime() - query.older_than_days * 86_400_000)),
  ];
  const rows = await deskTickets(db)
    .where(and(...conditions))
    .orderBy(asc(tickets.dueAt), asc(tickets.id))
    .limit(limit + 1)
    .offset(offset);
  return {
    rows: rows.slice(0, limit).map((row) => deskTicketOf(row, now)),
    hasMore: rows.length > limit,
  };
}

async function deskTicket(db: Db, ticketId: number, now: Date): Promise<DeskTicket> {
  const [row] = await deskTickets(db).where(eq(tickets.id, ticketId));
  if (!row) throw adminError('ticketMissing');
  return deskTicketOf(row, now);
}

/**
 * A ticket as the desk works it: the conversation the customer sees (the customer's own reader),
 * the internal notes, and the customer beside it: the customer view's account (services with this
 * period's usage, contacts, ways to pay), open advisories covering their services and the latest
 * payments.
 */
export async function deskTicketView(db: Db, ticketId: number, now: Date): Promise<DeskTicketView> {
  const ticket = await deskTicket(db, ticketId, now);
  const accountId = ticket.accountid;
  const [thread, notes, customer, advisories, payments] = await Promise.all([
    ticketDetail(db, accountId, ticketId),
    db
      .select({
        noteid: ticketNotes.id,
        staffid: ticketNotes.staffId,
        author_name: staffMembers.name,
        body: ticketNotes.body,
        created: ticketNotes.createdAt,
      })
      .from(ticketNotes)
      .innerJoin(staffMembers, eq(staffMembers.id, ticketNotes.staffId))
      .where(eq(ticketNotes.ticketId, ticketId))
      .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id)),
    adminAccount(db, accountId, now),
    queryRows<{
      id: number;
      title: string;
      severity: string;
      status: string;
      started: Date | string;
      street: string | null;
    }>(
      db,
      sql`select a.id, a.title, a.severity, a.status, a.started,
                 (${coveredStreetQuery(sql`${accountId}::integer`)}) as street
            from advisories a
           where a.status <> 'Resolved'
             and exists (select 1 from services s
                          where s.account_id = ${accountId} and s.display and ${coversServiceSql})
           order by a.started desc, a.id desc`,
    ),
    db
      .select({
        at: transactions.createdAt,
        amount_cents: transactions.amountCents,
        status: transactions.status,
        reason: transactions.reason,
      })
      .from(transactions)
      .where(and(eq(transactions.accountId, accountId), eq(transactions.type, 'Payment')))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(5),
  ]);
  return {
    ticket,
    messages: thread.messages,
    notes: notes.map((n) => ({ ...n, created: n.created.toISOString() })),
    customer,
    advisories: advisories.map((a) => ({
      advisoryid: a.id,
      title: a.title,
      severity: a.severity,
      status: a.status,
      started: new Date(a.started).toISOString(),
      affects: a.street ? affectsText(a.street) : null,
    })),
    payments: payments.map((p) => ({ ...p, at: p.at.toISOString() })),
  };
}

/** A staff member's name by id (an owner named in a refusal or the audit). */
async function staffName(db: Db, staffId: number | null): Promise<string | null> {
  if (staffId === null) return null;
  const [row] = await db
    .select({ name: staffMembers.name })
    .from(staffMembers)
    .where(eq(staffMembers.id, staffId));
  return row?.name ?? `staff member ${staffId}`;
}

/**
 * Assigns a ticket, if it is still owned by whom the caller saw: one conditional update, so of
 * two clicks at once one wins and the other is told who has it (409). Asking again for the owner
 * it already has changes nothing.
 */
export async function assignTicket(
  tx: Db,
  ticketId: number,
  input: { assignee: number | null; expected_assignee: number | null },
  caller: DeskCaller,
  now: Date,
): Promise<DeskTicket> {
  if (input.assignee !== null) {
    const [member] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.id, input.assignee), eq(staffMembers.active, true)));
    if (!member) throw adminError('assigneeMissing');
  }
  const expected =
    input.expected_assignee === null
      ? isNull(tickets.assigneeStaffId)
      : eq(tickets.assigneeStaffId, input.expected_assignee);
  const [moved] = await tx
    .update(tickets)
    .set({ assigneeStaffId: input.assignee })
    .where(and(eq(tickets.id, ticketId), expected))
    .returning({ accountId: tickets.accountId });
  if (!moved) {
    const [current] = await tx
      .select({ assignee: tickets.assigneeStaffId })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    if (!current) throw adminError('ticketMissing');
    // A repeat of a click that already won: the ticket has the owner asked for.
    if (current.assignee !== input.assignee)
      throw adminError('ticketAssignedElsewhere', await staffName(tx, current.assignee));
    return deskTicket(tx, ticketId, now);
  }
  const [from, to, by] = await Promise.all([
    staffName(tx, input.expected_assignee),
    staffName(tx, input.assignee),
    staffName(tx, caller.staffId),
  ]);
  // Once per change of owner: only the click whose conditional update won gets here.
  await emitEvent(
    tx,
    'ticket.assigned',
    {
      account_id: moved.accountId,
      ticket_id: ticketId,
      number: ticketNumber(ticketId),
      assignee: input.assignee === null ? null : { staff_id: input.assignee, name: to },
      assigned_by: caller.staffId === null ? null : { staff_id: caller.staffId, name: by },
    },
    now,
  );
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: moved.accountId,
    userId: null,
    action: 'ticket-assigned',
    detail: `${ticketNumber(ticketId)}: ${from ?? 'unassigned'} -> ${to ?? 'unassigned'}`,
  });
  return deskTicket(tx, ticketId, now);
}

/**
 * Changes a ticket's priority, status or team. A new priority moves the due time: its response
 * time from when the ticket last came to the desk (the customer's latest message, else its
 * opening).
 */
export async function updateDeskTicket(
  tx: Db,
  ticketId: number,
  input: z.output<typeof deskTicketUpdateInput>,
  caller: DeskCaller,
  now: Date,
): Promise<DeskTicket> {
  const [before] = await tx
    .select({
      accountId: tickets.accountId,
      status: tickets.status,
      priority: tickets.priority,
      team: tickets.team,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('update');
  if (!before) throw adminError('ticketMissing');
  const changes: string[] = [];
  const set: Partial<typeof tickets.$inferInsert> = {};
  if (input.priority !== undefined && input.priority !== before.priority) {
    set.priority = input.priority;
    changes.push(`priority ${before.priority} -> ${input.priority}`);
  }
  if (input.status !== undefined && input.status !== before.status) {
    set.status = input.status;
    set.updatedAt = now;
    changes.push(`status ${before.status} -> ${input.status}`);
  }
  if (input.team !== undefined && input.team !== before.team) {
    set.team = input.team;
    changes.push(`team ${before.team ?? 'none'} -> ${input.team ?? 'none'}`);
  }
  // A new priority or team moves the due time: the response time in the team's business hours,
  // from when the ticket last came to the desk; a new due time may be missed (and counted) anew.
  if (set.priority !== undefined || set.team !== undefined) {
    const [last] = await tx
      .select({ at: sql<Date | string | null>`max(${ticketMessages.createdAt})` })
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.fromCustomer, true)));
    const from = last?.at ? new Date(last.at) : before.createdAt;
    set.dueAt = deskDueAt(
      set.priority ?? before.priority,
      from,
      set.team === undefined ? before.team : set.team,
    );
    set.breachedAt = null;
  }
  if (changes.length > 0) {
    await tx.update(tickets).set(set).where(eq(tickets.id, ticketId));
    await recordAudit(tx, now, {
      staffId: caller.staffId,
      apiKeyId: caller.apiKeyId,
      accountId: before.accountId,
      userId: null,
      action: 'ticket-changed',
      detail: `${ticketNumber(ticketId)}: ${changes.join('; ')}`,
    });
  }
  return deskTicket(tx, ticketId, now);
}

/** The ticket, locked: the desk's writes on one ticket take their turn. */
async function lockedDeskTicket(tx: Db, ticketId: number) {
  const [ticket] = await tx
    .select({ id: tickets.id, accountId: tickets.accountId, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('update');
  if (!ticket) throw adminError('ticketMissing');
  return ticket;
}

/**
 * A staff member's reply to the customer, under their own name, emailed as the desk's replies are
 * (the push follows the commit, by the caller). When the staff member says which reply they saw
 * last and a newer one is there, nothing is sent: 409 naming its author. The ticket is locked
 * first, so of two replies sent at once the second is checked against the first.
 */
export async function replyAsStaff(
  tx: Db,
  deps: { brand: Brand; publicUrl: string },
  ticketId: number,
  input: z.output<typeof deskReplyInput>,
  caller: DeskCaller & { staff: { id: number; name: string } },
  now: Date,
): Promise<{ ticketid: number; status: string; status_label: string; message: TicketMessage }> {
  const ticket = await lockedDeskTicket(tx, ticketId);
  if (input.after_reply_id !== undefined) {
    const [newer] = await tx
      .select({ authorName: ticketMessages.authorName })
      .from(ticketMessages)
      .where(
        and(eq(ticketMessages.ticketId, ticketId), gt(ticketMessages.id, input.after_reply_id)),
      )
      .orderBy(asc(ticketMessages.id))
      .limit(1);
    if (newer) throw adminError('replyStale', newer.authorName);
  }
  const file = checkAttachment(input.attachment);
  const { status, row } = await addDeskReply(tx, deps, ticket, {
    authorName: caller.staff.name,
    staff: caller.staff,
    message: input.message,
    status: input.status,
    now,
  });
  const attachments = file
    ? [
        {
          attachmentid: await addAttachment(
            tx,
            { ticketid: ticketId, messageId: row.id },
            file,
            now,
          ),
          filename: file.filename,
          content_type: file.contentType,
          size: file.size,
        },
      ]
    : [];
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: ticket.accountId,
    userId: null,
    action: 'ticket-replied',
    detail: `${ticketNumber(ticketId)}: reply ${row.id}, status ${ticket.status} -> ${status}${file ? `, attached ${file.filename}` : ''}`,
  });
  return {
    ticketid: ticketId,
    status,
    status_label: ticketStatusLabel(status),
    message: messageOf(row, attachments),
  };
}

/** An internal note: kept apart from the conversation, never shown to the customer. */
export async function addTicketNote(
  tx: Db,
  ticketId: number,
  body: string,
  caller: DeskCaller & { staff: { id: number; name: string } },
  now: Date,
) {
  const ticket = await lockedDeskTicket(tx, ticketId);
  const [note] = await tx
    .insert(ticketNotes)
    .values({ ticketId, staffId: caller.staff.id, body, createdAt: now })
    .returning({ id: ticketNotes.id });
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: ticket.accountId,
    userId: null,
    action: 'ticket-note-added',
    detail: `${ticketNumber(ticketId)}: note ${note!.id}`,
  });
  return {
    noteid: note!.id,
    staffid: caller.staff.id,
    author_name: caller.staff.name,
    body,
    created: now.toISOString(),
  };
}

// ---- Merging a duplicate (docs/decisions/057, "Merging duplicates")

/** One ticket, locked, with what a merge checks. */
async function lockedForMerge(tx: Db, ticketId: number) {
  const [row] = await tx
    .select({
      id: tickets.id,
      accountId: tickets.accountId,
      status: tickets.status,
      mergedInto: tickets.mergedIntoTicketId,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('update');
  return row;
}

/** The desk's message on a merged duplicate, which the customer reads in its place. */
export const mergedMessage = ticketMergedText;

/**
 * Merges a duplicate into another ticket of the same account: the duplicate's messages (with
 * their attachments) and internal notes move to the target, whose conversation shows them in
 * time order; the duplicate is resolved with a message saying where, which the customer sees.
 * Both tickets are locked, the lower id first, so two merges of the same pair (either way round)
 * take turns instead of deadlocking; the second finds the duplicate merged and changes nothing.
 */
export async function mergeTicket(
  tx: Db,
  ticketId: number,
  intoId: number,
  caller: DeskCaller & { staff: { id: number; name: string } },
  now: Date,
): Promise<{
  merged: DeskTicket;
  into: DeskTicket;
  moved: { messages: number; attachments: number; notes: number };
}> {
  if (ticketId === intoId) throw adminError('mergeIntoItself');
  const first = await lockedForMerge(tx, Math.min(ticketId, intoId));
  const second = await lockedForMerge(tx, Math.max(ticketId, intoId));
  const [duplicate, into] = ticketId < intoId ? [first, second] : [second, first];
  if (!duplicate) throw adminError('ticketMissing');
  if (!into) throw adminError('mergeTargetMissing', ticketNumber(intoId));
  const result = async (moved = { messages: 0, attachments: 0, notes: 0 }) => ({
    merged: await deskTicket(tx, ticketId, now),
    into: await deskTicket(tx, intoId, now),
    moved,
  });
  if (duplicate.mergedInto !== null) {
    // A repeat of the merge that already happened (a double click, a retry) changes nothing.
    if (duplicate.mergedInto === intoId) return result();
    throw adminError(
      'mergeAlreadyMerged',
      ticketNumber(ticketId),
      ticketNumber(duplicate.mergedInto),
    );
  }
  if (into.mergedInto !== null)
    throw adminError('mergeIntoMerged', ticketNumber(intoId), ticketNumber(into.mergedInto));
  if (duplicate.accountId !== into.accountId)
    throw adminError('mergeOtherAccount', ticketNumber(ticketId), ticketNumber(intoId));

  const messages = await tx
    .update(ticketMessages)
    .set({ ticketId: intoId })
    .where(eq(ticketMessages.ticketId, ticketId))
    .returning({ id: ticketMessages.id });
  const attachments = await tx
    .update(ticketAttachments)
    .set({ ticketId: intoId })
    .where(eq(ticketAttachments.ticketId, ticketId))
    .returning({ id: ticketAttachments.id });
  const notes = await tx
    .update(ticketNotes)
    .set({ ticketId: intoId })
    .where(eq(ticketNotes.ticketId, ticketId))
    .returning({ id: ticketNotes.id });
  // The customer's list shows the target changed (it has more messages now).
  await tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, intoId));
  await tx.update(tickets).set({ mergedIntoTicketId: intoId }).where(eq(tickets.id, ticketId));
  await addMessage(tx, ticketId, {
    userId: null,
    authorName: caller.staff.name,
    staff: caller.staff,
    body: mergedMessage(intoId),
    status: 'Resolved',
    now,
  });
  const moved = { messages: messages.length, attachments: attachments.length, notes: notes.length };
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: duplicate.accountId,
    userId: null,
    action: 'ticket-merged',
    detail: `${ticketNumber(ticketId)} -> ${ticketNumber(intoId)}: ${moved.messages} messages, ${moved.attachments} attachments, ${moved.notes} notes moved; status ${duplicate.status} -> Resolved`,
  });
  return result(moved);
}

// ---- Canned replies (docs/decisions/057, "Canned replies")

const cannedColumns = {
  id: cannedReplies.id,
  title: cannedReplies.title,
  body: cannedReplies.body,
  updatedAt: cannedReplies.updatedAt,
  staffName: staffMembers.name,
  keyName: apiKeys.name,
};

function cannedOf(row: {
  id: number;
  title: string;
  body: string;
  updatedAt: Date;
  staffName: string | null;
  keyName: string | null;
}) {
  return {
    cannedid: row.id,
    title: row.title,
    body: row.body,
    updated: row.updatedAt.toISOString(),
    updated_by: row.staffName ?? (row.keyName === null ? '' : `API key ${row.keyName}`),
  };
}

/** Canned replies with who last changed them (a staff member or a key). */
const cannedRows = (db: Db) =>
  db
    .select(cannedColumns)
    .from(cannedReplies)
    .leftJoin(staffMembers, eq(staffMembers.id, cannedReplies.updatedByStaffId))
    .leftJoin(apiKeys, eq(apiKeys.id, cannedReplies.updatedByApiKeyId))
    .$dynamic();

async function cannedReply(db: Db, cannedId: number) {
  const [row] = await cannedRows(db).where(eq(cannedReplies.id, cannedId));
  if (!row) throw adminError('cannedMissing');
  return cannedOf(row);
}

/** The desk's canned replies by title, and the placeholders a text may use. */
export async function listCannedReplies(db: Db) {
  const rows = await cannedRows(db).orderBy(
    sql`lower(${cannedReplies.title})`,
    asc(cannedReplies.id),
  );
  return {
    data: rows.map(cannedOf),
    placeholders: CANNED_PLACEHOLDER_NAMES.map((name) => ({
      name,
      description: CANNED_PLACEHOLDERS[name],
    })),
  };
}

function checkCannedBody(body: string | undefined): void {
  const problem = body === undefined ? null : cannedReplyProblem(body);
  if (problem) throw adminError('cannedInvalid', problem);
}

/** Whether an error is the title's unique index refusing a second one (23505). */
function isTitleTaken(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** A title already taken (case aside) is 409; the index has the last word on a race. */
async function checkTitleFree(tx: Db, title: string | undefined, exceptId?: number) {
  if (title === undefined) return;
  const [taken] = await tx
    .select({ id: cannedReplies.id })
    .from(cannedReplies)
    .where(
      and(
        sql`lower(${cannedReplies.title}) = lower(${title})`,
        exceptId === undefined ? undefined : ne(cannedReplies.id, exceptId),
      ),
    );
  if (taken) throw adminError('cannedTitleTaken');
}

export async function createCannedReply(
  tx: Db,
  input: { title: string; body: string },
  caller: DeskCaller,
  now: Date,
) {
  checkCannedBody(input.body);
  await checkTitleFree(tx, input.title);
  let row;
  try {
    [row] = await tx
      .insert(cannedReplies)
      .values({
        title: input.title,
        body: input.body,
        createdByStaffId: caller.staffId,
        createdByApiKeyId: caller.apiKeyId,
        updatedByStaffId: caller.staffId,
        updatedByApiKeyId: caller.apiKeyId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: cannedReplies.id });
  } catch (error) {
    if (isTitleTaken(error)) throw adminError('cannedTitleTaken');
    throw error;
  }
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: null,
    userId: null,
    action: 'canned-reply-created',
    detail: `canned reply ${row!.id}: '${input.title}'`,
  });
  return cannedReply(tx, row!.id);
}

export async function updateCannedReply(
  tx: Db,
  cannedId: number,
  input: { title?: string | undefined; body?: string | undefined },
  caller: DeskCaller,
  now: Date,
) {
  const before = await cannedReply(tx, cannedId);
  checkCannedBody(input.body);
  await checkTitleFree(tx, input.title, cannedId);
  const changes = [
    input.title !== undefined && input.title !== before.title
      ? `title '${before.title}' -> '${input.title}'`
      : null,
    input.body !== undefined && input.body !== before.body ? 'text changed' : null,
  ].filter((c): c is string => c !== null);
  if (changes.length === 0) return before;
  try {
    await tx
      .update(cannedReplies)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        updatedByStaffId: caller.staffId,
        updatedByApiKeyId: caller.apiKeyId,
        updatedAt: now,
      })
      .where(eq(cannedReplies.id, cannedId));
  } catch (error) {
    if (isTitleTaken(error)) throw adminError('cannedTitleTaken');
    throw error;
  }
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: null,
    userId: null,
    action: 'canned-reply-changed',
    detail: `canned reply ${cannedId}: ${changes.join('; ')}`,
  });
  return cannedReply(tx, cannedId);
}

export async function deleteCannedReply(tx: Db, cannedId: number, caller: DeskCaller, now: Date) {
  const before = await cannedReply(tx, cannedId);
  await tx.delete(cannedReplies).where(eq(cannedReplies.id, cannedId));
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: null,
    userId: null,
    action: 'canned-reply-deleted',
    detail: `canned reply ${cannedId}: '${before.title}'`,
  });
  return before;
}

/**
 * A canned reply filled in for a ticket: the customer is the contact who opened it (else the
 * account holder), the staff member the caller, the provider the brand's.
 */
export async function renderCannedForTicket(
  db: Db,
  ticketId: number,
  cannedId: number,
  staff: { name: string },
  brand: Pick<Brand, 'providerName'>,
) {
  const [ticket] = await db
    .select({
      accountId: tickets.accountId,
      subject: tickets.subject,
      createdBy: tickets.createdBy,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw adminError('ticketMissing');
  const canned = await cannedReply(db, cannedId);
  const [customer] = await db
    .select({ givenNames: users.givenNames, surname: users.surname })
    .from(users)
    .where(
      ticket.createdBy === null
        ? and(eq(users.accountId, ticket.accountId), eq(users.isAccountHolder, true))
        : eq(users.id, ticket.createdBy),
    )
    .orderBy(asc(users.id))
    .limit(1);
  const values: CannedValues = {
    'customer.first_name': customer?.givenNames.trim().split(/\s+/)[0] || null,
    'customer.last_name': customer?.surname.trim() || null,
    'account.number': String(ticket.accountId),
    'ticket.reference': ticketNumber(ticketId),
    'ticket.subject': ticket.subject,
    'staff.display_name': staff.name,
    'provider.name': brand.providerName,
  };
  return {
    cannedid: cannedId,
    ticketid: ticketId,
    title: canned.title,
    text: renderCannedReply(canned.body, values),
  };
}

// ---- Service levels (docs/decisions/057, "Service levels")

/**
 * Records the tickets that have newly missed their due time (with the desk, due time past, not
 * yet recorded) and says how many: the breach counter counts each due time once. One conditional
 * update, so two runs at once cannot both count a ticket.
 */
export async function recordSlaBreaches(db: Db, now: Date): Promise<{ breached: number }> {
  const rows = await db
    .update(tickets)
    .set({ breachedAt: now })
    .where(
      and(
        isNull(tickets.breachedAt),
        lt(tickets.dueAt, now),
        notInArray(tickets.status, NOT_WITH_DESK),
      ),
    )
    .returning({ id: tickets.id });
  return { breached: rows.length };
}

/** How many tickets are overdue now (with the desk, due time past), for /metrics. */
export async function overdueTicketCount(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(tickets)
    .where(and(lt(tickets.dueAt, now), notInArray(tickets.status, NOT_WITH_DESK)));
  return Number(row?.n ?? 0);
}

/**
 * A file of a ticket's conversation for the desk (decision 057): the customer's photo or PDF, or
 * one a staff member sent. Looked up within the ticket: another ticket's attachment answers 404.
 */
export async function deskAttachment(db: Db, ticketId: number, attachmentId: number) {
  const [row] = await db
    .select({
      filename: ticketAttachments.filename,
      contentType: ticketAttachments.contentType,
      content: ticketAttachments.content,
    })
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)));
  if (!row) throw adminError('ticketAttachmentMissing');
  return row;
}
