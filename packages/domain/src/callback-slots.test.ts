import { describe, expect, it } from 'vitest';
import { businessCalendar } from './business-calendar';
import {
  DEFAULT_CALLBACK_SETTINGS,
  TEAM_HOURS,
  bookingSummary,
  callbackDays,
  checkCallbackPhone,
  checkCallbackReason,
  callbackMessages,
  dayLabel,
  isOfferedSlot,
  slotLabel,
  slotText,
  teamHoursOn,
  weekdayOf,
} from './callback-slots';
import { businessDate as brisbaneDate } from './time/zoned';
import { timeZoneOfState } from './time/names';

/** The closures of content/business/queensland.json. */
const qldCalendar = businessCalendar({
  state: 'QLD',
  closures: [
    { name: 'Royal Queensland Show (Brisbane)', rule: 'wednesday after 1st friday after 08-05' },
    { name: 'Anzac Day', rule: '04-25' },
  ],
});
const qld = { ...DEFAULT_CALLBACK_SETTINGS, closureOn: qldCalendar.closureOn };

const at = (iso: string) => new Date(iso);
/** An AEST wall time as an instant. */
const aest = (local: string) => new Date(`${local}:00+10:00`);
const times = (day: { slots: Date[] }) => day.slots.map((s) => s.toISOString());

