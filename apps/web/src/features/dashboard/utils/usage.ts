import type { Dashboard } from '@outpost/contracts/dashboard';
import { formatMegabytes, formatDate } from '@outpost/domain/format';
import { DAY_MS, quotaLabel } from '@outpost/domain/services';
import { planUsage } from '@outpost/domain/usage';
import { serviceOptionLabel } from '@outpost/domain/service-names';

/** The Usage card's plan selector, bars and limitless table (spec 1 section 2). */

export type DashboardService = Dashboard['services'][number];
export type UsageService = DashboardService & { usage: NonNullable<DashboardService['usage']> };

/** The services the card can show: those the dashboard sent usage for. */
export function usageServices(services: readonly DashboardService[]): UsageService[] {
  return services.filter((s): s is UsageService => s.usage !== null);
}

/**
 * How a service is named in the hero's plan selector, as in every plan picker (issue 41): its
 * friendly name first, then the plan and the AVC id ('Sky Muster Plus at 12 Wattle Rd, Longreach
 * QLD · Sky Muster Plus 50 · AVC000123456789').
 */
export function usageServiceLabel(service: DashboardService): string {
  return serviceOptionLabel({ ...service, plan: service.plan_name });
}

export type UsageBar = {
  id: 'peak' | 'offpeak';
  /** 'Peak' (Sky Muster Plus) or 'Anytime', and 'Off-Peak'. */
  label: string;
  usedGb: number;
  quotaGb: number;
  /** Whole per cent of the quota used (may pass 100). */
  percent: number;
};

function bar(
  id: UsageBar['id'],
  label: string,
  amount: { used_gb: number; quota_gb: number | null },
): UsageBar[] {
  if (amount.quota_gb === null || amount.quota_gb <= 0) return [];
  return [
    {
      id,
      label,
      usedGb: amount.used_gb,
      quotaGb: amount.quota_gb,
      percent: Math.round((amount.used_gb / amount.quota_gb) * 100),
    },
  ];
}

/** Peak (or Anytime) and Off-Peak, each only when its quota is more than nothing. */
export function usageBars(service: UsageService): UsageBar[] {
  const { usage } = service;
  return [
    ...bar('peak', quotaLabel(service.technology), usage.peak_usage),
    ...bar('offpeak', 'Off-Peak', usage.offpeak_usage),
  ];
}

/** Everything used this period (metered and unmetered), in GB with 2 decimals at most. */
export function totalUsedGb(usage: UsageService['usage']): number {
  const total = usage.peak_usage.used_gb + usage.offpeak_usage.used_gb + usage.unmetered_usage;
  return Math.round(total * 100) / 100;
}

/** GB as the product writes data (decimal steps): 21.46 -> '21.46 GB', 0.5 -> '500 MB'. */
export function gigabytes(gb: number): string {
  return formatMegabytes(gb * 1000);
}

/** The period's last day (it ends at the Brisbane midnight that starts the next), dd/mm/yy. */
export function usagePeriodEnd(usage: UsageService['usage']): string {
  return formatDate(new Date(Date.parse(usage.periodStop) - 1));
}

/** Whole days left in the period, counting today's part. */
export function daysRemaining(usage: UsageService['usage'], now: number = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(usage.periodStop) - now) / DAY_MS));
}

/** '18 days', '1 day', '0 days': how long the period has to run. */
export function daysText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/** What is left of an allowance, in GB to 2 decimals (never below 0). */
export function leftGb(bar: UsageBar): number {
  return Math.max(0, Math.round((bar.quotaGb - bar.usedGb) * 100) / 100);
}

/**
 * The hero's first line (issue 41): what is left of the main allowance and for how long,
 * '33.54 GB left' and '18 days'. With an Off-Peak allowance beside it, the main one is named
 * ('90 GB Anytime left'); used up, 'No data left'.
 */
export function usageLead(
  bars: readonly UsageBar[],
  days: number,
): { left: string; days: string } | null {
  const [main, ...others] = bars;
  if (!main) return null;
  const left = leftGb(main);
  const named = others.length > 0 ? ` ${main.label}` : '';
  return {
    left: left > 0 ? `${gigabytes(left)}${named} left` : `No${named} data left`,
    days: daysText(days),
  };
}

/** From this share of an allowance used the gauge turns amber; at 100 % it turns red. */
export const USAGE_WARNING_PERCENT = 85;

export type UsageLevel = 'ok' | 'warning' | 'over';

/** How full an allowance is, for its colour and its words: ok, warning (85 %+) or over (100 %+). */
export function usageLevel(percent: number): UsageLevel {
  if (percent >= 100) return 'over';
  if (percent >= USAGE_WARNING_PERCENT) return 'warning';
  return 'ok';
}

/**
 * Where the allowance is heading at the pace so far (the Usage Planner's projection, in short):
 * used up, the day it runs out, or that it lasts the period.
 */
export function runOutProjection(
  bar: UsageBar,
  usage: UsageService['usage'],
  now: number = Date.now(),
): string {
  const plan = planUsage({
    used: bar.usedGb,
    quota: bar.quotaGb,
    periodStart: new Date(usage.periodStart),
    periodStop: new Date(usage.periodStop),
    now: new Date(now),
  });
  if (bar.usedGb >= bar.quotaGb) return 'Used up for this period';
  if (plan.projectedRunOut)
    return `At this pace it runs out on ${formatDate(plan.projectedRunOut)}`;
  return 'At this pace it lasts the period';
}
