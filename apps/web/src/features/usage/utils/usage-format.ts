import type { UsageBy, UsageRow } from '@outpost/contracts/usage';
import { formatClock } from '@outpost/domain/format';

/**
 * Usage times as the network counts them, in the business time zone whatever zone the device is
 * in: rows are labelled from the server's local time text ('YYYY-MM-DDTHH:00'), never through the
 * browser's clock; instants (period ends, last update) are formatted in the business zone.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

type LocalParts = { year: number; month: number; day: number; hour: number };

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):\d{2}$/;

function localParts(row: UsageRow): LocalParts {
  const match = LOCAL_TIME.exec(row.LocalTime);
  if (!match) {
    const hour = row.Hour12 === null ? 0 : (row.Hour12 % 12) + (row.Meridian === 'PM' ? 12 : 0);
    return { year: row.Year, month: row.Month, day: row.Day ?? 1, hour };
  }
  return {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4]),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The row's name in tables and the chart tooltip: '03/03/26 4:00 pm', 'Tue 03/03/26', 'March 2026'. */
export function rowLabel(row: UsageRow, by: UsageBy): string {
  const p = localParts(row);
  const date = `${two(p.day)}/${two(p.month)}/${two(p.year % 100)}`;
  if (by === 'hour') return `${date} ${formatClock(p.hour)}`;
  if (by === 'day') {
    // A calendar date's weekday, computed in UTC so the device's zone cannot shift it.
    const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
    return `${weekday} ${date}`;
  }
  return `${MONTHS[p.month - 1]} ${p.year}`;
}

/** An hourly row's hour alone, '4:00 pm' (its day is the heading of its group in the table). */
export function hourLabel(row: UsageRow): string {
  return formatClock(localParts(row).hour);
}

/** A short axis label: '03/03 4 pm', '03/03', 'Mar 26'. */
export function axisLabel(row: UsageRow, by: UsageBy): string {
  const p = localParts(row);
  if (by === 'hour')
    return `${two(p.day)}/${two(p.month)} ${p.hour % 12 || 12} ${p.hour < 12 ? 'am' : 'pm'}`;
  if (by === 'day') return `${two(p.day)}/${two(p.month)}`;
  return `${MONTHS[p.month - 1]!.slice(0, 3)} ${two(p.year % 100)}`;
}

/** A column of amounts in one unit: the figures line up and the header names the unit. */
export type ColumnUnit = { unit: 'MB' | 'GB' | 'TB'; format: (mb: number) => string };

const COLUMN_UNITS = [
  { unit: 'TB', mb: 1_000_000, decimals: 2 },
  { unit: 'GB', mb: 1000, decimals: 2 },
  { unit: 'MB', mb: 1, decimals: 1 },
] as const;

/**
 * One unit for a whole table of amounts (MB), so no column reads in MB beside another in GB:
 * that of the table's largest value.
 */
export function tableUnit(columns: readonly (readonly number[])[]): ColumnUnit {
  return columnUnit(columns.flat());
}

/**
 * The unit of a column of amounts (MB): that of its largest value (GB when every value is 0),
 * each figure with the unit's fixed decimals, so a zero reads '0.00' beside '1.25', not '0 B'.
 */
export function columnUnit(values: readonly number[]): ColumnUnit {
  const largest = Math.max(0, ...values.map(Math.abs));
  const { unit, mb, decimals } =
    largest === 0
      ? COLUMN_UNITS[1]
      : (COLUMN_UNITS.find((u) => largest >= u.mb) ?? COLUMN_UNITS[2]);
  return { unit, format: (value) => (value / mb).toFixed(decimals) };
}
