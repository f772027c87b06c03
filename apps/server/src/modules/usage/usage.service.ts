import { zoneCityName } from '@outpost/domain/time/names';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Technology } from '@outpost/contracts/services';
import type {
  ServiceActivitySummary,
  UsageBy,
  UsageRow,
  UsageSummary,
  UsageType,
} from '@outpost/contracts/usage';
import { formatCsvDateTime, formatDate, formatMegabytes } from '@outpost/domain/format';
import { quotaLabel } from '@outpost/domain/services';
import { bytesToMb, periodAllowances, splitsOffPeak } from '@outpost/domain/usage';
import { currentPeriod } from '@outpost/domain/business-periods';
import { businessTimeZone } from '@outpost/domain/time/zone';
import { businessDate, startOfBusinessMonth, wallTime } from '@outpost/domain/time/zoned';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { notFound } from '../../lib/errors';

/**
 * The start of the 30-day period holding `now`, for a service whose periods start at `anchor`:
 * 30 days on the business zone's wall clock (docs/decisions/041), as SQL, so a statement that
 * reads many services finds each one's period itself (the dashboard, the staff customer view).
 * `zone` is the business zone's name as a parameter (it is never written in SQL).
 */
export function periodStartSql(now: SQL | Placeholder, zone: SQL | Placeholder, anchor: SQL): SQL {
  return sql`(date_bin('30 days', ${now}::timestamptz at time zone ${zone}::text,
                       ${anchor} at time zone ${zone}::text) at time zone ${zone}::text)`;
}

/** The end of the period starting at `start` (SQL): 30 days on the business zone's wall clock. */
export function periodStopSql(start: SQL, zone: SQL | Placeholder): SQL {
  return sql`((${start} at time zone ${zone}::text + interval '30 days') at time zone ${zone}::text)`;
}

/** Volumes leave the server as decimal MB rounded to 3 places (to the kB). */
export const toMb = bytesToMb;

export type UsageService = {
  id: number;
  account_id: number;
  technology: Technology;
  type: string;
  status: string;
  plan_name: string;
  peak_quota_mb: number | null;
  offpeak_quota_mb: number | null;
  unlimited: boolean;
  period_start: Date | string;
  identifier: string;
  nickname: string | null;
};

/** A service of the caller's account with its plan (404 for any other). */
export async function usageService(
  db: Db,
  accountId: number,
  serviceId: number,
): Promise<UsageService> {
  const [row] = await queryRows<UsageService>(
    db,
    sql`select s.id, s.account_id, s.technology, s.type, s.status, s.period_start, s.identifier,
               s.nickname, p.name as plan_name, p.peak_quota_mb, p.offpeak_quota_mb, p.unlimited
          from services s join plans p on p.id = s.plan_id
         where s.id = ${serviceId} and s.account_id = ${accountId}`,
  );
  if (!row) throw notFound();
  return row;
}

export function periodOf(service: UsageService, now: Date) {
  return currentPeriod(new Date(service.period_start), now);
}

type Totals = {
  peak: number;
  offpeak: number;
  unmetered: number;
  shaped: number;
  last_hour: Date | string | null;
};

/** Bytes used in [from, to), split as the plan counts them. */
/** Whether an instant is midnight in the business zone (periods and months start at one). */
function isBusinessMidnight(instant: Date): boolean {
  if (instant.getTime() % 60_000 !== 0) return false;
  const wall = wallTime(instant);
  return wall.hour === 0 && wall.minute === 0;
}

export async function usageTotals(db: Db, service: UsageService, from: Date, to: Date) {
  // Whole business days (every period) add up the daily totals; anything else the hours.
  const daily = isBusinessMidnight(from) && isBusinessMidnight(to);
  const [t] = await queryRows<Totals>(
    db,
    daily
      ? sql`select coalesce(sum(peak), 0)::float8 as peak, coalesce(sum(offpeak), 0)::float8 as offpeak,
                   coalesce(sum(unmetered), 0)::float8 as unmetered,
                   coalesce(sum(shaped), 0)::float8 as shaped, max(last_hour) as last_hour
              from usage_daily
             where service_id = ${service.id} and day >= ${businessDate(from)}::date
               and day < ${businessDate(to)}::date`
      : sql`select coalesce(sum(metered_down + metered_up) filter (where peak), 0)::float8 as peak,
               coalesce(sum(metered_down + metered_up) filter (where not peak), 0)::float8 as offpeak,
               coalesce(sum(unmetered_down + unmetered_up), 0)::float8 as unmetered,
               coalesce(sum(shaped), 0)::float8 as shaped,
               max(hour) as last_hour
          from usage_hourly
         where service_id = ${service.id} and hour >= ${from} and hour < ${to}`,
  );
  const split = splitsOffPeak(service.technology, service.offpeak_quota_mb);
  return {
    peak: split ? t!.peak : t!.peak + t!.offpeak,
    offpeak: split ? t!.offpeak : 0,
    unmetered: t!.unmetered,
    shaped: t!.shaped,
    lastUpdated: t!.last_hour ? new Date(new Date(t!.last_hour).getTime() + 3_600_000) : null,
  };
}

