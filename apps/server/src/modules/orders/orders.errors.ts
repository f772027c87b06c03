import { errorMaker } from '../../lib/errors';
import { technologyLabel } from '@outpost/domain/phone-format';

/**
 * The orders module's refusals (docs/decisions/021), each with its status.
 */
export const ordersErrors = {
  /** A pending service, or one without the flag the change needs (spec 2 section 6). */
  orderNotAvailable: 'Bad request: This change is not available for this service.',
  barringModeUnknown: 'Bad request: Please choose one of the call barring options.',
  featureUnknown: 'Bad request: That landline option is not available for this service.',
  featureListedTwice: 'Bad request: Each landline option may be sent only once.',
  featureValueInvalid: (label: string, message: string) => `Bad request: ${label}: ${message}`,
  /** A move as asked is wrong whatever the order's status (a rejection without a reason). */
  orderMoveInvalid: (problem: string) => `Invalid request: ${problem}`,
  /** The order's status does not allow the move (or another move came first: decision 058). */
  orderStatusMove: (problem: string) => `Invalid request: ${problem}`,
  // Products, transfers and new VoIP (docs/decisions/022).
  productUnavailable: 'Bad request: That product is no longer available. Please choose another.',
  /** The application has field errors (answered in `fields` too); the first one's message. */
  applicationInvalid: (message: string) => `Invalid request: ${message}`,
  orderTechnology: (technology: string) =>
    `Bad request: This service takes a ${technologyLabel(technology)} order, not this one.`,
  transferInProgress: (number: string) =>
    `Bad request: A transfer of this number is already under way (ticket ${number}). We will be in touch.`,
} as const;
export type OrdersErrorCode = keyof typeof ordersErrors;

/** The HTTP status of each code. */
export const ordersStatuses = {
  orderNotAvailable: 409,
  barringModeUnknown: 400,
  featureUnknown: 400,
  featureListedTwice: 400,
  featureValueInvalid: 400,
  orderMoveInvalid: 400,
  orderStatusMove: 409,
  productUnavailable: 409,
  applicationInvalid: 400,
  orderTechnology: 409,
  transferInProgress: 409,
} as const;

export const ordersError = errorMaker(ordersErrors, ordersStatuses);
