import { formatShortDate } from '@outpost/domain/format';

/** An ISO time as dd/mm/yy in the business time zone. */
export function shortDate(iso: string): string {
  return formatShortDate(new Date(iso));
}

/**
 * The last day before an end time: a billing period (and a data block) ends at Brisbane midnight
 * starting the next period, so a block that 'expires' at 10/12 00:00 is usable to the end of 09/12.
 */
export function lastDayBefore(endIso: string): string {
  return formatShortDate(new Date(Date.parse(endIso) - 1));
}
