/**
 * The card and bank gateway (docs/decisions/015): one interface, two implementations.
 * - Stripe (stripe-node) when STRIPE_SECRET_KEY is set: card numbers never touch our server.
 * - The embedded sandbox otherwise: behaves like Stripe's test mode, accepts only the published
 *   test numbers, keeps its state in the database and emits the same events.
 * Amounts are cents, currency AUD. Statuses and error fields are Stripe's.
 */

export type GatewayMode = 'stripe' | 'sandbox';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

/** A provider error as Stripe reports it: the fields spec 3 section 4 maps to a status. */
export type GatewayError = {
  type: string;
  code: string | null;
  decline_code: string | null;
  message: string;
};

export type PaymentMethodInfo = {
  id: string;
  type: 'card' | 'au_becs_debit';
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  bank: { name: string; last4: string } | null;
};

export type SetupIntentInfo = {
  id: string;
  /** The sandbox keeps only a hash: its retrieve (and a replayed create) answers ''. */
  clientSecret: string;
  status: IntentStatus;
  customerId: string | null;
  paymentMethod: PaymentMethodInfo | null;
  lastError: GatewayError | null;
  metadata: Record<string, string>;
};

export type PaymentIntentInfo = {
  id: string;
  /** The sandbox keeps only a hash: its retrieve (and a replayed create) answers ''. */
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  customerId: string | null;
  paymentMethod: PaymentMethodInfo | null;
  lastError: GatewayError | null;
  /** The charge's receipt number once it succeeded. */
  receiptId: string | null;
  metadata: Record<string, string>;
};

/** The events we act on; others are acknowledged and ignored. */
export type GatewayEvent = {
  id: string;
  type: string;
  /** The intent the event is about (a PaymentIntent or a SetupIntent). */
  paymentIntent: PaymentIntentInfo | null;
  setupIntent: SetupIntentInfo | null;
};

export type EventHandler = (event: GatewayEvent) => Promise<void>;

export type PaymentGateway = {
  readonly mode: GatewayMode;
  /** Given to the client (Stripe's publishable key; a fixed 'pk_sandbox' in the sandbox). */
  readonly publishableKey: string;
  createCustomer(input: { accountId: number; name: string; email: string | null }): Promise<string>;
  createSetupIntent(input: {
    customerId: string;
    type: 'card' | 'bank';
    metadata: Record<string, string>;
  }): Promise<SetupIntentInfo>;
  retrieveSetupIntent(id: string): Promise<SetupIntentInfo>;
  /** A PaymentIntent the customer confirms in the browser (a new card). */
  createPaymentIntent(input: {
    amountCents: number;
    customerId: string | null;
    /** Keep the card for off-session use once it succeeds. */
    saveCard: boolean;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntentInfo>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo>;
  /**
   * Charges a saved method without the customer present. A decline is a result (status
   * 'requires_payment_method' with lastError), not an exception; a network failure or timeout
   * throws, and the same idempotency key may be retried without charging twice.
   */
  chargeOffSession(input: {
    amountCents: number;
    customerId: string;
    paymentMethodId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntentInfo>;
  detachPaymentMethod(id: string): Promise<void>;
  /** Verifies a webhook's signature and reads its event; throws on a bad or stale signature. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent;
  /** Where events go (the payments module's handler); the sandbox delivers its own through it. */
  onEvent(handler: EventHandler): void;
  /**
   * The sandbox only: delivers its events not yet handled (a handler that failed leaves its event
   * pending) and answers how many were delivered. The billing jobs call it; Stripe redelivers
   * webhooks itself.
   */
  deliverPending?(): Promise<number>;
};

/**
 * A request the gateway refused (Stripe's invalid_request_error and idempotency_error: no such
 * customer or payment method, an idempotency key reused with other parameters). Not a decline:
 * declines are returned as an intent's lastError.
 */
export class GatewayRequestError extends Error {
  constructor(
    readonly type: string,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayRequestError';
  }
}
