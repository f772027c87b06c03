import { messages } from '@outpost/contracts/messages';
import type { ReactNode } from 'react';
import { type TabItem, Tabs } from '@/components/tabs';
import './billing.css';

const billingTabs: readonly TabItem[] = [
  { label: 'Invoices', to: '/billing/invoices' },
  { label: 'One-Off Payment', to: '/billing/one-off-payment' },
  { label: 'Recurring Payment Method', to: '/billing/recurring-payment-method' },
  {
    label: 'Unbilled Calls',
    to: '/billing/unbilled-calls',
    disabled: true,
    note: messages.billing.unbilledCallsNote,
  },
];

/**
 * The Billing page (spec 3 section 2.3): titled Billing, with its tabs (each shown only with its
 * route's permissions; Unbilled Calls listed and disabled) above the open tab's content.
 */
export function BillingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page page--wide billing">
      <h1 className="page__title">Billing</h1>
      <Tabs label="Billing sections" items={billingTabs} />
      {children}
    </div>
  );
}
