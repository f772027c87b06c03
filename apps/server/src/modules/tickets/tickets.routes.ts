import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Brand } from '@outpost/contracts/brand';
import { NEW_TICKET_BODY_LIMIT, ticketsRoutes } from '@outpost/contracts/tickets';
import { ticketStatusLabel } from '@outpost/domain/tickets-rules';
import type { OutgoingMessage } from '../../adapters/message-channel';
import type { Messaging } from '../../adapters/messaging';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { limitMessages } from '../../lib/message-limits';
import { withoutLinks } from '@outpost/domain/name-rules';
import { notFound } from '../../lib/errors';
import { preparedRoute } from '../../lib/prepared-route';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import { ownedService } from '../services/services.service';
import { callerInStatement, checkCaller, userTokenHash } from '../auth/caller';
import type { AttachmentIn } from './attachment-check';
import { checkAttachment } from './attachment-check';
import { ticketListRows, ticketRowFrom } from './ticket-list';
import {
  addAttachment,
  addMessage,
  DESK_AUTHOR,
  createTicket,
  dueAfterCustomerReply,
  listItem,
  lockedTicket,
  messageOf,
  ownedAttachment,
  ownedTicket,
  statusAfterCustomerReply,
  ticketDetail,
  ticketRecipient,
} from './tickets.service';
import { addDeskReply, pushDeskReply } from './desk-reply';

export type TicketsDeps = {
  db: Db;
  clock: Clock;
  messaging: Messaging;
  brand: Brand;
  publicUrl: string;
};

/** A file name safe in a header: quotes, backslashes and anything outside printable ASCII go. */
function headerFilename(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_').trim();
  return plain === '' ? 'attachment' : plain;
}

/**
 * An attachment's bytes as a download (never shown inline, its type as stored): the customer's
 * route and the desk's (docs/decisions/057) send it the same way.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { filename: string; contentType: string; content: unknown },
) {
  const name = headerFilename(file.filename);
  return (
    reply
      .type(file.contentType)
      .header(
        'content-disposition',
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      // The typed reply describes the JSON errors only (the row's `produces` route).
      .send(file.content as never)
  );
}

/**
 * Support tickets (docs/decisions/017 "Tickets"): My Tickets, a ticket's conversation and the
 * customer's reply (view-tickets), Make a Request (any active contact; prepare/commit, exactly
 * once), attachments, and the desk's answer from the provider's systems (internal).
 */
