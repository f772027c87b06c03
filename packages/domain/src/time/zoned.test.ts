import { afterEach, describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addCalendarDays,
  businessDate,
  businessHour,
  businessYearMonth,
  calendarDaysBetween,
  periodOf,
  startOfBusinessDay,
  startOfBusinessMonth,
  wallDate,
  wallTime,
  weekdayOf,
  zonedInstant,
} from './zoned';
import { DEFAULT_BUSINESS_TIME_ZONE, businessTimeZone, setBusinessTimeZone } from './zone';
import { timeZoneOfState, zoneAbbreviation, zoneDescription } from './names';

const MEL = 'Australia/Melbourne';
const PER = 'Australia/Perth';
const at = (iso: string) => new Date(iso);

afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

describe('the business zone', () => {
  it('is Brisbane unless set, refuses an unknown name, and labels follow it', () => {
    expect(businessTimeZone()).toBe('Australia/Brisbane');
    expect(() => setBusinessTimeZone('Australia/Toowoomba')).toThrow('Unknown time zone');
    expect(businessTimeZone()).toBe('Australia/Brisbane');
    const winter = at('2026-07-01T00:00:00Z');
    const summer = at('2027-01-01T00:00:00Z');
    expect(zoneDescription(summer)).toBe('AEST (UTC+10)');
    setBusinessTimeZone(MEL);
    expect(zoneDescription(winter)).toBe('AEST (UTC+10)');
    expect(zoneDescription(summer)).toBe('AEDT (UTC+11)');
    expect(zoneDescription(summer, 'Australia/Adelaide')).toBe('ACDT (UTC+10:30)');
    expect(zoneDescription(winter, 'Australia/Darwin')).toBe('ACST (UTC+9:30)');
    expect(zoneDescription(summer, PER)).toBe('AWST (UTC+8)');
    expect(zoneAbbreviation(summer, 'America/New_York')).toBe('UTC-5');
    expect(timeZoneOfState('wa')).toBe(PER);
    expect(timeZoneOfState('')).toBe(MEL);
  });
});

describe('calendar dates', () => {
  it('count days across months, years and leap days', () => {
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(calendarDaysBetween('2026-10-01', '2026-10-31')).toBe(30);
    expect(weekdayOf('2026-10-04')).toBe(0);
    expect(() => addCalendarDays('4/10/2026', 1)).toThrow('Not a date');
  });
});

