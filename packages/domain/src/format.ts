/**
 * Display formatting shared by server and web (spec 1 section 9, spec 2 section 9):
 * decimal data units (steps of 1000), Mbps from 1024 Kbps, 2-decimal currency with
 * 'N discount' for negatives and cents under $1, dates as dd/mm/yy.
 */

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

/** A date as dd/mm/yy in the given time zone (default the business zone). */
export function formatShortDate(date: Date, timeZone = 'Australia/Brisbane'): string {
  const parts = dateTimeFormat({
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${get('day')}/${get('month')}/${get('year')}`;
}

// Made at first use (./intl): an Intl formatter with a time zone costs tens of milliseconds to
// build (the zone's data), which at module load would delay every page's first paint.
const getDateTimeFormat = () =>
  dateTimeFormat({
    timeZone: 'Australia/Brisbane',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });

/**
 * An ISO time in the business time zone: '24 Nov 2026, 9:05 pm' (Brisbane keeps no summer time,
 * so it is AEST all year). The day period is written 'am'/'pm' whichever form the runtime's ICU
 * data gives ('p.m.', 'PM').
 */
export function formatDateTime(iso: string): string {
  return getDateTimeFormat()
    .format(new Date(iso))
    .replace(/\s?([ap])\.?m\.?$/i, (_, p: string) => ` ${p.toLowerCase()}m`);
}

/** An ISO time as dd/mm/yy in the business time zone. */
export function shortDateOf(iso: string): string {
  return formatShortDate(new Date(iso));
}

/**
 * The last day before an end time, as dd/mm/yy: a billing period (and a data block) ends at
 * Brisbane midnight starting the next period, so one that ends 10/12 00:00 is usable to the end of
 * 09/12.
 */
export function lastDayBefore(endIso: string): string {
  return formatShortDate(new Date(Date.parse(endIso) - 1));
}
