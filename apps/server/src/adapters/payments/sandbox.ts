import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { EventHandler, GatewayEvent, PaymentGateway } from './gateway';
import { GatewayRequestError } from './gateway';
import type { SandboxBrowser } from './sandbox-browser';
import { sandboxBrowser } from './sandbox-browser';
import type { IntentRow, StoredEvent } from './sandbox-intents';
import {
  change,
  findByKey,
  methodOf,
  newId,
  newIntent,
  offSessionStatus,
  paymentInfo,
  readIntent,
  requireCustomer,
  SAVE_KEY,
  sameRequest,
  setupInfo,
  writeEvent,
} from './sandbox-intents';
import {
  sandboxCustomers,
  sandboxEvents,
  sandboxIntents,
  sandboxPaymentMethods,
} from './sandbox.schema';
import { chargeFailure } from './test-numbers';

/**
 * The embedded sandbox gateway (docs/decisions/015): Stripe's test mode in our own database.
 * - Ids and client secrets look like Stripe's; a client secret is stored only as its SHA-256 and
 *   compared in constant time (it is the browser's credential for confirming its intent).
 * - Only Stripe's published test numbers are accepted (test-numbers.ts), with their outcomes; a
 *   payment method keeps brand, last 4, expiry (a bank account: holder and last 4) and the
 *   behaviour of its number, never the number.
 * - Every change of an intent writes its event in the same transaction; after the commit the
 *   events not yet delivered go to the handler (onEvent), in order, and are marked delivered when
 *   it resolves. A failing handler leaves its event pending: deliverPending() tries again.
 * - BECS debits: a charge is 'processing' (payment_intent.processing) and is settled at once in a
 *   second transaction (payment_intent.succeeded or payment_intent.payment_failed), as a bank
 *   answering a moment later; the caller of the charge sees 'processing', like Stripe's answer.
 */
export type SandboxGateway = PaymentGateway &
  SandboxBrowser & {
    readonly mode: 'sandbox';
    deliverPending(): Promise<number>;
  };

export const isSandboxGateway = (gateway: PaymentGateway): gateway is SandboxGateway =>
  gateway.mode === 'sandbox' && 'confirm' in gateway;

