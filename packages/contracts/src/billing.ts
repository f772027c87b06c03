import { z } from 'zod';
import { envelope, idParam } from './http';
import { PAYMETHOD_BANK, PAYMETHOD_CARD, PAYMETHOD_NONE } from '@outpost/domain/billing-rules';

/**
 * Billing and payments (spec 3 sections 2.3-2.6, 3, 4, 5, 7, 8; docs/decisions/015).
 * Money in answers is integer cents. Amounts a customer types (one-off payments) are sent as
 * dollars with at most 2 decimals, as the spec's input holds them; the server converts to cents.
 */

export const paymethodValue = z.enum([PAYMETHOD_CARD, PAYMETHOD_BANK, PAYMETHOD_NONE]);
export type PaymethodValue = z.infer<typeof paymethodValue>;

/** GET/PATCH billing payment methods (spec 3 section 3 'Payment methods response'). */
export const paymethodsSchema = z.object({
  current: z.object({ method: paymethodValue, status: z.string() }),
  /** A saved card: last 4 digits, expiry 'MM/YYYY', brand ('Visa', 'Mastercard', ...). */
  card_details: z.object({ last4: z.string(), expires: z.string(), type: z.string() }).nullable(),
  /** A saved bank account: the account holder and the last 4 digits of the account number. */
  bank_details: z.object({ name: z.string(), account: z.string() }).nullable(),
  accountid: z.number().int(),
});
export type Paymethods = z.infer<typeof paymethodsSchema>;
export const paymethodsOutput = envelope(paymethodsSchema);

/** One of the three PATCH bodies: remove the card, remove the bank account, or make one default. */
export const updatePaymethodsInput = z.union([
  z.strictObject({ card_details: z.null() }),
  z.strictObject({ bank_details: z.null() }),
  z.strictObject({
    current: z.strictObject({ method: z.enum([PAYMETHOD_CARD, PAYMETHOD_BANK]) }),
  }),
]);
export type UpdatePaymethodsInput = z.infer<typeof updatePaymethodsInput>;

/** Which gateway the client talks to: Stripe (Elements) or the embedded sandbox (our own form). */
export const gatewayMode = z.enum(['stripe', 'sandbox']);
export type GatewayMode = z.infer<typeof gatewayMode>;

/** A published test number the sandbox accepts, and what it does (listed on the page in sandbox). */
export const sandboxTestNumberSchema = z.object({
  kind: z.enum(['card', 'bank']),
  /** Card number, or 'BSB account' for a bank account. */
  number: z.string(),
  outcome: z.string(),
});
export type SandboxTestNumber = z.infer<typeof sandboxTestNumberSchema>;

/** GET gateway init (spec 3 section 7). */
export const gatewayInitOutput = envelope(
  z.object({
    stripePublishableKey: z.string(),
    mode: gatewayMode,
    /** Sandbox only: the test numbers it accepts. Empty in Stripe mode. */
    testNumbers: z.array(sandboxTestNumberSchema),
  }),
);
export type GatewayInit = z.infer<typeof gatewayInitOutput>['data'];

export const paymentMethodType = z.enum(['card', 'bank']);
export type PaymentMethodType = z.infer<typeof paymentMethodType>;
export const prepareAddPaymentMethodQuery = z.object({ paymentMethodType });

/** GET prepare-add-payment-method: the prepared operation and the SetupIntent's client secret. */
export const prepareAddPaymentMethodOutput = envelope(
  z.object({
    addPaymentMethodInitData: z.object({
      /** The prepared operation's id. */
      id: z.number().int(),
      csrf: z.string(),
      stripe_cus: z.string(),
      /** When the prepared operation expires (ISO 8601). */
      expires: z.iso.datetime(),
    }),
    setupIntent: z.object({ id: z.string(), client_secret: z.string() }),
  }),
);
export type PrepareAddPaymentMethod = z.infer<typeof prepareAddPaymentMethodOutput>['data'];

const stripeText = z.string().max(500);
/**
 * The setup result the client posts back (spec 3 section 3 'Setup intent callback payload').
 * The server reads the SetupIntent's real status and method from the gateway; what the client says
 * of them is only compared, never trusted.
 */
