/**
 * Ticket rules both sides share, without zod (the web bundle imports them; docs/decisions/017).
 */

/** The number a customer sees and quotes on the phone: 'T' and the id ('T240001'). */
export const ticketNumber = (id: number) => `T${id}`;

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
