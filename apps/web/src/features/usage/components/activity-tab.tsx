import { zoneCityName } from '@outpost/domain/time/names';
import { formatDate, lastDayBefore } from '@outpost/domain/format';
import type { UsageBy, UsageRow, UsageType } from '@outpost/contracts/usage';
import { useMemo } from 'react';
import { type DataTableColumn, DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { LoadingState } from '@/components/loading-state';
import { useActivity } from '../api/get-activity';
import { useUsageSummary } from '../api/get-usage-summary';
import type { UsageAccess } from '../api/usage-access';
import { allowancesOf } from '../utils/allowances';
import { amount, seriesFor } from '../utils/chart-series';
import { loadFailure } from '../utils/load-failure';
import { hourLabel, rowLabel, tableUnit } from '../utils/usage-format';
import { DownloadReportButton } from './download-report-button';
import { UsageChart } from './usage-chart';

/** Spec 2 section 9: hourly and daily tables 99 a page; the monthly table shows all 13 months. */
const PAGE_SIZE: Readonly<Record<UsageBy, number>> = { hour: 99, day: 99, month: 13 };

type Names = { title: string; table: string; column: string; empty: string };
const NAMES: Readonly<Record<UsageBy, Names>> = {
  hour: {
    title: 'Hourly usage',
    table: 'Usage by hour, newest first',
    column: 'Hour',
    empty: 'No usage recorded yet this period.',
  },
  day: {
    title: 'Daily usage',
    table: 'Usage by day, newest first',
    column: 'Day',
    empty: 'No usage recorded yet this period.',
  },
  month: {
    title: 'Monthly usage',
    table: 'Usage by month, newest first',
    column: 'Month',
    empty: 'No usage recorded in the last 13 months.',
  },
};

export type ActivityTabProps = {
  serviceid: number;
  access: UsageAccess;
  by: UsageBy;
  type: UsageType;
  peakLabel: 'Peak' | 'Anytime';
};

/**
 * Reports 2, 3 and 4 (Hourly, Daily, Monthly): the chart of the chart type's series with its
 * legend, the same figures in a table (newest first), and Download Report.
 */
export function ActivityTab({ serviceid, access, by, type, peakLabel }: ActivityTabProps) {
  const activity = useActivity(access, serviceid, by, type);
  // The summary (already loaded by the page) says whether the plan counts off-peak data.
  const summary = useUsageSummary(access, serviceid);
  // The hour column names the business zone ('Hour (Brisbane time)'), set when the page loaded.
  const names =
    by === 'hour' ? { ...NAMES.hour, column: `Hour (${zoneCityName()} time)` } : NAMES[by];
  const rows = activity.data?.rows;
  const offPeak =
    !summary.data ||
    allowancesOf(summary.data).some((a) => a.id === 'offpeak') ||
    (rows ?? []).some((row) => row['Off-peak'] !== 0);
  const series = useMemo(() => seriesFor(type, peakLabel, offPeak), [type, peakLabel, offPeak]);
  const newestFirst = useMemo(() => (rows ? [...rows].reverse() : []), [rows]);

  // One unit for every column, so MB and GB never sit side by side.
  const { unit, format } = tableUnit(
    series.map((s) => newestFirst.map((row) => amount(row, s.key))),
  );
  const columns: DataTableColumn<UsageRow>[] = [
    {
      id: 'time',
      header: names.column,
      rowHeader: true,
      // Hours sit under their day's heading, so each row names only its hour.
      cell: (row) => (by === 'hour' ? hourLabel(row) : rowLabel(row, by)),
    },
    ...series.map((s) => ({
      id: s.key,
      header: `${s.label} (${unit})`,
      cell: (row: UsageRow) => format(amount(row, s.key)),
    })),
  ];

  let content;
  if (activity.isPending) {
    content = <LoadingState label="Loading usage…" />;
  } else if (activity.isError) {
    content = (
      <LoadError
        error={loadFailure(activity.error, access)}
        onRetry={() => void activity.refetch()}
      />
    );
  } else if (activity.data.rows.length === 0) {
    content = <p className="empty-state">{names.empty}</p>;
  } else {
    content = (
      <>
        <div className="usage-toolbar">
          <p className="usage-period">
            {by === 'month' ? (
              'The last 13 months'
            ) : (
              <>
                This period: <strong>{formatDate(activity.data.periodStart)}</strong> to{' '}
                <strong>{lastDayBefore(activity.data.periodStop)}</strong>
              </>
            )}
          </p>
          <DownloadReportButton
            serviceid={serviceid}
            by={by}
            type={type}
            access={access}
            identifier={summary.data?.identifier}
          />
        </div>
        <UsageChart
          title={`${names.title} chart`}
          rows={activity.data.rows}
          by={by}
          series={series}
          tableName={names.table}
        />
        <DataTable
          rows={newestFirst}
          columns={columns}
          rowKey={(row) => row.LocalTime}
          caption={names.table}
          pageSize={PAGE_SIZE[by]}
          empty={<p>{names.empty}</p>}
          className="usage-table"
          groupOf={by === 'hour' ? (row) => rowLabel(row, 'day') : undefined}
          rowsWhenNarrow
        />
      </>
    );
  }

  return (
    <>
      <h2 className="usage-panel__title">{names.title}</h2>
      {content}
    </>
  );
}
