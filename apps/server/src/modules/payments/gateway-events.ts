import { eq } from 'drizzle-orm';
import type { GatewayEvent, PaymentIntentInfo } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
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
 * Handles one verified gateway event (a Stripe webhook, or the sandbox's own delivery): each event
 * id is handled once. The event id is recorded in the same transaction as its outcome, so an event
 * that failed half-way is not marked seen and its redelivery tries again. The intent in the event
 * comes from the gateway (its signature was checked), never from a customer.
 */
export async function handleGatewayEvent(
  db: Db,
  clock: Clock,
  event: GatewayEvent,
): Promise<EventOutcome> {
  const now = clock();
  return withTransaction(db, async (tx) => {
    const [fresh] = await tx
      .insert(gatewayEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: gatewayEvents.id });
    if (!fresh) return 'duplicate';
    const intent = event.paymentIntent;
    if (!PAYMENT_EVENTS.has(event.type) || !intent) return 'ignored';
    const paymentId = await paymentFor(tx, intent);
    if (paymentId === null) return 'ignored';
    await settlePayment(tx, paymentId, intent, now);
    return 'settled';
  });
}
