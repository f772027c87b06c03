import Stripe from 'stripe';
import type { Config } from '../../config';
import type {
  GatewayError,
  GatewayEvent,
  IntentStatus,
  PaymentGateway,
  PaymentIntentInfo,
  PaymentMethodInfo,
  SetupIntentInfo,
} from './gateway';
import { GatewayRequestError } from './gateway';

export type StripeSettings = NonNullable<Config['stripe']>;

/** How long one call to Stripe may take before it is retried (twice) or fails. */
const TIMEOUT_MS = 20_000;

type ErrorLike = {
  type?: string;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
};

function gatewayError(error: ErrorLike | null | undefined): GatewayError | null {
  if (!error) return null;
  return {
    type: error.type ?? 'api_error',
    code: error.code ?? null,
    decline_code: error.decline_code ?? null,
    message: error.message ?? '',
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

function methodInfo(method: string | Stripe.PaymentMethod | null): PaymentMethodInfo | null {
  if (!method) return null;
  // Not expanded (a webhook's object): only its id is known; retrieve the intent for the rest.
  if (typeof method === 'string') return { id: method, type: 'card', card: null, bank: null };
  const card = method.card;
  const becs = method.au_becs_debit;
  return {
    id: method.id,
    type: method.type === 'au_becs_debit' ? 'au_becs_debit' : 'card',
    card: card
      ? {
          brand: card.brand,
          last4: card.last4,
          expMonth: card.exp_month,
          expYear: card.exp_year,
        }
      : null,
    bank: becs ? { name: method.billing_details.name ?? '', last4: becs.last4 ?? '' } : null,
  };
}

function setupInfo(intent: Stripe.SetupIntent): SetupIntentInfo {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as IntentStatus,
    customerId: idOf(intent.customer),
    paymentMethod: methodInfo(intent.payment_method),
    lastError: gatewayError(intent.last_setup_error),
    metadata: { ...intent.metadata },
  };
}

function paymentInfo(intent: Stripe.PaymentIntent): PaymentIntentInfo {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    customerId: idOf(intent.customer),
    paymentMethod: methodInfo(intent.payment_method),
    lastError: gatewayError(intent.last_payment_error),
    // Stripe numbers a receipt once it is sent; until then the charge's id stands for it.
    receiptId:
      intent.status === 'succeeded'
        ? (charge?.receipt_number ?? idOf(intent.latest_charge) ?? null)
        : null,
    metadata: { ...intent.metadata },
  };
}

/**
 * Stripe's refusals of a request (no such object, a reused idempotency key) become
 * GatewayRequestError; connection failures, timeouts and Stripe's own failures stay as they are
 * (the caller retries with the same idempotency key).
 */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeIdempotencyError
    )
      throw new GatewayRequestError(
        (error.raw as { type?: string } | undefined)?.type ?? 'invalid_request_error',
        error.code ?? null,
        error.message,
      );
    throw error;
  }
}

const PAYMENT_EXPAND = ['payment_method', 'latest_charge'];

/**
 * Stripe through stripe-node (docs/decisions/015). Card numbers never reach our server: the
 * browser gives them to Stripe.js, and we see only the intents. API version: the one this
 * stripe-node release pins (its `allowed_payment_method_types` replaces `payment_method_types`).
 */
export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Outpost portal' },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });

  const retrievePayment = (id: string) =>
    call(() => stripe.paymentIntents.retrieve(id, { expand: PAYMENT_EXPAND }));

  return {
    mode: 'stripe',
    publishableKey: settings.publishableKey,

    async createCustomer({ accountId, name, email }) {
      const customer = await call(() =>
        stripe.customers.create({
          name,
          ...(email ? { email } : {}),
          metadata: { accountId: String(accountId) },
        }),
      );
      return customer.id;
    },

    async createSetupIntent({ customerId, type, metadata }) {
      const intent = await call(() =>
        stripe.setupIntents.create({
          customer: customerId,
          allowed_payment_method_types: [type === 'bank' ? 'au_becs_debit' : 'card'],
          usage: 'off_session',
          metadata,
        }),
      );
      return setupInfo(intent);
    },

    async retrieveSetupIntent(id) {
      return setupInfo(
        await call(() => stripe.setupIntents.retrieve(id, { expand: ['payment_method'] })),
      );
    },

    async createPaymentIntent({ amountCents, customerId, saveCard, metadata, idempotencyKey }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'aud',
            allowed_payment_method_types: ['card'],
            ...(customerId ? { customer: customerId } : {}),
            ...(saveCard ? { setup_future_usage: 'off_session' as const } : {}),
            metadata,
          },
          { idempotencyKey },
        ),
      );
      return paymentInfo(intent);
    },

    async retrievePaymentIntent(id) {
      return paymentInfo(await retrievePayment(id));
    },

    async chargeOffSession({ amountCents, customerId, paymentMethodId, metadata, idempotencyKey }) {
      try {
        const intent = await call(() =>
          stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency: 'aud',
              customer: customerId,
              payment_method: paymentMethodId,
              off_session: true,
              confirm: true,
              metadata,
              expand: PAYMENT_EXPAND,
            },
            { idempotencyKey },
          ),
        );
        return paymentInfo(intent);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        // A decline (or authentication_required) is an answer, not a failure: the intent as
        // it stands, its status 'requires_payment_method' and the error.
        const failed = error.payment_intent;
        const lastError =
          gatewayError(failed?.last_payment_error) ??
          gatewayError({
            type: 'card_error',
            code: error.code ?? null,
            decline_code: error.decline_code ?? null,
            message: error.message,
          });
        let intent: PaymentIntentInfo | null = null;
        if (failed) {
          intent = paymentInfo(failed);
          // The error carries the intent unexpanded: read the card's details when Stripe answers.
          intent = await retrievePayment(failed.id)
            .then(paymentInfo)
            .catch(() => intent);
        }
        return {
          id: intent?.id ?? '',
          clientSecret: intent?.clientSecret ?? '',
          amountCents,
          customerId,
          paymentMethod: intent?.paymentMethod ?? {
            id: paymentMethodId,
            type: 'card',
            card: null,
            bank: null,
          },
          receiptId: null,
          metadata: intent?.metadata ?? metadata,
          status: 'requires_payment_method',
          lastError,
        };
      }
    },

    async detachPaymentMethod(id) {
      await call(() => stripe.paymentMethods.detach(id));
    },

    parseWebhook(rawBody, signature) {
      if (!signature)
        throw new GatewayRequestError('invalid_request_error', null, 'No Stripe-Signature header.');
      // Throws on a bad signature or a timestamp older than 5 minutes (replays).
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      const object = event.data.object as { object?: string };
      const result: GatewayEvent = {
        id: event.id,
        type: event.type,
        paymentIntent:
          object.object === 'payment_intent'
            ? paymentInfo(object as unknown as Stripe.PaymentIntent)
            : null,
        setupIntent:
          object.object === 'setup_intent'
            ? setupInfo(object as unknown as Stripe.SetupIntent)
            : null,
      };
      return result;
    },

    onEvent() {
      // Stripe's events come through the webhook route (parseWebhook), which hands them to the
      // payments module's handler itself; nothing to hold here.
    },
  };
}
