/** The device's IANA time zone ('Australia/Perth'); the server falls back to the service's state. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
