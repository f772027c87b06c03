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

/** What an advisory is about: an outage found, or a planned maintenance window. */
export const ADVISORY_KINDS = ['incident', 'maintenance'] as const;
export type AdvisoryKind = (typeof ADVISORY_KINDS)[number];

/** The console's tabs: open now (not Scheduled, not Resolved), scheduled, resolved. */
export const ADVISORY_VIEWS = ['active', 'scheduled', 'resolved'] as const;
export type AdvisoryView = (typeof ADVISORY_VIEWS)[number];

/**
 * What is wrong with an advisory's times, else null (the staff editor; decision 019): scheduled
 * maintenance has a start and an end, the end after the start and not already past; an incident's
 * expected end, when given, is after its start.
 */
export function advisoryWindowProblem(
  kind: AdvisoryKind,
  startsAt: Date | null,
  endsAt: Date | null,
  now: Date,
): string | null {
  if (kind === 'maintenance' && (startsAt === null || endsAt === null))
    return 'Scheduled maintenance needs a start and an end.';
  if (startsAt !== null && endsAt !== null && endsAt.getTime() <= startsAt.getTime())
    return 'The end must be after the start.';
  if (kind === 'maintenance' && endsAt !== null && endsAt.getTime() <= now.getTime())
    return 'The maintenance window has already ended: its end must be later than now.';
  return null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The editor's preview: 'Affects 12 services of 9 customers'. */
export const affectedCountText = (services: number, customers: number) =>
  services === 0
    ? 'Affects no services'
    : `Affects ${plural(services, 'service', 'services')} of ${plural(customers, 'customer', 'customers')}`;

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
