/**
 * The business time zone (docs/decisions/041): the one place a time zone is named. A provider's
 * business file sets it (`timeZone`, an IANA name); the server sets it at start-up and the web app
 * from the page's brand script, before anything is computed. Periods, usage days, callback slots,
 * ticket times and every date shown to a customer are in this zone, whatever the device's or the
 * server machine's own zone is.
 *
 * This file holds names and labels only (it uses Intl, no library), so the login page can format
 * dates without loading the zone arithmetic of `./zoned`.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';
import { dateTimeFormat } from '../intl';

/** The demo provider's zone, and the spec's 'AEST' wording: Queensland keeps no summer time. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Australia/Brisbane';

let current = DEFAULT_BUSINESS_TIME_ZONE;

/** Whether the runtime knows an IANA time zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Sets the business zone (at start-up). An unknown name is refused, not silently ignored. */
export function setBusinessTimeZone(timeZone: string): void {
  if (!isKnownTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  current = timeZone;
}

/** The business zone now in force. */
export function businessTimeZone(): string {
  return current;
}

/** The zone of an Australian state or territory (a service address's), else the business zone. */
export function timeZoneOfState(state: string | null | undefined): string {
  const zones: Record<string, string> = {
    QLD: 'Australia/Brisbane',
    NSW: 'Australia/Sydney',
    ACT: 'Australia/Sydney',
    VIC: 'Australia/Melbourne',
    TAS: 'Australia/Hobart',
    SA: 'Australia/Adelaide',
    NT: 'Australia/Darwin',
    WA: 'Australia/Perth',
  };
  return zones[(state ?? '').trim().toUpperCase()] ?? current;
}

/** The zone's offset from UTC at an instant, in minutes east (Brisbane 600, Adelaide in summer 630). */
export function utcOffsetMinutes(instant: Date, timeZone = current): number {
  return tzOffset(timeZone, instant);
}

/** 'UTC+10', 'UTC+9:30', 'UTC-5': the zone's offset at an instant. */
export function utcOffsetLabel(instant: Date, timeZone = current): string {
  const minutes = utcOffsetMinutes(instant, timeZone);
  const abs = Math.abs(minutes);
  const rest = abs % 60 === 0 ? '' : `:${String(abs % 60).padStart(2, '0')}`;
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${rest}`;
}

/**
 * The zone's short name at an instant as Australians write it: 'AEST' or 'AEDT' (Sydney,
 * Melbourne, Hobart), 'ACST' or 'ACDT' (Adelaide, Darwin), 'AWST' (Perth); elsewhere the offset
 * ('UTC+12'), never the runtime's 'GMT+10'.
 */
export function zoneAbbreviation(instant: Date, timeZone = current): string {
  const name = dateTimeFormat({ timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name && /^[A-Z]{3,5}$/.test(name) && !name.startsWith('GMT') && name !== 'UTC'
    ? name
    : utcOffsetLabel(instant, timeZone);
}

/**
 * The zone's long name at an instant: 'Australian Eastern Standard Time' (the spec's words for the
 * demo's Brisbane), 'Australian Eastern Daylight Time', 'Australian Western Standard Time'.
 */
export function zoneLongName(instant: Date, timeZone = current): string {
  return (
    dateTimeFormat({ timeZone, timeZoneName: 'long' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? utcOffsetLabel(instant, timeZone)
  );
}

/** The place a zone is named after: 'Brisbane', 'Melbourne', 'Lord Howe' ('Australia/Lord_Howe'). */
export function zoneCityName(timeZone = current): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/** 'AEST (UTC+10)', 'AEDT (UTC+11)', 'ACST (UTC+9:30)': the Contact page's time zone. */
export function zoneDescription(instant: Date, timeZone = current): string {
  return `${zoneAbbreviation(instant, timeZone)} (${utcOffsetLabel(instant, timeZone)})`;
}
