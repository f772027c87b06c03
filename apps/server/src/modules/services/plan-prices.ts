import type { SQL, SQLWrapper } from 'drizzle-orm';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planPriceChanges } from './services.schema';

/**
 * A plan's monthly price in cents at an instant (docs/decisions/055): the latest price change in
 * effect then that was not withdrawn, else the price the plan was made with. Every reader of a
 * plan's price goes through this, so a scheduled change applies on its day with no job: a period
 * is priced at its start (invoices), a quote and the catalogue at now.
 *
 * `planId` and `basePrice` are the caller's columns, qualified (`p.id`, `p.price_cents`): a bare
 * `id` would be the subquery's own.
 */
export function planPriceAt(
  planId: SQLWrapper,
  basePrice: SQLWrapper,
  at: Date | SQL,
): SQL<number> {
  // The latest change is the one no later change (by effective_at, then id) follows: an
  // anti-join, not `order by effective_at desc, id desc limit 1`, whose sort PostgreSQL sets up
  // for every row it prices (on the dashboard, once per service: about a fifth of the
  // statement's CPU time, issue 38) since a table of a few dozen rows is read whole.
  return sql<number>`coalesce((select c.price_cents from plan_price_changes c
      where c.plan_id = ${planId} and c.withdrawn_at is null and c.effective_at <= ${at}
        and not exists (select from plan_price_changes d
          where d.plan_id = c.plan_id and d.withdrawn_at is null and d.effective_at <= ${at}
            and (d.effective_at, d.id) > (c.effective_at, c.id))), ${basePrice})`;
}

/** A plan's next price, announced: what it will cost and from when. */
export type AnnouncedPrice = { priceCents: number; effectiveAt: Date };

/** The plan's next scheduled price change after `now` (not withdrawn), or null when none. */
export async function announcedPriceChange(
  db: Db,
  planId: number,
  now: Date,
): Promise<AnnouncedPrice | null> {
  const [next] = await db
    .select({ priceCents: planPriceChanges.priceCents, effectiveAt: planPriceChanges.effectiveAt })
    .from(planPriceChanges)
    .where(
      and(
        eq(planPriceChanges.planId, planId),
        isNull(planPriceChanges.withdrawnAt),
        gt(planPriceChanges.effectiveAt, now),
      ),
    )
    .orderBy(asc(planPriceChanges.effectiveAt), asc(planPriceChanges.id))
    .limit(1);
  return next ?? null;
}

/** The next announced price of each of the plans (after `now`, not withdrawn), by plan id. */
export async function announcedPriceChanges(
  db: Db,
  planIds: number[],
  now: Date,
): Promise<Map<number, AnnouncedPrice>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([planPriceChanges.planId], {
      planId: planPriceChanges.planId,
      priceCents: planPriceChanges.priceCents,
      effectiveAt: planPriceChanges.effectiveAt,
    })
    .from(planPriceChanges)
    .where(
      and(
        inArray(planPriceChanges.planId, planIds),
        isNull(planPriceChanges.withdrawnAt),
        gt(planPriceChanges.effectiveAt, now),
      ),
    )
    .orderBy(planPriceChanges.planId, asc(planPriceChanges.effectiveAt), asc(planPriceChanges.id));
  return new Map(rows.map((r) => [r.planId, r]));
}
