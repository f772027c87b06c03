import { messages, serverErrors } from '@outpost/contracts/messages';
import { errorMaker } from '../../lib/errors';
import { csrfInvalidMessage } from '../../lib/prepared';

/**
 * The payments module's errors: code -> the text the client shows (spec 3 section 8). The page
 * prefers the server's text over its own 'Falied to ...' fallback, so these say what to do.
 */
export const paymentsErrors = {
  removeNeedsBoth:
    'Invalid request: A payment method can be removed only while both a card and a bank account are saved. Add the other method first.',
  methodNotSaved: (what: 'card' | 'bank account') =>
    `Invalid request: There is no saved ${what} to make the default. Add one first.`,
  cardExpiredDefault:
    'Invalid request: The saved card has expired and cannot be the default. Please update the card.',
  noSavedCard: `Invalid request: ${messages.billing.noSavedCard}.`,
  savedCardChanged:
    'Invalid request: The saved card changed while you were paying. Please start again.',
  /** A post or commit whose csrf or intent does not match the payment: says nothing more. */
  paymentMismatch: csrfInvalidMessage,
  /** The gateway could not be reached or refused the call (spec 3 section 8's texts). */
  startFailed: messages.billing.startFailed,
  postFailed: messages.billing.postFailed,
  setupFailed: 'Invalid request: The payment provider could not be reached. Please try again.',
  webhookSignature: 'Invalid request: The signature of this event could not be verified.',
  /**
   * A signed event whose intent the gateway could not be asked about: 503 with Retry-After, so the
   * gateway delivers it again (nothing of it was recorded).
   */
  gatewayUnavailable: serverErrors.unavailable,
} as const;
export type PaymentsErrorCode = keyof typeof paymentsErrors;

/** The HTTP status of each code. */
export const paymentsStatuses = {
  removeNeedsBoth: 400,
  methodNotSaved: 400,
  cardExpiredDefault: 400,
  noSavedCard: 400,
  savedCardChanged: 400,
  paymentMismatch: 400,
  // The card gateway could not be reached or refused the call.
  startFailed: 502,
  postFailed: 502,
  setupFailed: 502,
  webhookSignature: 400,
  // Answered with Retry-After (plugins/error-handler.ts).
  gatewayUnavailable: 503,
} as const;

export const paymentsError = errorMaker(paymentsErrors, paymentsStatuses);
