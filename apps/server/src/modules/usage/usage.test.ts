import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { UsageRow, UsageSummary } from '@outpost/contracts/usage';
import { queryRows } from '../../db/client';
import type { TestContext } from '../../test/test-app';
import {
  apiFor,
  createTestContext,
  errorOf,
  manualClock,
  QUEENSLAND_BUSINESS_FILE,
} from '../../test/test-app';
import { ensureUsagePartitions } from './partitions';
import { usageErrors } from './usage.errors';

const SERVICE = 200302; // other's Sky Muster Plus Essentials: 25,000 MB peak, off-peak unmetered
const LIMITLESS = 200301;
const OTHER = 5006;
const { usageCodeRefused } = usageErrors;
const KEY = 'k'.repeat(40);
const HOUR = 3_600_000;
const MB = 1_000_000;

let ctx: TestContext;
const time = manualClock(new Date());
let periodStart: Date;

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { INTERNAL_API_KEY: KEY, BUSINESS_FILE: QUEENSLAND_BUSINESS_FILE },
  });
  const [row] = await queryRows<{ period_start: Date | string }>(
    ctx.database.db,
    sql`select period_start from services where id = ${SERVICE}`,
  );
  periodStart = new Date(row!.period_start);
});
afterAll(async () => ctx.close());

/** Clears the service's usage and alerts: each test writes exactly what it asserts on. */
async function clearService() {
  const db = ctx.database.db;
  await db.execute(sql`delete from usage_hourly where service_id = ${SERVICE}`);
  await db.execute(sql`delete from usage_daily where service_id = ${SERVICE}`);
  await db.execute(sql`delete from usage_alerts_sent where service_id = ${SERVICE}`);
  await db.execute(sql`delete from alerts where ref = ${`service:${SERVICE}`}`);
  await db.execute(sql`delete from data_block_purchases where service_id = ${SERVICE}`);
  await db.execute(sql`delete from service_period_totals where service_id = ${SERVICE}`);
}

const record = (hour: Date, fields: Partial<Record<string, number>> = {}) => ({
  serviceid: SERVICE,
  hour: hour.toISOString(),
  metered_down: 0,
  metered_up: 0,
  unmetered_down: 0,
  unmetered_up: 0,
  shaped: 0,
  ...fields,
});

function ingest(records: unknown[], key = KEY) {
  return ctx.app.inject({
    method: 'POST',
    url: apiPaths.internalUsageRecords,
    headers: { 'x-service-key': key },
    payload: { records },
  });
}

