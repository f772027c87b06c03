/**
 * Time counted in a team's working hours (docs/decisions/057, "Service levels"): the hours of the
 * business file (decision 042) on the business zone's wall clock, less the closed days (public
 * holidays, the provider's own closures; a part-day closure brings the close forward). Hours are
 * counted as real time between instants, so a day that daylight saving shortens or lengthens
 * counts what it really has.
 */
import type { ClosureDay } from '../business-calendar';
import { businessTimeZone } from './zone';
import { addCalendarDays, businessDate, weekdayOf, zonedInstant } from './zoned';

/** One day's hours, in minutes after midnight (the callback slots' OpenHours). */
export type DayHours = { open: number; close: number };

/** A team's working week, Sunday first (null: closed), and the closed days of the calendar. */
export type WorkingHours = {
  week: readonly (DayHours | null)[];
  closureOn: (date: string) => ClosureDay | undefined;
};

/** A year and more: hours that never open in that long are a configuration mistake, not a loop. */
const MAX_DAYS = 400;

/** The hours open on a business date: null when the team is closed all of it. */
export function workingHoursOn(hours: WorkingHours, date: string): DayHours | null {
  const day = hours.week[weekdayOf(date)] ?? null;
  if (!day) return null;
  const closure = hours.closureOn(date);
  if (!closure) return day;
  if (closure.fromMinute === undefined) return null;
  const close = Math.min(day.close, closure.fromMinute);
  return close > day.open ? { open: day.open, close } : null;
}

/**
 * The instant `minutes` working minutes after `from`: time before the day's opening, after its
 * close and on closed days does not count. From outside the hours, the count starts at the next
 * opening. Throws when the hours never open (a year and more).
 */
export function addWorkingMinutes(
  from: Date,
  minutes: number,
  hours: WorkingHours,
  timeZone = businessTimeZone(),
): Date {
  let remaining = minutes * 60_000;
  let date = businessDate(from, timeZone);
  for (let i = 0; i < MAX_DAYS; i += 1, date = addCalendarDays(date, 1)) {
    const day = workingHoursOn(hours, date);
    if (!day) continue;
    const open = zonedInstant(date, day.open, timeZone).getTime();
    const close = zonedInstant(date, day.close, timeZone).getTime();
    const start = Math.max(open, from.getTime());
    if (start >= close) continue;
    if (start + remaining <= close) return new Date(start + remaining);
    remaining -= close - start;
  }
  throw new RangeError(`The working hours do not open within ${MAX_DAYS} days of ${date}`);
}
