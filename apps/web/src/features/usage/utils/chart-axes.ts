import { formatMegabytes } from '@outpost/domain/format';

/**
 * The usage chart's axes as pure rules (uplot-chart.ts draws with them): y ticks at round values
 * shown exactly, a y range that holds the highest bar with headroom, an x range that holds the
 * first and last bar whole, and x labels spaced by their measured width so they never touch.
 */

/** The y axis: at most this many intervals between gridlines. */
const Y_INTERVALS = 5;
/** Room above the highest bar, as a share of it. */
const HEADROOM = 0.05;
/** Pixels kept clear between two x labels. */
const X_LABEL_GAP = 16;

/** The smallest 1, 2, 2.5 or 5 times a power of ten that is at least `value`. */
function roundStep(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= value * (1 - 1e-9));
  return step ?? 10 * power;
}

/**
 * The y gridlines (MB) from 0: round steps (1, 2, 2.5 or 5 times a power of ten), the top one above
 * the highest stacked bar with headroom, at most five intervals.
 */
export function yTicks(highest: number): number[] {
  if (!(highest > 0)) return [0, 1];
  const step = roundStep((highest * (1 + HEADROOM)) / Y_INTERVALS);
  const count = Math.ceil((highest * (1 + HEADROOM)) / step);
  // toPrecision: no 0.30000000000000004 from repeated steps below 1 MB.
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** A y tick as written: exact ('1.25 GB', never '1.3 GB' for 1250 MB), 0 as '0'. */
export function yTickLabel(mb: number): string {
  return mb === 0 ? '0' : formatMegabytes(mb, 3);
}

/** The x range (row indexes): half a row each side, so the first and last bar show whole. */
export function xRange(rowCount: number): [number, number] {
  return [-0.5, Math.max(rowCount, 1) - 0.5];
}

/** The least space (px) between x labels: the widest label and a gap, so none run together. */
export function xLabelSpace(labels: readonly string[], measure: (text: string) => number): number {
  return Math.ceil(Math.max(0, ...labels.map(measure))) + X_LABEL_GAP;
}