/** Data block MB bought in [from, to). */
export async function blockQuotas(db: Db, serviceId: number, from: Date, to: Date) {
  const [b] = await queryRows<{ peak: number; offpeak: number }>(
    db,
    sql`select coalesce(sum(peak_mb), 0)::int as peak, coalesce(sum(offpeak_mb), 0)::int as offpeak
          from data_block_purchases
         where service_id = ${serviceId} and purchased_at >= ${from} and purchased_at < ${to}`,
  );
  return b!;
}

function planNotes(s: UsageService, stop: Date): string {
  if (s.unlimited)
    return '<p>Your plan has unlimited data: nothing you download or upload counts against an allowance.</p>';
  const peak = formatMegabytes(s.peak_quota_mb ?? 0);
  const label = quotaLabel(s.technology);
  const notes: string[] = [];
  if (s.technology === 'Sky Muster Plus')
    notes.push(
      `<p>Your plan includes ${peak} of Peak data, counted from 4pm to midnight. Data used from midnight to 4pm (Off-Peak) is unmetered: it does not count.</p>`,
    );
  else if ((s.offpeak_quota_mb ?? 0) > 0)
    notes.push(
      `<p>Your plan includes ${peak} of ${label} data, counted from 4pm to midnight, and ${formatMegabytes(s.offpeak_quota_mb!)} of Off-Peak data, counted from midnight to 4pm.</p>`,
    );
  else notes.push(`<p>Your plan includes ${peak} of ${label} data: everything you use counts.</p>`);
  notes.push(
    '<p>Downloads and uploads both count. Traffic marked unmetered (such as network updates) does not.</p>',
    `<p>Data blocks you buy add to your allowance until the end of ${formatDate(new Date(stop.getTime() - 1))}, the last day of this period.</p>`,
    `<p>When an allowance is used up, speeds are slowed (shaped) until your new period starts on ${formatDate(stop)}, or until you buy a data block.</p>`,
  );
  return notes.join('');
}

export async function usageSummary(db: Db, s: UsageService, now: Date): Promise<UsageSummary> {
  const { start, stop } = periodOf(s, now);
  const [used, blocks] = await Promise.all([
    usageTotals(db, s, start, stop),
    blockQuotas(db, s.id, start, stop),
  ]);
  // The allowances as the plan counts them, blocks included (one rule with the customer view).
  const { peak, offpeak } = periodAllowances(s, used, blocks);
  return {
    periodStart: start.toISOString(),
    periodStop: stop.toISOString(),
    planPeakQuota: peak.plan_mb,
    planOffPeakQuota: offpeak.plan_mb,
    blocksPeakQuota: blocks.peak,
    blocksOffPeakQuota: blocks.offpeak,
    totalPeakQuota: peak.total_mb,
    totalOffPeakQuota: offpeak.total_mb,
    usedPeakQuota: peak.used_mb,
    usedOffPeakQuota: offpeak.used_mb,
    unmeteredUsed: toMb(used.unmetered),
    excessUsed: toMb(used.shaped),
    remainingPeakQuota: peak.remaining_mb,
    remainingOffPeakQuota: offpeak.remaining_mb,
    plan_notes: planNotes(s, stop),
    serviceid: s.id,
    identifier: s.identifier,
    plan: s.plan_name,
    technology: s.technology,
    is_limitless: s.unlimited,
    peakLabel: quotaLabel(s.technology),
    lastUpdated: used.lastUpdated?.toISOString() ?? null,
  };
}

type PlanFacts = Pick<
  UsageService,
  'technology' | 'peak_quota_mb' | 'offpeak_quota_mb' | 'unlimited'
>;

/**
 * The dashboard's usage card from raw bytes (peak and off-peak as measured by hour) and the
 * period's data blocks: GB to 2 places, allowances including blocks, counted as the plan counts.
 */
export function activitySummaryFrom(
  plan: PlanFacts,
  bytes: { peak: number; offpeak: number; unmetered: number },
  blocks: { peak: number; offpeak: number },
  period: { start: Date; stop: Date },
): ServiceActivitySummary {
  const split = splitsOffPeak(plan.technology, plan.offpeak_quota_mb);
  const gb = (b: number) => Math.round(b / 10_000_000) / 100;
  const quota = (mb: number | null, extra: number) =>
    plan.unlimited ? null : Math.round(((mb ?? 0) + extra) / 10) / 100;
  return {
    peak_usage: {
      used_gb: gb(split ? bytes.peak : bytes.peak + bytes.offpeak),
      quota_gb: quota(plan.peak_quota_mb, blocks.peak),
    },
    offpeak_usage: {
      used_gb: gb(split ? bytes.offpeak : 0),
      quota_gb: quota(plan.offpeak_quota_mb, blocks.offpeak),
    },
    unmetered_usage: gb(bytes.unmetered),
    is_limitless: plan.unlimited,
    periodStart: period.start.toISOString(),
    periodStop: period.stop.toISOString(),
  };
}

