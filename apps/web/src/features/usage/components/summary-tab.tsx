import type { UsageSummary } from '@outpost/contracts/usage';
import { formatMegabytes, lastDayBefore, formatDate } from '@outpost/domain/format';
import { useId } from 'react';
import { SafeHtml } from '@/components/safe-html';
import { type DataTableColumn, DataTable } from '@/components/data-table';
import {
  type Allowance,
  allowancesOf,
  hasUnmeteredOffPeak,
  planAllowance,
} from '../utils/allowances';
import { columnUnit } from '../utils/usage-format';
import { UsageBar } from './usage-bar';

/** Spec 2 section 9: usage summary page size 10. */
const SUMMARY_PAGE_SIZE = 10;

export const UNMETERED_OFF_PEAK_NOTE = 'Off-Peak data is unmetered between midnight and 4pm.';

type SummaryRow = {
  id: string;
  name: string;
  used: number;
  allowance: Omit<Allowance, 'id' | 'title' | 'used'> | null;
};

const mb = (value: number) => formatMegabytes(value);

function AllowanceCard({ allowance, summary }: { allowance: Allowance; summary: UsageSummary }) {
  const ids = useId();
  const plan = planAllowance(allowance, summary, new Date());
  return (
    <section className="usage-card" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{allowance.title}</h3>
      <dl className="usage-facts">
        <div>
          <dt>Used</dt>
          <dd>{mb(allowance.used)}</dd>
        </div>
        <div>
          <dt>Plan allowance</dt>
          <dd>{mb(allowance.plan)}</dd>
        </div>
        <div>
          <dt>Data blocks</dt>
          <dd>{allowance.blocks > 0 ? mb(allowance.blocks) : 'None'}</dd>
        </div>
        <div>
          <dt>Remaining</dt>
          <dd>{mb(allowance.remaining)}</dd>
        </div>
      </dl>
      <UsageBar
        label={`${allowance.title} used`}
        percentUsed={plan.percentUsed}
        percentElapsed={plan.percentElapsed}
      />
    </section>
  );
}

export type SummaryTabProps = { summary: UsageSummary };

/**
 * Report 1, Summary: the period, each allowance (plan and data blocks apart, used, remaining, the
 * pace bar), unmetered and shaped data, the unmetered off-peak note on Sky Muster Plus, the
 * summary table (10 a page) and the plan notes (server HTML, sanitised).
 */
export function SummaryTab({ summary }: SummaryTabProps) {
  const ids = useId();
  const allowances = allowancesOf(summary);
  const unmeteredOffPeak = hasUnmeteredOffPeak(summary);

  const rows: SummaryRow[] = [
    ...allowances.map(({ id, title, used, ...allowance }) => ({
      id,
      name: title,
      used,
      allowance,
    })),
    { id: 'unmetered', name: 'Unmetered data', used: summary.unmeteredUsed, allowance: null },
    { id: 'shaped', name: 'Shaped (excess) data', used: summary.excessUsed, allowance: null },
  ];
  // Each column of amounts in one unit, named in its header (a zero reads 0.00, not '0 B').
  const amountColumn = (
    id: 'plan' | 'blocks' | 'total' | 'remaining',
    header: string,
    otherwise: string,
  ): DataTableColumn<SummaryRow> => {
    const { unit, format } = columnUnit(allowances.map((a) => a[id]));
    return {
      id,
      header: `${header} (${unit})`,
      cell: (r) => {
        if (!r.allowance) return otherwise;
        if (id === 'blocks' && r.allowance.blocks === 0) return 'None';
        return format(r.allowance[id]);
      },
    };
  };
  const used = columnUnit(rows.map((r) => r.used));
  const columns: DataTableColumn<SummaryRow>[] = [
    { id: 'name', header: 'Data', rowHeader: true, cell: (r) => r.name },
    // On a phone a row reads 'Peak data ... 12.34', the allowances a tap away.
    {
      id: 'used',
      header: `Used (${used.unit})`,
      narrow: 'trailing',
      cell: (r) => used.format(r.used),
      narrowCell: (r) => `${used.format(r.used)} ${used.unit}`,
    },
    amountColumn('plan', 'Plan allowance', 'Not counted'),
    amountColumn('blocks', 'Data blocks', '–'),
    amountColumn('total', 'Total allowance', '–'),
    amountColumn('remaining', 'Remaining', '–'),
  ];

  return (
    <>
      <h2 className="usage-panel__title">This period</h2>
      <p className="usage-period">
        From <strong>{formatDate(summary.periodStart)}</strong> to{' '}
        <strong>{lastDayBefore(summary.periodStop)}</strong> (30 days)
      </p>
      <div className="usage-cards">
        {allowances.map((allowance) => (
          <AllowanceCard key={allowance.id} allowance={allowance} summary={summary} />
        ))}
        <section className="usage-card" aria-labelledby={`${ids}-other`}>
          <h3 id={`${ids}-other`}>Unmetered and shaped data</h3>
          <dl className="usage-facts">
            <div>
              <dt>Unmetered data</dt>
              <dd>{mb(summary.unmeteredUsed)}</dd>
            </div>
            <div>
              <dt>Shaped (excess) data</dt>
              <dd>{mb(summary.excessUsed)}</dd>
            </div>
          </dl>
          {unmeteredOffPeak && <p className="usage-note">{UNMETERED_OFF_PEAK_NOTE}</p>}
        </section>
      </div>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Usage summary for this period"
        pageSize={SUMMARY_PAGE_SIZE}
        empty={<p>No usage recorded yet this period.</p>}
      />
      <section className="page-section" aria-labelledby={`${ids}-notes`}>
        <h2 id={`${ids}-notes`}>About your plan</h2>
        <SafeHtml className="plan-notes" html={summary.plan_notes} />
      </section>
    </>
  );
}
