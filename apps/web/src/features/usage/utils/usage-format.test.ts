import { afterEach, describe, expect, it } from 'vitest';
import { usageRow } from '@/test/usage-fixtures';
import { axisLabel, columnUnit, hourLabel, rowLabel, tableUnit } from './usage-format';
import { lastDayBefore, formatDate, formatDateTime } from '@outpost/domain/format';

/** Zones a customer's device might be in: daylight saving (Sydney, Los Angeles), ahead of UTC by a day, UTC. */
const ZONES = [
  'Australia/Sydney',
  'America/Los_Angeles',
  'Pacific/Kiritimati',
  'UTC',
  'Australia/Brisbane',
];
const originalZone = process.env.TZ;

function inZone<T>(zone: string, run: () => T): T {
  process.env.TZ = zone;
  return run();
}

function formatted() {
  // 4pm on the first Sunday of October: daylight saving has just started in Sydney.
  const hour = usageRow('2025-10-05T16:00');
  const day = { ...usageRow('2025-10-05T00:00'), Hour12: null, Meridian: null, Time: null };
  const month = {
    ...usageRow('2025-10-01T00:00'),
    Hour12: null,
    Meridian: null,
    Time: null,
    Day: null,
  };
  return [
    rowLabel(hour, 'hour'),
    axisLabel(hour, 'hour'),
    rowLabel(day, 'day'),
    axisLabel(day, 'day'),
    rowLabel(month, 'month'),
    axisLabel(month, 'month'),
    formatDateTime('2025-10-05T06:00:00.000Z'),
    formatDate('2025-09-20T14:00:00.000Z'),
    lastDayBefore('2025-10-20T14:00:00.000Z'),
  ];
}

describe('usage times are Brisbane times on any device', () => {
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  it('formats rows, periods and the last update the same whatever time zone the device is in', () => {
    const expected = [
      '05/10/25 4:00 pm',
      '05/10 4 pm',
      'Sun 05/10/25',
      '05/10',
      'October 2025',
      'Oct 25',
      '05/10/25 4:00 pm',
      '21/09/25',
      '20/10/25',
    ];
    const offsets = new Set<number>();
    for (const zone of ZONES) {
      inZone(zone, () => {
        offsets.add(new Date('2025-10-05T06:00:00.000Z').getTimezoneOffset());
        expect(formatted(), zone).toEqual(expected);
      });
    }
    // The device's zone really did change between runs (else this test would prove nothing).
    expect(offsets.size).toBe(ZONES.length);
  });

  it('labels hours from the server text, 12 am and 12 pm included', () => {
    expect(rowLabel(usageRow('2026-03-14T00:00'), 'hour')).toBe('14/03/26 12:00 am');
    expect(rowLabel(usageRow('2026-03-14T12:00'), 'hour')).toBe('14/03/26 12:00 pm');
    expect(rowLabel(usageRow('2026-03-14T23:00'), 'hour')).toBe('14/03/26 11:00 pm');
  });
});

describe('columnUnit', () => {
  it('shows a column of amounts in the unit of its largest, with fixed decimals', () => {
    const gb = columnUnit([0, 1250, 380]);
    expect(gb.unit).toBe('GB');
    expect([0, 1250, 380].map(gb.format)).toEqual(['0.00', '1.25', '0.38']);
    const mb = columnUnit([0, 12.34, 800]);
    expect(mb.unit).toBe('MB');
    expect([0, 12.34, 800].map(mb.format)).toEqual(['0.0', '12.3', '800.0']);
    expect(columnUnit([2_500_000]).format(2_500_000)).toBe('2.50');
    expect(columnUnit([0, 0]).unit).toBe('GB');
  });
});

describe('tableUnit', () => {
  it('gives every column of a table one unit, that of its largest amount, never MB beside GB', () => {
    // Peak in MB, an all-zero Shaped column: GB alone, which mixed the units (issue 35).
    const unit = tableUnit([
      [0, 47.4, 480],
      [0, 0, 0],
    ]);
    expect(unit.unit).toBe('MB');
    expect([47.4, 0].map(unit.format)).toEqual(['47.4', '0.0']);
    expect(tableUnit([[12], [3400]]).unit).toBe('GB');
  });
});

describe('hourLabel', () => {
  it("names an hourly row by its hour alone, '4:00 pm'", () => {
    expect(hourLabel(usageRow('2026-03-03T16:00'))).toBe('4:00 pm');
    expect(hourLabel(usageRow('2026-03-03T00:00'))).toBe('12:00 am');
  });
});
