/**
 * Network status rules both sides share, without zod (the web bundle imports them;
 * docs/decisions/019).
 */
import { formatDate, formatDateTime } from './format';
import { dateTimeFormat } from './intl';
import { businessTimeZone } from './time/zone';
import { zoneAbbreviation } from './time/names';

/** Advisories per page (spec 3 sections 4 and 9): 'Load More' shows two more per click. */
export const ADVISORIES_PER_PAGE = 2;

export const ADVISORY_SEVERITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type AdvisorySeverity = (typeof ADVISORY_SEVERITIES)[number];

/** Network operations' statuses; only Resolved ends an advisory's notices and flags. */
export const ADVISORY_STATUSES = [
  'Scheduled',
  'Investigating',
  'In Progress',
  'Monitoring',
  'Resolved',
] as const;
export type AdvisoryStatus = (typeof ADVISORY_STATUSES)[number];

/** The anchor of an advisory on /support/network-status (the dashboard notice links to it). */
export const advisoryAnchor = (advisoryid: number) => `advisory-${advisoryid}`;

/** The dashboard notice's and the page's flag: 'Affects your service at 12 Wattle Rd'. */
export const affectsText = (street: string) => `Affects your service at ${street}`;

/**
 * A time in the business zone with the zone's name then (spec 3 section 2.7 writes 'AEST': the demo
 * provider is in Brisbane, which keeps no daylight saving), in the one date and time style:
 * '25/11/26 2:05 pm AEST'; a Melbourne provider's summer reads 'AEDT' (docs/decisions/041).
 */
export function formatAest(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return `${formatDateTime(d)} ${zoneAbbreviation(d)}`;
}

/** The timeline's date heading: 'Wed 25/11/26' in the business zone. */
export function formatAestDay(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const weekday = dateTimeFormat({ timeZone: businessTimeZone(), weekday: 'short' }).format(d);
  return `${weekday} ${formatDate(d)}`;
}

/**
 * The label of an advisory's start (spec 3 section 2.7 names it 'Started at'): 'Starts at' while
 * the start is still ahead (scheduled maintenance), 'Started at' once it has come.
 */
export function advisoryStartLabel(started: string | Date, now: Date): 'Starts at' | 'Started at' {
  const at = typeof started === 'string' ? new Date(started) : started;
  return at.getTime() > now.getTime() ? 'Starts at' : 'Started at';
}
