import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './intl';
import {
  formatBytes,
  formatClock,
  formatCsvDateTime,
  formatDate,
  formatDateTime,
  formatMegabytes,
  formatMoney,
  formatSpeed,
  formatTime,
  lastDayBefore,
} from './format';
import { formatPhone, technologyLabel } from './phone-format';
import { formatCardExpiry } from './card-rules';

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

describe('formatDate', () => {
  it('uses dd/mm/yy in Brisbane time, from a Date or an ISO time', () => {
    expect(formatDate(new Date('2026-11-21T15:30:00Z'))).toBe('22/11/26');
    expect(formatDate('2026-12-15T03:00:00Z')).toBe('15/12/26');
    expect(formatDate('2026-01-01T00:00:00Z')).toBe('01/01/26');
  });

  it('keeps one formatter per time zone: each zone gets its own date', () => {
    const instant = new Date('2026-11-21T15:30:00Z');
    expect(formatDate(instant)).toBe('22/11/26');
    expect(formatDate(instant, 'America/New_York')).toBe('21/11/26');
    expect(formatDate(instant)).toBe('22/11/26');
  });
});

describe('dateTimeFormat', () => {
  it('makes a formatter once for the same options, another for other options', () => {
    const brisbane = dateTimeFormat({ timeZone: 'Australia/Brisbane', year: 'numeric' });
    expect(dateTimeFormat({ timeZone: 'Australia/Brisbane', year: 'numeric' })).toBe(brisbane);
    expect(dateTimeFormat({ timeZone: 'Australia/Perth', year: 'numeric' })).not.toBe(brisbane);
  });
});

describe('formatDate and lastDayBefore', () => {
  it('write an ISO time as the Brisbane date, and a period end as the last day inside it', () => {
    // Brisbane midnight starting 10/12/26 is 14:00 UTC on 09/12.
    expect(formatDate('2026-12-09T14:00:00.000Z')).toBe('10/12/26');
    expect(lastDayBefore('2026-12-09T14:00:00.000Z')).toBe('09/12/26');
  });
});

describe('formatTime and formatClock', () => {
  it("write one time style: 'h:mm am' in lower case, 12 am and 12 pm included", () => {
    expect(formatClock(0)).toBe('12:00 am');
    expect(formatClock(1)).toBe('1:00 am');
    expect(formatClock(12, 30)).toBe('12:30 pm');
    expect(formatClock(23, 5)).toBe('11:05 pm');
    // 15:00 UTC is 1:00 am the next day in Brisbane.
    expect(formatTime('2026-11-21T15:00:00Z')).toBe('1:00 am');
    expect(formatTime(new Date('2026-11-21T02:00:00Z'))).toBe('12:00 pm');
  });
});

describe('formatDateTime', () => {
  it('writes a time in the business zone (AEST all year) as dd/mm/yy h:mm am', () => {
    expect(formatDateTime('2026-11-24T10:05:00Z')).toBe('24/11/26 8:05 pm');
    expect(formatDateTime('2026-07-01T23:30:00Z')).toBe('02/07/26 9:30 am');
  });
});

describe('formatCsvDateTime', () => {
  it("writes a local time as 'YYYY-MM-DD HH:MM'", () => {
    expect(formatCsvDateTime('2026-11-01T00:00')).toBe('2026-11-01 00:00');
    expect(formatCsvDateTime('2026-11-01T16:00')).toBe('2026-11-01 16:00');
    expect(formatCsvDateTime('not a time')).toBe('not a time');
  });
});

describe('formatCardExpiry', () => {
  it('writes every stored form as MM/YY', () => {
    expect(formatCardExpiry('11/2030')).toBe('11/30');
    expect(formatCardExpiry('08/28')).toBe('08/28');
    expect(formatCardExpiry('8/2028')).toBe('08/28');
    expect(formatCardExpiry({ month: 3, year: 2031 })).toBe('03/31');
    expect(formatCardExpiry('N/A')).toBe('N/A');
  });
});

describe('formatPhone', () => {
  it('groups Australian numbers as they are read', () => {
    expect(formatPhone('1300975707')).toBe('1300 975 707');
    expect(formatPhone('1300 975 707')).toBe('1300 975 707');
    expect(formatPhone('1800160401')).toBe('1800 160 401');
    expect(formatPhone('131234')).toBe('13 12 34');
    expect(formatPhone('0755500123')).toBe('07 5550 0123');
    expect(formatPhone('(07) 5550 0123')).toBe('07 5550 0123');
    expect(formatPhone('0412345678')).toBe('0412 345 678');
    expect(formatPhone('0412 345 678')).toBe('0412 345 678');
    expect(formatPhone('+61755501234')).toBe('+61 7 5550 1234');
    expect(formatPhone('+61491570156')).toBe('+61 491 570 156');
  });

  it('leaves what is not an Australian phone number as it is', () => {
    expect(formatPhone('AVC000123456789')).toBe('AVC000123456789');
    expect(formatPhone('+1 555 0100')).toBe('+1 555 0100');
    expect(formatPhone(' 12345 ')).toBe('12345');
  });
});

describe('technologyLabel', () => {
  it("spells the spec's 'VOIP' as VoIP and leaves other technologies alone", () => {
    expect(technologyLabel('VOIP')).toBe('VoIP');
    expect(technologyLabel('Landline')).toBe('Landline');
    expect(technologyLabel('Sky Muster Plus')).toBe('Sky Muster Plus');
  });
});
