import { z } from 'zod';
import { apiPaths } from './api-paths';
import { envelope, errorOutput, idParam } from './http';
import { defineRoute } from './route-contract';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_NAME_MAX,
  TICKET_CATEGORIES,
  TICKET_MESSAGE_MAX,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
} from '@outpost/domain/tickets-rules';

/**
 * Support tickets (docs/decisions/017 "Tickets"): My Tickets, a ticket's conversation and reply,
 * Make a Request with an optional attachment, and the desk's answer (internal). Every ticket is
 * looked up within the caller's account; another account's ticket answers 404.
 */

const bodyId = z.number().int().positive().max(2_147_483_647);
const subject = z.string().trim().min(1).max(TICKET_SUBJECT_MAX);
const message = z.string().trim().min(1).max(TICKET_MESSAGE_MAX);
const csrf = z.string().min(1).max(200);

export const ticketParams = z.strictObject({ ticketid: idParam });
export const attachmentParams = z.strictObject({ attachmentid: idParam });

export const ticketListItem = z.object({
  ticketid: z.number().int(),
  /** 'T240001': what the customer quotes. */
  number: z.string(),
  subject: z.string(),
  category: z.string(),
  /** The service it is about ('Sky Muster Plus SMP0200101'), or null. */
  service_name: z.string().nullable(),
  /** The desk's status (New, Open, Stalled, Waiting, Resolved)... */
  status: z.string(),
  /** ...and what the customer sees (spec 2 section 9: New, In Progress, Attention, Completed). */
  status_label: z.string(),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
});
export type TicketListItem = z.infer<typeof ticketListItem>;
/** Newest updated first. */
export const ticketsOutput = envelope(z.array(ticketListItem));

