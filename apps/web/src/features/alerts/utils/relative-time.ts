/**
 * When an alert was sent, relative to now ('2 hours ago', 'yesterday'), in the user's words.
 * The timestamp's fractional seconds are dropped, as the spec reads it (spec 1 section 3).
 */

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Made at first use, not at module load (an Intl formatter costs milliseconds to build).
let relative: Intl.RelativeTimeFormat | undefined;
const getRelative = () => (relative ??= new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' }));

/** The instant of an alert's `sent`, fractional seconds dropped; NaN when unreadable. */
export function parseSent(sent: string): number {
  return Date.parse(sent.replace(/\.\d+(?=Z|[+-]\d\d:?\d\d$|$)/, ''));
}

export function relativeTime(sent: string, now: number = Date.now()): string {
  const at = parseSent(sent);
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return getRelative().format(Math.trunc(seconds / size), unit);
  }
  return getRelative().format(0, 'second');
}
