import type { UsageSummary } from '@outpost/contracts/usage';
import { planUsage } from '@outpost/domain/usage';

/** One metered allowance of the period: plan plus data blocks, used and remaining (MB). */
export type Allowance = {
  id: 'peak' | 'offpeak';
  /** 'Peak data', 'Anytime data' or 'Off-Peak data'. */
  title: string;
  used: number;
  plan: number;
  blocks: number;
  total: number;
  remaining: number;
};

/** Sky Muster Plus: off-peak data (midnight to 4pm) is unmetered. */
export function hasUnmeteredOffPeak(summary: Pick<UsageSummary, 'technology'>): boolean {
  return summary.technology === 'Sky Muster Plus';
}

/** The allowances the summary counts against: peak or anytime, and off-peak when the plan has one. */
export function allowancesOf(summary: UsageSummary): Allowance[] {
  const list: Allowance[] = [];
  if (summary.totalPeakQuota !== null) {
    list.push({
      id: 'peak',
      title: `${summary.peakLabel} data`,
      used: summary.usedPeakQuota,
      plan: summary.planPeakQuota ?? 0,
      blocks: summary.blocksPeakQuota,
      total: summary.totalPeakQuota,
      remaining: summary.remainingPeakQuota ?? 0,
    });
  }
  if (summary.totalOffPeakQuota !== null && summary.totalOffPeakQuota > 0) {
    list.push({
      id: 'offpeak',
      title: 'Off-Peak data',
      used: summary.usedOffPeakQuota,
      plan: summary.planOffPeakQuota ?? 0,
      blocks: summary.blocksOffPeakQuota,
      total: summary.totalOffPeakQuota,
      remaining: summary.remainingOffPeakQuota ?? 0,
    });
  }
  return list;
}

/** An allowance's plan for the rest of its period (domain planUsage), as at `now`. */
export function planAllowance(allowance: Allowance, summary: UsageSummary, now: Date) {
  return planUsage({
    used: allowance.used,
    quota: allowance.total,
    periodStart: new Date(summary.periodStart),
    periodStop: new Date(summary.periodStop),
    now,
  });
}