export async function dashboardSummary(
  db: Db,
  s: UsageService,
  now: Date,
): Promise<ServiceActivitySummary> {
  const period = periodOf(s, now);
  const [used, blocks] = await Promise.all([
    usageTotals(db, s, period.start, period.stop),
    blockQuotas(db, s.id, period.start, period.stop),
  ]);
  // usageTotals has already folded off-peak into peak for Anytime plans.
  return activitySummaryFrom(s, used, blocks, period);
}

type Bucket = {
  local: string;
  peak: number;
  offpeak: number;
  unmetered: number;
  shaped: number;
  down: number;
  up: number;
  udown: number;
  uup: number;
};

/** The range each view covers: the current period by hour or day; 13 months by month. */
export function activityRange(s: UsageService, by: UsageBy, now: Date) {
  const period = periodOf(s, now);
  if (by !== 'month') return period;
  return { start: startOfBusinessMonth(now, 12), stop: startOfBusinessMonth(now, -1) };
}

export async function activityRows(
  db: Db,
  s: UsageService,
  by: UsageBy,
  range: { start: Date; stop: Date },
): Promise<UsageRow[]> {
  const buckets = await queryRows<Bucket>(
    db,
    by === 'hour'
      ? sql`select to_char(hour at time zone ${businessTimeZone()}, 'YYYY-MM-DD"T"HH24:00') as local,
                   (case when peak then metered_down + metered_up else 0 end)::float8 as peak,
                   (case when peak then 0 else metered_down + metered_up end)::float8 as offpeak,
                   (unmetered_down + unmetered_up)::float8 as unmetered, shaped::float8 as shaped,
                   metered_down::float8 as down, metered_up::float8 as up,
                   unmetered_down::float8 as udown, unmetered_up::float8 as uup
              from usage_hourly
             where service_id = ${s.id} and hour >= ${range.start} and hour < ${range.stop}
             order by hour`
      : // Days and months add up the daily totals (13 months is ~400 rows).
        sql`select to_char(b, 'YYYY-MM-DD"T"00:00') as local, peak, offpeak, unmetered, shaped,
                   down, up, udown, uup
              from (select date_trunc(${by}, day) as b,
                           sum(peak)::float8 as peak, sum(offpeak)::float8 as offpeak,
                           sum(unmetered)::float8 as unmetered, sum(shaped)::float8 as shaped,
                           sum(metered_down)::float8 as down, sum(metered_up)::float8 as up,
                           sum(unmetered_down)::float8 as udown, sum(unmetered_up)::float8 as uup
                      from usage_daily
                     where service_id = ${s.id} and day >= ${businessDate(range.start)}::date
                       and day < ${businessDate(range.stop)}::date
                     group by 1) buckets
             order by b`,
  );
  const split = splitsOffPeak(s.technology, s.offpeak_quota_mb);
  return buckets.map((b) => {
    const [date, time] = b.local.split('T') as [string, string];
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const hour = Number(time.slice(0, 2));
    return {
      Hour12: by === 'hour' ? hour % 12 || 12 : null,
      Meridian: by === 'hour' ? (hour < 12 ? 'AM' : 'PM') : null,
      LocalTime: b.local,
      Day: by === 'month' ? null : day,
      Time: by === 'hour' ? time : null,
      Month: month,
      Year: year,
      Peak: toMb(split ? b.peak : b.peak + b.offpeak),
      'Off-peak': toMb(split ? b.offpeak : 0),
      Shaped: toMb(b.shaped),
      Unmetered: toMb(b.unmetered),
      Downloaded: toMb(b.down),
      Uploaded: toMb(b.up),
      UnmeteredDownloaded: toMb(b.udown),
      UnmeteredUploaded: toMb(b.uup),
    };
  });
}

const csvColumns: Record<UsageType, (keyof UsageRow)[]> = {
  consumption: ['Peak', 'Off-peak', 'Shaped', 'Unmetered'],
  usage: ['Downloaded', 'Uploaded', 'UnmeteredDownloaded', 'UnmeteredUploaded'],
};

/**
 * The report file: one line per row, MB to 3 places; the first column is the business zone's time as
 * 'YYYY-MM-DD HH:MM' (formatCsvDateTime: sortable, and a date and time to spreadsheets).
 */
export function activityCsv(rows: UsageRow[], type: UsageType, peakLabel: string): string {
  const columns = csvColumns[type];
  const header = [
    `Local time (${zoneCityName()})`,
    ...columns.map((c) => `${c === 'Peak' ? peakLabel : c} (MB)`),
  ];
  const lines = rows.map((r) =>
    [formatCsvDateTime(r.LocalTime), ...columns.map((c) => String(r[c]))].join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