describe('Melbourne across both daylight-saving changes', () => {
  // Summer time ends Sun 5 Apr 2026 at 3am AEDT (clocks back to 2am AEST) and starts
  // Sun 4 Oct 2026 at 2am AEST (clocks forward to 3am AEDT).
  it('finds the wall clock and midnight on each side', () => {
    expect(zonedInstant('2026-04-04', 0, MEL).toISOString()).toBe('2026-04-03T13:00:00.000Z');
    expect(zonedInstant('2026-04-06', 0, MEL).toISOString()).toBe('2026-04-05T14:00:00.000Z');
    expect(zonedInstant('2026-10-04', 0, MEL).toISOString()).toBe('2026-10-03T14:00:00.000Z');
    expect(zonedInstant('2026-10-05', 0, MEL).toISOString()).toBe('2026-10-04T13:00:00.000Z');
    // 2:30 am on 4 Oct does not exist: read as after the change.
    expect(wallTime(zonedInstant('2026-10-04', 150, MEL), MEL).hour).toBe(3);
    expect(wallTime(at('2026-04-04T15:30:00Z'), MEL)).toEqual({
      date: '2026-04-05',
      hour: 2,
      minute: 30,
      offsetMinutes: 660,
    });
    expect(wallTime(at('2026-04-04T16:30:00Z'), MEL).offsetMinutes).toBe(600);
    // The date alone, as numbers: the same day, either side of midnight and of the change.
    expect(wallDate(at('2026-04-04T15:30:00Z'), MEL)).toEqual({ year: 2026, month: 4, day: 5 });
    expect(wallDate(at('2026-04-04T12:59:59Z'), MEL)).toEqual({ year: 2026, month: 4, day: 4 });
    expect(wallDate(at('2026-12-31T13:00:00Z'), MEL)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(wallDate(at('2026-12-31T13:00:00Z'), 'Australia/Perth')).toEqual({
      year: 2026,
      month: 12,
      day: 31,
    });
  });

  it('puts each hour in its local day and peak/off-peak hour', () => {
    // 13:00Z is midnight in summer, 11pm in winter.
    expect(businessHour(at('2026-01-10T13:00:00Z'), MEL)).toBe(0);
    expect(businessHour(at('2026-07-10T13:00:00Z'), MEL)).toBe(23);
    expect(businessDate(at('2026-07-10T13:59:59Z'), MEL)).toBe('2026-07-10');
    expect(businessDate(at('2026-07-10T14:00:00Z'), MEL)).toBe('2026-07-11');
    expect(businessDate(at('2026-01-10T13:00:00Z'), MEL)).toBe('2026-01-11');
    // The day the clocks go back has 25 hours, the day they go forward 23.
    const back = startOfBusinessDay(at('2026-04-05T12:00:00Z'), 0, MEL);
    expect(addBusinessDays(back, 1, MEL).getTime() - back.getTime()).toBe(25 * 3_600_000);
    const forward = startOfBusinessDay(at('2026-10-04T12:00:00Z'), 0, MEL);
    expect(addBusinessDays(forward, 1, MEL).getTime() - forward.getTime()).toBe(23 * 3_600_000);
  });

  it('rolls a 30-day billing period over at midnight on both sides of each change', () => {
    const anchor = zonedInstant('2026-03-20', 0, MEL); // AEDT
    // Period 2026-03-20 .. 2026-04-19 spans the April change: 721 hours, ends at AEST midnight.
    const first = periodOf(anchor, at('2026-04-10T00:00:00Z'), 30, MEL);
    expect(first.start.toISOString()).toBe('2026-03-19T13:00:00.000Z');
    expect(first.stop.toISOString()).toBe('2026-04-18T14:00:00.000Z');
    expect(wallTime(first.stop, MEL)).toMatchObject({ date: '2026-04-19', hour: 0, minute: 0 });
    // One second before and at the roll-over.
    expect(periodOf(anchor, at('2026-04-18T13:59:59Z'), 30, MEL).start).toEqual(first.start);
    expect(periodOf(anchor, at('2026-04-18T14:00:00Z'), 30, MEL).start).toEqual(first.stop);
    // Six periods on (2026-09-16 .. 2026-10-16) spans the October change: 719 hours.
    const october = periodOf(anchor, at('2026-10-10T00:00:00Z'), 30, MEL);
    expect(wallTime(october.start, MEL)).toMatchObject({ date: '2026-09-16', hour: 0 });
    expect(wallTime(october.stop, MEL)).toMatchObject({ date: '2026-10-16', hour: 0 });
    expect(october.stop.getTime() - october.start.getTime()).toBe(719 * 3_600_000);
    expect(periodOf(anchor, at('2026-10-15T12:59:59Z'), 30, MEL).stop).toEqual(october.stop);
    expect(periodOf(anchor, at('2026-10-15T13:00:00Z'), 30, MEL).start).toEqual(october.stop);
    // Before the anchor: the anchor's own period.
    expect(periodOf(anchor, at('2026-01-01T00:00:00Z'), 30, MEL).start).toEqual(anchor);
  });
});

describe('Perth (UTC+8 all year)', () => {
  it('has its own midnight, hours, months and periods', () => {
    expect(zonedInstant('2026-10-04', 0, PER).toISOString()).toBe('2026-10-03T16:00:00.000Z');
    expect(businessHour(at('2026-10-03T16:00:00Z'), PER)).toBe(0);
    expect(businessHour(at('2026-10-03T08:00:00Z'), PER)).toBe(16);
    expect(startOfBusinessMonth(at('2026-10-31T17:00:00Z'), 0, PER).toISOString()).toBe(
      '2026-10-31T16:00:00.000Z',
    );
    expect(startOfBusinessMonth(at('2026-01-15T00:00:00Z'), 2, PER).toISOString()).toBe(
      '2025-10-31T16:00:00.000Z',
    );
    expect(businessYearMonth(at('2026-12-31T16:00:00Z'), PER)).toEqual({ year: 2027, month: 1 });
    const anchor = zonedInstant('2026-03-20', 0, PER);
    const p = periodOf(anchor, at('2026-10-10T00:00:00Z'), 30, PER);
    expect(p.stop.getTime() - p.start.getTime()).toBe(720 * 3_600_000);
    expect(p.start.toISOString()).toBe('2026-09-15T16:00:00.000Z');
  });

  it('uses the business zone by default', () => {
    setBusinessTimeZone(PER);
    expect(businessDate(at('2026-10-03T16:00:00Z'))).toBe('2026-10-04');
    expect(zoneDescription(at('2026-10-03T16:00:00Z'))).toBe('AWST (UTC+8)');
  });
});

describe('the wall clock read from the cached offset', () => {
  // What Intl (the time-zone database itself) says the wall clock reads.
  const intlWall = (t: number, timeZone: string) => {
    const fields = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(t))
        .map((p) => [p.type, p.value]),
    );
    return {
      date: `${fields.year}-${fields.month}-${fields.day}`,
      hour: Number(fields.hour),
      minute: Number(fields.minute),
    };
  };

  it('matches the time-zone database minute by minute around every change of 2026, half-hour zones too', () => {
    const changes = [
      ['Australia/Melbourne', '2026-04-04T16:00:00Z'],
      ['Australia/Melbourne', '2026-10-03T16:00:00Z'],
      ['Australia/Adelaide', '2026-04-04T16:30:00Z'],
      ['Australia/Adelaide', '2026-10-03T16:30:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
    ] as const;
    let checked = 0;
    for (const [zone, iso] of changes) {
      const change = Date.parse(iso);
      for (let t = change - 2 * 3_600_000; t <= change + 2 * 3_600_000; t += 60_000) {
        const expected = intlWall(t, zone);
        expect(
          { ...wallTime(new Date(t), zone), offsetMinutes: undefined },
          `${zone} ${new Date(t).toISOString()}`,
        ).toEqual({ ...expected, offsetMinutes: undefined });
        expect(businessHour(new Date(t), zone)).toBe(expected.hour);
        checked += 1;
      }
    }
    expect(checked).toBe(8 * 241);
  });

  it('answers the same instant for the same wall clock every time (the cache), and Adelaide midnight', () => {
    const first = zonedInstant('2026-10-04', 0, 'Australia/Adelaide');
    expect(first.toISOString()).toBe('2026-10-03T14:30:00.000Z');
    expect(zonedInstant('2026-10-04', 0, 'Australia/Adelaide')).toEqual(first);
    expect(zonedInstant('2026-10-05', 0, 'Australia/Adelaide').toISOString()).toBe(
      '2026-10-04T13:30:00.000Z',
    );
  });
});

