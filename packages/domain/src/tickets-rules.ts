/**
 * Ticket rules both sides share, without zod (the web bundle imports them; docs/decisions/017).
 */

/** The number a customer sees and quotes on the phone: 'T' and the id ('T240001'). */
export const ticketNumber = (id: number) => `T${id}`;

/**
 * What the customer reads on a duplicate merged into another ticket (docs/decisions/057, "Merging
 * duplicates"): the server writes it, and the console's merge dialog quotes it.
 */
export const ticketMergedText = (into: number) =>
  `Merged into ${ticketNumber(into)}: this request carries on there, with its messages.`;

/** The title of a ticket waiting on the customer: the dashboard's notice and the push. */
export const needsReplyTitle = (id: number) => `Ticket ${ticketNumber(id)} needs your reply`;

/** The support desk's statuses. */
export const TICKET_STATUSES = ['New', 'Open', 'Stalled', 'Waiting', 'Resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * What the customer sees (spec 2 section 9): New is New; Open and Stalled are In Progress;
 * Waiting is Attention; Resolved is Completed; anything else as is.
 */
export function ticketStatusLabel(status: string): string {
  switch (status) {
    case 'New':
      return 'New';
    case 'Open':
    case 'Stalled':
      return 'In Progress';
    case 'Waiting':
      return 'Attention';
    case 'Resolved':
      return 'Completed';
    default:
      return status;
  }
}

/** What a request is about (Make a Request); the desk routes it by this. */
export const TICKET_CATEGORIES = [
  'Technical fault',
  'Slow speeds',
  'Billing question',
  'Plan or data change',
  'Moving house',
  'Phone service',
  'Other',
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** Subject and message lengths (the form and the server check the same). */
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MAX = 5000;

/** An attachment's largest size: 5 MB (a phone photo of a modem's lights, a PDF bill). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_NAME_MAX = 200;

/** The file types an attachment may be, as the server recognises them by their content. */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** What the file picker offers (the server still checks the content). */
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/**
 * The type of a file by its first bytes (magic numbers), never by its name or declared type:
 * PNG, JPEG, GIF, WebP or PDF; null for anything else.
 */
export function sniffAttachmentType(head: Uint8Array): AttachmentType | null {
  const starts = (bytes: readonly number[], at = 0) =>
    head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** A size as people read it: '820 KB', '4.2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The tickets pages' own texts (not the spec's: those are in messages.tickets). Here, not in the
 * message catalogue every page loads, so only the ticket pages download them.
 */
export const ticketTexts = {
  required: 'This field is required',
  attachmentTooBig: 'The file is too big. Attach a file of 5 MB or less.',
  attachmentWrongType:
    'That file type cannot be attached. Attach a photo (PNG, JPEG, GIF or WebP) or a PDF.',
  /** Sending with a refused file: the request waits for the file to be removed or replaced. */
  attachmentBlocks: 'Remove this file or choose another before sending your request.',
  /** The refused file, still named so the customer sees what was not attached. */
  notAttached: (name: string) => `${name} is not attached.`,
  replySent: 'Your reply has been sent.',
  created: (number: string) => `Ticket ${number} created`,
} as const;

/**
 * The ticket desk (docs/decisions/057). The desk works in its own five statuses (TICKET_STATUSES);
 * the customer sees the spec's four (ticketStatusLabel). These are the desk's other fields.
 */
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** The teams a ticket is for (the Contact page's two: Technical Support, Sales & Accounts). */
export const TICKET_TEAMS = ['support', 'billing'] as const;
export type TicketTeam = (typeof TICKET_TEAMS)[number];

/** The desk's saved views of the queue. */
export const DESK_VIEWS = ['new', 'mine', 'unassigned', 'waiting', 'overdue'] as const;
export type DeskView = (typeof DESK_VIEWS)[number];

/** How long the desk has to answer a ticket that is with it, by priority (business hours). */
export const TICKET_RESPONSE_HOURS: Record<TicketPriority, number> = {
  urgent: 4,
  high: 8,
  normal: 24,
  low: 72,
};

/** The team a new ticket goes to: billing questions to billing, everything else to support. */
export function ticketTeamFor(category: string): TicketTeam {
  return category === 'Billing question' ? 'billing' : 'support';
}

/** A ticket waiting on the customer, or resolved, is not the desk's to answer: never overdue. */
export const isWithDesk = (status: string) => status !== 'Waiting' && status !== 'Resolved';