describe("Queensland's closed days (date-holidays and the business file's closures)", () => {
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  // The hand-written table this replaced, 2026 to January 2028: every day is still closed.
  it.each([
    ['2026-01-01', 'Thu'],
    ['2026-01-26', 'Mon'],
    ['2026-04-03', 'Fri'],
    ['2026-04-04', 'Sat'],
    ['2026-04-05', 'Sun'],
    ['2026-04-06', 'Mon'],
    ['2026-04-25', 'Sat'],
    ['2026-05-04', 'Mon'],
    ['2026-08-12', 'Wed'],
    ['2026-10-05', 'Mon'],
    ['2026-12-25', 'Fri'],
    ['2026-12-26', 'Sat'],
    ['2026-12-28', 'Mon'],
    ['2027-01-01', 'Fri'],
    ['2027-01-26', 'Tue'],
    ['2027-03-26', 'Fri'],
    ['2027-03-27', 'Sat'],
    ['2027-03-28', 'Sun'],
    ['2027-03-29', 'Mon'],
    ['2027-04-25', 'Sun'],
    ['2027-04-26', 'Mon'],
    ['2027-05-03', 'Mon'],
    ['2027-08-11', 'Wed'],
    ['2027-10-04', 'Mon'],
    ['2027-12-25', 'Sat'],
    ['2027-12-26', 'Sun'],
    ['2027-12-27', 'Mon'],
    ['2027-12-28', 'Tue'],
    ['2028-01-01', 'Sat'],
    ['2028-01-03', 'Mon'],
    ['2028-01-26', 'Wed'],
  ])('%s (a %s) is closed all day', (date, weekday) => {
    const closure = qldCalendar.closureOn(date);
    expect(closure).toBeDefined();
    expect(closure!.fromMinute).toBeUndefined();
    expect(weekdays[weekdayOf(date)]).toBe(weekday);
  });

  it('closes Christmas Eve from 6pm', () => {
    expect(qldCalendar.closureOn('2026-12-24')).toEqual({
      date: '2026-12-24',
      name: 'Christmas Eve',
      fromMinute: 1080,
    });
  });

  it('has exactly the days of the old table in 2026, and no others', () => {
    expect(qldCalendar.closuresIn(2026).map((d) => `${d.date} ${d.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      '2026-01-26 Australia Day',
      '2026-04-03 Good Friday',
      '2026-04-04 Easter Saturday',
      '2026-04-05 Easter Sunday',
      '2026-04-06 Easter Monday',
      '2026-04-25 Anzac Day',
      '2026-05-04 Labour Day',
      '2026-08-12 Royal Queensland Show (Brisbane)',
      "2026-10-05 King's Birthday",
      '2026-12-24 Christmas Eve',
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      '2026-12-28 Boxing Day (substitute day)',
    ]);
  });
});

describe('team hours', () => {
  it('follow the Contact page table', () => {
    expect(teamHoursOn('technical', '2026-11-24', qld)).toEqual({ open: 480, close: 1200 }); // Tue 8-8
    expect(teamHoursOn('technical', '2026-11-28', qld)).toEqual({ open: 480, close: 1080 }); // Sat 8-6
    expect(teamHoursOn('technical', '2026-11-29', qld)).toEqual({ open: 480, close: 1080 }); // Sun 8-6
    expect(teamHoursOn('sales', '2026-11-24', qld)).toEqual({ open: 480, close: 1080 }); // Tue 8-6
    expect(teamHoursOn('sales', '2026-11-28', qld)).toEqual({ open: 540, close: 1020 }); // Sat 9-5
    expect(teamHoursOn('sales', '2026-11-29', qld)).toBeNull(); // Sunday closed
    expect(TEAM_HOURS.sales[0]).toBeNull();
  });

  it('close on public holidays and at 6pm on Christmas Eve', () => {
    expect(teamHoursOn('technical', '2026-12-25', qld)).toBeNull();
    expect(teamHoursOn('technical', '2026-04-05', qld)).toBeNull(); // Easter Sunday
    expect(teamHoursOn('sales', '2026-08-12', qld)).toBeNull(); // Ekka
    expect(teamHoursOn('technical', '2026-12-24', qld)).toEqual({ open: 480, close: 1080 });
    expect(teamHoursOn('sales', '2026-12-24', qld)).toEqual({ open: 480, close: 1080 });
  });
});

describe('callbackDays', () => {
  it('offers the next 5 open days from today, slots from 30 minutes after now', () => {
    // Tuesday 24 Nov 2026, 10:05 am AEST.
    const days = callbackDays('technical', aest('2026-11-24T10:05'), { settings: qld });
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    // 10:35 is the earliest start: the 11:00 slot is the first.
    expect(days[0]!.slots[0]).toEqual(aest('2026-11-24T11:00'));
    expect(days[0]!.slots.at(-1)).toEqual(aest('2026-11-24T19:30'));
    expect(days[0]!.slots).toHaveLength(18);
    // A full weekday: 8:00 to 19:30, 24 slots; a weekend day 8:00 to 17:30, 20 slots.
    expect(days[1]!.slots).toHaveLength(24);
    expect(days[4]!.slots).toHaveLength(20);
    expect(days[4]!.slots.at(-1)).toEqual(aest('2026-11-28T17:30'));
  });

  it('skips Sales & Accounts Sundays and starts tomorrow once today has closed', () => {
    // Saturday 28 Nov, 4:40 pm AEST: the 5 pm close leaves no slot after the lead time.
    const days = callbackDays('sales', aest('2026-11-28T16:40'), { settings: qld });
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    expect(days[0]!.slots[0]).toEqual(aest('2026-11-30T08:00'));
    expect(days[0]!.slots.at(-1)).toEqual(aest('2026-11-30T17:30'));
  });

  it('leaves out the Christmas holidays and the evening of Christmas Eve', () => {
    const days = callbackDays('technical', aest('2026-12-23T21:00'), { settings: qld });
    expect(days.map((d) => d.date)).toEqual([
      '2026-12-24',
      '2026-12-27',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
    ]);
    expect(days[0]!.slots.at(-1)).toEqual(aest('2026-12-24T17:30'));
    const sales = callbackDays('sales', aest('2026-12-23T21:00'), { settings: qld });
    // Sat 26 is Boxing Day, Sun closed, Mon 28 the additional day.
    expect(sales.map((d) => d.date)).toEqual([
      '2026-12-24',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-02',
    ]);
  });

  it('leaves out the Easter weekend and the Ekka', () => {
    const easter = callbackDays('technical', aest('2026-04-02T20:00'), { settings: qld });
    expect(easter.map((d) => d.date)).toEqual([
      '2026-04-07',
      '2026-04-08',
      '2026-04-09',
      '2026-04-10',
      '2026-04-11',
    ]);
    const ekka = callbackDays('sales', aest('2026-08-10T07:00'), { settings: qld });
    expect(ekka.map((d) => d.date)).toEqual([
      '2026-08-10',
      '2026-08-11',
      '2026-08-13',
      '2026-08-14',
      '2026-08-15',
    ]);
  });

  it('takes out full slots but keeps the day', () => {
    const now = aest('2026-11-24T10:05');
    const full = aest('2026-11-25T08:00').getTime();
    const days = callbackDays('sales', now, {
      settings: { ...qld, capacity: 2 },
      booked: (s) => (s.getTime() === full ? 2 : s.getTime() === full + 1_800_000 ? 1 : 0),
    });
    expect(days[1]!.slots[0]).toEqual(aest('2026-11-25T08:30'));
    const allTaken = callbackDays('sales', now, {
      settings: { ...qld, capacity: 2 },
      booked: () => 2,
    });
    expect(allTaken).toHaveLength(5);
    expect(allTaken.every((d) => d.slots.length === 0)).toBe(true);
  });

  it('groups by the Brisbane date even when UTC has another date', () => {
    // 8:00 am AEST on Wednesday is 22:00 UTC on Tuesday.
    const days = callbackDays('technical', at('2026-11-24T12:00:00Z'), { settings: qld });
    expect(days[0]!.date).toBe('2026-11-25');
    expect(times(days[0]!)[0]).toBe('2026-11-24T22:00:00.000Z');
    expect(brisbaneDate(at('2026-11-24T22:00:00Z'))).toBe('2026-11-25');
  });
});

describe('callbackDays with other settings', () => {
  it('follows the slot length, days, lead time and a part-day closure it is given', () => {
    const settings = {
      ...DEFAULT_CALLBACK_SETTINGS,
      slotMinutes: 60,
      days: 2,
      leadMinutes: 120,
      closureOn: (date: string) =>
        date === '2026-11-25' ? { date, name: 'Staff meeting', fromMinute: 12 * 60 } : undefined,
    };
    // Tuesday 24 Nov 2026, 4:50 pm: two hours' lead leaves the 7 pm hour today.
    const days = callbackDays('technical', aest('2026-11-24T16:50'), { settings });
    expect(days.map((d) => d.date)).toEqual(['2026-11-24', '2026-11-25']);
    expect(times(days[0]!)).toEqual([aest('2026-11-24T19:00').toISOString()]);
    // Closed from noon: 8, 9, 10 and 11 am.
    expect(times(days[1]!)).toEqual(
      ['08:00', '09:00', '10:00', '11:00'].map((t) => aest(`2026-11-25T${t}`).toISOString()),
    );
    expect(
      isOfferedSlot('technical', aest('2026-11-25T11:30'), aest('2026-11-24T16:50'), settings),
    ).toBe(false);
    expect(
      isOfferedSlot('technical', aest('2026-11-25T11:00'), aest('2026-11-24T16:50'), settings),
    ).toBe(true);
  });
});

describe('isOfferedSlot', () => {
  const now = aest('2026-11-24T10:05');
  it('accepts a slot on the grid within hours and the window', () => {
    expect(isOfferedSlot('technical', aest('2026-11-26T19:30'), now, qld)).toBe(true);
  });
  it.each([
    ['too soon', '2026-11-24T10:30'],
    ['in the past', '2026-11-24T09:00'],
    ['off the half-hour grid', '2026-11-25T10:15'],
    ['after closing', '2026-11-25T20:00'],
    ['before opening', '2026-11-25T07:30'],
    ['beyond the 5 days', '2026-11-29T10:00'],
  ])('refuses a slot %s', (_why, local) => {
    expect(isOfferedSlot('technical', aest(local), now, qld)).toBe(false);
  });
  it('refuses Sales & Accounts on a Sunday and after 5 pm on a Saturday', () => {
    expect(isOfferedSlot('sales', aest('2026-11-29T10:00'), now, qld)).toBe(false);
    expect(isOfferedSlot('sales', aest('2026-11-28T17:00'), now, qld)).toBe(false);
    expect(isOfferedSlot('sales', aest('2026-11-28T16:30'), now, qld)).toBe(true);
  });
});

describe('labels across time zones', () => {
  it('shows Queensland callers AEST alone', () => {
    const label = slotLabel(aest('2026-12-01T10:30'), 'Australia/Brisbane');
    expect(label).toEqual({ aest: '10:30 am', zone: 'AEST', local: '10:30 am', same: true });
    expect(slotText(label)).toBe('10:30 am AEST');
  });

  it('shows Perth two hours behind and Darwin half an hour behind, all year', () => {
    const summer = aest('2026-12-01T10:30');
    const winter = aest('2026-07-01T10:30');
    for (const start of [summer, winter]) {
      expect(slotText(slotLabel(start, 'Australia/Perth'))).toBe(
        '8:30 am your time · 10:30 am AEST',
      );
      expect(slotLabel(start, 'Australia/Darwin').local).toBe('10:00 am');
    }
  });

  it('shows Sydney, Melbourne and Hobart an hour ahead in daylight saving only', () => {
    const summer = aest('2026-12-01T19:30');
    expect(slotLabel(summer, 'Australia/Sydney')).toEqual({
      aest: '7:30 pm',
      zone: 'AEST',
      local: '8:30 pm',
      same: false,
    });
    expect(slotLabel(summer, 'Australia/Hobart').local).toBe('8:30 pm');
    const winter = aest('2026-07-01T19:30');
    expect(slotText(slotLabel(winter, 'Australia/Melbourne'))).toBe('7:30 pm AEST');
    // Adelaide: UTC+10:30 in summer, +9:30 in winter.
    expect(slotLabel(summer, 'Australia/Adelaide').local).toBe('8:00 pm');
    expect(slotLabel(winter, 'Australia/Adelaide').local).toBe('7:00 pm');
  });

  it('changes with the daylight-saving switch (first Sunday of October 2026)', () => {
    // Saturday 3 Oct: AEST in Sydney; Monday 5 Oct: AEDT.
    expect(slotLabel(aest('2026-10-03T09:00'), 'Australia/Sydney').same).toBe(true);
    expect(slotLabel(aest('2026-10-05T09:00'), 'Australia/Sydney').local).toBe('10:00 am');
  });

  it('names the day when the caller is on another date', () => {
    expect(slotLabel(aest('2026-12-01T08:00'), 'Europe/London').local).toBe('10:00 pm Mon');
  });

  it('summarises a booking in AEST', () => {
    expect(bookingSummary('technical', aest('2026-12-01T10:30'))).toBe(
      'Technical Support, Tue 01/12/26 10:30 am AEST',
    );
    expect(dayLabel('2026-11-29')).toBe('Sun 29/11/26');
  });

  it('maps a service state to its zone', () => {
    expect(timeZoneOfState('WA')).toBe('Australia/Perth');
    expect(timeZoneOfState('nt')).toBe('Australia/Darwin');
    expect(timeZoneOfState(null)).toBe('Australia/Brisbane');
  });
});

describe('the booking form checks', () => {
  it('wants 8 to 15 digits and a short reason', () => {
    expect(checkCallbackPhone('0491570006')).toBeNull();
    expect(checkCallbackPhone('')).toBe(callbackMessages.phoneRequired);
    expect(checkCallbackPhone('0491 570 006')).toBe(callbackMessages.phoneDigits);
    expect(checkCallbackPhone('1234567')).toBe(callbackMessages.phoneDigits);
    expect(checkCallbackReason('  ')).toBe(callbackMessages.reasonRequired);
    expect(checkCallbackReason('x'.repeat(501))).toBe(callbackMessages.reasonTooLong);
    expect(checkCallbackReason('Dish alignment')).toBeNull();
  });
});
