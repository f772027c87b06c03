import { and, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { periodEndOf, periodsSince } from '@outpost/domain/business-periods';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { periodEndedBy } from '../../lib/periods';
import { closeScheduled, markCancelled, setOptions } from './changes.service';
import { services } from './services.schema';

/**
 * The provider's periodic jobs for services (docs/decisions/007), run by the job queue
 * (modules/jobs, docs/decisions/027). Safe to run on several instances at once: each service is claimed with FOR UPDATE SKIP LOCKED, and a job that finds
 * nothing due changes nothing.
 */

export type RolloverResult = {
  periodsRolled: number;
  changesApplied: number;
  /** Services whose scheduled cancellation day began (docs/decisions/052). */
  cancellationsApplied: number;
};

const BATCH = 200;

type DueService = {
  id: number;
  periodStart: Date;
  nextPlanId: number | null;
  nextOptions: number[];
};

/**
 * Moves one service (locked by the caller) into its current period and, at the first period end
 * it passes, applies its scheduled next plan (and options).
 */
async function rollService(tx: Db, s: DueService, now: Date) {
  const { periods, currentStart: newStart } = periodsSince(s.periodStart, now);
  if (periods < 1) return { periods: 0, changeApplied: false };
  const firstEnd = periodEndOf(s.periodStart);
  if (s.nextPlanId !== null) {
    await setOptions(tx, s.id, s.nextOptions);
    await closeScheduled(tx, s.id, 'applied', firstEnd);
  }
  await tx
    .update(services)
    .set({
      periodStart: newStart,
      ...(s.nextPlanId === null ? {} : { planId: s.nextPlanId }),
      nextPlanId: null,
      nextOptions: [],
    })
    .where(eq(services.id, s.id));
  return { periods, changeApplied: s.nextPlanId !== null };
}

/** A service still to be cancelled whose cancellation day has begun by `now`. */
function cancellationDue(now: Date) {
  return and(
    ne(services.status, 'cancelled'),
    isNotNull(services.cancelAt),
    lte(services.cancelAt, now),
  );
}

const dueColumns = {
  id: services.id,
  periodStart: services.periodStart,
  nextPlanId: services.nextPlanId,
  nextOptions: services.nextOptions,
};

/**
 * The billing run's part (inside its transaction, the account locked): rolls the account's
 * services whose period has ended, waiting for a roll-over another instance has under way, so an
 * invoice never bills the plan a service had before a change that is due (two instances: one
 * rolling periods while the other bills).
 */
export async function rollAccountServices(tx: Db, accountId: number, now: Date): Promise<void> {
  // A service whose cancellation day has begun is cancelled first: it is not billed again.
  const ending = await tx
    .select({ id: services.id, cancelAt: services.cancelAt })
    .from(services)
    .where(and(eq(services.accountId, accountId), cancellationDue(now)))
    .orderBy(services.id)
    .for('update');
  for (const s of ending) await markCancelled(tx, s.id, s.cancelAt!);
  const due = await tx
    .select(dueColumns)
    .from(services)
    .where(and(eq(services.accountId, accountId), periodEndedBy(services.periodStart, now)))
    .orderBy(services.id)
    .for('update');
  for (const s of due) await rollService(tx, s as DueService, now);
}

/**
 * Moves every service whose period has ended into its current period and, at the first period
 * end it passes, applies its scheduled next plan (and options).
 */
export async function runPeriodRollover(db: Db, now: Date): Promise<RolloverResult> {
  const result: RolloverResult = {
    periodsRolled: 0,
    changesApplied: 0,
    cancellationsApplied: await runScheduledCancellations(db, now),
  };
  for (;;) {
    const done = await withTransaction(db, async (tx) => {
      const due = await tx
        .select(dueColumns)
        .from(services)
        .where(periodEndedBy(services.periodStart, now))
        .orderBy(services.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const s of due) {
        const rolled = await rollService(tx, s as DueService, now);
        result.periodsRolled += rolled.periods;
        if (rolled.changeApplied) result.changesApplied += 1;
      }
      return due.length < BATCH;
    });
    if (done) return result;
  }
}

/**
 * Cancels the services whose scheduled cancellation day has begun (docs/decisions/052), each at
 * that day's start, their scheduled plan changes ended. Run first by the roll-over, so a service
 * cancelled at a period's end never moves into the next one's plan.
 */
export async function runScheduledCancellations(db: Db, now: Date): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const done = await withTransaction(db, async (tx) => {
      const due = await tx
        .select({ id: services.id, cancelAt: services.cancelAt })
        .from(services)
        .where(cancellationDue(now))
        .orderBy(services.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const s of due) await markCancelled(tx, s.id, s.cancelAt!);
      cancelled += due.length;
      return due.length < BATCH;
    });
    if (done) return cancelled;
  }
}

/**
 * The network applies a data block some time after it is bought (up to two and a half hours).
 * The embedded network marks a purchase active once `delayMs` has passed; a provider feeding real
 * activations would set activated_at from its provisioning system instead.
 */
export async function activateDataBlocks(db: Db, now: Date, delayMs: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update data_block_purchases
           set activated_at = purchased_at + make_interval(secs => ${delayMs / 1000})
         where activated_at is null and purchased_at <= ${new Date(now.getTime() - delayMs)}
        returning id`,
  );
  return rows.length;
}
