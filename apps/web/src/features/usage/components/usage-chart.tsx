import type { UsageBy, UsageRow } from '@outpost/contracts/usage';
import { useEffect, useId, useRef, useState } from 'react';
import { useDataSaver } from '@/lib/data-saver';
import type { ChartSeries } from '../utils/chart-series';
import type { createUsageChart, UsageChartHandle } from './uplot-chart';

type ChartModule = { createUsageChart: typeof createUsageChart };

let chartModule: Promise<ChartModule> | null = null;

/** Loads the chart code once (uPlot and its styles); a failed download may be tried again. */
export function loadChartModule(): Promise<ChartModule> {
  chartModule ??= import('./uplot-chart').catch((error: unknown) => {
    chartModule = null;
    throw error;
  });
  return chartModule;
}

export type UsageChartProps = {
  /** Names the chart (its figure caption), e.g. 'Daily usage chart'. */
  title: string;
  rows: readonly UsageRow[];
  by: UsageBy;
  series: readonly ChartSeries[];
  /** What the table holding the same figures is called, for the text alternative. */
  tableName: string;
};

/**
 * A usage chart with its legend. The drawing is visual only: the figure says that the table
 * below lists the same figures (its text alternative), and nothing in it takes focus.
 * With data saver on, the chart's code and drawing wait for 'Show chart' (the same space is kept).
 */
export function UsageChart({ title, rows, by, series, tableName }: UsageChartProps) {
  const ids = useId();
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const dataSaver = useDataSaver();
  const [asked, setAsked] = useState(false);
  const draw = !dataSaver || asked;

  useEffect(() => {
    if (!draw) return;
    let cancelled = false;
    let chart: UsageChartHandle | undefined;
    loadChartModule()
      .then(({ createUsageChart }) => {
        if (cancelled || !host.current) return;
        setFailed(false);
        chart = createUsageChart(host.current, { rows, by, series });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [rows, by, series, draw]);

  return (
    <figure
      className="usage-chart"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-alt`}
    >
      <figcaption id={`${ids}-title`} className="usage-chart__title">
        {title}
      </figcaption>
      <ul className="chart-legend" aria-label="Legend">
        {series.map((s) => (
          <li key={s.key}>
            <span className="chart-swatch" style={{ background: s.colour }} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
      {draw ? (
        <div ref={host} className="usage-chart__canvas" aria-hidden="true" />
      ) : (
        <div className="usage-chart__canvas usage-chart__canvas--waiting">
          <button type="button" className="button button--secondary" onClick={() => setAsked(true)}>
            Show chart
          </button>
        </div>
      )}
      {failed && <p className="usage-chart__failed">The chart could not be loaded.</p>}
      <p id={`${ids}-alt`} className="usage-chart__alt">
        The table &lsquo;{tableName}&rsquo; below lists the same figures.
      </p>
    </figure>
  );
}
