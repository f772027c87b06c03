import type { Db } from '../db/client';
import { ticketAttachments } from '../modules/tickets/tickets.schema';
import { addMessage, createTicket } from '../modules/tickets/tickets.service';

const HOUR_MS = 3_600_000;

/** A one-pixel PNG: the photo the customer attached to the Waiting ticket. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Step = { from: 'customer' | 'desk'; hoursAgo: number; body: string; status: string };

/**
 * The holder's tickets (docs/decisions/017 "Tickets"): one waiting on the customer (the
 * dashboard's notice), one the desk is working on, one resolved, each with its conversation.
 */
export async function seedTickets(db: Db, now: Date): Promise<void> {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
  const holder = { userId: 5001, name: 'Jordan Citizen' };
  const desk = 'Sam (Support team)';

  const open = async (
    ticket: { serviceId: number | null; category: string; subject: string },
    first: { hoursAgo: number; body: string },
    steps: Step[],
  ) => {
    const created = await createTicket(db, {
      accountId: 100001,
      serviceId: ticket.serviceId,
      userId: holder.userId,
      authorName: holder.name,
      category: ticket.category,
      subject: ticket.subject,
      body: first.body,
      source: 'customer',
      now: at(first.hoursAgo),
    });
    for (const step of steps)
      await addMessage(db, created.ticketid, {
        userId: step.from === 'customer' ? holder.userId : null,
        authorName: step.from === 'customer' ? holder.name : desk,
        body: step.body,
        status: step.status,
        now: at(step.hoursAgo),
      });
    return created;
  };

  await open(
    { serviceId: 200103, category: 'Phone service', subject: 'Crackling on the kitchen phone' },
    { hoursAgo: 24 * 20, body: 'There is a crackle on the line whenever it rains.' },
    [
      {
        from: 'desk',
        hoursAgo: 24 * 19,
        body: 'Thanks Jordan. A technician will test the line from the exchange tomorrow.',
        status: 'Open',
      },
      {
        from: 'desk',
        hoursAgo: 24 * 17,
        body: 'We replaced a water-damaged joint in the pit outside your property. The line tests clear now.',
        status: 'Resolved',
      },
    ],
  );

  await open(
    { serviceId: 200102, category: 'Slow speeds', subject: 'Evening speeds drop below 5 Mbps' },
    { hoursAgo: 30, body: 'Between 7 and 10 pm downloads crawl. Speed tests show 3 to 4 Mbps.' },
    [
      {
        from: 'desk',
        hoursAgo: 26,
        body: 'We are checking the load on your beam and will come back to you within two business days.',
        status: 'Open',
      },
    ],
  );

  const waiting = await open(
    { serviceId: 200101, category: 'Technical fault', subject: 'Modem drops out every afternoon' },
    {
      hoursAgo: 50,
      body: 'The connection drops for a few minutes most afternoons. Photo of the modem lights attached.',
    },
    [
      {
        from: 'desk',
        hoursAgo: 4,
        body: 'Thanks for the photo. Could you tell us whether the dish was moved or trees have grown in front of it lately?',
        status: 'Waiting',
      },
    ],
  );
  await db.insert(ticketAttachments).values({
    ticketId: waiting.ticketid,
    messageId: waiting.messageId,
    filename: 'modem-lights.png',
    contentType: 'image/png',
    size: PIXEL_PNG.length,
    content: PIXEL_PNG,
    createdAt: at(50),
  });
}
