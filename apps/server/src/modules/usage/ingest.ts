import { sql } from 'drizzle-orm';
import type { UsageRecord } from '@outpost/contracts/usage';
import { usageRecordSchema } from '@outpost/contracts/usage';
import { isPeakHour } from '@outpost/domain/business-periods';
import { businessTimeZone } from '@outpost/domain/time/zone';
import { startOfBusinessDay } from '@outpost/domain/time/zoned';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { ensureUsagePartitions } from './partitions';

/** A record with the line (CSV) or position (JSON, 1-based) it came from. */
export type NumberedRecord = { line: number; record: UsageRecord };
export type Rejection = { line: number; reason: string };

const HOUR_MS = 3_600_000;
/** More than a 1 Gbps link can move in an hour: a counter error, not traffic. */
const MAX_BYTES_PER_HOUR = 450_000_000_000;
const FIELDS = ['metered_down', 'metered_up', 'unmetered_down', 'unmetered_up', 'shaped'] as const;

/** Checks one record's shape and sense; the reason is written for the provider's staff. */
export function checkRecord(raw: unknown, now: Date): UsageRecord | string {
  const parsed = usageRecordSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${issue.path.join('.') || 'record'}: ${issue.message}`;
  }
  const record = parsed.data;
  const hour = new Date(record.hour);
  if (hour.getTime() % HOUR_MS !== 0) return 'hour: must be the start of an hour';
  if (hour.getTime() > now.getTime()) return 'hour: is in the future';
  for (const field of FIELDS)
    if (record[field] > MAX_BYTES_PER_HOUR) return `${field}: more than a 1 Gbps link can carry`;
  return record;
}

/**
 * Recomputes usage_daily for the business zone's days a batch touched, per service (from the first to
 * the last day it sent), from usage_hourly: a correction of an hour corrects its day, and then
 * its period's totals.
 */
async function refreshDailyTotals(tx: Db, rows: { s: number; h: string }[]): Promise<void> {
  const spans = new Map<number, { from: number; to: number }>();
  for (const r of rows) {
    const t = Date.parse(r.h);
    const span = spans.get(r.s);
    if (!span) spans.set(r.s, { from: t, to: t });
    else {
      span.from = Math.min(span.from, t);
      span.to = Math.max(span.to, t);
    }
  }
  const ranges = [...spans].map(([s, span]) => ({
    s,
    f: startOfBusinessDay(new Date(span.from)).toISOString(),
    t: startOfBusinessDay(new Date(span.to), -1).toISOString(),
  }));
  const zone = businessTimeZone();
  await tx.execute(sql`
    insert into usage_daily (service_id, day, peak, offpeak, unmetered, shaped, metered_down,
                             metered_up, unmetered_down, unmetered_up, last_hour)
    -- LATERAL: one index range scan per service, pruned to its partitions at run time (a
    -- plain join may scan every partition, and that grows with the table).
    select r.s, d.day, d.peak, d.offpeak, d.unmetered, d.shaped, d.md, d.mu, d.ud, d.uu, d.last_hour
      from json_to_recordset(${JSON.stringify(ranges)}::json) as r(s int, f timestamptz, t timestamptz)
     cross join lateral (
       select (u.hour at time zone ${zone})::date as day,
              coalesce(sum(u.metered_down + u.metered_up) filter (where u.peak), 0) as peak,
              coalesce(sum(u.metered_down + u.metered_up) filter (where not u.peak), 0) as offpeak,
              sum(u.unmetered_down + u.unmetered_up) as unmetered, sum(u.shaped) as shaped,
              sum(u.metered_down) as md, sum(u.metered_up) as mu,
              sum(u.unmetered_down) as ud, sum(u.unmetered_up) as uu, max(u.hour) as last_hour
         from usage_hourly u
        where u.service_id = r.s and u.hour >= r.f and u.hour < r.t
        group by 1) d
    on conflict (service_id, day) do update set
      peak = excluded.peak, offpeak = excluded.offpeak, unmetered = excluded.unmetered,
      shaped = excluded.shaped, metered_down = excluded.metered_down,
      metered_up = excluded.metered_up, unmetered_down = excluded.unmetered_down,
      unmetered_up = excluded.unmetered_up, last_hour = excluded.last_hour
    where (usage_daily.peak, usage_daily.offpeak, usage_daily.unmetered, usage_daily.shaped,
           usage_daily.metered_down, usage_daily.metered_up, usage_daily.unmetered_down,
           usage_daily.unmetered_up, usage_daily.last_hour)
      is distinct from (excluded.peak, excluded.offpeak, excluded.unmetered, excluded.shaped,
           excluded.metered_down, excluded.metered_up, excluded.unmetered_down,
           excluded.unmetered_up, excluded.last_hour)`);
  // Then the totals of every billing period those days fall in (see service_period_totals),
  // from all the daily rows of those periods. (No generate_series: its row estimate made
  // PostgreSQL JIT-compile this statement, a quarter of a second per batch.)
  await tx.execute(sql`
    insert into service_period_totals (service_id, period_start, peak, offpeak, unmetered)
    select r.s, t.start, t.peak, t.offpeak, t.unmetered
      from json_to_recordset(${JSON.stringify(ranges)}::json) as r(s int, f timestamptz, t timestamptz)
      join services s on s.id = r.s
     cross join lateral (
       -- Periods are 30 days on the zone's wall clock (docs/decisions/041): binned as local
       -- timestamps, so one starting at midnight ends at midnight across daylight saving.
       select date_bin('30 days', d.day::timestamp, s.period_start at time zone ${zone}) at time zone ${zone} as start,
              sum(d.peak) as peak, sum(d.offpeak) as offpeak, sum(d.unmetered) as unmetered
         from usage_daily d
        where d.service_id = r.s
          and d.day >= date_bin('30 days', r.f at time zone ${zone}, s.period_start at time zone ${zone})::date
          and d.day < (date_bin('30 days', (r.t - interval '1 second') at time zone ${zone},
                                s.period_start at time zone ${zone}) + interval '30 days')::date
        group by 1) t
    on conflict (service_id, period_start) do update set
      peak = excluded.peak, offpeak = excluded.offpeak, unmetered = excluded.unmetered
    where (service_period_totals.peak, service_period_totals.offpeak, service_period_totals.unmetered)
      is distinct from (excluded.peak, excluded.offpeak, excluded.unmetered)`);
}

export type BatchResult = { accepted: number; rejected: Rejection[]; serviceIds: number[] };

/**
 * Writes one batch in one transaction (all of it or none). Rows for unknown services are
 * rejected with their line; the same hour of a service sent again replaces the earlier figures
 * (a correction), and identical figures change nothing.
 */
export async function ingestBatch(
  db: Db,
  records: NumberedRecord[],
  now: Date,
): Promise<BatchResult> {
  const ids = [...new Set(records.map((r) => r.record.serviceid))];
  const existing = new Set(
    ids.length === 0
      ? []
      : (
          await queryRows<{ id: number }>(
            db,
            sql`select id from services where id = any(${`{${ids.join(',')}}`}::int[])`,
          )
        ).map((r) => r.id),
  );
  const rejected: Rejection[] = [];
  const rows: unknown[] = [];
  const hours: Date[] = [];
  for (const { line, record } of records) {
    if (!existing.has(record.serviceid)) {
      rejected.push({ line, reason: `serviceid: no service ${record.serviceid}` });
      continue;
    }
    const hour = new Date(record.hour);
    hours.push(hour);
    rows.push({
      s: record.serviceid,
      h: hour.toISOString(),
      p: isPeakHour(hour),
      md: record.metered_down,
      mu: record.metered_up,
      ud: record.unmetered_down,
      uu: record.unmetered_up,
      x: record.shaped,
    });
  }
  if (rows.length > 0) {
    await ensureUsagePartitions(db, hours);
    await withTransaction(db, async (tx) => {
      await tx.execute(sql`
        insert into usage_hourly
          (service_id, hour, peak, metered_down, metered_up, unmetered_down, unmetered_up, shaped, received_at)
        select r.s, r.h, r.p, r.md, r.mu, r.ud, r.uu, r.x, ${now}
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as r(s int, h timestamptz, p boolean, md bigint, mu bigint, ud bigint, uu bigint, x bigint)
        on conflict (service_id, hour) do update set
          metered_down = excluded.metered_down, metered_up = excluded.metered_up,
          unmetered_down = excluded.unmetered_down, unmetered_up = excluded.unmetered_up,
          shaped = excluded.shaped, received_at = excluded.received_at
        where (usage_hourly.metered_down, usage_hourly.metered_up, usage_hourly.unmetered_down,
               usage_hourly.unmetered_up, usage_hourly.shaped)
          is distinct from (excluded.metered_down, excluded.metered_up, excluded.unmetered_down,
               excluded.unmetered_up, excluded.shaped)`);
      await refreshDailyTotals(tx, rows as { s: number; h: string }[]);
    });
  }
  return {
    accepted: rows.length,
    rejected,
    serviceIds: ids.filter((id) => existing.has(id)),
  };
}
