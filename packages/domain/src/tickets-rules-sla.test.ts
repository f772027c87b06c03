import { describe, expect, it } from 'vitest';
import { businessCalendar } from './business-calendar';
import { DEFAULT_CALLBACK_SETTINGS } from './callback-slots';
import type { DeskHours } from './tickets-due';
import { ticketDueAt } from './tickets-due';
import { addWorkingMinutes } from './time/working-time';

// Queensland's teams (the business file's defaults): Technical Support 8am-8pm weekdays and
// 8am-6pm at weekends; Sales & Accounts 8am-6pm weekdays, 9am-5pm Saturdays, closed Sundays;
// both closed on Queensland's public holidays. Brisbane is UTC+10 all year.
const qld = businessCalendar({ state: 'QLD' });
const hours: DeskHours = {
  support: { week: DEFAULT_CALLBACK_SETTINGS.teams.technical.week, closureOn: qld.closureOn },
  billing: { week: DEFAULT_CALLBACK_SETTINGS.teams.sales.week, closureOn: qld.closureOn },
};
const at = (iso: string) => new Date(iso);

describe('ticketDueAt: the response time in the team business hours', () => {
  it('counts hours within one open day as they are', () => {
    // Tuesday 4 May 2027, 9am in Brisbane: urgent is due at 1pm.
    expect(ticketDueAt('urgent', at('2027-05-04T09:00:00+10:00'), 'support', hours)).toEqual(
      at('2027-05-04T13:00:00+10:00'),
    );
  });

  it('skips the night and starts at the next opening from outside the hours', () => {
    // Tuesday 7pm: one hour left that day (to 8pm), then from 8am Wednesday.
    expect(ticketDueAt('urgent', at('2027-05-04T19:00:00+10:00'), 'support', hours)).toEqual(
      at('2027-05-05T11:00:00+10:00'),
    );
    // Opened at 3am: the four hours start at 8am.
    expect(ticketDueAt('urgent', at('2027-05-05T03:00:00+10:00'), 'support', hours)).toEqual(
      at('2027-05-05T12:00:00+10:00'),
    );
  });

  it('skips the weekend day a team is closed (billing: Sundays)', () => {
    // Saturday 8 May 2027, 4pm: an hour to 5pm, Sunday closed, three hours from 8am Monday.
    expect(ticketDueAt('urgent', at('2027-05-08T16:00:00+10:00'), 'billing', hours)).toEqual(
      at('2027-05-10T11:00:00+10:00'),
    );
    // Support works Saturdays to 6pm and Sundays: two hours Saturday, due Sunday 10am.
    expect(ticketDueAt('urgent', at('2027-05-08T16:00:00+10:00'), 'support', hours)).toEqual(
      at('2027-05-09T10:00:00+10:00'),
    );
    // A ticket nobody gave a team is support's.
    expect(ticketDueAt('urgent', at('2027-05-08T16:00:00+10:00'), null, hours)).toEqual(
      at('2027-05-09T10:00:00+10:00'),
    );
  });

  it('skips a public holiday (Labour Day, Monday 3 May 2027 in Queensland)', () => {
    expect(qld.closureOn('2027-05-03')?.name).toBe('Labour Day');
    // Saturday 10am, normal (24 h): Saturday 8 h (to 6pm), Sunday 10 h, Monday closed, Tuesday
    // 6 h from 8am: 2pm Tuesday (a day later than without the holiday).
    expect(ticketDueAt('normal', at('2027-05-01T10:00:00+10:00'), 'support', hours)).toEqual(
      at('2027-05-04T14:00:00+10:00'),
    );
    const noHolidays = { ...hours.support, closureOn: () => undefined };
    expect(addWorkingMinutes(at('2027-05-01T10:00:00+10:00'), 24 * 60, noHolidays)).toEqual(
      at('2027-05-03T14:00:00+10:00'),
    );
  });

  it('stops at a part-day closure (Christmas Eve from 6pm) and skips Christmas and Boxing Day', () => {
    // Thursday 24 December 2026, 4pm: two hours to 6pm; 25 (Friday) and 26 (Saturday) closed;
    // Sunday 27 open 8am-6pm: due 10am.
    expect(ticketDueAt('urgent', at('2026-12-24T16:00:00+10:00'), 'support', hours)).toEqual(
      at('2026-12-27T10:00:00+10:00'),
    );
  });

  it('counts low priority (72 h) across several weeks of business days', () => {
    // Billing from Monday 10 May 2027 8am: 10 h a weekday, 8 h Saturday: Mon-Fri 50 h, Sat 8 h
    // (58), Mon-Tue 20 h (78 > 72): 72 h reached Tuesday 18 May at noon... counted: Mon 17 10 h
    // (68), Tue 18 4 h: noon.
    expect(ticketDueAt('low', at('2027-05-10T08:00:00+10:00'), 'billing', hours)).toEqual(
      at('2027-05-18T12:00:00+10:00'),
    );
  });

  it('counts the real length of a day daylight saving shortens (Melbourne, 4 October 2026)', () => {
    const allDay = { week: Array(7).fill({ open: 0, close: 1440 }), closureOn: () => undefined };
    // Sunday 4 October 2026 in Melbourne has 23 hours (2am AEST is 3am AEDT): 24 working hours
    // from its midnight end at 1am Monday, 24 real hours later.
    const from = at('2026-10-04T00:00:00+10:00');
    expect(addWorkingMinutes(from, 24 * 60, allDay, 'Australia/Melbourne')).toEqual(
      at('2026-10-05T01:00:00+11:00'),
    );
    // Open 8am to 8pm: 12 hours that Sunday as on any other day.
    const dayTime = { week: Array(7).fill({ open: 480, close: 1200 }), closureOn: () => undefined };
    expect(addWorkingMinutes(from, 13 * 60, dayTime, 'Australia/Melbourne')).toEqual(
      at('2026-10-05T09:00:00+11:00'),
    );
  });

  it('refuses hours that never open', () => {
    expect(() =>
      addWorkingMinutes(at('2027-05-01T00:00:00Z'), 60, {
        week: [null, null, null, null, null, null, null],
        closureOn: () => undefined,
      }),
    ).toThrow(/do not open within 400 days/);
  });
});