describe('remembered periods (issue 38)', () => {
  it('answer as if worked out afresh, whatever was asked before', () => {
    const anchor = at('2026-03-19T13:00:00Z'); // midnight 20 Mar in Melbourne (AEDT)
    const inFirst = at('2026-04-10T00:00:00Z');
    const inSecond = at('2026-04-25T00:00:00Z');
    const first = periodOf(anchor, inFirst, 30, MEL);
    const second = periodOf(anchor, inSecond, 30, MEL);
    expect(second.start).toEqual(first.stop);
    // Asked again in the first period after the second was remembered: the first, not the second.
    expect(periodOf(anchor, inFirst, 30, MEL)).toEqual(first);
    // Before the anchor: the anchor's own period, though it does not hold `now`.
    expect(periodOf(anchor, at('2026-03-01T00:00:00Z'), 30, MEL)).toEqual(first);
    // Another zone or length is another question.
    expect(periodOf(anchor, inFirst, 30, 'Australia/Perth').stop).not.toEqual(first.stop);
    expect(periodOf(anchor, inFirst, 7, MEL).stop).not.toEqual(first.stop);
    // Callers get their own dates: changing one changes nothing remembered.
    first.stop.setTime(0);
    expect(periodOf(anchor, inFirst, 30, MEL).stop).toEqual(second.start);
    const added = addBusinessDays(anchor, 30, MEL);
    added.setTime(0);
    expect(addBusinessDays(anchor, 30, MEL)).toEqual(second.start);
    expect(addBusinessDays(anchor, 30, 'Australia/Perth')).not.toEqual(second.start);
  });
});
