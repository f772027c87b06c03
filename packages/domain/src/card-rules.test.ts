import { describe, expect, it } from 'vitest';
import { storedCardExpiry, isCardExpired, isUsableSavedCard, parseCardExpiry } from './card-rules';

describe('saved card rules', () => {
  it('keeps a card good through the last day of its expiry month', () => {
    // 31 August 2028, 23:59 in Brisbane (13:59 UTC).
    expect(isCardExpired('08/2028', new Date('2028-08-31T13:59:00Z'))).toBe(false);
    // 1 September 2028, 00:00 in Brisbane (still 31 August in UTC).
    expect(isCardExpired('08/2028', new Date('2028-08-31T14:00:00Z'))).toBe(true);
  });

  it('compares the year before the month', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(isCardExpired('01/2027', now)).toBe(false);
    expect(isCardExpired('12/2025', now)).toBe(true);
    expect(isCardExpired('11/2026', now)).toBe(false);
    expect(isCardExpired('10/2026', now)).toBe(true);
  });

  it('reads a two-digit year as the 2000s and counts an unreadable expiry as expired', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(parseCardExpiry('08/28')).toEqual({ month: 8, year: 2028 });
    expect(isCardExpired('08/28', now)).toBe(false);
    expect(isCardExpired('13/2030', now)).toBe(true);
    expect(isCardExpired('', now)).toBe(true);
    expect(isCardExpired(null, now)).toBe(true);
  });

  it('counts a card as saved only with its last 4 digits and an expiry not past', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(isUsableSavedCard({ last4: '4242', expires: '08/2028' }, now)).toBe(true);
    expect(isUsableSavedCard({ last4: '4242', expires: '10/2026' }, now)).toBe(false);
    expect(isUsableSavedCard({ last4: null, expires: '08/2028' }, now)).toBe(false);
    expect(isUsableSavedCard(null, now)).toBe(false);
  });

  it('writes an expiry as MM/YYYY', () => {
    expect(storedCardExpiry(8, 2028)).toBe('08/2028');
    expect(storedCardExpiry(12, 2030)).toBe('12/2030');
  });
});
