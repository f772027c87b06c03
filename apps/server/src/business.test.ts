import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CALLBACK_SETTINGS,
  callbackDays,
  isOfferedSlot,
  teamHoursOn,
} from '@outpost/domain/callback-slots';
import { loadConfig } from './config';
import { paths } from './paths';

/** The business file start-up check (docs/decisions/042): every refusal names the field at fault. */

const files = path.join(paths.appRoot, 'content/business');
const queensland = JSON.parse(readFileSync(path.join(files, 'queensland.json'), 'utf8')) as Record<
  string,
  unknown
>;
type File = typeof queensland & {
  teams: Record<string, { hours: Record<string, string> }>;
  callbacks: Record<string, unknown>;
  tax: Record<string, unknown>;
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'outpost-business-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Writes a business file (the Queensland one changed by `change`) and loads the config with it. */
function loadWith(change: (b: File) => unknown, env: Record<string, string> = {}) {
  const file = path.join(dir, `business-${(n += 1)}.json`);
  writeFileSync(file, JSON.stringify(change(structuredClone(queensland) as File)));
  return loadConfig({ BUSINESS_FILE: file, ...env });
}

/** The start-up refusal's lines, without the file's path. */
function problems(change: (b: File) => unknown): string[] {
  try {
    loadWith(change);
  } catch (error) {
    return (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/^ {2}BUSINESS_FILE \([^)]*\): /, ''));
  }
  throw new Error('the file was accepted');
}

/** An AEST wall time as an instant. */
const aest = (local: string) => new Date(`${local}:00+10:00`);

describe('the Queensland business file (the default)', () => {
  const { business } = loadConfig({});

  it("gives today's hours, slots and tax, word for word", () => {
    const { closureOn, ...settings } = business.callbacks;
    const { closureOn: _none, ...defaults } = DEFAULT_CALLBACK_SETTINGS;
    expect(settings).toEqual(defaults);
    expect(business.timeZone).toBe('Australia/Brisbane');
    expect(business.state).toBe('QLD');
    expect(business.tax).toEqual({
      name: 'GST',
      ratePercent: 10,
      invoiceNote: 'All prices include GST.',
    });
    // Spec 3 section 2.7's table, in its order.
    expect(business.page).toEqual({
      timeZone: 'Australia/Brisbane',
      hours: [
        {
          team: 'Sales & Accounts',
          hours: 'Monday to Friday 8am-6pm; Saturdays (sales only) 9am-5pm; public holidays closed',
        },
        {
          team: 'Technical Support',
          hours: 'Monday to Friday 8am-8pm; weekends 8am-6pm; public holidays closed',
        },
      ],
    });
    expect(closureOn('2026-12-25')?.name).toBe('Christmas Day');
  });

  it('closes on the Ekka and on Anzac Day even when it falls on a Sunday', () => {
    const { closureOn } = business.callbacks;
    expect(closureOn('2026-08-12')?.name).toBe('Royal Queensland Show (Brisbane)');
    expect(closureOn('2028-08-16')?.name).toBe('Royal Queensland Show (Brisbane)');
    expect(closureOn('2027-04-25')?.name).toBe('Anzac Day');
    expect(closureOn('2027-04-26')?.name).toBe('Anzac Day');
    expect(teamHoursOn('technical', '2027-04-25', business.callbacks)).toBeNull();
    expect(teamHoursOn('technical', '2026-12-24', business.callbacks)).toEqual({
      open: 480,
      close: 1080,
    });
  });

  it('fills in the defaults a file leaves out (all but state and teams)', () => {
    const minimal = loadWith((b) => ({ state: 'NSW', teams: b.teams })).business;
    expect(minimal.timeZone).toBe('Australia/Brisbane');
    expect(minimal.tax).toEqual(business.tax);
    // No words of its own: the page names the zone that day ('The time zone is AEST (UTC+10).').
    expect(minimal.page.hoursNote).toBeUndefined();
    const { closureOn, ...settings } = minimal.callbacks;
    const { closureOn: _qld, ...queenslandSettings } = business.callbacks;
    expect(settings).toEqual(queenslandSettings);
    // New South Wales' holidays, no closures of its own: no Ekka, Labour Day in October.
    expect(closureOn('2026-08-12')).toBeUndefined();
    expect(closureOn('2026-10-05')?.name).toBe('Labour Day');
  });

  it('takes CALLBACK_SLOT_CAPACITY over the file, and refuses a bad one', () => {
    expect(loadConfig({ CALLBACK_SLOT_CAPACITY: '5' }).business.callbacks.capacity).toBe(5);
    expect(loadConfig({ CALLBACK_SLOT_CAPACITY: '' }).business.callbacks.capacity).toBe(2);
    expect(() => loadConfig({ CALLBACK_SLOT_CAPACITY: '0' })).toThrow(/CALLBACK_SLOT_CAPACITY/);
  });
});