export const commitAddPaymentMethodInput = z.object({
  id: z.number().int(),
  csrf: z.string().min(1).max(200),
  stripe_si: z.string().min(1).max(200),
  stripe_si_secret: z.string().min(1).max(300),
  stripe_pm: z.string().max(200).nullish(),
  stripe_status: stripeText.nullish(),
  stripe_message: stripeText.nullish(),
  card_type: stripeText.nullish(),
  card_last4: stripeText.nullish(),
  card_expires: stripeText.nullish(),
});
export type CommitAddPaymentMethodInput = z.infer<typeof commitAddPaymentMethodInput>;

/** The outcome of adding a method: the status table of spec 3 section 8, and the methods now. */
export const addPaymentMethodStatus = z.enum(['Approved', 'Declined', 'Error']);
export const commitAddPaymentMethodOutput = envelope(
  z.object({
    status: addPaymentMethodStatus,
    message: z.string(),
    paymethods: paymethodsSchema,
  }),
);
export type CommitAddPaymentMethod = z.infer<typeof commitAddPaymentMethodOutput>['data'];

/** Billing transaction (spec 3 section 3), newest first. */
export const transactionSchema = z.object({
  transactionid: z.number().int(),
  /** ISO 8601. */
  created: z.iso.datetime(),
  /** 'Invoice' | 'Payment' | 'Credit' | 'Adjustment' */
  type: z.string(),
  /** Signed cents: invoices and adjustments raise the balance, payments and credits lower it. */
  amount: z.number().int(),
  /** The balance after it, cents; positive is owing. */
  balance: z.number().int(),
  reason: z.string().nullable(),
  status: z.string(),
  invoiceid: z.number().int().nullable(),
  /** The invoice number ('1001-013'), when it is or pays an invoice. */
  invoice: z.string().nullable(),
  /** The balance's state after it: 'owing' shows the balance with a minus sign. */
  account_status: z.enum(['owing', 'paid', 'credit']),
});
export type BillingTransaction = z.infer<typeof transactionSchema>;
export const transactionsOutput = envelope(z.array(transactionSchema));

export const invoiceParams = z.object({ invoiceid: idParam });
/** The alert's invoice link (spec 1 section 7): `{invoice}` is the invoice id. */
export const invoiceDetailParams = z.object({ invoice: idParam });

/** GET account balance (spec 3 section 3). */
export const balanceOutput = envelope(
  z.object({ amount: z.number().int(), status: z.enum(['Owing', 'Paid', 'In Credit']) }),
);
export type AccountBalance = z.infer<typeof balanceOutput>['data'];

/** Dollars as typed: at least 0.5, at most 6 characters, at most 2 decimals. */
export const paymentAmount = z
  .number()
  .min(0.5)
  .max(999_999)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most 2 decimals');

/** POST start gateway payment (new card). `save_card` keeps the card for automatic payments. */
export const startPaymentInput = z.object({
  amount: paymentAmount,
  save_card: z.boolean().optional(),
});
export const startPaymentOutput = envelope(
  z.object({
    stripePaymentIntent: z.object({ id: z.string(), client_secret: z.string() }),
    prepareAPIResult: z.object({ id: z.number().int(), csrf: z.string() }),
  }),
);
export type StartPayment = z.infer<typeof startPaymentOutput>['data'];

/** POST post gateway payment: the server reads the final status from the gateway. */
export const postPaymentInput = z.object({
  prepareId: z.number().int().positive(),
  csrf: z.string().min(1).max(200),
  intentId: z.string().min(1).max(200),
});
export const paymentStripeStatus = z.enum([
  'succeeded',
  'processing',
  'requires_payment_method',
  'requires_action',
  'requires_confirmation',
  'canceled',
]);
export const postPaymentOutput = envelope(
  z.object({
    /** Cents. */
    amount: z.number().int(),
    stripe_status: z.string(),
    user_message: z.string(),
    card: z.object({ type: z.string(), last4: z.string() }).nullable(),
    receipt_id: z.string().nullable(),
  }),
);
export type PostPayment = z.infer<typeof postPaymentOutput>['data'];

