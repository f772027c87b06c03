/**
 * Dates and times in the business time zone (docs/decisions/041), by @date-fns/tz: no offset is
 * added by hand, so daylight saving (Melbourne, Sydney, Hobart, Adelaide), half-hour offsets
 * (Adelaide, Darwin) and the server machine's own zone are all taken care of by the time-zone
 * database. Dates without a time ('2026-10-04') are calendar dates in the business zone.
 */
import { TZDateMini } from '@date-fns/tz/date/mini';
import { tzOffset } from '@date-fns/tz/tzOffset';
import { keep, remember } from '../remember';
import { businessTimeZone } from './zone';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

// ---- Calendar dates (YYYY-MM-DD): no zone involved ----

function parts(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function calendarDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date `days` after (or before) a date. */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return calendarDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/** Whole calendar days from one date to another (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / (24 * HOUR_MS));
}

/** 0 Sunday ... 6 Saturday, of a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

// ---- Instants and the wall clock of a zone ----

const QUARTER_HOUR_MS = 15 * MINUTE_MS;
/** Zone → quarter hour (UTC, counted from the epoch) → offset: numbers, no key to build. */
const offsetsByZone = new Map<string, Map<number, number>>();

/**
 * The zone's offset (minutes east of UTC) at an instant, from the time-zone database once per zone
 * and quarter hour (UTC). Every offset in use is a whole number of quarter hours and every change
 * falls on a quarter hour of UTC (Adelaide's at 16:30Z, Lord Howe's at 15:30Z), so the offset at
 * the start of a quarter holds for all of it. Reading it from Intl for every call was the largest
 * share of the dashboard's own time (issue 38); so was building a text key for each lookup.
 */
function offsetAt(t: number, timeZone: string): number {
  const quarter = Math.floor(t / QUARTER_HOUR_MS);
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    offsetsByZone.set(timeZone, offsets);
  }
  return remember(offsets, quarter, () => tzOffset(timeZone, new Date(quarter * QUARTER_HOUR_MS)));
}

/** The zone's wall clock at an instant, as a Date whose UTC fields read it. */
function wallClock(t: number, timeZone: string): Date {
  return new Date(t + offsetAt(t, timeZone) * MINUTE_MS);
}

export type WallTime = { date: string; hour: number; minute: number; offsetMinutes: number };

/** The wall-clock date of an instant in a zone (default the business zone) as numbers (month 1-12). */
export function wallDate(
  instant: Date,
  timeZone = businessTimeZone(),
): { year: number; month: number; day: number } {
  const w = wallClock(instant.getTime(), timeZone);
  return { year: w.getUTCFullYear(), month: w.getUTCMonth() + 1, day: w.getUTCDate() };
}

/** The wall-clock date and time of an instant in a zone (default the business zone), and the offset then. */
export function wallTime(instant: Date, timeZone = businessTimeZone()): WallTime {
  const t = instant.getTime();
  const offsetMinutes = offsetAt(t, timeZone);
  const w = new Date(t + offsetMinutes * MINUTE_MS);
  return {
    date: calendarDate(w.getUTCFullYear(), w.getUTCMonth() + 1, w.getUTCDate()),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    offsetMinutes,
  };
}

/** The calendar date (YYYY-MM-DD) of an instant in the business zone. */
export function businessDate(instant: Date, timeZone = businessTimeZone()): string {
  return wallTime(instant, timeZone).date;
}

/**
 * The instant a wall clock in the zone reads `minuteOfDay` minutes after midnight on a date
 * (midnight by default). A time daylight saving skips (2:30 am on the first Sunday of October in
 * Melbourne) is read as the same time after the clocks went forward.
 */
export function zonedInstant(date: string, minuteOfDay = 0, timeZone = businessTimeZone()): Date {
  const t = remember(instantByWallClock, `${timeZone} ${date} ${minuteOfDay}`, () => {
    const [y, m, d] = parts(date);
    const [hour, minute] = [Math.floor(minuteOfDay / 60), minuteOfDay % 60];
    return new TZDateMini(y, m - 1, d, hour, minute, timeZone).getTime();
  });
  return new Date(t);
}

/** zonedInstant's answers (a wall clock's instant never changes; the dashboard asks for a few). */
const instantByWallClock = new Map<string, number>();

