import { describe, expect, it } from 'vitest';
import { dashboardService } from '@/test/dashboard-fixtures';
import {
  daysRemaining,
  runOutProjection,
  totalUsedGb,
  type UsageService,
  usageBars,
  usageLead,
  usageLevel,
  usagePeriodEnd,
  usageServices,
} from './usage';

function withUsage(overrides: Parameters<typeof dashboardService>[0] = {}): UsageService {
  return dashboardService(overrides) as UsageService;
}

const base = withUsage().usage;

describe('usage bars', () => {
  it('labels a Sky Muster Plus allowance Peak and leaves out an off-peak quota of 0', () => {
    expect(usageBars(withUsage())).toEqual([
      { id: 'peak', label: 'Peak', usedGb: 21.46, quotaGb: 55, percent: 39 },
    ]);
  });

  it('labels other technologies Anytime and shows Off-Peak when it has a quota', () => {
    const bars = usageBars(
      withUsage({
        technology: 'Fixed Wireless',
        usage: {
          ...base,
          peak_usage: { used_gb: 30, quota_gb: 120 },
          offpeak_usage: { used_gb: 66, quota_gb: 60 },
        },
      }),
    );
    expect(bars.map((b) => [b.label, b.percent])).toEqual([
      ['Anytime', 25],
      ['Off-Peak', 110],
    ]);
  });

  it('shows no bar for a quota that is null', () => {
    const bars = usageBars(
      withUsage({
        usage: {
          ...base,
          peak_usage: { used_gb: 3, quota_gb: null },
          offpeak_usage: { used_gb: 1, quota_gb: null },
        },
      }),
    );
    expect(bars).toEqual([]);
  });

  it('totals metered and unmetered use for a limitless plan', () => {
    expect(
      totalUsedGb({
        ...base,
        peak_usage: { used_gb: 43.43, quota_gb: null },
        offpeak_usage: { used_gb: 1.1, quota_gb: null },
        unmetered_usage: 0.02,
      }),
    ).toBe(44.55);
  });
});

describe('usage period and plan', () => {
  it('ends on the last Brisbane day before the next period and counts the days left', () => {
    const usage = { ...base, periodStop: '2026-12-09T14:00:00.000Z' };
    expect(usagePeriodEnd(usage)).toBe('09/12/26');
    expect(daysRemaining(usage, Date.parse('2026-11-21T22:00:00.000Z'))).toBe(18);
    expect(daysRemaining(usage, Date.parse('2026-12-10T00:00:00.000Z'))).toBe(0);
  });
});

describe('usage level', () => {
  it('is ok below 85 %, a warning from 85 % and over from 100 %', () => {
    expect([0, 84, 84.9, 85, 99, 100, 140].map(usageLevel)).toEqual([
      'ok',
      'ok',
      'ok',
      'warning',
      'warning',
      'over',
      'over',
    ]);
  });
});

describe('run-out projection', () => {
  const usage = {
    ...base,
    periodStart: '2026-03-01T14:00:00.000Z',
    periodStop: '2026-03-31T14:00:00.000Z',
  };
  const tenDaysIn = Date.parse('2026-03-11T14:00:00.000Z');
  const bar = (usedGb: number) => ({
    id: 'peak' as const,
    label: 'Peak',
    usedGb,
    quotaGb: 60,
    percent: Math.round((usedGb / 60) * 100),
  });

  it('says the allowance lasts when the pace so far fits the period', () => {
    expect(runOutProjection(bar(10), usage, tenDaysIn)).toBe('At this pace it lasts the period');
  });

  it('names the day it runs out when the pace is too fast', () => {
    // 30 GB in 10 days: the other 30 GB last 10 more days, to midnight starting 22/03 in Brisbane.
    expect(runOutProjection(bar(30), usage, tenDaysIn)).toBe(
      'At this pace it runs out on 22/03/26',
    );
  });

  it('says it is used up once the quota is reached', () => {
    expect(runOutProjection(bar(60), usage, tenDaysIn)).toBe('Used up for this period');
  });
});

describe('usageServices', () => {
  it('offers only the services that have usage figures', () => {
    const a = withUsage({ serviceid: 1 });
    const b = withUsage({ serviceid: 2 });
    const services = usageServices([a, dashboardService({ serviceid: 3, usage: null }), b]);
    expect(services.map((s) => s.serviceid)).toEqual([1, 2]);
  });
});

describe('usage lead (the hero line)', () => {
  const peak = { id: 'peak', label: 'Peak', usedGb: 21.46, quotaGb: 55, percent: 39 } as const;
  const anytime = { id: 'peak', label: 'Anytime', usedGb: 30, quotaGb: 120, percent: 25 } as const;
  const offPeak = {
    id: 'offpeak',
    label: 'Off-Peak',
    usedGb: 45,
    quotaGb: 60,
    percent: 75,
  } as const;

  it('says what is left of the one allowance and for how long', () => {
    expect(usageLead([peak], 18)).toEqual({ left: '33.54 GB left', days: '18 days' });
  });

  it('names the main allowance when Off-Peak is beside it', () => {
    expect(usageLead([anytime, offPeak], 1)).toEqual({ left: '90 GB Anytime left', days: '1 day' });
  });

  it('says no data is left once the allowance is used up, never a negative figure', () => {
    expect(usageLead([{ ...peak, usedGb: 60, percent: 109 }], 4)?.left).toBe('No data left');
  });

  it('has no lead for a plan without an allowance', () => {
    expect(usageLead([], 18)).toBeNull();
  });
});
