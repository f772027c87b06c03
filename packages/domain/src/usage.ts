/**
 * Data usage rules (spec 2 sections 2 and 9): peak is 4pm to midnight and off-peak midnight to
 * 4pm in the business time zone, 30-day periods, alert thresholds, and the Usage Planner's
 * arithmetic. Shared by the server (which classifies and alerts) and the web app; the zone's
 * clock (which hour is peak, where a period ends) is in `./business-periods`, which only the server
 * needs, so the web's usage pages don't carry the zone arithmetic.
 */
import { DAY_MS } from './services';

export const PEAK_START_HOUR = 16;
export const USAGE_ALERT_THRESHOLDS = [50, 85, 100] as const;
export type UsageAlertThreshold = (typeof USAGE_ALERT_THRESHOLDS)[number];

/**
 * Whether a plan's metered data is split into peak and off-peak allowances: Sky Muster Plus
 * (off-peak unmetered) and plans with an off-peak allowance. Otherwise every metered byte counts
 * against the one (Anytime) allowance.
 */
export function splitsOffPeak(technology: string, offpeakQuotaMb: number | null): boolean {
  return technology === 'Sky Muster Plus' || (offpeakQuotaMb ?? 0) > 0;
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
      ((periodStop.getTime() - periodStart.getTime() - remainingMs) /
        Math.max(periodStop.getTime() - periodStart.getTime(), 1)) *
      100,
  };
}

/** Bytes as volumes leave the server: decimal MB (1 MB = 1,000,000 bytes) to 3 places (the kB). */
export function bytesToMb(bytes: number): number {
  return Math.round(bytes / 1000) / 1000;
}

/** What a plan allows a period: its own allowances in MB, and whether it is unlimited. */
export type PlanAllowance = {
  technology: string;
  unlimited: boolean;
  peak_quota_mb: number | null;
  offpeak_quota_mb: number | null;
};

/** One allowance in a period, in MB: what was used, the plan's, the blocks', the whole, what is left. */
export type AllowanceUse = {
  used_mb: number;
  /** null for an unlimited plan (as total_mb and remaining_mb). */
  plan_mb: number | null;
  blocks_mb: number;
  total_mb: number | null;
  remaining_mb: number | null;
};

/**
 * A period's usage against its allowances, as the plan counts it (spec 2 section 2): metered
 * bytes split into peak and off-peak, or all of them against the one (Anytime) allowance when
 * the plan does not split; each allowance the plan's plus the data blocks bought in the period;
 * none for an unlimited plan. The usage summary and the staff console's customer view both read
 * usage through it, so they show the same numbers.
 */
export function periodAllowances(
  plan: PlanAllowance,
  bytes: { peak: number; offpeak: number },
  blocksMb: { peak: number; offpeak: number },
): { peak: AllowanceUse; offpeak: AllowanceUse } {
  const split = splitsOffPeak(plan.technology, plan.offpeak_quota_mb);
  const use = (usedBytes: number, planMb: number | null, blocks: number): AllowanceUse => {
    const used = bytesToMb(usedBytes);
    const own = plan.unlimited ? null : (planMb ?? 0);
    const total = own === null ? null : own + blocks;
    return {
      used_mb: used,
      plan_mb: own,
      blocks_mb: blocks,
      total_mb: total,
      remaining_mb: total === null ? null : Math.max(Math.round((total - used) * 1000) / 1000, 0),
    };
  };
  return {
    peak: use(split ? bytes.peak : bytes.peak + bytes.offpeak, plan.peak_quota_mb, blocksMb.peak),
    offpeak: use(split ? bytes.offpeak : 0, plan.offpeak_quota_mb, blocksMb.offpeak),
  };
}
