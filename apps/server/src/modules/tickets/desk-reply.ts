import type { Brand } from '@outpost/contracts/brand';
import { needsReplyTitle, ticketNumber } from '@outpost/domain/tickets-rules';
import { withoutLinks } from '@outpost/domain/name-rules';
import type { Messaging } from '../../adapters/messaging';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { notify } from '../notifications/notifications.service';
import { webPaths } from '../notifications/web-paths';
import type { MessageStaff } from './tickets.service';
import { addMessage, ticketPushRecipient, ticketRecipient } from './tickets.service';

/**
 * The desk's answer on a ticket, one code for both doors (docs/decisions/017, 057): the provider's
 * systems (the internal route, an author name they send) and the console (the admin API, the staff
 * member's own name). The customer is emailed in the reply's transaction and pushed after it.
 */

export type DeskReply = {
  /** The name the customer sees beside the reply. */
  authorName: string;
  /** The staff member who wrote it (the console); none from the provider's systems. */
  staff?: MessageStaff;
  message: string;
  /** The status it leaves the ticket in; a new ticket is picked up (Open) when none is given. */
  status?: string | undefined;
  now: Date;
};

/** Adds the reply to a locked ticket and emails the customer through the outbox. */
export async function addDeskReply(
  tx: Db,
  deps: { brand: Brand; publicUrl: string },
  ticket: { id: number; status: string },
  reply: DeskReply,
) {
  const next = reply.status ?? (ticket.status === 'New' ? 'Open' : ticket.status);
  const row = await addMessage(tx, ticket.id, {
    userId: null,
    authorName: reply.authorName,
    staff: reply.staff,
    body: reply.message,
    status: next,
    now: reply.now,
  });
  const to = await ticketRecipient(tx, ticket.id);
  if (to?.email) {
    const number = ticketNumber(ticket.id);
    const provider = deps.brand.providerName;
    await enqueueMessage(tx, 'email', {
      to: to.email,
      subject:
        next === 'Waiting'
          ? `${provider}: ticket ${number} needs your reply`
          : `${provider}: a reply on ticket ${number}`,
      body: [
        `Hello ${withoutLinks(to.given_names)},`,
        '',
        `${reply.authorName} replied on ticket ${number}:`,
        '',
        reply.message,
        '',
        next === 'Waiting'
          ? 'Please reply in My Tickets so we can carry on:'
          : 'You can see the whole conversation in My Tickets:',
        `${deps.publicUrl}/support/my-tickets/${ticket.id}`,
      ].join('\n'),
    });
  }
  return { status: next, row };
}

/**
 * Pushes a desk reply to the customer's devices (docs/decisions/023), after its commit; never
 * fails the reply. The text says who answered ('Sam Support: ...'), as the conversation does.
 */
export async function pushDeskReply(
  deps: { db: Db; messaging: Messaging },
  reply: { ticketid: number; status: string; authorName: string; message: string; now: Date },
  onError: (error: unknown, context: string) => void,
): Promise<void> {
  const { db, messaging } = deps;
  const { ticketid } = reply;
  const pushTo = await ticketPushRecipient(db, ticketid).catch((error: unknown) => {
    onError(error, 'ticket push recipient not found');
    return null;
  });
  if (pushTo === null) return;
  await notify(
    { db, push: messaging.push, onError },
    [pushTo],
    {
      kind: 'ticket',
      title:
        reply.status === 'Waiting'
          ? needsReplyTitle(ticketid)
          : `A reply on ticket ${ticketNumber(ticketid)}`,
      body: `${reply.authorName}: ${reply.message}`,
      navigation_url: webPaths.ticket(ticketid),
    },
    reply.now,
  );
}
