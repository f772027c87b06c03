import type { Dashboard } from '@outpost/contracts/dashboard';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { money, paymentMethodLabel, periodEndDate } from '../utils/account';
import { DashboardCard } from './dashboard-card';

export type AccountSummaryCardProps = {
  /** Null while loading. */
  dashboard: Dashboard | null;
  /** Whether the user may open a page (its route's permissions). */
  canVisit: (path: string) => boolean;
  /** 'invoices': the Billing page's card (spec 3 section 2.4): dd/mm/yyyy, only Update Payment. */
  variant?: 'dashboard' | 'invoices';
};

const statusClass: Readonly<Record<string, string>> = {
  Owing: 'status-badge status-badge--owing',
  Paid: 'status-badge status-badge--paid',
  'In Credit': 'status-badge status-badge--credit',
};

/**
 * Account Summary (spec 1 section 2): the balance with its status, the period's end, the payment
 * method ('Bank Debit', 'Credit Card' or as given), and the links the user's flags allow.
 */
export function AccountSummaryCard({
  dashboard,
  canVisit,
  variant = 'dashboard',
}: AccountSummaryCardProps) {
  const onInvoices = variant === 'invoices';
  const account = dashboard?.account;
  const links = dashboard?.permissions.links;
  const showBill = links?.['view-current-bill'] === true;
  // Owing: what is owed, when it is due, and a way to pay it (One-Off Payment, amount filled in).
  const owing = account?.balance.status === 'Owing' && account.balance.amount > 0;
  const showPay = owing && !onInvoices && canVisit('/billing/one-off-payment');
  const method = account ? paymentMethodLabel(account.paymethod.display) : '';
  const methodDetail =
    account && method !== account.paymethod.display.trim() ? account.paymethod.display : null;

  return (
    <DashboardCard title="Account Summary" loading={!dashboard} className="dashboard-account">
      {dashboard && !account && <p>There are no account details to show.</p>}
      {dashboard && account && (
        <>
          {/* The balance first; owing, what is owed and when it is due, with Pay beside it. */}
          <div className={owing ? 'account-balance account-balance--owing' : 'account-balance'}>
            <dl className="account-balance__figures">
              <div>
                <dt>Balance</dt>
                <dd className="facts__balance">
                  <span className="facts__amount">{money(Math.abs(account.balance.amount))}</span>
                  <span className={statusClass[account.balance.status] ?? 'status-badge'}>
                    {account.balance.status}
                  </span>
                </dd>
              </div>
              {owing && account.due && (
                <div className="account-balance__due">
                  <dt>Due date</dt>
                  <dd>{periodEndDate(account.due)}</dd>
                </div>
              )}
            </dl>
            {showPay && (
              <Link to="/billing/one-off-payment" className="button button--primary">
                Pay {money(account.balance.amount)}
              </Link>
            )}
          </div>
          <dl className="facts">
            <div>
              <dt>Period end date</dt>
              <dd>{periodEndDate(dashboard.period.current_end)}</dd>
            </div>
            <div>
              <dt>Payment method</dt>
              <dd>
                {method}
                {methodDetail && <span className="facts__detail">{methodDetail}</span>}
              </dd>
            </div>
          </dl>
          <div className="dashboard-card__actions">
            {showBill && !onInvoices && canVisit('/billing/invoices') && (
              <Link
                to="/billing/invoices"
                className={showPay ? 'button button--secondary' : 'button button--primary'}
              >
                View Current Bill
              </Link>
            )}
            {showBill && canVisit('/billing/recurring-payment-method') && (
              <Link to="/billing/recurring-payment-method" className="button button--secondary">
                Update Payment
              </Link>
            )}
            {links?.['view-account'] && !onInvoices && canVisit('/services') && (
              <Link to="/services" className="button button--quiet dashboard-card__more">
                View Services
                <ChevronRight aria-hidden="true" focusable="false" size={18} />
              </Link>
            )}
          </div>
        </>
      )}
    </DashboardCard>
  );
}
