import { ticketNumber } from '@outpost/contracts/tickets-rules';
import type { Db } from '../../db/client';
import { ticketMessages, tickets } from './tickets.schema';

/** A database or a transaction: a ticket is opened inside the caller's own transaction. */
type Tx = Pick<Db, 'insert'>;

export type NewTicket = {
  accountId: number;
  serviceId?: number | null;
  /** The contact who asked; null when the provider opens it. */
  userId: number | null;
  /** The name shown beside the first message. */
  authorName: string;
  category: string;
  subject: string;
  /** The first message of the conversation. */
  body: string;
  source: 'customer' | 'callback' | 'order' | 'service-request';
};

/**
 * Opens a ticket with its first message, in the caller's transaction so that the order, request
 * or callback it records and the ticket commit together (or not at all). Returns the id the
 * client gets as `ticketid` and the number the customer sees.
 */
export async function createTicket(tx: Tx, input: NewTicket) {
  const [ticket] = await tx
    .insert(tickets)
    .values({
      accountId: input.accountId,
      serviceId: input.serviceId ?? null,
      createdBy: input.userId,
      category: input.category,
      subject: input.subject,
      source: input.source,
    })
    .returning({ id: tickets.id });
  await tx.insert(ticketMessages).values({
    ticketId: ticket!.id,
    authorUserId: input.userId,
    authorName: input.authorName,
    fromCustomer: input.userId !== null,
    body: input.body,
  });
  return { ticketid: ticket!.id, number: ticketNumber(ticket!.id) };
}