/** The start (midnight) of the business day `daysBack` days before the one holding `instant`. */
export function startOfBusinessDay(
  instant: Date,
  daysBack = 0,
  timeZone = businessTimeZone(),
): Date {
  return zonedInstant(addCalendarDays(businessDate(instant, timeZone), -daysBack), 0, timeZone);
}

/** Midnight on the 1st of the month `monthsBack` months before the one holding `instant`. */
export function startOfBusinessMonth(
  instant: Date,
  monthsBack = 0,
  timeZone = businessTimeZone(),
): Date {
  const t = wallClock(instant.getTime(), timeZone);
  const first = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - monthsBack, 1));
  return zonedInstant(
    calendarDate(first.getUTCFullYear(), first.getUTCMonth() + 1, 1),
    0,
    timeZone,
  );
}

/** The year and month (1-12) of an instant in the business zone. */
export function businessYearMonth(
  instant: Date,
  timeZone = businessTimeZone(),
): { year: number; month: number } {
  const t = wallClock(instant.getTime(), timeZone);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1 };
}

/**
 * Answers of addBusinessDays and periodOf, by zone, instant and days: each is a pure function of
 * them, and every dashboard call asks the same few (the account's and each service's period).
 * Working them out each time (dates as text, parsed again) was the largest share of the
 * dashboard's own time (issue 38). Bounded: emptied when full.
 */
const addedDays = new Map<string, number>();
const periodsByAnchor = new Map<string, { start: number; stop: number }>();

/** The instant the zone's wall clock reads the same as at `instant`, `days` calendar days later. */
export function addBusinessDays(instant: Date, days: number, timeZone = businessTimeZone()): Date {
  const t = remember(addedDays, `${timeZone} ${instant.getTime()} ${days}`, () => {
    const wall = wallTime(instant, timeZone);
    const seconds = instant.getTime() % MINUTE_MS;
    const minuteOfDay = wall.hour * 60 + wall.minute;
    const start = zonedInstant(addCalendarDays(wall.date, days), minuteOfDay, timeZone);
    return start.getTime() + (seconds < 0 ? seconds + MINUTE_MS : seconds);
  });
  return new Date(t);
}

/**
 * The period of `days` calendar days holding `now`, counted on from `anchor` (a known period
 * start): each starts at the anchor's wall-clock time, so a period that starts at midnight ends at
 * midnight even across a daylight-saving change (it is then 719 or 721 hours long). Before the
 * anchor, the anchor's own period.
 */
export function periodOf(
  anchor: Date,
  now: Date,
  days: number,
  timeZone = businessTimeZone(),
): { start: Date; stop: Date } {
  // The periods after the anchor tile time, so the one remembered for this anchor is the answer
  // whenever it holds `now`.
  const key = `${timeZone} ${anchor.getTime()} ${days}`;
  const known = periodsByAnchor.get(key);
  const t = now.getTime();
  if (known && known.start <= t && t < known.stop) {
    return { start: new Date(known.start), stop: new Date(known.stop) };
  }
  const period = workOutPeriod(anchor, now, days, timeZone);
  if (period.start.getTime() <= t && t < period.stop.getTime()) {
    keep(periodsByAnchor, key, { start: period.start.getTime(), stop: period.stop.getTime() });
  }
  return period;
}

function workOutPeriod(
  anchor: Date,
  now: Date,
  days: number,
  timeZone: string,
): { start: Date; stop: Date } {
  let k = Math.floor(
    calendarDaysBetween(businessDate(anchor, timeZone), businessDate(now, timeZone)) / days,
  );
  k = Math.max(k, 0);
  let start = addBusinessDays(anchor, k * days, timeZone);
  if (k > 0 && start.getTime() > now.getTime()) {
    k -= 1;
    start = addBusinessDays(anchor, k * days, timeZone);
  }
  let stop = addBusinessDays(anchor, (k + 1) * days, timeZone);
  if (stop.getTime() <= now.getTime()) {
    start = stop;
    stop = addBusinessDays(anchor, (k + 2) * days, timeZone);
  }
  return { start, stop };
}

// ---- The hour of the day, fast: usage ingestion classifies millions of hours ----

/** The wall-clock hour (0-23) of an instant in the business zone, whatever zone the device is in. */
export function businessHour(instant: Date, timeZone = businessTimeZone()): number {
  const t = instant.getTime();
  const local = Math.floor((t + offsetAt(t, timeZone) * MINUTE_MS) / HOUR_MS);
  return ((local % 24) + 24) % 24;
}
