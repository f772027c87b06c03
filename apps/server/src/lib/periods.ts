import type { AnyColumn, SQL } from 'drizzle-orm';
import { and, lte, sql } from 'drizzle-orm';
import { BILLING_PERIOD_MS } from '@outpost/domain/services';
import { businessTimeZone } from '@outpost/domain/time/zone';

const HOUR_MS = 3_600_000;

/**
 * Rows whose billing period, starting at `column`, has ended by `now`: 30 days on the business
 * zone's wall clock (docs/decisions/041), so 719 or 721 hours across a daylight-saving change. The
 * first test (two hours' margin) lets PostgreSQL use an index on the column; the second is exact.
 */
export function periodEndedBy(column: AnyColumn, now: Date): SQL {
  const zone = businessTimeZone();
  return and(
    lte(column, new Date(now.getTime() - BILLING_PERIOD_MS + 2 * HOUR_MS)),
    sql`(${column} at time zone ${zone} + interval '30 days') at time zone ${zone} <= ${now}`,
  )!;
}
