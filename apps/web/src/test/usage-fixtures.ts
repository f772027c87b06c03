import type { UsageRow, UsageSummary } from '@outpost/contracts/usage';

/** Usage answers shaped like the server's (apps/server/src/modules/usage). */

export function usageSummary(overrides: Partial<UsageSummary> = {}): UsageSummary {
  return {
    periodStart: '2026-03-02T14:00:00.000Z',
    periodStop: '2026-04-01T14:00:00.000Z',
    planPeakQuota: 50_000,
    planOffPeakQuota: 0,
    blocksPeakQuota: 10_000,
    blocksOffPeakQuota: 0,
    totalPeakQuota: 60_000,
    totalOffPeakQuota: 0,
    usedPeakQuota: 24_000,
    usedOffPeakQuota: 0,
    unmeteredUsed: 31_250.5,
    excessUsed: 0,
    remainingPeakQuota: 36_000,
    remainingOffPeakQuota: 0,
    plan_notes:
      '<p>Your plan includes 50 GB of Peak data.</p><img src="x" onerror="window.__hacked = true"><script>window.__hacked = true</script>',
    serviceid: 200101,
    identifier: 'AVC000123456789',
    plan: 'Sky Muster Plus 50',
    technology: 'Sky Muster Plus',
    is_limitless: false,
    peakLabel: 'Peak',
    lastUpdated: '2026-03-14T06:00:00.000Z',
    ...overrides,
  };
}

/** A row for the Brisbane local time 'YYYY-MM-DDTHH:00'. */
export function usageRow(localTime: string, overrides: Partial<UsageRow> = {}): UsageRow {
  const [date = '', time = ''] = localTime.split('T');
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const hour = Number(time.slice(0, 2));
  return {
    Hour12: hour % 12 || 12,
    Meridian: hour < 12 ? 'AM' : 'PM',
    LocalTime: localTime,
    Day: day,
    Time: time,
    Month: month,
    Year: year,
    Peak: 1200,
    'Off-peak': 0,
    Shaped: 0,
    Unmetered: 800,
    Downloaded: 1100,
    Uploaded: 100,
    UnmeteredDownloaded: 700,
    UnmeteredUploaded: 100,
    ...overrides,
  };
}

export function activityBody(
  by: 'hour' | 'day' | 'month',
  type: 'consumption' | 'usage',
  rows: UsageRow[],
) {
  return {
    data: {
      by,
      type,
      periodStart: '2026-03-02T14:00:00.000Z',
      periodStop: '2026-04-01T14:00:00.000Z',
      rows,
    },
  };
}
