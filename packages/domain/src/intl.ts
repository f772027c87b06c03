/**
 * en-AU date formatters, one per set of options, made at first use and kept. Building an
 * `Intl.DateTimeFormat` costs about a tenth of a millisecond each time (the first with a time zone
 * tens of milliseconds: the zone's data), against a few microseconds to use one; pages and the
 * callback slots format dates in loops.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', options);
    formats.set(key, format);
  }
  return format;
}