describe('the Victorian business file', () => {
  const { business } = loadConfig({ BUSINESS_FILE: path.join(files, 'victoria.json') });
  const settings = business.callbacks;

  it('loads its zone, state, hours and words', () => {
    expect(business.timeZone).toBe('Australia/Melbourne');
    expect(business.state).toBe('VIC');
    expect(settings.capacity).toBe(3);
    expect(settings.leadMinutes).toBe(60);
    expect(business.page.hours).toEqual([
      {
        team: 'Sales & Accounts',
        hours: 'Monday to Friday 9am-5pm; weekends and public holidays closed',
      },
      {
        team: 'Technical Support',
        hours: 'Monday to Friday 8am-7pm; weekends 9am-5pm; public holidays closed',
      },
    ]);
    expect(business.page.timeZone).toBe('Australia/Melbourne');
    expect(business.page.hoursNote).toBeUndefined();
    // Technical 8am-7pm on weekdays, 9am-5pm at weekends; sales closed on Saturdays.
    expect(teamHoursOn('technical', '2027-06-16', settings)).toEqual({ open: 480, close: 1140 });
    expect(teamHoursOn('technical', '2027-06-19', settings)).toEqual({ open: 540, close: 1020 });
    expect(teamHoursOn('sales', '2027-06-19', settings)).toBeNull();
  });

  it("offers slots in Victoria's hours, less the King's Birthday (June, AEST)", () => {
    // Friday 11 June 2027, 6:10 pm: the lead time of an hour leaves no slot today; Monday 14 June
    // is the King's Birthday in Victoria (the first Monday of October in Queensland).
    const now = aest('2027-06-11T18:10');
    const technical = callbackDays('technical', now, { settings });
    expect(technical.map((d) => d.date)).toEqual([
      '2027-06-12',
      '2027-06-13',
      '2027-06-15',
      '2027-06-16',
      '2027-06-17',
    ]);
    expect(technical[0]!.slots[0]).toEqual(aest('2027-06-12T09:00'));
    expect(technical[0]!.slots.at(-1)).toEqual(aest('2027-06-12T16:30'));
    expect(technical[2]!.slots).toHaveLength(22);
    expect(technical[2]!.slots.at(-1)).toEqual(aest('2027-06-15T18:30'));
    const sales = callbackDays('sales', now, { settings });
    expect(sales.map((d) => d.date)).toEqual([
      '2027-06-15',
      '2027-06-16',
      '2027-06-17',
      '2027-06-18',
      '2027-06-21',
    ]);
    expect(isOfferedSlot('technical', aest('2027-06-14T10:00'), now, settings)).toBe(false);
    expect(isOfferedSlot('technical', aest('2027-06-15T18:30'), now, settings)).toBe(true);
    expect(isOfferedSlot('sales', aest('2027-06-15T17:00'), now, settings)).toBe(false);
  });

  it('closes on Melbourne Cup day and its own shutdown, and works the day it says it works', () => {
    expect(settings.closureOn('2026-11-03')?.name).toBe('Melbourne Cup');
    expect(settings.closureOn('2027-11-02')?.name).toBe('Melbourne Cup');
    // 'openOn': AFL Grand Final Friday is a working day for this provider.
    expect(settings.closureOn('2026-09-25')).toBeUndefined();
    expect(teamHoursOn('technical', '2026-09-25', settings)).toEqual({ open: 480, close: 1140 });
    // Its own closures: 27 to 29 December, and New Year's Eve from noon.
    for (const date of ['2026-12-27', '2026-12-28', '2026-12-29'])
      expect(teamHoursOn('technical', date, settings)).toBeNull();
    expect(teamHoursOn('technical', '2026-12-30', settings)).toEqual({ open: 480, close: 1140 });
    expect(teamHoursOn('technical', '2026-12-31', settings)).toEqual({ open: 480, close: 720 });
  });
});