export const ticketAttachment = z.object({
  attachmentid: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const ticketMessage = z.object({
  id: z.number().int(),
  /** True for the customer's side, false for the provider's (its desk or its staff). */
  from_customer: z.boolean(),
  author_name: z.string(),
  /**
   * Written by a staff member of the provider (author_name) in a staff-assisted session of the
   * customer (docs/decisions/025): the customer's name. Null otherwise.
   */
  on_behalf_of: z.string().nullable(),
  body: z.string(),
  created: z.iso.datetime(),
  attachments: z.array(ticketAttachment),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketDetail = ticketListItem.extend({
  serviceid: z.number().int().nullable(),
  /** Oldest first. */
  messages: z.array(ticketMessage),
});
export type TicketDetail = z.infer<typeof ticketDetail>;
export const ticketOutput = envelope(ticketDetail);

export const ticketReplyInput = z.strictObject({ message });
export type TicketReplyInput = z.infer<typeof ticketReplyInput>;
export const ticketReplyOutput = envelope(
  z.object({ message: ticketMessage, status: z.string(), status_label: z.string() }),
);

/** What the prepare binds of an attachment: its name and size (the bytes come with the commit). */
const attachmentMeta = {
  filename: z.string().trim().min(1).max(ATTACHMENT_NAME_MAX),
  size: z.number().int().positive().max(2_147_483_647),
};

const newTicketFields = {
  category: z.enum(TICKET_CATEGORIES),
  serviceid: bodyId.nullish(),
  subject,
  description: message,
};

export const newTicketPrepareInput = z.strictObject({
  ...newTicketFields,
  attachment: z.strictObject(attachmentMeta).nullish(),
});
export type NewTicketPrepareInput = z.infer<typeof newTicketPrepareInput>;

/** Base64 of at most ATTACHMENT_MAX_BYTES (plus padding). */
const ATTACHMENT_BASE64_MAX = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4;

/** An attachment sent whole: its name, size and bytes as base64 (the desk's reply too). */
export const attachmentUpload = z.strictObject({
  ...attachmentMeta,
  // Somewhat over the limit is read and answered with the plain too-big message; the route's
  // body limit stops anything larger.
  content: z
    .string()
    .max(ATTACHMENT_BASE64_MAX + 48 * 1024)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});

/** The commit: the prepare's fields, the csrf, and the attachment's bytes as base64. */
export const newTicketCommitInput = z.strictObject({
  ...newTicketFields,
  attachment: attachmentUpload.nullish(),
  csrf,
});
export type NewTicketCommitInput = z.infer<typeof newTicketCommitInput>;
export const newTicketPrepareOutput = envelope(z.object({ csrf: z.string() }));
export const newTicketCommitOutput = envelope(
  z.object({ ticketid: z.number().int(), number: z.string() }),
);

/** The desk's answer: a message, and the status it leaves the ticket in (Waiting asks the customer). */
export const internalTicketReplyInput = z.strictObject({
  message,
  status: z.enum(TICKET_STATUSES).optional(),
  /** The name shown beside the message; '<provider> Support' when absent. */
  author_name: z.string().trim().min(1).max(100).optional(),
});
export const internalTicketReplyOutput = envelope(
  z.object({ ticketid: z.number().int(), status: z.string(), message_id: z.number().int() }),
);

/** Largest commit body: the base64 attachment and the form's fields. */
export const NEW_TICKET_BODY_LIMIT = ATTACHMENT_BASE64_MAX + 64 * 1024;

const ticketRef = [{ in: 'params', name: 'ticketid', kind: 'ticket' }] as const;

export const ticketsRoutes = {
  supportTickets: defineRoute({
    id: 'supportTickets',
    method: 'GET',
    path: apiPaths.supportTickets,
    summary: "My Tickets: the account's support tickets, newest updated first",
    access: 'user',
    permissions: ['view-tickets'],
    objects: [],
    response: ticketsOutput,
  }),
  supportTicket: defineRoute({
    id: 'supportTicket',
    method: 'GET',
    path: apiPaths.supportTicket,
    summary: 'A support ticket with its conversation, oldest message first',
    access: 'user',
    permissions: ['view-tickets'],
    objects: ticketRef,
    params: ticketParams,
    response: ticketOutput,
  }),
  supportTicketReply: defineRoute({
    id: 'supportTicketReply',
    method: 'POST',
    path: apiPaths.supportTicketReply,
    summary: 'Reply on a ticket (a ticket waiting on the customer, or resolved, becomes Open)',
    access: 'user',
    permissions: ['view-tickets'],
    objects: ticketRef,
    params: ticketParams,
    body: ticketReplyInput,
    response: ticketReplyOutput,
    example: { body: { message: 'The modem lights are all green now.' } },
  }),
  supportTicketAttachment: defineRoute({
    id: 'supportTicketAttachment',
    method: 'GET',
    path: apiPaths.supportTicketAttachment,
    summary: "A file attached to one of the account's tickets (downloaded, never shown inline)",
    access: 'user',
    permissions: ['view-tickets'],
    objects: [{ in: 'params', name: 'attachmentid', kind: 'attachment' }],
    params: attachmentParams,
    response: errorOutput,
    produces: 'application/octet-stream',
  }),
  newTicketPrepare: defineRoute({
    id: 'newTicketPrepare',
    method: 'POST',
    path: apiPaths.newTicketPrepare,
    summary: 'Make a Request: check the request (and the attachment size) and return a csrf',
    access: 'user',
    permissions: [],
    objects: [],
    body: newTicketPrepareInput,
    response: newTicketPrepareOutput,
    example: {
      body: {
        category: 'Technical fault',
        subject: 'No connection since the storm',
        description: 'The modem shows a red light.',
      },
    },
  }),
  newTicketCommit: defineRoute({
    id: 'newTicketCommit',
    method: 'POST',
    path: apiPaths.newTicketCommit,
    summary: 'Make a Request: open the ticket (exactly once) and email its number',
    access: 'user',
    permissions: [],
    objects: [],
    body: newTicketCommitInput,
    response: newTicketCommitOutput,
    csrfFrom: 'newTicketPrepare',
    example: {
      body: {
        category: 'Technical fault',
        subject: 'No connection since the storm',
        description: 'The modem shows a red light.',
      },
    },
  }),
  internalTicketReply: defineRoute({
    id: 'internalTicketReply',
    method: 'POST',
    path: apiPaths.internalTicketReply,
    summary: 'Support desk: answer a ticket and set its status (the customer is emailed)',
    access: 'internal',
    permissions: [],
    objects: [],
    params: ticketParams,
    body: internalTicketReplyInput,
    response: internalTicketReplyOutput,
    example: {
      params: { ticketid: 240001 },
      body: { message: 'Could you send a photo of the modem lights?', status: 'Waiting' },
    },
  }),
} as const;
