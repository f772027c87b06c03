import { and, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { chargeClaimed } from './saved-card';
import { payments } from './payments.schema';
import { settlePayment } from './settle';

/**
 * How far back a start-up looks: the gateway keeps an idempotency key for 24 hours (Stripe), so
 * a claimed charge is sent again only within them.
 */
const RECONCILE_WINDOW_MS = 23 * 60 * 60 * 1000;
/** At most this many payments per run (a start-up is not held up by a backlog). */
const RECONCILE_BATCH = 200;
/** How long the start-up waits for the reconciliation before it listens (the rest goes on). */
const START_BUDGET_MS = 10 * 1000;

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

export type ReconcileDeps = {
  db: Db;
  gateway: PaymentGateway;
  clock: () => Date;
  log: Log;
};

export type Reconciled = { checked: number; settled: number };

/**
 * Payments a crash left between the gateway and the ledger (docs/decisions/015): money may have
 * been taken at the gateway while the process that asked died before it recorded the answer.
 *
 * - A payment whose intent is known and still open ('created', 'processing'): its intent is read
 *   from the gateway and recorded by settlePayment.
 * - A saved-card charge that was claimed before `claimedBefore` (this process's start) and never
 *   answered (no intent, no failure recorded): charged again with its idempotency key, which the
 *   gateway answers with the charge it made (or, when the first call never reached it, makes the
 *   charge the customer asked for, once). A claim marked unreached was answered 'please try
 *   again' and is left to the customer's retry and the gateway's events.
 *
 * Every outcome goes through settlePayment, so a payment reaches the ledger once however many
 * instances reconcile, commit and receive events at the same time. A failure is logged and the
 * payment left for the next run, the customer's retry or the gateway's event.
 */
export async function reconcilePayments(
  deps: ReconcileDeps,
  claimedBefore: Date,
): Promise<Reconciled> {
  const { db, gateway, clock, log } = deps;
  const now = clock();
  const since = new Date(now.getTime() - RECONCILE_WINDOW_MS);
  const open = await db
    .select()
    .from(payments)
    .where(
      and(
        gt(payments.updatedAt, since),
        or(
          and(isNotNull(payments.intentId), inArray(payments.status, ['created', 'processing'])),
          and(
            eq(payments.kind, 'saved-card'),
            eq(payments.status, 'created'),
            isNull(payments.intentId),
            gt(payments.amountCents, 0),
            isNull(payments.failureCode),
            lt(payments.updatedAt, claimedBefore),
          ),
        ),
      ),
    )
    .orderBy(payments.id)
    .limit(RECONCILE_BATCH);

  let settled = 0;
  for (const payment of open) {
    try {
      if (payment.intentId !== null) {
        const intent = await gateway.retrievePaymentIntent(payment.intentId);
        if ((await settlePayment(db, payment.id, intent, clock())).recorded) settled += 1;
        continue;
      }
      // Taken over: renewed now, so a customer's retry waits for this charge's answer.
      const [claimed] = await db
        .update(payments)
        .set({ updatedAt: clock() })
        .where(
          and(
            eq(payments.id, payment.id),
            eq(payments.status, 'created'),
            isNull(payments.intentId),
            isNull(payments.failureCode),
            eq(payments.updatedAt, payment.updatedAt),
          ),
        )
        .returning();
      if (!claimed) continue;
      const charged = await chargeClaimed({ db, gateway }, claimed, clock, log);
      if (charged.kind === 'settled' && charged.payment.status !== 'created') settled += 1;
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'reconciling a payment failed');
    }
  }
  if (open.length > 0) log.info({ checked: open.length, settled }, 'payments reconciled');
  return { checked: open.length, settled };
}

/**
 * The start-up's reconciliation: before the server listens (so a customer's retry after a crash
 * finds the payment recorded), for at most START_BUDGET_MS; a slow gateway finishes it in the
 * background.
 */
export async function reconcileAtStart(deps: ReconcileDeps): Promise<void> {
  const run = reconcilePayments(deps, deps.clock()).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'reconciling payments at start-up failed');
  });
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, START_BUDGET_MS);
    timer.unref();
  });
  await Promise.race([run, budget]);
  clearTimeout(timer);
}
