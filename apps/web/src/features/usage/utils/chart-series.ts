import type { UsageRow, UsageType } from '@outpost/contracts/usage';

export type UsageAmountKey =
  | 'Peak'
  | 'Off-peak'
  | 'Shaped'
  | 'Unmetered'
  | 'Downloaded'
  | 'Uploaded'
  | 'UnmeteredDownloaded'
  | 'UnmeteredUploaded';

export type ChartSeries = {
  key: UsageAmountKey;
  label: string;
  /** Fill colour: at least 3:1 against white, told apart by lightness as well as hue. */
  colour: string;
};

/** Four colours that stay distinct for the common colour-vision deficiencies and in greyscale. */
export const SERIES_COLOURS = ['#0a4f8f', '#c2410c', '#0e9f8e', '#7c3aed'] as const;

/**
 * The chart type's series (and table columns, in the same order): consumption is peak-or-anytime
 * and off-peak (with unmetered and shaped data), usage is download and upload. Without
 * `offPeak` (a plan whose off-peak data is unmetered or not offered) there is no Off-Peak series.
 */
export function seriesFor(
  type: UsageType,
  peakLabel: 'Peak' | 'Anytime',
  offPeak = true,
): ChartSeries[] {
  const keys: [UsageAmountKey, string][] =
    type === 'consumption'
      ? [
          ['Peak', peakLabel],
          ['Off-peak', 'Off-Peak'],
          ['Unmetered', 'Unmetered'],
          ['Shaped', 'Shaped (excess)'],
        ]
      : [
          ['Downloaded', 'Downloaded'],
          ['Uploaded', 'Uploaded'],
          ['UnmeteredDownloaded', 'Unmetered downloaded'],
          ['UnmeteredUploaded', 'Unmetered uploaded'],
        ];
  return keys
    .map(([key, label], i) => ({ key, label, colour: SERIES_COLOURS[i]! }))
    .filter((s) => offPeak || s.key !== 'Off-peak');
}

/** What the chart type selector calls each type. */
export function chartTypeLabel(type: UsageType, peakLabel: 'Peak' | 'Anytime'): string {
  return type === 'consumption' ? `${peakLabel} / Off-Peak` : 'Upload / Download';
}

export function amount(row: UsageRow, key: UsageAmountKey): number {
  return row[key];
}
