import { ticketTexts } from '@outpost/domain/tickets-rules';
import { errorMaker } from '../../lib/errors';

/**
 * The tickets module's refusals (docs/decisions/017 "Tickets"): code -> the text. The client's
 * banner removes 'Bad request:', so it shows the same sentence as the form's own check. Statuses
 * are in ticketsStatuses.
 */
export const ticketsErrors = {
  attachmentTooBig: `Bad request: ${ticketTexts.attachmentTooBig}`,
  attachmentWrongType: `Bad request: ${ticketTexts.attachmentWrongType}`,
  /** The bytes sent at commit are not the size the prepare was given. */
  attachmentSizeMismatch:
    'Bad request: The attached file changed while it was being sent. Please attach it again.',
} as const;
export type TicketsErrorCode = keyof typeof ticketsErrors;

/** The HTTP status of each code. */
export const ticketsStatuses = {
  attachmentTooBig: 413,
  attachmentWrongType: 415,
  attachmentSizeMismatch: 400,
} as const;

export const ticketsError = errorMaker(ticketsErrors, ticketsStatuses);