/** POST prepare existing-card payment: empty body. `id` is the reference's prepare id. */
export const existingCardPrepareInput = z.object({}).strict();
export const existingCardPrepareOutput = envelope(
  z.object({ id: z.number().int(), csrf: z.string(), error: z.string().nullable() }),
);
export const existingCardCommitInput = z.object({
  csrf: z.string().min(1).max(200),
  amount: paymentAmount,
});
export const existingCardCommitOutput = envelope(
  z.object({
    card: z.object({ type: z.string(), last4: z.string() }).nullable(),
    error: z.string().nullable(),
    ok: z.boolean(),
    payment: z
      .object({
        stripe_status: z.string(),
        stripe_reason: z.string().nullable(),
        receipt_id: z.string().nullable(),
        /** Cents. */
        amount: z.number().int(),
        prepareid: z.number().int(),
      })
      .nullable(),
  }),
);
export type ExistingCardCommit = z.infer<typeof existingCardCommitOutput>['data'];

/** The sandbox gateway's intent ids ('seti_...', 'pi_...') in its browser-facing paths. */
export const sandboxIntentParams = z.object({
  intent: z.string().regex(/^(seti|pi)_[A-Za-z0-9]{8,40}$/, 'must be an intent id'),
});

/** What the sandbox's own card or bank form sends to confirm an intent (like Stripe.js's confirm). */
export const sandboxConfirmInput = z.object({
  client_secret: z.string().min(1).max(300),
  payment_method_data: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('card'),
      card: z.object({
        number: z.string().regex(/^[0-9 ]{12,23}$/, 'must be a card number'),
        exp_month: z.number().int().min(1).max(12),
        exp_year: z.number().int().min(2000).max(2100),
        cvc: z.string().regex(/^[0-9]{3,4}$/, 'must be 3 or 4 digits'),
      }),
    }),
    z.object({
      type: z.literal('au_becs_debit'),
      au_becs_debit: z.object({
        bsb_number: z.string().regex(/^[0-9]{6}$/, 'must be 6 digits'),
        account_number: z.string().regex(/^[0-9]{5,9}$/, 'must be 5 to 9 digits'),
      }),
      billing_details: z.object({
        name: z.string().min(1).max(100),
        email: z.email().max(200),
      }),
    }),
  ]),
  /** Where the authentication page returns to (same origin only). */
  return_url: z.string().max(2000).optional(),
});
export type SandboxConfirmInput = z.infer<typeof sandboxConfirmInput>;

/** A provider error as Stripe.js reports it (the fields spec 3 section 4 maps to a status). */
export const gatewayErrorSchema = z.object({
  type: z.string(),
  code: z.string().nullable(),
  decline_code: z.string().nullable(),
  message: z.string(),
});
export type GatewayError = z.infer<typeof gatewayErrorSchema>;

/** The sandbox's answer to a confirm: the intent after it, like Stripe.js's result. */
export const sandboxConfirmOutput = envelope(
  z.object({
    id: z.string(),
    status: z.string(),
    /** The payment method made from the details (brand, last 4 and expiry only). */
    payment_method: z.string().nullable(),
    /** Set when the card needs its bank's authentication: the page to go to. */
    next_action: z.object({ redirect_to_url: z.object({ url: z.string() }) }).nullable(),
    last_error: gatewayErrorSchema.nullable(),
  }),
);
export type SandboxConfirm = z.infer<typeof sandboxConfirmOutput>['data'];

/** The authentication page's form: complete or fail the challenge. */
export const sandboxAuthenticateQuery = z.object({
  client_secret: z.string().min(1).max(300),
  return_url: z.string().max(2000),
});
export const sandboxAuthenticateInput = z.object({
  client_secret: z.string().min(1).max(300),
  return_url: z.string().max(2000),
  outcome: z.enum(['complete', 'fail']),
});

export const webhookOutput = envelope(z.object({ received: z.boolean() }));
