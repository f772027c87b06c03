import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessTimeZone,
  DEFAULT_BUSINESS_TIME_ZONE,
  setBusinessTimeZone,
} from '@outpost/domain/time/zone';
import { zonedInstant } from '@outpost/domain/time/zoned';
import { queryRows } from '../db/client';
import { runPeriodRollover } from '../modules/services/jobs';
import { ingestBatch } from '../modules/usage/ingest';
import type { TestContext } from './test-app';
import { createTestContext } from './test-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * A Victorian provider (content/business/victoria.json: Australia/Melbourne) through the real
 * database: billing periods roll over and usage days and peak hours turn at Melbourne's midnight
 * and 4pm on both sides of daylight saving (docs/decisions/041), not at Brisbane's.
 */
const LANDLINE = 200103; // no usage of its own in the demo data
const GB = 1_000_000_000;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { BUSINESS_FILE: path.join(repoRoot, 'content/business/victoria.json') },
  });
});
afterAll(async () => {
  setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
  await ctx.close();
});

async function setPeriodStart(start: Date) {
  await ctx.database.db.execute(
    sql`update services set period_start = ${start}, next_plan_id = null, next_options = '{}'
         where id = ${LANDLINE}`,
  );
}

async function periodStart(): Promise<string> {
  const [row] = await queryRows<{ period_start: Date | string }>(
    ctx.database.db,
    sql`select period_start from services where id = ${LANDLINE}`,
  );
  return new Date(row!.period_start).toISOString();
}

describe('a Melbourne provider', () => {
  it('loads its zone from the business file', () => {
    expect(businessTimeZone()).toBe('Australia/Melbourne');
  });

  it('rolls a period over at midnight AEDT after the October change (719 hours), not an hour later', async () => {
    const start = zonedInstant('2026-09-20'); // midnight AEST = 2026-09-19T14:00Z
    expect(start.toISOString()).toBe('2026-09-19T14:00:00.000Z');
    await setPeriodStart(start);
    // 11:59 pm AEDT on 19 Oct: still the first period.
    await runPeriodRollover(ctx.database.db, new Date('2026-10-19T12:59:00Z'));
    expect(await periodStart()).toBe('2026-09-19T14:00:00.000Z');
    // 12:30 am AEDT on 20 Oct: the next period (719.5 hours after the start, not 720).
    await runPeriodRollover(ctx.database.db, new Date('2026-10-19T13:30:00Z'));
    expect(await periodStart()).toBe('2026-10-19T13:00:00.000Z');
  });

  it('rolls a period over at midnight AEST after the April change (721 hours), not an hour early', async () => {
    await setPeriodStart(zonedInstant('2027-03-19')); // midnight AEDT = 2027-03-18T13:00Z
    // 720.5 hours on is 11:30 pm AEST on 17 Apr: the period has another half hour.
    await runPeriodRollover(ctx.database.db, new Date('2027-04-17T13:30:00Z'));
    expect(await periodStart()).toBe('2027-03-18T13:00:00.000Z');
    await runPeriodRollover(ctx.database.db, new Date('2027-04-17T14:00:00Z'));
    expect(await periodStart()).toBe('2027-04-17T14:00:00.000Z');
  });

  it("puts each hour's usage in Melbourne's day, peak or off-peak, and period", async () => {
    await setPeriodStart(zonedInstant('2026-09-20'));
    const hour = (iso: string, gb: number) => ({
      serviceid: LANDLINE,
      hour: iso,
      metered_down: gb * GB,
      metered_up: 0,
      unmetered_down: 0,
      unmetered_up: 0,
      shaped: 0,
    });
    const records = [
      hour('2026-07-10T13:00:00Z', 1), // 11 pm AEST, 10 Jul: peak
      hour('2026-07-10T14:00:00Z', 2), // midnight AEST, 11 Jul: off-peak
      hour('2026-10-19T12:00:00Z', 3), // 11 pm AEDT, 19 Oct: peak, the first period
      hour('2026-10-19T13:00:00Z', 4), // midnight AEDT, 20 Oct: off-peak, the second period
      hour('2026-10-20T05:00:00Z', 5), // 4 pm AEDT, 20 Oct: peak
    ].map((record, i) => ({ line: i + 1, record }));
    const result = await ingestBatch(ctx.database.db, records, new Date('2027-01-01T00:00:00Z'));
    expect(result.rejected).toEqual([]);
    const days = await queryRows<{ day: string; peak: number; offpeak: number }>(
      ctx.database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, peak::float8 / ${GB} as peak,
                 offpeak::float8 / ${GB} as offpeak
            from usage_daily where service_id = ${LANDLINE} order by day`,
    );
    expect(days).toEqual([
      { day: '2026-07-10', peak: 1, offpeak: 0 },
      { day: '2026-07-11', peak: 0, offpeak: 2 },
      { day: '2026-10-19', peak: 3, offpeak: 0 },
      { day: '2026-10-20', peak: 5, offpeak: 4 },
    ]);
    const periods = await queryRows<{ start: string; peak: number; offpeak: number }>(
      ctx.database.db,
      sql`select to_char(period_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as start,
                 peak::float8 / ${GB} as peak, offpeak::float8 / ${GB} as offpeak
            from service_period_totals
           where service_id = ${LANDLINE} and period_start >= '2026-09-01' order by 1`,
    );
    expect(periods).toEqual([
      { start: '2026-09-19T14:00', peak: 3, offpeak: 0 },
      { start: '2026-10-19T13:00', peak: 5, offpeak: 4 },
    ]);
  });
});
