/**
 * The business calendar (docs/decisions/042): the days the provider's teams are closed, for any
 * year, from the provider's state and its own closures. Public holidays come from date-holidays
 * (national and state days, observed substitute days, and the part-day ones a state keeps, such
 * as Queensland's Christmas Eve from 6pm); closures from the business file add the provider's
 * own (the Ekka in Brisbane, a shutdown). Every day is a calendar date (YYYY-MM-DD) in the
 * business time zone, never an instant.
 *
 * Server only: date-holidays carries every country's rules, far too big for the web. The web
 * gets the open days the server computed (the callback times).
 */
import Holidays from 'date-holidays';
import type { AuState } from './au-states';

/** One closed day: all day, or from a minute after midnight (Christmas Eve from 6pm). */
export type ClosureDay = {
  /** YYYY-MM-DD in the business time zone. */
  date: string;
  name: string;
  /** Closed from this minute after midnight; absent: all day. */
  fromMinute?: number;
};

/**
 * One of the provider's own closures, as the business file writes it: a date-holidays rule
 * ('2026-12-29' once, '12-31' every year, 'wednesday after 1st friday after 08-05' for the Ekka,
 * '12-31 12:00' from noon, '2026-12-29 P3D' for three days).
 */
export type ClosureRule = { rule: string; name: string };

export type CalendarSettings = {
  state: AuState;
  /** The provider's own closures. */
  closures?: readonly ClosureRule[];
  /** Names of the state's public holidays the teams work all the same ('Melbourne Cup'). */
  openOn?: readonly string[];
};

export type BusinessCalendar = {
  /** The closure on a date (YYYY-MM-DD), if any: a full-day one wins over a part-day one. */
  closureOn(date: string): ClosureDay | undefined;
  /** Every closed day of a year, in date order. */
  closuresIn(year: number): ClosureDay[];
};

const DAY_MS = 86_400_000;
const SUBSTITUTE = / \(substitute day\)$/;

/** The state's public holidays; their dates are the state's wall-clock dates. */
function holidaysFor(state: AuState): Holidays {
  return new Holidays('AU', state, { types: ['public'] });
}

/** Whether date-holidays reads a closure rule (e.g. 'wednesday after 1st friday after 08-05'). */
export function isClosureRule(rule: string): boolean {
  try {
    return new Holidays('AU', 'QLD').setHoliday(rule, { name: 'check', type: 'public' });
  } catch {
    return false;
  }
}

/** The names of a state's public holidays over some years (what `openOn` may name). */
export function stateHolidayNames(state: AuState, years: readonly number[]): Set<string> {
  const holidays = holidaysFor(state);
  return new Set(
    years.flatMap((y) => holidays.getHolidays(y).map((h) => h.name.replace(SUBSTITUTE, ''))),
  );
}

/** A YYYY-MM-DD date some days later. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Keeps the larger closure of a date: all day beats from a time, an earlier time a later one. */
function merge(days: Map<string, ClosureDay>, day: ClosureDay): void {
  const held = days.get(day.date);
  if (!held || (held.fromMinute ?? 0) > (day.fromMinute ?? 0)) days.set(day.date, day);
}

/**
 * The calendar of a state plus the provider's closures. Each year is worked out once, when first
 * asked, so nothing runs out: there is no table to extend.
 */
export function businessCalendar(settings: CalendarSettings): BusinessCalendar {
  const holidays = holidaysFor(settings.state);
  const open = new Set(settings.openOn ?? []);
  for (const closure of settings.closures ?? [])
    if (!holidays.setHoliday(closure.rule, { name: closure.name, type: 'public' }))
      throw new Error(`Not a closure rule date-holidays reads: '${closure.rule}'`);
  const years = new Map<number, Map<string, ClosureDay>>();

  function yearOf(year: number): Map<string, ClosureDay> {
    let days = years.get(year);
    if (days) return days;
    days = new Map();
    for (const h of holidays.getHolidays(year)) {
      if (h.type !== 'public' || open.has(h.name.replace(SUBSTITUTE, ''))) continue;
      // 'YYYY-MM-DD hh:mm:ss', the wall time in the state's zone.
      const date = h.date.slice(0, 10);
      const fromMinute = Number(h.date.slice(11, 13)) * 60 + Number(h.date.slice(14, 16));
      merge(days, { date, name: h.name, ...(fromMinute > 0 ? { fromMinute } : {}) });
      // A closure of several days ('P3D'): the days after the first are closed all day.
      const span = Math.round((h.end.getTime() - h.start.getTime()) / DAY_MS);
      for (let i = 1; i < span; i += 1) merge(days, { date: addDays(date, i), name: h.name });
    }
    years.set(year, days);
    return days;
  }

  /** A year's closed days, with those a closure of several days carries over from the year before. */
  const closed = new Map<number, Map<string, ClosureDay>>();
  function closedIn(year: number): Map<string, ClosureDay> {
    let days = closed.get(year);
    if (days) return days;
    days = new Map();
    for (const day of [...yearOf(year).values(), ...yearOf(year - 1).values()])
      if (day.date.startsWith(`${year}-`)) merge(days, day);
    closed.set(year, days);
    return days;
  }

  return {
    closureOn: (date) => closedIn(Number(date.slice(0, 4))).get(date),
    closuresIn: (year) => [...closedIn(year).values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
