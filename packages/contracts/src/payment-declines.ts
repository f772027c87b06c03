/**
 * Why a payment failed, in words a customer can act on (issue 35): every decline and failure code
 * of the card gateway (Stripe's `decline_code` and `code` values, which the sandbox gateway uses
 * too) to a plain reason and what to do next. The gateway's own text is for developers and is
 * never shown. Codes not listed get DEFAULT_DECLINE. No zod: the server builds every message the
 * customer sees from this table; the web app shows the server's words.
 */

export type DeclineText = {
  /** What happened ('The card has expired.'). */
  reason: string;
  /** What to do about it ('Try another card.'). */
  next: string;
};

const BANK_DECLINED: DeclineText = {
  reason: 'Your bank declined the payment.',
  next: 'Try another card, or call your bank to find out why.',
};
const INSUFFICIENT_FUNDS: DeclineText = {
  reason: 'There is not enough money in the account.',
  next: 'Try another card.',
};
const AUTHENTICATION: DeclineText = {
  reason: 'Your bank could not confirm the payment with you.',
  next: "Try again and complete your bank's check when it appears, or try another card.",
};
const NOT_NOW: DeclineText = {
  reason: 'The bank could not process the payment just now.',
  next: 'Wait a few minutes, then try again.',
};
const WRONG_NUMBER: DeclineText = {
  reason: 'The card number is not right.',
  next: 'Check the number and try again, or try another card.',
};
const WRONG_CVC: DeclineText = {
  reason: "The card's security code (CVC) is not right.",
  next: 'Check the 3 or 4 digit code on the card and try again, or try another card.',
};
const WRONG_EXPIRY: DeclineText = {
  reason: 'The expiry date is not right.',
  next: 'Check the date on the card and try again.',
};
const NOT_ACCEPTED: DeclineText = {
  reason: 'This card cannot be used for this payment.',
  next: 'Try another card.',
};
const ACCOUNT_REFUSED: DeclineText = {
  reason: 'The bank refused a debit from this account.',
  next: 'Call your bank, or pay by card.',
};

/** For an unknown code (or none): nothing more is known than that it did not go through. */
export const DEFAULT_DECLINE: DeclineText = {
  reason: 'The payment did not go through.',
  next: 'Try again, or try another card.',
};

/**
 * The table. Lost, stolen and suspected-fraud cards read as a plain bank decline (as Stripe
 * advises: telling whoever holds the card why helps a thief).
 */
const DECLINES: Readonly<Record<string, DeclineText>> = {
  // Declined by the bank, no reason given (or one not to tell).
  card_declined: BANK_DECLINED,
  generic_decline: BANK_DECLINED,
  do_not_honor: BANK_DECLINED,
  do_not_try_again: { reason: BANK_DECLINED.reason, next: 'Try another card.' },
  call_issuer: BANK_DECLINED,
  no_action_taken: BANK_DECLINED,
  not_permitted: BANK_DECLINED,
  restricted_card: BANK_DECLINED,
  pickup_card: BANK_DECLINED,
  lost_card: BANK_DECLINED,
  stolen_card: BANK_DECLINED,
  fraudulent: BANK_DECLINED,
  merchant_blacklist: BANK_DECLINED,
  security_violation: BANK_DECLINED,
  service_not_allowed: BANK_DECLINED,
  transaction_not_allowed: BANK_DECLINED,
  revocation_of_authorization: BANK_DECLINED,
  revocation_of_all_authorizations: BANK_DECLINED,
  stop_payment_order: BANK_DECLINED,
  new_account_information_available: BANK_DECLINED,
  invalid_account: BANK_DECLINED,
  testmode_decline: BANK_DECLINED,
  // Money and limits.
  insufficient_funds: INSUFFICIENT_FUNDS,
  card_velocity_exceeded: {
    reason: 'Your bank declined it because this card was used too often in a short time.',
    next: 'Wait a while before trying again, or try another card.',
  },
  withdrawal_count_limit_exceeded: {
    reason: 'The card has reached its spending limit.',
    next: 'Try another card.',
  },
  // The card's details.
  expired_card: { reason: 'The card has expired.', next: 'Try another card.' },
  incorrect_number: WRONG_NUMBER,
  invalid_number: WRONG_NUMBER,
  incorrect_cvc: WRONG_CVC,
  invalid_cvc: WRONG_CVC,
  invalid_expiry_month: WRONG_EXPIRY,
  invalid_expiry_year: WRONG_EXPIRY,
  incorrect_zip: {
    reason: 'The postcode does not match the card.',
    next: 'Check it and try again, or try another card.',
  },
  incorrect_address: {
    reason: 'The address does not match the card.',
    next: 'Check it and try again, or try another card.',
  },
  card_not_supported: NOT_ACCEPTED,
  invalid_card_type: NOT_ACCEPTED,
  currency_not_supported: NOT_ACCEPTED,
  // The bank's confirmation (3-D Secure).
  authentication_required: AUTHENTICATION,
  approve_with_id: AUTHENTICATION,
  payment_intent_authentication_failure: AUTHENTICATION,
  setup_intent_authentication_failure: AUTHENTICATION,
  // Try again later.
  processing_error: NOT_NOW,
  issuer_not_available: NOT_NOW,
  try_again_later: NOT_NOW,
  reenter_transaction: NOT_NOW,
  // The amount.
  duplicate_transaction: {
    reason: 'A payment of the same amount was just made with this card.',
    next: 'Check your transactions before you try again.',
  },
  invalid_amount: {
    reason: 'The bank refused this amount.',
    next: 'Try another amount, or call your bank.',
  },
  amount_too_small: {
    reason: 'The amount is too small to pay by card.',
    next: 'Pay at least $0.50.',
  },
  amount_too_large: {
    reason: 'The amount is more than can be paid in one go.',
    next: 'Pay a smaller amount.',
  },
  // Direct debit from a bank account.
  account_closed: {
    reason: 'The bank account has been closed.',
    next: 'Use another account, or pay by card.',
  },
  no_account: ACCOUNT_REFUSED,
  account_frozen: ACCOUNT_REFUSED,
  bank_account_restricted: ACCOUNT_REFUSED,
  debit_not_authorized: ACCOUNT_REFUSED,
  // The intent itself.
  canceled: { reason: 'The payment was cancelled.', next: 'Start again when you are ready.' },
};

export function isKnownDecline(code: string | null | undefined): code is string {
  return typeof code === 'string' && Object.hasOwn(DECLINES, code);
}

/**
 * The code that says most of a gateway error: its decline code, else its error code, when the
 * table knows it; else whichever it has (recorded as it came), else `fallback`.
 */
export function declineCode(
  error: { code: string | null; decline_code: string | null } | null,
  fallback: string,
): string {
  const codes = [error?.decline_code, error?.code];
  return codes.find(isKnownDecline) ?? codes.find((c) => Boolean(c)) ?? fallback;
}

/** The reason and next step for a code; DEFAULT_DECLINE when the table does not know it. */
export function declineText(code: string | null | undefined): DeclineText {
  return isKnownDecline(code) ? DECLINES[code]! : DEFAULT_DECLINE;
}

/** Reason and next step as one text ('The card has expired. Try another card.'). */
export function declineMessage(code: string | null | undefined): string {
  const { reason, next } = declineText(code);
  return `${reason} ${next}`;
}
