/**
 * Display formatting shared by server and web (spec 1 section 9, spec 2 section 9):
 * decimal data units (steps of 1000), Mbps from 1024 Kbps, 2-decimal currency with
 * 'N discount' for negatives and cents under $1, dates as dd/mm/yy; times, card expiries,
 * phone numbers (phone-format.ts, kept apart so the login page does not carry it) and the VoIP
 * spelling in one style each (docs/decisions/040).
 */

import { businessTimeZone } from './time/zone';
import { dateTimeFormat } from './intl';

const DATA_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

function trimNumber(value: number, decimals: number): string {
  return Number(value.toFixed(decimals)).toString();
}

/** Bytes to a decimal unit, e.g. 1_500_000 -> '1.5 MB'. */
export function formatBytes(bytes: number, decimals = 2): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < DATA_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${trimNumber(value, decimals)} ${DATA_UNITS[unit]}`;
}

/** Megabytes (as quotas are given) to a decimal unit. */
export function formatMegabytes(mb: number, decimals = 2): string {
  return formatBytes(mb * 1_000_000, decimals);
}

/** Kbps to a speed label: 1024 Kbps or more as Mbps (25600 -> '25 Mbps'). */
export function formatSpeed(kbps: number): string {
  if (kbps >= 1024) return `${trimNumber(kbps / 1024, 1)} Mbps`;
  return `${kbps} Kbps`;
}

/** Integer cents to display money. */
export function formatMoney(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError('formatMoney takes integer cents');
  if (cents < 0) return `${formatMoney(-cents)} discount`;
  if (cents < 100) return `${cents}c`;
  const dollars = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `$${dollars.toLocaleString('en-AU')}.${rest}`;
}

/**
 * The one customer-facing date: dd/mm/yy in the given time zone (default the business zone),
 * spec 1 and 2 section 9 ('Dates use dd/mm/yy'; docs/decisions/040). Takes a Date or an ISO time.
 */
export function formatDate(value: Date | string, timeZone = businessTimeZone()): string {
  const parts = dateTimeFormat({
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  }).formatToParts(typeof value === 'string' ? new Date(value) : value);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** An hour of the day (0-23) and its minutes as the one time style: '1:00 am', '12:30 pm'. */
export function formatClock(hour: number, minute = 0): string {
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * A time of day in the business zone: '1:00 am', '9:05 pm' (lower-case am/pm everywhere,
 * whatever the runtime's ICU data would write: 'PM', 'p.m.').
 */
export function formatTime(value: Date | string, timeZone = businessTimeZone()): string {
  const parts = dateTimeFormat({
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(typeof value === 'string' ? new Date(value) : value);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return formatClock(get('hour') % 24, get('minute'));
}

/** A moment in the business zone: '24/11/26 9:05 pm'. */
export function formatDateTime(value: Date | string, timeZone = businessTimeZone()): string {
  return `${formatDate(value, timeZone)} ${formatTime(value, timeZone)}`;
}

/**
 * The last day before an end time, as dd/mm/yy: a billing period (and a data block) ends at
 * midnight in the business zone starting the next period, so one that ends 10/12 00:00 is usable to the end of
 * 09/12.
 */
export function lastDayBefore(endIso: string): string {
  return formatDate(new Date(Date.parse(endIso) - 1));
}

/**
 * A local time as CSV files write it ('2026-11-01T00:00' -> '2026-11-01 00:00'): sortable and
 * read as a date and time by spreadsheets. Anything else is returned as it is.
 */
export function formatCsvDateTime(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)
    ? local.slice(0, 16).replace('T', ' ')
    : local;
}
