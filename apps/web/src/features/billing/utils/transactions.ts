import type { BillingTransaction } from '@outpost/contracts/billing';
import { formatDate } from '@outpost/domain/format';

/**
 * The 'Invoices and Payments History' table's cells (spec 3 section 2.4): newest first, the
 * description falls back from reason to status to 'Tax Invoice #{invoiceid}', amounts without
 * their sign and with '$', the balance with a minus sign while the account is owing.
 */

// Made at first use, not at module load (an Intl formatter costs milliseconds to build).
let money: Intl.NumberFormat | undefined;
const getMoney = () =>
  (money ??= new Intl.NumberFormat('en-AU', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));

/** Cents without their sign: -1234 -> '$12.34'. */
export function unsignedMoney(cents: number): string {
  return `$${getMoney().format(Math.abs(cents) / 100)}`;
}

export function transactionDescription(t: BillingTransaction): string {
  if (t.reason) return t.reason;
  if (t.status) return t.status;
  return `Tax Invoice #${t.invoiceid ?? ''}`;
}

export function transactionTotal(t: BillingTransaction): string {
  return unsignedMoney(t.amount);
}

export function transactionBalance(t: BillingTransaction): string {
  const shown = unsignedMoney(t.balance);
  return t.account_status === 'owing' ? `-${shown}` : shown;
}

export function transactionDate(t: BillingTransaction): string {
  return formatDate(t.created);
}

/** Newest first (by date, then by id), whatever order the answer came in. */
export function newestFirst(rows: readonly BillingTransaction[]): BillingTransaction[] {
  return [...rows].sort(
    (a, b) => b.created.localeCompare(a.created) || b.transactionid - a.transactionid,
  );
}

/** Only rows with an invoice can be downloaded. */
export function hasInvoice(t: BillingTransaction): t is BillingTransaction & { invoiceid: number } {
  return t.invoiceid !== null;
}

/** The words a row can be found by in the table's search. */
export function transactionSearchText(t: BillingTransaction): string {
  return [
    t.transactionid,
    transactionDate(t),
    t.type,
    transactionDescription(t),
    transactionTotal(t),
    transactionBalance(t),
    t.invoice ?? '',
  ].join(' ');
}
