import { ticketTexts } from '@outpost/domain/tickets-rules';
import { errorMaker } from '../../lib/errors';

/**
 * The tickets module's refusals (docs/decisions/017 "Tickets"): code -> the text. The client's
 * banner removes 'Bad request:', so it shows the same sentence as the form's own check. Statuses
 * are in plugins/error-handler.ts.
 */
export const ticketsErrors = {
  attachmentTooBig: `Bad request: ${ticketTexts.attachmentTooBig}`,
  attachmentWrongType: `Bad request: ${ticketTexts.attachmentWrongType}`,
  /** The bytes sent at commit are not the size the prepare was given. */
  attachmentSizeMismatch:
    'Bad request: The attached file changed while it was being sent. Please attach it again.',
} as const;
export type TicketsErrorCode = keyof typeof ticketsErrors;

export const ticketsError = errorMaker(ticketsErrors);
