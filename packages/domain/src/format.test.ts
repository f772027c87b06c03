import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './intl';
import {
  formatBytes,
  formatDateTime,
  formatMegabytes,
  formatMoney,
  formatShortDate,
  formatSpeed,
  lastDayBefore,
  shortDateOf,
} from './format';

describe('formatBytes', () => {
  it('uses decimal steps of 1000', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1 KB');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(formatBytes(25_600_000_000)).toBe('25.6 GB');
  });

  it('formats plan quotas given in MB', () => {
    expect(formatMegabytes(25600)).toBe('25.6 GB');
  });
});

describe('formatSpeed', () => {
  it('shows 1024 Kbps or more as Mbps', () => {
    expect(formatSpeed(25600)).toBe('25 Mbps');
    expect(formatSpeed(1024)).toBe('1 Mbps');
    expect(formatSpeed(1023)).toBe('1023 Kbps');
  });
});

describe('formatMoney', () => {
  it('shows two decimals', () => {
    expect(formatMoney(8995)).toBe('$89.95');
    expect(formatMoney(123456)).toBe('$1,234.56');
  });

  it('shows values under $1 as cents and negatives as a discount', () => {
    expect(formatMoney(50)).toBe('50c');
    expect(formatMoney(-1000)).toBe('$10.00 discount');
  });

  it('round-trips every non-negative amount of at least a dollar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), (cents) => {
        const shown = formatMoney(cents).replace(/[$,]/g, '');
        expect(Math.round(Number(shown) * 100)).toBe(cents);
      }),
    );
  });
});

describe('formatShortDate', () => {
  it('uses dd/mm/yy in Brisbane time', () => {
    expect(formatShortDate(new Date('2026-11-21T15:30:00Z'))).toBe('22/11/26');
  });

  it('keeps one formatter per time zone: each zone gets its own date', () => {
    const instant = new Date('2026-11-21T15:30:00Z');
    expect(formatShortDate(instant)).toBe('22/11/26');
    expect(formatShortDate(instant, 'America/New_York')).toBe('21/11/26');
    expect(formatShortDate(instant)).toBe('22/11/26');
  });
});

describe('dateTimeFormat', () => {
  it('makes a formatter once for the same options, another for other options', () => {
    const brisbane = dateTimeFormat({ timeZone: 'Australia/Brisbane', year: 'numeric' });
    expect(dateTimeFormat({ timeZone: 'Australia/Brisbane', year: 'numeric' })).toBe(brisbane);
    expect(dateTimeFormat({ timeZone: 'Australia/Perth', year: 'numeric' })).not.toBe(brisbane);
  });
});

describe('shortDateOf and lastDayBefore', () => {
  it('write an ISO time as the Brisbane date, and a period end as the last day inside it', () => {
    // Brisbane midnight starting 10/12/26 is 14:00 UTC on 09/12.
    expect(shortDateOf('2026-12-09T14:00:00.000Z')).toBe('10/12/26');
    expect(lastDayBefore('2026-12-09T14:00:00.000Z')).toBe('09/12/26');
  });
});

describe('formatDateTime', () => {
  it('writes a time in the business zone (AEST all year) with am/pm', () => {
    expect(formatDateTime('2026-11-24T10:05:00Z')).toBe('24 Nov 2026, 8:05 pm');
    expect(formatDateTime('2026-07-01T23:30:00Z')).toBe('2 July 2026, 9:30 am'); // en-AU writes July and June in full;
  });
});
