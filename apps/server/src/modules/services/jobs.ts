import { sql } from 'drizzle-orm';
import { BILLING_PERIOD_MS } from '@outpost/domain/services';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';

/**
 * The provider's periodic jobs for services (docs/decisions/007). Safe to run on several
 * instances at once: each service is claimed with FOR UPDATE SKIP LOCKED, and a job that finds
 * nothing due changes nothing.
 */

export type RolloverResult = { periodsRolled: number; changesApplied: number };

const BATCH = 200;

/**
 * Moves every service whose period has ended into its current period and, at the first period
 * end it passes, applies its scheduled next plan (and options).
 */
export async function runPeriodRollover(db: Db, now: Date): Promise<RolloverResult> {
  const result: RolloverResult = { periodsRolled: 0, changesApplied: 0 };
  for (;;) {
    const done = await withTransaction(db, async (tx) => {
      const due = await queryRows<{
        id: number;
        period_start: Date | string;
        next_plan_id: number | null;
        next_options: number[];
      }>(
        tx,
        sql`select id, period_start, next_plan_id, next_options from services
             where period_start <= ${new Date(now.getTime() - BILLING_PERIOD_MS)}
             order by id limit ${BATCH} for update skip locked`,
      );
      for (const s of due) {
        const start = new Date(s.period_start).getTime();
        const periods = Math.floor((now.getTime() - start) / BILLING_PERIOD_MS);
        const firstEnd = new Date(start + BILLING_PERIOD_MS);
        const newStart = new Date(start + periods * BILLING_PERIOD_MS);
        if (s.next_plan_id !== null) {
          await tx.execute(sql`delete from service_extras where service_id = ${s.id}`);
          for (const extraId of s.next_options)
            await tx.execute(
              sql`insert into service_extras (service_id, extra_id) values (${s.id}, ${extraId})`,
            );
          await tx.execute(sql`update plan_changes set status = 'applied', applied_at = ${firstEnd}
                                where service_id = ${s.id} and status = 'scheduled'`);
          result.changesApplied += 1;
        }
        await tx.execute(sql`update services
              set period_start = ${newStart},
                  plan_id = coalesce(next_plan_id, plan_id),
                  next_plan_id = null,
                  next_options = '[]'::jsonb
            where id = ${s.id}`);
        result.periodsRolled += periods;
      }
      return due.length < BATCH;
    });
    if (done) return result;
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

export type JobDeps = { db: Db; clock: () => Date; blockActivationMs: number };

/** Runs the jobs every `intervalMs` until the returned stop function is called. */
export function startServiceJobs(
  deps: JobDeps,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return; // the last run is still going: skip this beat
    running = (async () => {
      const now = deps.clock();
      await runPeriodRollover(deps.db, now);
      await activateDataBlocks(deps.db, now, deps.blockActivationMs);
    })()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
