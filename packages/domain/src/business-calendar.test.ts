import { describe, expect, it } from 'vitest';
import { businessCalendar, isClosureRule, stateHolidayNames } from './business-calendar';
import { weekdayOf } from './callback-slots';

const YEARS = Array.from({ length: 10 }, (_, i) => 2026 + i);

/** Easter Sunday (anonymous Gregorian algorithm), as YYYY-MM-DD: an oracle apart from date-holidays. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The nth (1-based) given weekday (0 Sunday) of a month, YYYY-MM-DD. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return shift(first, offset + (n - 1) * 7);
}

const names = (calendar: ReturnType<typeof businessCalendar>, year: number) =>
  calendar
    .closuresIn(year)
    .map((d) => `${d.date} ${d.name}${d.fromMinute ? ` from ${d.fromMinute}` : ''}`);

describe('the business calendar, every year from 2026 to 2035', () => {
  const qld = businessCalendar({
    state: 'QLD',
    closures: [
      { name: 'Royal Queensland Show (Brisbane)', rule: 'wednesday after 1st friday after 08-05' },
    ],
  });
  const vic = businessCalendar({ state: 'VIC' });
  const nsw = businessCalendar({ state: 'NSW' });
  const sa = businessCalendar({ state: 'SA' });

  it.each(YEARS)('%i: Queensland', (year) => {
    const easter = easterSunday(year);
    expect(qld.closureOn(`${year}-12-25`)).toEqual({
      date: `${year}-12-25`,
      name: 'Christmas Day',
    });
    expect(qld.closureOn(shift(easter, -2))?.name).toBe('Good Friday');
    expect(qld.closureOn(shift(easter, 1))?.name).toBe('Easter Monday');
    expect(qld.closureOn(nthWeekday(year, 5, 1, 1))?.name).toBe('Labour Day');
    expect(qld.closureOn(nthWeekday(year, 10, 1, 1))?.name).toBe("King's Birthday");
    // Part-day: Christmas Eve from 6pm.
    expect(qld.closureOn(`${year}-12-24`)).toEqual({
      date: `${year}-12-24`,
      name: 'Christmas Eve',
      fromMinute: 18 * 60,
    });
    // The Ekka: the Wednesday of the show, which opens on the first Friday from 5 August.
    const ekka = qld.closuresIn(year).find((d) => d.name === 'Royal Queensland Show (Brisbane)');
    expect(weekdayOf(ekka!.date)).toBe(3);
    expect(ekka!.date).toBe(
      shift(
        nthWeekday(year, 8, 5, 1) < `${year}-08-05`
          ? nthWeekday(year, 8, 5, 2)
          : nthWeekday(year, 8, 5, 1),
        5,
      ),
    );
    // No Melbourne Cup, no New Year's Eve in Queensland.
    expect(names(qld, year).some((n) => /Melbourne Cup|New Year's Eve/.test(n))).toBe(false);
  });

  it.each(YEARS)('%i: Victoria', (year) => {
    const easter = easterSunday(year);
    expect(vic.closureOn(`${year}-12-25`)?.name).toBe('Christmas Day');
    expect(vic.closureOn(shift(easter, -2))?.name).toBe('Good Friday');
    expect(vic.closureOn(nthWeekday(year, 3, 1, 2))?.name).toBe('Labour Day');
    expect(vic.closureOn(nthWeekday(year, 6, 1, 2))?.name).toBe("King's Birthday");
    expect(vic.closureOn(nthWeekday(year, 11, 2, 1))?.name).toBe('Melbourne Cup');
    // Victoria keeps Christmas Eve as a working day.
    expect(vic.closureOn(`${year}-12-24`)).toBeUndefined();
  });

  it.each(YEARS)('%i: New South Wales and South Australia', (year) => {
    expect(nsw.closureOn(shift(easterSunday(year), -2))?.name).toBe('Good Friday');
    expect(nsw.closureOn(nthWeekday(year, 10, 1, 1))?.name).toBe('Labour Day');
    expect(nsw.closureOn(nthWeekday(year, 6, 1, 2))?.name).toBe("King's Birthday");
    // South Australia: Christmas Eve and New Year's Eve from 7pm.
    expect(sa.closureOn(`${year}-12-24`)?.fromMinute).toBe(19 * 60);
    expect(sa.closureOn(`${year}-12-31`)).toEqual({
      date: `${year}-12-31`,
      name: "New Year's Eve",
      fromMinute: 19 * 60,
    });
  });

  it('moves a weekend Christmas to the next working days', () => {
    // 2032: Christmas on a Saturday, Boxing Day on a Sunday.
    expect(names(qld, 2032).slice(-5)).toEqual([
      '2032-12-24 Christmas Eve from 1080',
      '2032-12-25 Christmas Day',
      '2032-12-26 Boxing Day',
      '2032-12-27 Christmas Day (substitute day)',
      '2032-12-28 Boxing Day (substitute day)',
    ]);
  });
});

describe("the provider's own closures", () => {
  it('adds one-off, yearly, part-day and several-day closures', () => {
    const calendar = businessCalendar({
      state: 'VIC',
      closures: [
        { name: 'Stocktake', rule: '2026-11-30' },
        { name: 'Summer shutdown', rule: '12-30 P4D' },
        { name: 'Early close', rule: '11-20 15:30' },
      ],
    });
    expect(calendar.closureOn('2026-11-30')).toEqual({ date: '2026-11-30', name: 'Stocktake' });
    expect(calendar.closureOn('2027-11-30')).toBeUndefined();
    expect(calendar.closureOn('2027-11-20')).toEqual({
      date: '2027-11-20',
      name: 'Early close',
      fromMinute: 930,
    });
    // Four days from 30 December run into the next year.
    expect(names(calendar, 2027).slice(0, 3)).toEqual([
      "2027-01-01 New Year's Day",
      '2027-01-02 Summer shutdown',
      '2027-01-26 Australia Day',
    ]);
    expect(calendar.closureOn('2026-12-30')?.name).toBe('Summer shutdown');
    expect(calendar.closureOn('2026-12-31')?.name).toBe('Summer shutdown');
    expect(calendar.closureOn('2027-01-02')?.name).toBe('Summer shutdown');
    expect(calendar.closureOn('2027-01-03')).toBeUndefined();
  });

  it('lets a full-day closure win over a part-day holiday on the same date', () => {
    const calendar = businessCalendar({
      state: 'QLD',
      closures: [{ name: 'Christmas Eve (closed)', rule: '12-24' }],
    });
    expect(calendar.closureOn('2026-12-24')).toEqual({
      date: '2026-12-24',
      name: 'Christmas Eve (closed)',
    });
  });

  it("keeps open on the state's holidays the provider works", () => {
    const calendar = businessCalendar({ state: 'VIC', openOn: ['Melbourne Cup'] });
    expect(calendar.closureOn('2026-11-03')).toBeUndefined();
    expect(calendar.closureOn('2026-12-25')?.name).toBe('Christmas Day');
  });

  it('knows the rules date-holidays reads and the names of a state', () => {
    expect(isClosureRule('wednesday after 1st friday after 08-05')).toBe(true);
    expect(isClosureRule('2026-12-29 P3D')).toBe(true);
    expect(isClosureRule('sometime in August')).toBe(false);
    expect(() =>
      businessCalendar({ state: 'QLD', closures: [{ name: 'x', rule: 'soon' }] }),
    ).toThrow("Not a closure rule date-holidays reads: 'soon'");
    const vic = stateHolidayNames('VIC', [2026]);
    expect(vic.has('Melbourne Cup')).toBe(true);
    expect(vic.has('Boxing Day')).toBe(true);
    expect(stateHolidayNames('QLD', [2026]).has('Melbourne Cup')).toBe(false);
  });
});