const api = apiFor(() => ctx, OTHER);
const { get } = api;
async function summary(): Promise<UsageSummary> {
  const res = await get(buildPath(apiPaths.activitySummary, { serviceid: SERVICE }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as UsageSummary;
}

describe('ingestion', () => {
  beforeEach(clearService);

  it('classifies each hour as peak (4pm to midnight Brisbane) or off-peak', async () => {
    // Brisbane is UTC+10: 05:00Z is 3pm, 06:00Z 4pm, 13:00Z 11pm, 14:00Z midnight.
    const day = new Date(periodStart.getTime() + 2 * 24 * HOUR); // 14:00Z, Brisbane midnight
    const at = (utcHour: number) => new Date(day.getTime() + ((utcHour - 14 + 24) % 24) * HOUR);
    const res = await ingest([
      record(at(5), { metered_down: 1 * MB }),
      record(at(6), { metered_down: 20 * MB }),
      record(at(13), { metered_down: 300 * MB }),
      record(at(14), { metered_down: 4000 * MB }),
    ]);
    expect(res.json().data).toEqual({ accepted: 4, rejected: [], alerts: 0 });
    const rows = await queryRows<{ hour: Date | string; peak: boolean }>(
      ctx.database.db,
      sql`select hour, peak from usage_hourly where service_id = ${SERVICE} order by metered_down`,
    );
    expect(rows.map((r) => r.peak)).toEqual([false, true, true, false]);
    const s = await summary();
    expect(s.usedPeakQuota).toBe(320);
    expect(s.usedOffPeakQuota).toBe(4001);
  });

  it('reports bad records by line with a reason, and keeps the good ones', async () => {
    const hour = new Date(periodStart.getTime() + 5 * HOUR);
    const res = await ingest([
      record(hour, { metered_down: 5 * MB }),
      { ...record(hour), hour: 'yesterday' },
      record(new Date(hour.getTime() + 30 * 60_000)),
      { ...record(hour), serviceid: 999_999 },
      record(new Date(Math.ceil(time.clock().getTime() / HOUR) * HOUR + HOUR)),
      { ...record(hour), metered_up: -1 },
    ]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { accepted: number; rejected: { line: number }[] };
    expect(data.accepted).toBe(1);
    expect(data.rejected).toEqual([
      { line: 2, reason: expect.stringContaining('hour') },
      { line: 3, reason: 'hour: must be the start of an hour' },
      { line: 4, reason: 'serviceid: no service 999999' },
      { line: 5, reason: 'hour: is in the future' },
      { line: 6, reason: expect.stringContaining('metered_up') },
    ]);
  });

  it('changes nothing when the same records arrive again, and takes a correction', async () => {
    const hour = new Date(periodStart.getTime() + 30 * HOUR);
    await ingest([record(hour, { metered_down: 7 * MB })]);
    const before = await queryRows(
      ctx.database.db,
      sql`select h.*, d.xmin::text as daily_version from usage_hourly h
            join usage_daily d on d.service_id = h.service_id where h.service_id = ${SERVICE}`,
    );
    time.advance(60_000);
    await ingest([record(hour, { metered_down: 7 * MB })]);
    const after = await queryRows(
      ctx.database.db,
      sql`select h.*, d.xmin::text as daily_version from usage_hourly h
            join usage_daily d on d.service_id = h.service_id where h.service_id = ${SERVICE}`,
    );
    expect(after).toEqual(before); // not even received_at moved, nor the day's totals rewritten
    await ingest([record(hour, { metered_down: 9 * MB })]);
    expect((await summary()).usedPeakQuota + (await summary()).usedOffPeakQuota).toBe(9);
  });

  it('refuses callers without the service key', async () => {
    const res = await ingest([record(periodStart)], 'wrong'.repeat(10));
    expect(res.statusCode).toBe(403);
    const customer = await api.post(apiPaths.internalUsageRecords, {
      records: [record(periodStart)],
    });
    expect(customer.statusCode).toBe(403);
  });
});

describe('storage', () => {
  it('keeps each month of usage in its own partition, created as data arrives', async () => {
    const future = new Date(Date.UTC(2031, 4, 1, 3)); // a month no data has reached yet
    await ensureUsagePartitions(ctx.database.db, [future]);
    await ctx.database.db.execute(sql`insert into usage_hourly
        (service_id, hour, peak, metered_down, metered_up, unmetered_down, unmetered_up, shaped, received_at)
        values (${SERVICE}, ${future}, false, 1, 1, 0, 0, 0, ${future})`);
    const [row] = await queryRows<{ part: string }>(
      ctx.database.db,
      sql`select tableoid::regclass::text as part from usage_hourly where service_id = ${SERVICE} and hour = ${future}`,
    );
    expect(row!.part).toBe('usage_hourly_y2031m05');
    const [parts] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from pg_inherits where inhparent = 'usage_hourly'::regclass`,
    );
    expect(parts!.n).toBeGreaterThanOrEqual(14); // 13 seeded months and more
    await ctx.database.db.execute(sql`delete from usage_hourly where hour = ${future}`);
  });
});

describe('the usage summary and rows', () => {
  beforeEach(clearService);

  it('counts the first hour of the period and not the last hour before it', async () => {
    await ingest([
      record(new Date(periodStart.getTime() - HOUR), { metered_down: 111 * MB }),
      record(periodStart, { metered_down: 222 * MB }),
    ]);
    const s = await summary();
    expect(s.usedPeakQuota + s.usedOffPeakQuota).toBe(222);
    expect(s.periodStop).toBe(new Date(periodStart.getTime() + 30 * 24 * HOUR).toISOString());
  });

  it('adds data blocks bought in the period to the allowance', async () => {
    await ingest([
      record(new Date(periodStart.getTime() + 40 * HOUR), {
        metered_down: 2000 * MB,
        metered_up: 500 * MB,
        unmetered_down: 3 * MB,
        shaped: 1 * MB,
      }),
    ]);
    await ctx.database.db.execute(sql`insert into data_block_purchases
        (service_id, block_id, name, peak_mb, offpeak_mb, price_cents, purchased_at, period_start, expires_at)
        values (${SERVICE}, 2, 'Data Block 10 GB', 10000, 0, 2500, ${new Date(periodStart.getTime() + HOUR)},
                ${periodStart}, ${new Date(periodStart.getTime() + 30 * 24 * HOUR)})`);
    const s = await summary();
    expect(s).toMatchObject({
      periodStart: periodStart.toISOString(),
      planPeakQuota: 25000,
      blocksPeakQuota: 10000,
      totalPeakQuota: 35000,
      unmeteredUsed: 3,
      excessUsed: 1,
      peakLabel: 'Peak',
      is_limitless: false,
      lastUpdated: new Date(periodStart.getTime() + 41 * HOUR).toISOString(),
    });
    expect(s.usedPeakQuota + s.usedOffPeakQuota).toBe(2500);
    expect(s.remainingPeakQuota).toBe(35000 - s.usedPeakQuota);
  });

  it("keeps the dashboard's period totals equal to the usage and blocks they sum", async () => {
    const db = ctx.database.db;
    const DAY = 24 * HOUR;
    // Hours from 35 days before the period to 35 days into the next: three periods, with the
    // boundaries, repeats and corrections (the same hour again with other figures).
    const hourArb = fc.integer({ min: -35 * 24, max: 65 * 24 - 1 });
    const recordArb = fc.record({
      h: hourArb,
      down: fc.integer({ min: 0, max: 5_000 }),
      up: fc.integer({ min: 0, max: 500 }),
      unmetered: fc.integer({ min: 0, max: 50 }),
    });
    const edges = [-1, 0, 30 * 24 - 1, 30 * 24]; // the hours either side of each boundary
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(recordArb, { minLength: 1, maxLength: 12 }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(fc.constantFrom(...edges), { maxLength: 2 }),
        fc.array(fc.integer({ min: -30, max: 59 }), { maxLength: 2 }),
        async (batches, edgeHours, blockDays) => {
          await clearService();
          for (const [i, batch] of batches.entries()) {
            const list =
              i === 0
                ? [...batch, ...edgeHours.map((h) => ({ h, down: 7, up: 1, unmetered: 0 }))]
                : batch;
            // One record per hour in a request (the last wins, as a later batch would).
            const byHour = new Map(list.map((r) => [r.h, r]));
            const res = await ingest(
              [...byHour.values()].map((r) =>
                record(new Date(periodStart.getTime() + r.h * HOUR), {
                  metered_down: r.down * MB,
                  metered_up: r.up * MB,
                  unmetered_down: r.unmetered * MB,
                }),
              ),
            );
            expect(res.statusCode, res.body).toBe(200);
          }
          for (const day of blockDays)
            await db.execute(sql`insert into data_block_purchases
                (service_id, block_id, name, peak_mb, offpeak_mb, price_cents, purchased_at, period_start, expires_at)
                values (${SERVICE}, 2, 'Data Block 10 GB', 10000, 0, 2500,
                        ${new Date(periodStart.getTime() + day * DAY + HOUR)}, ${periodStart},
                        ${new Date(periodStart.getTime() + 30 * DAY)})`);
          // Each period's row equals the daily rows and purchases inside it.
          for (const k of [-2, -1, 0, 1, 2]) {
            const start = new Date(periodStart.getTime() + k * 30 * DAY);
            const stop = new Date(start.getTime() + 30 * DAY);
            const [expected] = await queryRows<Record<string, number>>(
              db,
              sql`select coalesce(sum(d.peak), 0)::float8 as peak, coalesce(sum(d.offpeak), 0)::float8 as offpeak,
                         coalesce(sum(d.unmetered), 0)::float8 as unmetered,
                         (select coalesce(sum(peak_mb), 0)::int from data_block_purchases
                           where service_id = ${SERVICE} and purchased_at >= ${start} and purchased_at < ${stop}) as block_peak_mb
                    from usage_daily d
                   where d.service_id = ${SERVICE}
                     and d.day >= (${start}::timestamptz at time zone 'Australia/Brisbane')::date
                     and d.day < (${stop}::timestamptz at time zone 'Australia/Brisbane')::date`,
            );
            const [stored] = await queryRows<Record<string, number>>(
              db,
              sql`select peak::float8 as peak, offpeak::float8 as offpeak, unmetered::float8 as unmetered,
                         block_peak_mb from service_period_totals
                   where service_id = ${SERVICE} and period_start = ${start}`,
            );
            expect(stored ?? { peak: 0, offpeak: 0, unmetered: 0, block_peak_mb: 0 }).toEqual(
              expected,
            );
          }
          // And the dashboard shows what the per-service summary works out from the rows.
          const dash = await get(apiPaths.dashboard);
          expect(dash.statusCode, dash.body).toBe(200);
          const card = (
            dash.json().data as { services: { serviceid: number; usage: unknown }[] }
          ).services.find((x) => x.serviceid === SERVICE);
          const own = await get(
            buildPath(apiPaths.dashboardActivitySummary, { serviceid: SERVICE }),
          );
          expect(card!.usage).toEqual(own.json().data);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('gives hourly rows in Brisbane time and a CSV named report-{by}-{type}-{service}.csv, times as YYYY-MM-DD HH:MM', async () => {
    const hour = new Date(periodStart.getTime() + 16 * HOUR); // Brisbane 4pm on the first day
    await ingest([record(hour, { metered_down: 1500 * MB, metered_up: 250 * MB })]);
    const res = await get(
      `${buildPath(apiPaths.activity, { serviceid: SERVICE })}?by=hour&type=consumption`,
    );
    const rows = res.json().data.rows as UsageRow[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Hour12: 4,
      Meridian: 'PM',
      Time: '16:00',
      Peak: 1750,
      Downloaded: 1500,
      Uploaded: 250,
    });
    const csv = await get(
      `${buildPath(apiPaths.activityDetail, { serviceid: SERVICE })}?by=day&type=usage`,
    );
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="report-day-usage-AVC000777000333.csv"',
    );
    expect(csv.body.split('\r\n')[0]).toBe(
      'Local time (Brisbane),Downloaded (MB),Uploaded (MB),UnmeteredDownloaded (MB),UnmeteredUploaded (MB)',
    );
    expect(csv.body.split('\r\n')[1]).toBe(`${rows[0]!.LocalTime.slice(0, 10)} 00:00,1500,250,0,0`);
    expect(csv.body.split('\r\n')[1]).toMatch(/^\d{4}-\d\d-\d\d 00:00,/);
  });

  it('shows 13 months by month for the seeded services', async () => {
    const holder = 5001;
    const res = await get(
      `${buildPath(apiPaths.activity, { serviceid: 200101 })}?by=month&type=consumption`,
      holder,
    );
    const rows = res.json().data.rows as UsageRow[];
    expect(rows.length).toBe(13);
    expect(rows.every((r) => r.Day === null && r.Peak > 0 && r.Unmetered > 0)).toBe(true);
  });
});

describe('usage alerts', () => {
  beforeEach(clearService);

  const alertsSent = async () =>
    queryRows<{ message: string; user_id: number }>(
      ctx.database.db,
      sql`select message, user_id from alerts where ref = ${`service:${SERVICE}`} order by id`,
    );

  it('alerts at 50, 85 and 100 % once each, in the app and by email, saying what happens at 100 %', async () => {
    const hourAt = (n: number) => new Date(periodStart.getTime() + (16 + n) * HOUR); // peak hours
    await ingest([record(hourAt(0), { metered_down: 12600 * MB })]); // 50.4 %
    await ingest([record(hourAt(0), { metered_down: 12700 * MB })]); // still past 50 only
    await ingest([record(hourAt(1), { metered_down: 9000 * MB })]); // 86.8 %
    await ingest([record(hourAt(2), { metered_down: 4000 * MB })]); // 102.8 %
    const messages = (await alertsSent()).map((a) => a.message);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain(
      'You have used 50% of your Peak data for Cottage (AVC000777000333)',
    );
    expect(messages[1]).toContain('You have used 85% of your Peak data');
    expect(messages[2]).toContain('Your speed is now slowed (shaped) until your new period starts');
    const [emails] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from outbox where "to" = 'casey.walker@example.com' and subject like '%data usage update'`,
    );
    expect(emails!.n).toBeGreaterThanOrEqual(3);
  });

  it("honours each recipient's channel preferences: SMS only sends no in-app alert and no email", async () => {
    const api = apiFor(() => ctx, OTHER);
    const choose = (inApp: boolean, email: boolean, sms: boolean) =>
      api.patch(apiPaths.preferences, [
        { id: 3, data: { value: inApp } },
        { id: 4, data: { value: email } },
        { id: 5, data: { value: sms } },
      ]);
    expect((await choose(false, false, true)).statusCode).toBe(200);
    const count = async (where: string) => {
      const [row] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from outbox where "to" = ${where} and body like '%You have used 50%'`,
      );
      return row!.n;
    };
    const [emailsBefore, smsBefore] = [
      await count('casey.walker@example.com'),
      await count('0491570111'),
    ];
    try {
      await ingest([
        record(new Date(periodStart.getTime() + 16 * HOUR), { metered_down: 12600 * MB }),
      ]);
      expect(await alertsSent()).toEqual([]);
      expect(await count('casey.walker@example.com')).toBe(emailsBefore);
      expect(await count('0491570111')).toBe(smsBefore + 1);
    } finally {
      expect((await choose(true, true, false)).statusCode).toBe(200);
    }
  });

  it('sends none for an unlimited plan', async () => {
    const res = await ingest([
      {
        ...record(new Date(periodStart.getTime() + 16 * HOUR)),
        serviceid: LIMITLESS,
        metered_down: 900_000 * MB,
      },
    ]);
    expect(res.json().data.alerts).toBe(0);
  });

  it('sends each threshold exactly once per period, whatever the sequence of usage', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 9000 }), { minLength: 1, maxLength: 8 }),
        async (increments) => {
          await clearService();
          let total = 0;
          for (const [i, mb] of increments.entries()) {
            total += mb;
            await ingest([
              record(new Date(periodStart.getTime() + (16 + i) * HOUR), { metered_down: mb * MB }),
            ]);
          }
          const claimed = await queryRows<{ threshold: number }>(
            ctx.database.db,
            sql`select threshold from usage_alerts_sent where service_id = ${SERVICE} order by threshold`,
          );
          const expected = [50, 85, 100].filter((t) => total * 100 >= t * 25000);
          expect(claimed.map((c) => c.threshold)).toEqual(expected);
          // One message per ingestion that crossed something, never more.
          expect((await alertsSent()).length).toBeLessThanOrEqual(expected.length);
          if (expected.length > 0) expect((await alertsSent()).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('embedded usage', () => {
  async function newCode(serviceid = SERVICE) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.internalUsageCodes,
      headers: { 'x-service-key': KEY },
      payload: { serviceid },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { otc: string; url: string };
  }
  const exchange = (otc: string) =>
    ctx.app.inject({ method: 'POST', url: apiPaths.usageOnlyLogin, payload: { otc } });

  it("exchanges a code once for a token that reads only that service's usage", async () => {
    const { otc, url } = await newCode();
    expect(url).toMatch(/\/embed\/usage\/[\w-]+$/);
    const res = await exchange(otc);
    expect(res.statusCode, res.body).toBe(200);
    const [t] = res.json().data.tokens as {
      token: string;
      serviceid: number;
      technology: string;
    }[];
    expect(t).toMatchObject({ type: 'USER', serviceid: SERVICE, technology: 'Sky Muster Plus' });
    const usageOnly = { token: t!.token };
    expect(
      (await get(buildPath(apiPaths.activitySummary, { serviceid: SERVICE }), usageOnly))
        .statusCode,
    ).toBe(200);
    expect(
      (await get(buildPath(apiPaths.activitySummary, { serviceid: LIMITLESS }), usageOnly))
        .statusCode,
    ).toBe(404);
    expect((await get(apiPaths.services, usageOnly)).statusCode).toBe(403);
    expect((await get(apiPaths.profile, usageOnly)).statusCode).toBe(403);

    const again = await exchange(otc);
    expect(again.statusCode).toBe(401);
    expect(errorOf(again)).toBe(usageCodeRefused);
  });

  it('refuses a code after 10 minutes', async () => {
    const { otc } = await newCode();
    time.advance(10 * 60_000 + 1);
    const res = await exchange(otc);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe(usageCodeRefused);
  });
});
