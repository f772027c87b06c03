import type { SandboxTestNumber } from '@outpost/contracts/billing';
import type { GatewayError } from './gateway';

/**
 * The numbers the sandbox gateway accepts: Stripe's published test numbers
 * (https://docs.stripe.com/testing), with the outcomes Stripe gives them, and nothing else.
 * A number is never stored: a payment method keeps its brand, last 4, expiry and the behaviour
 * key below.
 */
export type Behaviour =
  /** Saves and charges. */
  | 'success'
  /** Refused when the card is given (setup or payment): the error below. */
  | 'decline'
  /** The bank asks for authentication on setup and on-session payments; off-session charges pass. */
  | 'authenticate_on_setup'
  /** The bank asks for authentication every time; an off-session charge fails (authentication_required). */
  | 'authenticate_always'
  /** Saving succeeds, every charge is declined. */
  | 'charge_declined'
  /** The sandbox's own: a payment stays 'processing' (a bank that answers late). */
  | 'processing'
  /** BECS direct debit: setup succeeds; a charge is 'processing', then succeeds or fails. */
  | 'bank_success'
  | 'bank_account_closed'
  | 'bank_insufficient_funds';

export type CardTestNumber = {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  behaviour: Behaviour;
  /** For 'decline': the error Stripe answers. */
  error?: GatewayError;
  outcome: string;
};

const cardError = (code: string, declineCode: string | null, message: string): GatewayError => ({
  type: 'card_error',
  code,
  decline_code: declineCode,
  message,
});

export const DECLINED = cardError('card_declined', 'generic_decline', 'Your card was declined.');
export const EXPIRED = cardError('expired_card', 'expired_card', 'Your card has expired.');
export const AUTHENTICATION_REQUIRED = cardError(
  'authentication_required',
  'authentication_required',
  'Your card was declined. This transaction requires authentication.',
);
/** What the sandbox answers to any number not listed (Stripe's test mode would refuse a real card). */
export const UNLISTED_NUMBER: GatewayError = {
  type: 'invalid_request_error',
  code: 'incorrect_number',
  decline_code: null,
  message: 'This is the sandbox gateway: use one of the listed test card numbers.',
};
export const UNLISTED_ACCOUNT: GatewayError = {
  type: 'invalid_request_error',
  code: 'incorrect_number',
  decline_code: null,
  message: 'This is the sandbox gateway: use one of the listed test bank accounts (BSB 000000).',
};
export const PAYMENT_AUTHENTICATION_FAILED: GatewayError = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  decline_code: null,
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
};
export const SETUP_AUTHENTICATION_FAILED: GatewayError = {
  type: 'invalid_request_error',
  code: 'setup_intent_authentication_failure',
  decline_code: null,
  message:
    'The latest attempt to set up the payment method has failed because authentication failed. Provide a new payment method to attempt to set up again.',
};

export const TEST_CARDS: readonly CardTestNumber[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'success', outcome: 'Visa: succeeds' },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    behaviour: 'success',
    outcome: 'Mastercard: succeeds',
  },
  {
    number: '378282246310005',
    brand: 'amex',
    behaviour: 'success',
    outcome: 'American Express: succeeds',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    behaviour: 'decline',
    error: DECLINED,
    outcome: 'Declined (card_declined, generic_decline)',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    behaviour: 'decline',
    error: cardError('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
    outcome: 'Declined: insufficient funds',
  },
  {
    number: '4000000000009987',
    brand: 'visa',
    behaviour: 'decline',
    error: cardError('card_declined', 'lost_card', 'Your card was declined.'),
    outcome: 'Declined: lost card',
  },
  {
    number: '4000000000009979',
    brand: 'visa',
    behaviour: 'decline',
    error: cardError('card_declined', 'stolen_card', 'Your card was declined.'),
    outcome: 'Declined: stolen card',
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    behaviour: 'decline',
    error: EXPIRED,
    outcome: 'Declined: expired card',
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    behaviour: 'decline',
    error: cardError('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
    outcome: 'Declined: incorrect CVC',
  },
  {
    number: '4000000000000119',
    brand: 'visa',
    behaviour: 'decline',
    error: cardError(
      'processing_error',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ),
    outcome: 'Declined: processing error',
  },
  {
    number: '4242424242424241',
    brand: 'visa',
    behaviour: 'decline',
    error: cardError('incorrect_number', null, 'Your card number is incorrect.'),
    outcome: 'Declined: incorrect number',
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    behaviour: 'authenticate_on_setup',
    outcome: 'Asks for authentication when saved or paid with; later automatic charges succeed',
  },
  {
    number: '4000002760003184',
    brand: 'visa',
    behaviour: 'authenticate_always',
    outcome: 'Always asks for authentication; automatic charges fail (authentication_required)',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    behaviour: 'charge_declined',
    outcome: 'Saving succeeds; every charge is declined',
  },
  {
    // Not one of Stripe's: Stripe publishes no card whose payment stays 'processing'. The sandbox
    // gives this number that outcome so the Pending result can be seen (docs: README).
    number: '4000000000007726',
    brand: 'visa',
    behaviour: 'processing',
    outcome: 'Sandbox only: the payment stays processing, like a bank that answers late',
  },
];

export const TEST_BSB = '000000';

export type BankTestNumber = {
  account: string;
  behaviour: Behaviour;
  /** The charge's failure, for a failing account. */
  error?: GatewayError;
  outcome: string;
};

export const TEST_BANK_ACCOUNTS: readonly BankTestNumber[] = [
  {
    account: '000123456',
    behaviour: 'bank_success',
    outcome: 'Saving succeeds; a debit is processing, then succeeds',
  },
  {
    account: '111111113',
    behaviour: 'bank_account_closed',
    error: cardError('account_closed', null, 'The bank account has been closed.'),
    outcome: 'Saving succeeds; a debit is processing, then fails (account_closed)',
  },
  {
    account: '111111116',
    behaviour: 'bank_insufficient_funds',
    error: cardError(
      'insufficient_funds',
      'insufficient_funds',
      'The account has insufficient funds to cover this payment.',
    ),
    outcome: 'Saving succeeds; a debit is processing, then fails (insufficient_funds)',
  },
];

/** The list the gateway init answer and the payment pages show. */
export const SANDBOX_TEST_NUMBERS: SandboxTestNumber[] = [
  ...TEST_CARDS.map((c) => ({ kind: 'card' as const, number: c.number, outcome: c.outcome })),
  ...TEST_BANK_ACCOUNTS.map((b) => ({
    kind: 'bank' as const,
    number: `${TEST_BSB} ${b.account}`,
    outcome: b.outcome,
  })),
];

/** The failure of a charge with a method of this behaviour, or null when it succeeds. */
export function chargeFailure(behaviour: string): GatewayError | null {
  if (behaviour === 'charge_declined') return DECLINED;
  if (behaviour === 'authenticate_always') return AUTHENTICATION_REQUIRED;
  return TEST_BANK_ACCOUNTS.find((b) => b.behaviour === behaviour)?.error ?? null;
}
