/**
 * Saved cards (spec 3 section 5 'Saved card'): a card counts as saved only if it has not expired,
 * its expiry month and year compared with the current month and year. A card is good through the
 * last day of its expiry month. The current month is the business time zone's.
 */
import { businessYearMonth } from './time/zoned';

/** An expiry as stored or shown: 'MM/YYYY' (also read: 'MM/YY'); null when it is not one. */
export function parseCardExpiry(expires: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expires);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Whether a card with this expiry has expired at `now`. An unreadable expiry counts as expired. */
export function isCardExpired(expires: string | null | undefined, now: Date): boolean {
  const expiry = expires ? parseCardExpiry(expires) : null;
  if (!expiry) return true;
  const { year, month } = businessYearMonth(now);
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

/** A saved card the one-off payment can use: one with its last 4 digits that has not expired. */
export function isUsableSavedCard(
  card: { last4: string | null; expires: string | null } | null | undefined,
  now: Date,
): boolean {
  return Boolean(card?.last4) && !isCardExpired(card?.expires, now);
}

/** An expiry as stored, 'MM/YYYY', from the gateway's month and year (shown as MM/YY: format.ts formatCardExpiry). */
export function storedCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/**
 * A card's expiry as shown, MM/YY ('08/28'; docs/decisions/040), from the stored 'MM/YYYY' (or
 * 'MM/YY') or from month and year numbers. Anything unreadable is returned as it is.
 */
export function formatCardExpiry(expires: string | { month: number; year: number }): string {
  const expiry = typeof expires === 'string' ? parseCardExpiry(expires) : expires;
  if (!expiry || expiry.month < 1 || expiry.month > 12)
    return typeof expires === 'string' ? expires : '';
  return `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}`;
}