export const ticketsModule: FastifyPluginAsyncZod<{ deps: TicketsDeps }> = async (
  app,
  { deps },
) => {
  const { db, clock, brand, publicUrl } = deps;

  /**
   * Mail goes to the outbox in the ticket's transaction: sent after the commit, retried by the
   * job worker, never undoing or failing the ticket (docs/decisions/027).
   */
  const sendEmail = (tx: Db, message: OutgoingMessage) => enqueueMessage(tx, 'email', message);

  app.route({
    // A hot read: the caller is read in the list's own statement (one round trip).
    ...callerInStatement(routeFor(ticketsRoutes.supportTickets)),
    handler: async (request) => {
      const [found] = await ticketListRows(db, { hash: userTokenHash(request) });
      const { row } = checkCaller(request, found, clock());
      return { data: row.tickets.map((t) => listItem(ticketRowFrom(t))) };
    },
  });

  app.route({
    ...routeFor(ticketsRoutes.supportTicket),
    handler: async (request) => ({
      data: await ticketDetail(db, requireAuth(request).accountId, request.params.ticketid),
    }),
  });

  app.route({
    ...routeFor(ticketsRoutes.supportTicketReply),
    handler: async (request) => {
      const caller = requireAuth(request);
      const now = clock();
      const { message, status } = await withTransaction(db, async (tx) => {
        const ticket = await ownedTicket(tx, caller.accountId, request.params.ticketid, true);
        const next = statusAfterCustomerReply(ticket.status);
        const row = await addMessage(tx, ticket.id, {
          userId: caller.userId,
          authorName: `${caller.givenNames} ${caller.surname}`,
          staff: caller.staff,
          body: request.body.message,
          status: next,
          now,
          dueAt: dueAfterCustomerReply(ticket, now),
        });
        return { message: row, status: next };
      });
      return {
        data: {
          message: messageOf(message, []),
          status,
          status_label: ticketStatusLabel(status),
        },
      };
    },
  });

  app.route({
    ...routeFor(ticketsRoutes.supportTicketAttachment),
    handler: async (request, reply) => {
      const file = await ownedAttachment(
        db,
        requireAuth(request).accountId,
        request.params.attachmentid,
      );
      return sendAttachment(reply, file);
    },
  });

  preparedRoute(app, deps, {
    kind: 'new-ticket',
    prepare: ticketsRoutes.newTicketPrepare,
    commit: ticketsRoutes.newTicketCommit,
    // The attachment's bytes come as base64 in the commit: up to 5 MB, so a larger body limit.
    commitBodyLimit: NEW_TICKET_BODY_LIMIT,
    // The service, when one is named: the account's, and only for a caller who may see services
    // (anyone else's answers 404, as a service they cannot see).
    load: async (from, { caller, body }, lock) => {
      if (body.serviceid === null || body.serviceid === undefined) return null;
      if (!caller.permissions.has('view-services')) throw notFound();
      return ownedService(from, caller.accountId, body.serviceid, lock);
    },
    // The attachment is bound by name and size; its bytes come with the commit only.
    payload: ({ body }, service) => ({
      category: body.category,
      serviceid: service?.id ?? null,
      subject: body.subject,
      description: body.description,
      attachment: body.attachment
        ? { filename: body.attachment.filename, size: body.attachment.size }
        : null,
    }),
    check: (_from, _service, { body }) => checkAttachment(body.attachment as AttachmentIn | null),
    apply: async (tx, { input, object: service, decision: file }) => {
      const { caller, body, now } = input;
      const ticket = await createTicket(tx, {
        accountId: caller.accountId,
        serviceId: service?.id ?? null,
        userId: caller.userId,
        authorName: `${caller.givenNames} ${caller.surname}`,
        staff: caller.staff,
        category: body.category,
        subject: body.subject,
        body: body.description,
        source: 'customer',
        now,
      });
      if (file) await addAttachment(tx, ticket, file, now);
      const to = await ticketRecipient(tx, ticket.ticketid);
      if (to?.email) {
        // The confirmation's limits (decision 036): a refusal rolls the ticket back too.
        await limitMessages(tx, 'newTicket', caller, to.email);
        await sendEmail(tx, {
          to: to.email,
          subject: `${brand.providerName}: we have your request ${ticket.number}`,
          body: [
            `Hello ${withoutLinks(to.given_names)},`,
            '',
            `Thank you for getting in touch. We have opened ticket ${ticket.number} for your request "${withoutLinks(body.subject)}".`,
            // My Tickets only for those who may open it (view-tickets).
            ...(caller.permissions.has('view-tickets')
              ? [
                  'Please quote this number if you call us. We will reply by email, and you can follow the',
                  `conversation in My Tickets: ${publicUrl}/support/my-tickets/${ticket.ticketid}`,
                ]
              : ['Please quote this number if you call us. We will reply by email.']),
            '',
            `The ${brand.providerName} support team`,
          ].join('\n'),
        });
      }
      return { ticketid: ticket.ticketid, number: ticket.number };
    },
  });

  app.route({
    ...routeFor(ticketsRoutes.internalTicketReply),
    handler: async (request) => {
      const now = clock();
      const { ticketid } = request.params;
      const { message, status, author_name } = request.body;
      const authorName = author_name ?? DESK_AUTHOR;
      const result = await withTransaction(db, async (tx) => {
        // The desk may answer any account's ticket: looked up by id alone, locked.
        const ticket = await lockedTicket(tx, ticketid);
        const answered = await addDeskReply(tx, deps, ticket, {
          authorName,
          message,
          status,
          now,
        });
        return { ticketid: ticket.id, status: answered.status, message_id: answered.row.id };
      });
      // And by push to their devices (docs/decisions/023), never failing the reply.
      await pushDeskReply(
        deps,
        { ticketid, status: result.status, authorName, message, now },
        (error, context) => request.log.error({ err: error }, context),
      );
      return { data: result };
    },
  });
};
