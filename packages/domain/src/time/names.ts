/**
 * The names of zones (docs/decisions/041): a state's zone, and a zone's labels at an instant
 * ('AEST', 'AEDT', 'UTC+9:30', 'Australian Eastern Standard Time'), from the runtime's time-zone
 * database. The pages that show them load this; the login page does not.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';
import { dateTimeFormat } from '../intl';
import { businessTimeZone } from './zone';

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
  return zones[(state ?? '').trim().toUpperCase()] ?? businessTimeZone();
}

/** The zone's offset from UTC at an instant, in minutes east (Brisbane 600, Adelaide in summer 630). */
export function utcOffsetMinutes(instant: Date, timeZone = businessTimeZone()): number {
  return tzOffset(timeZone, instant);
}

/** 'UTC+10', 'UTC+9:30', 'UTC-5': the zone's offset at an instant. */
export function utcOffsetLabel(instant: Date, timeZone = businessTimeZone()): string {
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
export function zoneAbbreviation(instant: Date, timeZone = businessTimeZone()): string {
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
export function zoneLongName(instant: Date, timeZone = businessTimeZone()): string {
  return (
    dateTimeFormat({ timeZone, timeZoneName: 'long' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? utcOffsetLabel(instant, timeZone)
  );
}

/** The place a zone is named after: 'Brisbane', 'Melbourne', 'Lord Howe' ('Australia/Lord_Howe'). */
export function zoneCityName(timeZone = businessTimeZone()): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/** 'AEST (UTC+10)', 'AEDT (UTC+11)', 'ACST (UTC+9:30)': the Contact page's time zone. */
export function zoneDescription(instant: Date, timeZone = businessTimeZone()): string {
  return `${zoneAbbreviation(instant, timeZone)} (${utcOffsetLabel(instant, timeZone)})`;
}
