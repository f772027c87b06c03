import { describe, expect, it } from 'vitest';
import { BILLING_PERIOD_MS, DAY_MS } from './services';
import { bytesToMb, periodAllowances, planUsage, splitsOffPeak, thresholdsReached } from './usage';

describe('off-peak allowances', () => {
  it('splits allowances for Sky Muster Plus and plans with an off-peak quota only', () => {
    expect(splitsOffPeak('Sky Muster Plus', 0)).toBe(true);
    expect(splitsOffPeak('Sky Muster', 90000)).toBe(true);
    expect(splitsOffPeak('Fixed Wireless', 0)).toBe(false);
    expect(splitsOffPeak('Fixed Wireless', null)).toBe(false);
  });
});

describe('alert thresholds', () => {
  it('reaches 50, 85 and 100 % exactly at those shares, never without a quota', () => {
    expect(thresholdsReached(12499, 25000)).toEqual([]);
    expect(thresholdsReached(12500, 25000)).toEqual([50]);
    expect(thresholdsReached(21250, 25000)).toEqual([50, 85]);
    expect(thresholdsReached(25000, 25000)).toEqual([50, 85, 100]);
    expect(thresholdsReached(900000, null)).toEqual([]);
    expect(thresholdsReached(10, 0)).toEqual([]);
  });
});

describe('the usage planner', () => {
  const periodStart = new Date('2026-11-01T14:00:00Z');
  const periodStop = new Date(periodStart.getTime() + BILLING_PERIOD_MS);
  const at = (days: number) => new Date(periodStart.getTime() + days * DAY_MS);

  it('projects the run-out date at the pace so far and a budget that lasts the period', () => {
    const plan = planUsage({ used: 30000, quota: 50000, periodStart, periodStop, now: at(10) });
    expect(plan.averageDaily).toBe(3000);
    expect(plan.daysRemaining).toBe(20);
    expect(plan.projectedRunOut).toEqual(at(10 + 20000 / 3000));
    expect(plan.dailyBudget).toBe(1000);
    expect(plan.percentUsed).toBe(60);
    expect(plan.percentElapsed).toBeCloseTo(33.33, 2);
  });

  it('says the allowance lasts when the pace is under budget, and that it is gone when used up', () => {
    expect(
      planUsage({ used: 10000, quota: 50000, periodStart, periodStop, now: at(10) })
        .projectedRunOut,
    ).toBeNull();
    const over = planUsage({ used: 52000, quota: 50000, periodStart, periodStop, now: at(20) });
    expect(over.projectedRunOut).toEqual(at(20));
    expect(over.dailyBudget).toBe(0);
  });
});

describe('a period against its allowances', () => {
  const MB = 1_000_000;
  it('counts off-peak apart on a plan that splits, blocks added to each allowance', () => {
    const plan = {
      technology: 'Sky Muster',
      unlimited: false,
      peak_quota_mb: 45_000,
      offpeak_quota_mb: 30_000,
    };
    expect(
      periodAllowances(
        plan,
        { peak: 1234.5678 * MB, offpeak: 10 * MB },
        { peak: 5000, offpeak: 0 },
      ),
    ).toEqual({
      peak: {
        used_mb: 1234.568,
        plan_mb: 45_000,
        blocks_mb: 5000,
        total_mb: 50_000,
        remaining_mb: 48_765.432,
      },
      offpeak: {
        used_mb: 10,
        plan_mb: 30_000,
        blocks_mb: 0,
        total_mb: 30_000,
        remaining_mb: 29_990,
      },
    });
  });

  it('counts every metered byte against the one allowance on an Anytime plan, never below 0 left', () => {
    const plan = {
      technology: 'Fixed Wireless',
      unlimited: false,
      peak_quota_mb: 100,
      offpeak_quota_mb: null,
    };
    const { peak, offpeak } = periodAllowances(
      plan,
      { peak: 80 * MB, offpeak: 40 * MB },
      { peak: 0, offpeak: 0 },
    );
    expect(peak).toEqual({
      used_mb: 120,
      plan_mb: 100,
      blocks_mb: 0,
      total_mb: 100,
      remaining_mb: 0,
    });
    expect(offpeak.used_mb).toBe(0);
  });

  it('has no allowance on an unlimited plan', () => {
    const plan = {
      technology: 'Fixed Wireless',
      unlimited: true,
      peak_quota_mb: null,
      offpeak_quota_mb: null,
    };
    expect(periodAllowances(plan, { peak: MB, offpeak: 0 }, { peak: 0, offpeak: 0 }).peak).toEqual({
      used_mb: 1,
      plan_mb: null,
      blocks_mb: 0,
      total_mb: null,
      remaining_mb: null,
    });
    expect(bytesToMb(1499)).toBe(0.001);
  });
});
