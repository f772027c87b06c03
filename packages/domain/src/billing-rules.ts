/**
 * The billing rules that need no schema (spec 3 sections 3, 4, 8; spec 1 section 7), apart from
 * contracts' billing.ts so the web pages use them without zod.
 */

export type PaymentMethodType = 'card' | 'bank';

/** The recurring method values of spec 3 section 3. */
export const PAYMETHOD_CARD = 'Automatic debit from Credit Card';
export const PAYMETHOD_BANK = 'Automatic debit from Bank Account';
export const PAYMETHOD_NONE = 'Not Yet Set';

/** The PDF's file name (spec 1 section 7): product prefix, '-invoice-#', number, '.pdf'. */
export function invoiceFileName(productPrefix: string, number: string): string {
  return `${productPrefix}-invoice-#${number}.pdf`;
}

/** The one-off payment's reference: 'PX' and the prepare id, zero-padded to 9 characters. */
export function paymentReference(prepareId: number): string {
  return `PX${String(prepareId).padStart(7, '0')}`;
}

/** The result modal's status from the gateway's (spec 3 section 4). */
export function paymentOutcome(stripeStatus: string): 'Approved' | 'Declined' | 'Pending' {
  if (stripeStatus === 'succeeded') return 'Approved';
  if (stripeStatus === 'processing') return 'Pending';
  return 'Declined';
}

/**
 * The add-payment-method status table (spec 3 section 8): a provider code (a SetupIntent status,
 * an error code or decline code) to the status and the message the page shows.
 */
const DECLINED_PHRASES: Record<string, string> = {
  card_declined: 'was declined by your bank',
  lost_card: 'was declined by your bank',
  stolen_card: 'was declined by your bank',
  expired_card: 'has expired',
  incorrect_number: 'had some incorrect details',
  incorrect_cvc: 'had some incorrect details',
  card_error: 'had some incorrect details',
  incorrect_zip: 'was declined for security reasons',
  invalid_card_type: 'type is unsupported at this time',
  insufficient_funds: 'was declined due to insufficient funds in your account',
  processing_error: 'had a processing error, try again in a bit',
  card_velocity_exceeded: 'was declined for making repeated attempts too frequently',
};
const ERROR_CODES = new Set([
  'canceled',
  'processing',
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'connection',
  'auth',
  'reposted',
  'too many errors',
]);

export type AddPaymentMethodResult = {
  status: 'Approved' | 'Declined' | 'Error';
  message: string;
};

export function addPaymentMethodResult(
  type: PaymentMethodType,
  code: string | null | undefined,
): AddPaymentMethodResult {
  const what = type === 'card' ? 'card' : 'bank account';
  if (code === 'succeeded')
    return { status: 'Approved', message: `Your ${what} was successfully added.` };
  const declined = code ? DECLINED_PHRASES[code] : undefined;
  if (declined) return { status: 'Declined', message: `Your ${what} ${declined}.` };
  const shown = code && ERROR_CODES.has(code) ? code : 'unknown';
  return {
    status: 'Error',
    message: `Your ${what} could not be added: error (${shown}). Please try again.`,
  };
}
