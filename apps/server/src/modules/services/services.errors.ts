import { serviceStatusMessages } from '@outpost/contracts/service-status-messages';
import { errorMaker } from '../../lib/errors';

/** The services module's errors: code -> the text the client shows in the modal that failed. */
export const servicesErrors = {
  planChangeNotAllowed:
    'Invalid request: Plans can be changed only on an active broadband service.',
  planNotAvailable: 'Invalid request: That plan is not available for this service.',
  periodNotAvailable: 'Invalid request: That plan cannot start in the period you chose.',
  optionNotAvailable:
    'Invalid request: One or more of the options you chose is not offered with that plan.',
  alreadyCurrent: 'Invalid request: That is already your plan and no change is scheduled.',
  cancelWithOptions:
    "Invalid request: To cancel a scheduled change, choose 'Next Period' and no options.",
  blocksNotAvailable: 'Invalid request: Data blocks are not available for this service.',
  blockNotAvailable: 'Invalid request: That data block is not available for this service.',
  nicknameNotAllowed:
    'Invalid request: A nickname can be set once the service is active, and not on a cancelled one.',
  // A suspended or cancelled service (docs/decisions/052): the words the portal shows beside it.
  suspendedBlocks: `Invalid request: ${serviceStatusMessages.suspendedBlocks}`,
  suspendedPlan: `Invalid request: ${serviceStatusMessages.suspendedPlan}`,
  cancelledBlocks: `Invalid request: ${serviceStatusMessages.cancelledBlocks}`,
  cancelledPlan: `Invalid request: ${serviceStatusMessages.cancelledPlan}`,
} as const;
export type ServicesErrorCode = keyof typeof servicesErrors;

/** The HTTP status of each code. */
export const servicesStatuses = {
  planChangeNotAllowed: 400,
  planNotAvailable: 400,
  periodNotAvailable: 400,
  optionNotAvailable: 400,
  alreadyCurrent: 400,
  cancelWithOptions: 400,
  blocksNotAvailable: 400,
  blockNotAvailable: 400,
  nicknameNotAllowed: 400,
  suspendedBlocks: 400,
  suspendedPlan: 400,
  cancelledBlocks: 400,
  cancelledPlan: 400,
} as const;

export const servicesError = errorMaker(servicesErrors, servicesStatuses);
