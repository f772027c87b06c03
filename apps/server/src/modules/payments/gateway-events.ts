import { eq } from 'drizzle-orm';
import type {
  GatewayEvent,
  PaymentGateway,
  PaymentIntentInfo,
} from '../../adapters/payments/gateway';
import { GatewayRequestError } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { paymentsError } from './payments.errors';
import { gatewayEvents, payments } from './payments.schema';
import { settlePayment } from './settle';

/** The PaymentIntent events that record an outcome; every other event is acknowledged only. */
const PAYMENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
]);

/** The payment an intent is for: by its id, or (before the id was stored) by its metadata. */
async function paymentFor(tx: Db, intent: PaymentIntentInfo) {
  const [byIntent] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.intentId, intent.id));
  if (byIntent) return byIntent.id;
  const id = Number(intent.metadata.payment_id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [byMetadata] = await tx
    .select({ id: payments.id, accountId: payments.accountId, intentId: payments.intentId })
    .from(payments)
    .where(eq(payments.id, id));
  if (!byMetadata || String(byMetadata.accountId) !== intent.metadata.account_id) return null;
  if (byMetadata.intentId !== null && byMetadata.intentId !== intent.id) return null;
  return byMetadata.id;
}

export type EventOutcome = 'duplicate' | 'ignored' | 'settled';

/**
 * The intent as the gateway has it. The gateway unreachable (or failing itself) is
 * 'gatewayUnavailable' (503 with Retry-After to a webhook, so it is delivered again); a refusal of
 * the request (no such intent) stays what it is.
 */
async function retrieve(gateway: Pick<PaymentGateway, 'retrievePaymentIntent'>, id: string) {
  try {
    return await gateway.retrievePaymentIntent(id);
  } catch (error) {
    if (error instanceof GatewayRequestError) throw error;
    throw Object.assign(paymentsError('gatewayUnavailable'), { cause: error });
  }
}

/**
 * Handles one verified gateway event (a Stripe webhook, or the sandbox's own delivery): each event
 * id is handled once. The event id is recorded in the same transaction as its outcome, so an event
 * that failed half-way is not marked seen and its redelivery tries again.
 *
 * The intent is read again from the gateway before anything is recorded: a webhook's object names
 * its card only by id (no brand or last 4 for the result message, nothing to keep for automatic
 * payments), and events may arrive out of order; the intent as the gateway has it now is the
 * truth. Never inside a transaction (the gateway is a network call). When the gateway cannot be
 * asked, nothing is recorded (not even the event id) and the event is answered 503 to be sent again.
 */
export async function handleGatewayEvent(
  db: Db,
  gateway: Pick<PaymentGateway, 'retrievePaymentIntent'>,
  clock: Clock,
  event: GatewayEvent,
): Promise<EventOutcome> {
  const [seen] = await db
    .select({ id: gatewayEvents.id })
    .from(gatewayEvents)
    .where(eq(gatewayEvents.id, event.id));
  if (seen) return 'duplicate';
  const intent =
    PAYMENT_EVENTS.has(event.type) && event.paymentIntent
      ? await retrieve(gateway, event.paymentIntent.id)
      : null;
  const now = clock();
  return withTransaction(db, async (tx) => {
    const [fresh] = await tx
      .insert(gatewayEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: gatewayEvents.id });
    if (!fresh) return 'duplicate';
    if (!intent) return 'ignored';
    const paymentId = await paymentFor(tx, intent);
    if (paymentId === null) return 'ignored';
    await settlePayment(tx, paymentId, intent, now);
    return 'settled';
  });
}
