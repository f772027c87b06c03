import type { Dashboard } from '@outpost/contracts/dashboard';
import { DASHBOARD_ACTIVITY_ENTRIES } from '@outpost/domain/constants';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { type DataTableColumn, DataTable } from '@/components/data-table';
import { LedgerAmount } from '@/components/ledger-amount';
import { activityDate, money } from '../utils/account';
import { DashboardCard } from './dashboard-card';

type Entry = Dashboard['activity'][number];

// On a phone a row reads 'Payment / 19/11/26 ... +$134.94', the balance a tap away.
const columns: readonly DataTableColumn<Entry>[] = [
  {
    id: 'date',
    header: 'Date',
    rowHeader: true,
    narrow: 'secondary',
    cell: (e) => activityDate(e.when),
  },
  { id: 'type', header: 'Type', narrow: 'primary', cell: (e) => e.type },
  {
    id: 'amount',
    header: 'Amount',
    narrow: 'trailing',
    cell: (e) => money(e.amount.value),
    narrowCell: (e) => <LedgerAmount cents={e.amount.value} />,
  },
  { id: 'balance', header: 'Balance', cell: (e) => money(e.balance.value) },
];

export type BillingActivityCardProps = {
  dashboard: Dashboard | null;
  canVisit: (path: string) => boolean;
};

/** Billing Activity (spec 1 section 2): the newest 3 entries and a link to all of them. */
export function BillingActivityCard({ dashboard, canVisit }: BillingActivityCardProps) {
  const entries = dashboard?.activity.slice(0, DASHBOARD_ACTIVITY_ENTRIES) ?? [];
  return (
    <DashboardCard title="Billing Activity" loading={!dashboard} className="dashboard-activity">
      <DataTable
        rows={entries}
        columns={columns}
        rowKey={(e) => e.transactionid}
        caption="Billing Activity"
        captionHidden
        pageSize={DASHBOARD_ACTIVITY_ENTRIES}
        empty={<p>There is no billing activity yet.</p>}
        className="dashboard-activity"
      />
      {dashboard?.permissions.links['view-billing-activity'] && canVisit('/billing/invoices') && (
        <div className="dashboard-card__actions">
          <Link to="/billing/invoices" className="button button--quiet dashboard-card__more">
            View Billing Activity
            <ChevronRight aria-hidden="true" focusable="false" size={18} />
          </Link>
        </div>
      )}
    </DashboardCard>
  );
}