describe('a business file start-up refuses', () => {
  it('a time zone that does not exist', () => {
    expect(problems((b) => ({ ...b, timeZone: 'Australia/Atlantis' }))).toEqual([
      'timeZone: must be an IANA time zone such as Australia/Brisbane',
    ]);
    expect(problems((b) => ({ ...b, timeZone: 'AEST' }))).toEqual([
      'timeZone: must be an IANA time zone such as Australia/Brisbane',
    ]);
  });

  it('hours that close before they open, or too short for a slot, or never open', () => {
    expect(
      problems((b) => {
        b.teams.technical!.hours.mon = '20:00-08:00';
        b.teams.sales!.hours.sat = '9am-5pm';
        return b;
      }),
    ).toEqual([
      'teams.technical.hours.mon: must close after it opens',
      "teams.sales.hours.sat: must be 'closed' or opening hours like '08:00-20:00'",
    ]);
    expect(
      problems((b) => {
        b.teams.sales!.hours.sat = '09:00-09:20';
        return b;
      }),
    ).toEqual(['teams.sales.hours.sat: must be open at least one callback slot (30 minutes)']);
    expect(
      problems((b) => {
        for (const day of Object.keys(b.teams.sales!.hours)) b.teams.sales!.hours[day] = 'closed';
        return b;
      }),
    ).toEqual(['teams.sales.hours: must be open on at least one day']);
  });

  it('an unknown field, anywhere', () => {
    expect(problems((b) => ({ ...b, holidays: [] }))).toEqual(['Unrecognized key: "holidays"']);
    expect(problems((b) => ({ ...b, callbacks: { ...b.callbacks, slotMinute: 15 } }))).toEqual([
      'callbacks: Unrecognized key: "slotMinute"',
    ]);
  });

  it('a GST rate that is not a percentage from 0 to 50', () => {
    expect(problems((b) => ({ ...b, tax: { ...b.tax, ratePercent: 150 } }))).toEqual([
      'tax.ratePercent: must be a percentage from 0 to 50',
    ]);
    expect(problems((b) => ({ ...b, tax: { ...b.tax, ratePercent: -1 } }))).toEqual([
      'tax.ratePercent: must be a percentage from 0 to 50',
    ]);
    expect(problems((b) => ({ ...b, tax: { ...b.tax, ratePercent: '10%' } }))).toEqual([
      'tax.ratePercent: must be a number (10 for 10 %)',
    ]);
  });

  it('an unknown state, a closure rule date-holidays cannot read, a holiday the state lacks', () => {
    expect(problems((b) => ({ ...b, state: 'Queensland' }))).toEqual([
      'state: must be one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA',
    ]);
    expect(
      problems((b) => ({ ...b, closures: [{ name: 'Show day', rule: 'sometime in August' }] })),
    ).toEqual([
      "closures.0.rule: must be a date-holidays rule such as '2026-12-29', '12-31', '12-24 12:00' or '2026-12-29 P3D'",
    ]);
    const [line] = problems((b) => ({ ...b, openOn: ['Melbourne Cup'] }));
    expect(line).toMatch(
      /^openOn\.0: 'Melbourne Cup' is not a public holiday of QLD \(New Year's Day, /,
    );
  });

  it('every problem at once, one line each, naming the file', () => {
    const file = path.join(dir, 'many.json');
    writeFileSync(
      file,
      JSON.stringify({ ...queensland, timeZone: 'Nowhere/Here', tax: { ratePercent: 99 } }),
    );
    expect(() => loadConfig({ BUSINESS_FILE: file })).toThrow(
      [
        'Invalid configuration:',
        `  BUSINESS_FILE (${file}): timeZone: must be an IANA time zone such as Australia/Brisbane`,
        `  BUSINESS_FILE (${file}): tax.ratePercent: must be a percentage from 0 to 50`,
      ].join('\n'),
    );
  });

  it('a file that is not JSON, or not there', () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{ "state": ');
    expect(() => loadConfig({ BUSINESS_FILE: bad })).toThrow(
      `Invalid configuration:\n  BUSINESS_FILE (${bad}): is not valid JSON`,
    );
    const none = path.join(dir, 'none.json');
    expect(() => loadConfig({ BUSINESS_FILE: none })).toThrow(
      `Invalid configuration:\n  BUSINESS_FILE (${none}): is not a readable file`,
    );
  });
});
