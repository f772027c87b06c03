import { describe, expect, it } from 'vitest';
import { BILLING_PERIOD_MS, DAY_MS } from './services';
import { planUsage, splitsOffPeak, thresholdsReached } from './usage';

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
