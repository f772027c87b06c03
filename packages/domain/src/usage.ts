/**
 * Data usage rules (spec 2 sections 2 and 9): peak is 4pm to midnight and off-peak midnight to
 * 4pm in Brisbane (UTC+10 all year, no daylight saving), 30-day periods, alert thresholds, and the
 * Usage Planner's arithmetic. Shared by the server (which classifies and alerts) and the web app.
 */
import { dateTimeFormat } from './intl';
import { BILLING_PERIOD_MS, DAY_MS } from './services';

export const PEAK_START_HOUR = 16;
export const USAGE_ALERT_THRESHOLDS = [50, 85, 100] as const;
export type UsageAlertThreshold = (typeof USAGE_ALERT_THRESHOLDS)[number];

// Made at first use and kept (@outpost/domain/intl), not at module load.
const getHourFormat = () =>
  dateTimeFormat({
    timeZone: 'Australia/Brisbane',
    hour: 'numeric',
    hourCycle: 'h23',
  });

const HOUR_MS = 3_600_000;
const offsetByDay = new Map<number, number>();

/**
 * The Brisbane clock hour (0-23) of an instant, whatever zone the device is in. The zone's offset
 * comes from the time-zone database once per UTC day (ingestion classifies millions of hours).
 */
export function brisbaneHour(instant: Date): number {
  const t = instant.getTime();
  const day = Math.floor(t / (24 * HOUR_MS));
  let offset = offsetByDay.get(day);
  if (offset === undefined) {
    const utcHour = new Date(t).getUTCHours();
    offset = (Number(getHourFormat().format(instant)) - utcHour + 24) % 24;
    if (offsetByDay.size > 10_000) offsetByDay.clear();
    offsetByDay.set(day, offset);
  }
  return (Math.floor(t / HOUR_MS) + offset) % 24;
}

/** Whether the hour starting at `instant` is peak (4pm to midnight, Brisbane). */
export function isPeakHour(instant: Date): boolean {
  return brisbaneHour(instant) >= PEAK_START_HOUR;
}

/**
 * Whether a plan's metered data is split into peak and off-peak allowances: Sky Muster Plus
 * (off-peak unmetered) and plans with an off-peak allowance. Otherwise every metered byte counts
 * against the one (Anytime) allowance.
 */
export function splitsOffPeak(technology: string, offpeakQuotaMb: number | null): boolean {
  return technology === 'Sky Muster Plus' || (offpeakQuotaMb ?? 0) > 0;
}

/** The 30-day period containing `now`, counted on from a known period start. */
export function currentPeriod(periodStart: Date, now: Date): { start: Date; stop: Date } {
  const elapsed = Math.floor((now.getTime() - periodStart.getTime()) / BILLING_PERIOD_MS);
  const start = new Date(periodStart.getTime() + Math.max(elapsed, 0) * BILLING_PERIOD_MS);
  return { start, stop: new Date(start.getTime() + BILLING_PERIOD_MS) };
}

/** The alert thresholds (percent) that `used` of `quota` has reached; none without a quota. */
export function thresholdsReached(used: number, quota: number | null): UsageAlertThreshold[] {
  if (!quota || quota <= 0) return [];
  return USAGE_ALERT_THRESHOLDS.filter((t) => used * 100 >= t * quota);
}

export type UsagePlan = {
  daysElapsed: number;
  daysRemaining: number;
  averageDaily: number;
  /** When the allowance runs out at the pace so far, or null if it lasts the period. */
  projectedRunOut: Date | null;
  /** What may be used per day from now on to last until the period ends. */
  dailyBudget: number;
  percentUsed: number;
  percentElapsed: number;
};

/**
 * The Usage Planner (same units in, same units out): pace so far, the date the allowance runs out
 * at that pace, and a daily budget that lasts to the period end.
 */
export function planUsage(input: {
  used: number;
  quota: number;
  periodStart: Date;
  periodStop: Date;
  now: Date;
}): UsagePlan {
  const { used, quota, periodStart, periodStop } = input;
  const now = new Date(
    Math.min(Math.max(input.now.getTime(), periodStart.getTime()), periodStop.getTime()),
  );
  const elapsedMs = now.getTime() - periodStart.getTime();
  const remainingMs = periodStop.getTime() - now.getTime();
  const daysElapsed = elapsedMs / DAY_MS;
  const daysRemaining = remainingMs / DAY_MS;
  const averageDaily = daysElapsed > 0 ? used / daysElapsed : 0;
  const left = Math.max(quota - used, 0);
  let projectedRunOut: Date | null = null;
  if (used >= quota) projectedRunOut = now;
  else if (averageDaily > 0) {
    const runOut = new Date(now.getTime() + (left / averageDaily) * DAY_MS);
    if (runOut < periodStop) projectedRunOut = runOut;
  }
  return {
    daysElapsed,
    daysRemaining,
    averageDaily,
    projectedRunOut,
    dailyBudget: daysRemaining > 0 ? left / daysRemaining : 0,
    percentUsed: quota > 0 ? (used / quota) * 100 : 0,
    percentElapsed:
      ((periodStop.getTime() - periodStart.getTime() - remainingMs) / BILLING_PERIOD_MS) * 100,
  };
}