export function createSandboxGateway(db: Db, clock: Clock, publicUrl: string): SandboxGateway {
  let handler: EventHandler | undefined;
  // One delivery round at a time in this process: an event reaches the handler once.
  let deliveries: Promise<unknown> = Promise.resolve();

  /**
   * At least once: in this process one round runs at a time, so an event reaches the handler
   * once; two instances may both hand over an event neither has marked yet, so the handler must
   * be idempotent by event id (as it must be for Stripe's webhooks).
   */
  async function deliverRound(): Promise<number> {
    if (!handler) return 0;
    const pending = await db
      .select()
      .from(sandboxEvents)
      .where(isNull(sandboxEvents.deliveredAt))
      .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
      .limit(200);
    let delivered = 0;
    const blocked = new Set<string>();
    for (const row of pending) {
      const payload = row.payload as StoredEvent;
      const intentId = payload.paymentIntent?.id ?? payload.setupIntent?.id ?? '';
      // An intent's events arrive in order: after one failed, its later ones wait too.
      if (blocked.has(intentId)) continue;
      const event: GatewayEvent = { id: row.id, type: row.type, ...payload };
      try {
        await handler(event);
      } catch {
        blocked.add(intentId);
        continue;
      }
      await db
        .update(sandboxEvents)
        .set({ deliveredAt: clock() })
        .where(and(eq(sandboxEvents.id, row.id), isNull(sandboxEvents.deliveredAt)));
      delivered += 1;
    }
    return delivered;
  }

  function deliverPending(): Promise<number> {
    const round = deliveries.then(deliverRound);
    deliveries = round.catch(() => 0);
    return round;
  }

  /** After a commit: hand the new events over; a failure leaves them for deliverPending. */
  async function deliverQuietly(): Promise<void> {
    await deliverPending().catch(() => 0);
  }

  return {
    mode: 'sandbox',
    publishableKey: 'pk_sandbox',

    async createCustomer({ email }) {
      const id = newId('cus');
      await db.insert(sandboxCustomers).values({ id, email, createdAt: clock() });
      return id;
    },

    async createSetupIntent({ customerId, type, metadata }) {
      await requireCustomer(db, customerId);
      const { row, clientSecret } = await newIntent(
        db,
        clock,
        {
          kind: 'setup',
          customerId,
          status: 'requires_payment_method',
          methodType: type === 'bank' ? 'au_becs_debit' : 'card',
          metadata,
        },
        'seti',
      );
      return setupInfo(row!, null, clientSecret);
    },

    async retrieveSetupIntent(id) {
      const row = await readIntent(db, 'setup', id);
      return setupInfo(row, await methodOf(db, row.paymentMethodId));
    },

    async createPaymentIntent({ amountCents, customerId, saveCard, metadata, idempotencyKey }) {
      if (customerId) await requireCustomer(db, customerId);
      const { row, clientSecret } = await newIntent(
        db,
        clock,
        {
          kind: 'payment',
          customerId,
          amountCents,
          status: 'requires_payment_method',
          methodType: 'card',
          idempotencyKey,
          metadata: { ...metadata, ...(saveCard ? { [SAVE_KEY]: 'yes' } : {}) },
        },
        'pi',
      );
      if (row) return paymentInfo(row, null, clientSecret);
      // The same key again: the intent it made (its client secret is not kept).
      const first = await findByKey(db, idempotencyKey);
      if (!first) throw new Error('idempotency key conflict without its intent');
      sameRequest(first, amountCents, null, customerId);
      return paymentInfo(first, await methodOf(db, first.paymentMethodId));
    },

    async retrievePaymentIntent(id) {
      const row = await readIntent(db, 'payment', id);
      return paymentInfo(row, await methodOf(db, row.paymentMethodId));
    },

    async chargeOffSession({ amountCents, customerId, paymentMethodId, metadata, idempotencyKey }) {
      const replay = async (row: IntentRow) => {
        sameRequest(row, amountCents, paymentMethodId, customerId);
        return paymentInfo(row, await methodOf(db, row.paymentMethodId));
      };
      const earlier = await findByKey(db, idempotencyKey);
      if (earlier) return replay(earlier);
      const method = await methodOf(db, paymentMethodId);
      if (!method || method.customerId !== customerId)
        throw new GatewayRequestError(
          'invalid_request_error',
          'resource_missing',
          `No such PaymentMethod: '${paymentMethodId}'`,
        );
      const status = offSessionStatus(method.behaviour);
      const made = await withTransaction(db, async (tx) => {
        const { row, clientSecret } = await newIntent(
          tx,
          clock,
          {
            kind: 'payment',
            customerId,
            amountCents,
            status,
            paymentMethodId,
            methodType: method.type,
            lastError:
              status === 'requires_payment_method' ? chargeFailure(method.behaviour) : null,
            idempotencyKey,
            metadata,
          },
          'pi',
        );
        if (row) await writeEvent(tx, clock, 'payment', row);
        return row ? { row, clientSecret } : null;
      });
      if (!made) {
        // Another call with this key made it (and never charges twice): answer that one.
        const first = await findByKey(db, idempotencyKey);
        if (!first) throw new Error('idempotency key conflict without its intent');
        return replay(first);
      }
      if (method.type === 'au_becs_debit') {
        // The bank answers: settled now, reported by the second event.
        const failure = chargeFailure(method.behaviour);
        await withTransaction(db, async (tx) => {
          const [row] = await tx
            .select()
            .from(sandboxIntents)
            .where(eq(sandboxIntents.id, made.row.id))
            .for('update');
          if (row?.status !== 'processing') return;
          await change(
            tx,
            clock,
            row,
            failure
              ? { status: 'requires_payment_method', lastError: failure }
              : { status: 'succeeded' },
          );
        });
      }
      await deliverQuietly();
      return paymentInfo(made.row, method, made.clientSecret);
    },

    async detachPaymentMethod(id) {
      const detached = await db
        .update(sandboxPaymentMethods)
        .set({ customerId: null })
        .where(eq(sandboxPaymentMethods.id, id))
        .returning({ id: sandboxPaymentMethods.id });
      if (detached.length === 0)
        throw new GatewayRequestError(
          'invalid_request_error',
          'resource_missing',
          `No such PaymentMethod: '${id}'`,
        );
    },

    parseWebhook() {
      throw new GatewayRequestError(
        'invalid_request_error',
        null,
        'The sandbox gateway sends no webhooks: its events go straight to the handler.',
      );
    },

    onEvent(next) {
      handler = next;
    },

    deliverPending,

    ...sandboxBrowser({ db, clock, publicUrl, deliverQuietly }),
  };
}
