import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_PERIOD_MS, DAY_MS } from './services';
import {
  brisbaneHour,
  currentPeriod,
  isPeakHour,
  planUsage,
  splitsOffPeak,
  thresholdsReached,
} from './usage';

const HOUR = 3_600_000;
const direct = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Brisbane',
  hour: 'numeric',
  hourCycle: 'h23',
});

describe('peak and off-peak', () => {
  it('is peak from 4pm to midnight Brisbane time (06:00 to 14:00 UTC)', () => {
    const day = Date.UTC(2026, 10, 20);
    const peakUtcHours = [6, 7, 8, 9, 10, 11, 12, 13];
    for (let h = 0; h < 24; h += 1)
      expect(isPeakHour(new Date(day + h * HOUR)), `${h}:00Z`).toBe(peakUtcHours.includes(h));
  });

  it('agrees with the time-zone database for any instant, across the daylight-saving dates of other zones', () => {
    // Sydney and Melbourne change clocks in April and October; Brisbane does not, so peak hours
    // never move. The classification uses Brisbane whatever zone the process runs in.
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), (t) => {
        expect(brisbaneHour(new Date(t))).toBe(Number(direct.format(new Date(t))));
      }),
      { numRuns: 2000 },
    );
    for (const edge of [Date.UTC(2026, 3, 4, 16), Date.UTC(2026, 9, 3, 16)])
      for (let h = -3; h <= 3; h += 1)
        expect(brisbaneHour(new Date(edge + h * HOUR))).toBe(
          Number(direct.format(new Date(edge + h * HOUR))),
        );
  });

  it('splits allowances for Sky Muster Plus and plans with an off-peak quota only', () => {
    expect(splitsOffPeak('Sky Muster Plus', 0)).toBe(true);
    expect(splitsOffPeak('Sky Muster', 90000)).toBe(true);
    expect(splitsOffPeak('Fixed Wireless', 0)).toBe(false);
    expect(splitsOffPeak('Fixed Wireless', null)).toBe(false);
  });
});

describe('periods', () => {
  const start = new Date('2026-11-09T14:00:00Z');

  it('counts 30-day periods on from a known start, exclusive of the stop', () => {
    expect(currentPeriod(start, new Date(start.getTime() + DAY_MS))).toEqual({
      start,
      stop: new Date(start.getTime() + BILLING_PERIOD_MS),
    });
    const next = new Date(start.getTime() + BILLING_PERIOD_MS);
    expect(currentPeriod(start, next).start).toEqual(next);
    expect(currentPeriod(start, new Date(next.getTime() - 1)).start).toEqual(start);
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
