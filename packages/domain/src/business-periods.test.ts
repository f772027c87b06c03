import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_PERIOD_MS, DAY_MS } from './services';
import { zonedInstant } from './time/zoned';
import { DEFAULT_BUSINESS_TIME_ZONE, setBusinessTimeZone } from './time/zone';
import { currentPeriod, isPeakHour } from './business-periods';

const HOUR = 3_600_000;
const hourIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone, hour: 'numeric', hourCycle: 'h23' });

afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

describe('peak and off-peak', () => {
  it('is peak from 4pm to midnight Brisbane time (06:00 to 14:00 UTC)', () => {
    const day = Date.UTC(2026, 10, 20);
    const peakUtcHours = [6, 7, 8, 9, 10, 11, 12, 13];
    for (let h = 0; h < 24; h += 1)
      expect(isPeakHour(new Date(day + h * HOUR)), `${h}:00Z`).toBe(peakUtcHours.includes(h));
  });

  it('agrees with the time-zone database for any instant, in Brisbane, Melbourne, Adelaide and Perth', () => {
    for (const zone of [
      'Australia/Brisbane',
      'Australia/Melbourne',
      'Australia/Adelaide',
      'Australia/Perth',
    ]) {
      setBusinessTimeZone(zone);
      const direct = hourIn(zone);
      fc.assert(
        fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), (t) => {
          const peak = Number(direct.format(new Date(t))) >= 16;
          expect(isPeakHour(new Date(t)), `${zone} ${new Date(t).toISOString()}`).toBe(peak);
        }),
        { numRuns: 500 },
      );
    }
  });

  it('moves with Melbourne summer time: peak starts at 05:00 UTC in summer and 06:00 UTC in winter', () => {
    setBusinessTimeZone('Australia/Melbourne');
    // Either side of the change on Sun 4 Oct 2026 (2am AEST -> 3am AEDT) and Sun 5 Apr 2026.
    expect(isPeakHour(new Date('2026-10-03T05:00:00Z'))).toBe(false); // 3pm AEST
    expect(isPeakHour(new Date('2026-10-04T05:00:00Z'))).toBe(true); // 4pm AEDT
    expect(isPeakHour(new Date('2026-04-04T05:00:00Z'))).toBe(true); // 4pm AEDT
    expect(isPeakHour(new Date('2026-04-05T05:00:00Z'))).toBe(false); // 3pm AEST
    expect(isPeakHour(new Date('2026-04-05T13:00:00Z'))).toBe(true); // 11pm AEST
    expect(isPeakHour(new Date('2026-04-05T14:00:00Z'))).toBe(false); // midnight AEST
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

  it('ends at Melbourne midnight across the October change (719 hours) and the April change (721)', () => {
    setBusinessTimeZone('Australia/Melbourne');
    const anchor = zonedInstant('2026-09-20');
    const october = currentPeriod(anchor, new Date('2026-10-10T00:00:00Z'));
    expect(october.stop).toEqual(zonedInstant('2026-10-20'));
    expect(october.stop.getTime() - october.start.getTime()).toBe(719 * HOUR);
    const april = currentPeriod(anchor, new Date('2027-04-10T00:00:00Z'));
    expect(april.start).toEqual(zonedInstant('2027-03-19'));
    expect(april.stop).toEqual(zonedInstant('2027-04-18'));
    expect(april.stop.getTime() - april.start.getTime()).toBe(721 * HOUR);
  });
});
