/**
 * The business zone's clock applied to usage (spec 2 section 9, docs/decisions/041): which hours
 * are peak (4pm to midnight on the zone's wall clock) and which 30-day period an instant is in
 * (periods start and end at the same wall-clock time, midnight, across daylight saving).
 */
import { BILLING_PERIOD_DAYS } from './constants';
import {
  addBusinessDays,
  businessDate,
  businessHour,
  calendarDaysBetween,
  periodOf,
} from './time/zoned';
import { PEAK_START_HOUR } from './usage';

/** Whether the hour starting at `instant` is peak (4pm to midnight in the business zone). */
export function isPeakHour(instant: Date): boolean {
  return businessHour(instant) >= PEAK_START_HOUR;
}

/** The 30-day period containing `now`, counted on from a known period start. */
export function currentPeriod(periodStart: Date, now: Date): { start: Date; stop: Date } {
  return periodOf(periodStart, now, BILLING_PERIOD_DAYS);
}

/** Where a billing period that starts at `start` ends: 30 days on, at the same wall-clock time. */
export function periodEndOf(start: Date): Date {
  return addBusinessDays(start, BILLING_PERIOD_DAYS);
}

/**
 * How many whole periods have ended since `start` by `now`, and where the current one starts
 * (a roll-over moves a service or an account on by that many).
 */
export function periodsSince(start: Date, now: Date): { periods: number; currentStart: Date } {
  const current = periodOf(start, now, BILLING_PERIOD_DAYS);
  const periods = Math.round(
    calendarDaysBetween(businessDate(start), businessDate(current.start)) / BILLING_PERIOD_DAYS,
  );
  return { periods, currentStart: current.start };
}
