import type { UsageBy, UsageRow } from '@outpost/contracts/usage';
import { formatMegabytes } from '@outpost/domain/format';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { xLabelSpace, xRange, yTickLabel, yTicks } from '../utils/chart-axes';
import { amount, type ChartSeries } from '../utils/chart-series';
import { axisLabel, rowLabel } from '../utils/usage-format';

/**
 * The usage chart drawn with uPlot (about 22 kB gzip), in its own chunk: only the usage pages
 * load it, and only when a chart tab opens. Stacked bars: apart by day and month, touching by
 * hour (up to 720 of them). Indexes, not times, on the x axis: rows are labelled with the
 * server's Brisbane time text, never through the device's clock. The canvas is hidden from assistive technology
 * (the table beside it holds the same figures) and takes no focus. Axes: utils/chart-axes.ts.
 */

export type UsageChartSpec = {
  rows: readonly UsageRow[];
  by: UsageBy;
  series: readonly ChartSeries[];
};

export type UsageChartHandle = { destroy: () => void };

const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const AXIS_COLOUR = '#4d5965';
const GRID_COLOUR = '#e3e8ed';

/** Label steps (in rows) the x axis may use: whole days for hours, whole weeks for days. */
const X_INCREMENTS: Readonly<Record<UsageBy, number[]>> = {
  hour: [6, 12, 24, 48, 72, 96, 168, 336, 720],
  day: [1, 2, 3, 7, 14, 28],
  month: [1, 2, 3, 4, 6, 12],
};

let measureContext: CanvasRenderingContext2D | null | undefined;

/** A label's width in CSS pixels in the axis font. */
function measureLabel(text: string): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * 7;
  measureContext.font = FONT;
  return measureContext.measureText(text).width;
}

function chartHeight(width: number): number {
  return width < 500 ? 240 : 300;
}

/** The room a tooltip keeps from the edges of the box it must stay in. */
const TOOLTIP_MARGIN = 4;

/**
 * The tooltip's left, relative to the plot: `wanted` (beside the cursor), pulled back so the
 * tooltip stays inside the box it is drawn in (`box`, on screen: the chart's canvas, which clips,
 * within the viewport), given the plot's left on screen.
 */
export function tooltipX(
  wanted: number,
  width: number,
  plotLeft: number,
  box: { left: number; right: number },
): number {
  const max = box.right - TOOLTIP_MARGIN - width - plotLeft;
  const min = box.left + TOOLTIP_MARGIN - plotLeft;
  return Math.max(Math.min(wanted, max), min);
}

/** Where the tooltip may be on screen: the canvas host (it clips) within the viewport. */
function tooltipBox(u: uPlot): { left: number; right: number } {
  const host = (u.root.parentElement ?? u.root).getBoundingClientRect();
  return {
    left: Math.max(host.left, 0),
    right: Math.min(host.right, document.documentElement.clientWidth),
  };
}

function tooltipPlugin(spec: UsageChartSpec): uPlot.Plugin {
  let tooltip: HTMLDivElement;
  const show = (u: uPlot) => {
    const idx = u.cursor.idx;
    const row = idx === null || idx === undefined ? undefined : spec.rows[idx];
    if (!row) {
      tooltip.hidden = true;
      return;
    }
    const title = document.createElement('strong');
    title.textContent = rowLabel(row, spec.by);
    const lines = spec.series.map((s) => {
      const line = document.createElement('span');
      const swatch = document.createElement('span');
      swatch.className = 'chart-swatch';
      swatch.style.background = s.colour;
      line.append(swatch, `${s.label}: ${formatMegabytes(amount(row, s.key))}`);
      return line;
    });
    const box = tooltipBox(u);
    // At 360 px the plot is narrower than the tooltip: a long line wraps within the box.
    tooltip.style.maxWidth = `${Math.max(box.right - box.left - 2 * TOOLTIP_MARGIN, 0)}px`;
    tooltip.replaceChildren(title, ...lines);
    tooltip.hidden = false;
    const left = u.cursor.left ?? 0;
    const width = tooltip.offsetWidth;
    const overWidth = u.over.clientWidth;
    // Beside the cursor, flipped to its left near the right edge, never out of the box.
    const beside = left + 12 + width > overWidth ? left - 12 - width : left + 12;
    const x = tooltipX(beside, width, u.over.getBoundingClientRect().left, box);
    tooltip.style.transform = `translate(${x}px, 0)`;
  };
  return {
    hooks: {
      init: (u) => {
        tooltip = document.createElement('div');
        tooltip.className = 'usage-chart__tooltip';
        tooltip.hidden = true;
        u.over.append(tooltip);
      },
      setCursor: show,
    },
  };
}

/** Draws the chart into `host` at the host's width, following its size; returns a handle to remove it. */
export function createUsageChart(host: HTMLElement, spec: UsageChartSpec): UsageChartHandle {
  const { rows, by, series } = spec;
  const xs = rows.map((_, i) => i);
  // Stacked by drawing running totals from the tallest down: each layer covers the one below it.
  const totals: number[][] = [];
  series.forEach((s, i) => {
    totals.push(rows.map((row, r) => (i === 0 ? 0 : totals[i - 1]![r]!) + amount(row, s.key)));
  });
  const layers = series.map((s, i) => ({ s, data: totals[i]! })).reverse();
  // Bars centred on their row: hours touch (a step shape), days and months stand apart.
  const paths = uPlot.paths.bars!({ size: by === 'hour' ? [1, Infinity] : [0.7, 48], align: 0 });
  const ticks = yTicks(Math.max(0, ...(totals.at(-1) ?? [])));
  const labels = rows.map((row) => axisLabel(row, by));

  const width = Math.max(host.clientWidth, 200);
  const options: uPlot.Options = {
    width,
    height: chartHeight(width),
    legend: { show: false },
    cursor: { points: { show: false }, drag: { x: false, y: false }, y: false },
    scales: {
      x: { time: false, range: () => xRange(rows.length) },
      y: { range: () => [0, ticks.at(-1)!] },
    },
    axes: [
      {
        font: FONT,
        stroke: AXIS_COLOUR,
        space: xLabelSpace(labels, measureLabel),
        incrs: X_INCREMENTS[by],
        grid: { show: false },
        ticks: { stroke: GRID_COLOUR },
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
      },
      {
        font: FONT,
        stroke: AXIS_COLOUR,
        size: 64,
        grid: { stroke: GRID_COLOUR, width: 1 },
        ticks: { show: false },
        splits: () => ticks,
        values: (_u, splits) => splits.map(yTickLabel),
      },
    ],
    series: [
      {},
      ...layers.map(({ s }) => ({
        label: s.label,
        stroke: s.colour,
        fill: s.colour,
        width: by === 'hour' ? 1 : 0,
        points: { show: false },
        paths,
      })),
    ],
    plugins: [tooltipPlugin(spec)],
  };
  const chart = new uPlot(options, [xs, ...layers.map((l) => l.data)], host);

  const observer = new ResizeObserver(() => {
    const next = Math.max(host.clientWidth, 200);
    if (next !== chart.width) chart.setSize({ width: next, height: chartHeight(next) });
  });
  observer.observe(host);

  return {
    destroy: () => {
      observer.disconnect();
      chart.destroy();
    },
  };
}
