/**
 * The business time zone (docs/decisions/041): the one place a time zone is named. A provider's
 * business file sets it (`timeZone`, an IANA name); the server sets it at start-up and the web app
 * from the page's brand script, before anything is computed. Periods, usage days, callback slots,
 * ticket times and every date shown to a customer are in this zone, whatever the device's or the
 * server machine's own zone is.
 *
 * This file holds the zone's name only, so the login page (which formats dates in the zone through
 * Intl) loads nothing more; the zone's labels are in `./names`, its arithmetic in `./zoned`.
 */

/** The demo provider's zone, and the spec's 'AEST' wording: Queensland keeps no summer time. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Australia/Brisbane';

let current = DEFAULT_BUSINESS_TIME_ZONE;

/** Whether the runtime knows an IANA time zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Sets the business zone (at start-up). An unknown name is refused, not silently ignored. */
export function setBusinessTimeZone(timeZone: string): void {
  if (!timeZone.trim() || !isKnownTimeZone(timeZone))
    throw new RangeError(`Unknown time zone: ${timeZone}`);
  current = timeZone;
}

/** The business zone now in force. */
export function businessTimeZone(): string {
  return current;
}
