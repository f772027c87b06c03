import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from '@outpost/contracts/admin';
import type { Brand } from '@outpost/contracts/brand';
import { NEW_TICKET_BODY_LIMIT } from '@outpost/contracts/tickets';
import type { Messaging } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { routeFor } from '../../lib/route';
import { pushDeskReply } from '../tickets/desk-reply';
import { DESK_NOTICE_WORDS, latestDeskNotices } from '../tickets/desk-notices';
import { ticketNumber } from '@outpost/domain/tickets-rules';
import { sendAttachment } from '../tickets/tickets.routes';
import type { Once } from './admin-catalogue-items.routes';
import type { AdminCaller } from './api-keys.service';
import { adminError } from './admin.errors';
import { listDeskAssignees } from '../staff/staff.service';
import {
  addTicketNote,
  assignTicket,
  createCannedReply,
  deleteCannedReply,
  deskAttachment,
  deskTicketView,
  listCannedReplies,
  listDeskTickets,
  mergeTicket,
  renderCannedForTicket,
  replyAsStaff,
  updateCannedReply,
  updateDeskTicket,
} from './admin-tickets.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

export type TicketRoutesDeps = {
  db: Db;
  clock: Clock;
  brand: Brand;
  publicUrl: string;
  messaging: Messaging;
  once: Once;
};

/**
 * The staff member at the desk (docs/decisions/057): the scope `tickets` is held by staff roles
 * only (never a key: API_KEY_SCOPES leaves it out), and a reply or note carries the person's name.
 */
function deskStaff(request: { admin: AdminCaller | null }) {
  const caller = request.admin;
  if (caller?.kind !== 'staff') throw adminError('adminScopeMissing');
  return {
    staffId: caller.staff.id,
    apiKeyId: null,
    staff: { id: caller.staff.id, name: caller.staff.name },
  };
}

/** Who writes a canned reply, for its record and the audit: a staff admin or a key. */
function writer(request: { admin: AdminCaller | null }) {
  const caller = request.admin;
  if (!caller) throw adminError('adminUnauthenticated');
  return {
    staffId: caller.kind === 'staff' ? caller.staff.id : null,
    apiKeyId: caller.kind === 'key' ? caller.keyId : null,
  };
}

/**
 * The ticket desk's routes (docs/decisions/057), registered on the admin module's own instance
 * (as the catalogue's are): the queue, a ticket with the customer beside it, assigning, priority
 * and status, replies and internal notes. The auth hook has checked the scope and audits every
 * call; each write adds its own audit row with what changed.
 */
export function registerTicketRoutes(app: App, deps: TicketRoutesDeps): void {
  const { db, clock, once } = deps;

  app.route({
    ...routeFor(adminRoutes.adminDeskNotices),
    handler: async (request) => {
      const rows = await latestDeskNotices(db, request.query);
      return {
        data: rows.map((n) => ({
          id: n.id,
          ticketid: n.ticketId,
          number: ticketNumber(n.ticketId),
          team: n.team,
          kind: n.kind,
          label: DESK_NOTICE_WORDS[n.kind],
          subject: n.subject,
          customer: n.accountName,
          created_at: new Date(n.createdAt).toISOString(),
        })),
      };
    },
  });

  // Whom a ticket can be given to: the desk reads it without the staff list's scope `staff`.
  app.route({
    ...routeFor(adminRoutes.adminDeskAssignees),
    handler: async () => ({ data: await listDeskAssignees(db) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminTickets),
    handler: async (request) => {
      const caller = request.admin;
      const page = await listDeskTickets(
        db,
        request.query,
        caller?.kind === 'staff' ? caller.staff.id : null,
        clock(),
      );
      return { data: page.rows, has_more: page.hasMore };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminTicket),
    handler: async (request) => ({
      data: await deskTicketView(db, request.params.ticketid, clock()),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminUpdateTicket),
    // Idempotent by itself: the same change again changes nothing.
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        updateDeskTicket(tx, request.params.ticketid, request.body, deskStaff(request), clock()),
      ),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminAssignTicket),
    // Idempotent by itself: asking again for the owner it has changes nothing.
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        assignTicket(tx, request.params.ticketid, request.body, deskStaff(request), clock()),
      ),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminReplyTicket),
    // An attachment comes whole, as base64 (the customer's limit).
    bodyLimit: NEW_TICKET_BODY_LIMIT,
    handler: async (request, reply) => {
      const staff = deskStaff(request);
      const result = await once(request, reply, (tx, _by, now) =>
        replyAsStaff(tx, deps, request.params.ticketid, request.body, staff, now),
      );
      // Pushed to the customer's devices after the commit, once (not on a repeat of the key).
      if (reply.getHeader('idempotent-replayed') === undefined)
        await pushDeskReply(
          deps,
          {
            ticketid: result.ticketid,
            status: result.status,
            authorName: staff.staff.name,
            message: request.body.message,
            now: clock(),
          },
          (error, context) => request.log.error({ err: error }, context),
        );
      return { data: result };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminTicketAttachment),
    handler: async (request, reply) =>
      sendAttachment(
        reply,
        await deskAttachment(db, request.params.ticketid, request.params.attachmentid),
      ),
  });

  app.route({
    ...routeFor(adminRoutes.adminAddTicketNote),
    handler: async (request, reply) => ({
      data: await once(request, reply, (tx, _by, now) =>
        addTicketNote(tx, request.params.ticketid, request.body.body, deskStaff(request), now),
      ),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminMergeTicket),
    // Idempotent by itself: merging the same pair again changes nothing.
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        mergeTicket(tx, request.params.ticketid, request.body.into, deskStaff(request), clock()),
      ),
    }),
  });

  // Canned replies (docs/decisions/057): the desk reads them; scope provisioning writes them
  // (staff admins, or a key of the provider's systems keeping them from its knowledge base).
  app.route({
    ...routeFor(adminRoutes.adminCannedReplies),
    handler: async () => listCannedReplies(db),
  });

  app.route({
    ...routeFor(adminRoutes.adminCreateCannedReply),
    handler: async (request, reply) => {
      const by = writer(request);
      return {
        data: await once(request, reply, (tx, _by, now) =>
          createCannedReply(tx, request.body, by, now),
        ),
      };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminUpdateCannedReply),
    handler: async (request) => {
      const by = writer(request);
      return {
        data: await withTransaction(db, (tx) =>
          updateCannedReply(tx, request.params.cannedid, request.body, by, clock()),
        ),
      };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminDeleteCannedReply),
    handler: async (request) => {
      const by = writer(request);
      return {
        data: await withTransaction(db, (tx) =>
          deleteCannedReply(tx, request.params.cannedid, by, clock()),
        ),
      };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminRenderCannedReply),
    handler: async (request) => ({
      data: await renderCannedForTicket(
        db,
        request.params.ticketid,
        request.params.cannedid,
        deskStaff(request).staff,
        deps.brand,
      ),
    }),
  });
}
