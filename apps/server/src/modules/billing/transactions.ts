import { sql } from 'drizzle-orm';
import type { BillingTransaction } from '@outpost/contracts/billing';
import { preparedStatement } from '../../db/client';
import type { CallerRow } from '../auth/caller';
import { callerSql } from '../auth/caller';

/**
 * Invoices and Payments History (spec 3 section 2.4): the ledger as the API answers it. A file of
 * its own, apart from the invoices service the PDF bench imports, as it reads the caller.
 */

/** One ledger entry as the transactions statement reads it, with its invoice's number and state. */
type TransactionRow = {
  id: number;
  /** When, in milliseconds since the epoch (made ISO 8601 by Date.toISOString, as before). */
  created_ms: number;
  type: string;
  amount_cents: number;
  balance_cents: number;
  reason: string | null;
  status: string;
  invoice_id: number | null;
  number: string | null;
  invoice_status: string | null;
};

/**
 * The caller and their account's ledger, newest first, with each entry's invoice number, in one
 * statement prepared once per connection (docs/decisions/011): the token lookup (callerSql) is
 * its first part, so Invoices and Payments History costs one round trip, not two. The route
 * passes the caller row to checkCaller (the auth hook's checks, view-transactions included)
 * before anything is answered.
 */
export const transactionsRows = preparedStatement<
  { caller: CallerRow; transactions: TransactionRow[] },
  { hash: string }
>(
  'transactions',
  sql`with caller as materialized (${callerSql})
  select row_to_json(c) as caller,
    (select coalesce(json_agg(json_build_object(
              'id', t.id,
              'created_ms', floor(extract(epoch from t.created_at) * 1000)::bigint,
              'type', t.type, 'amount_cents', t.amount_cents, 'balance_cents', t.balance_cents,
              'reason', t.reason, 'status', t.status, 'invoice_id', t.invoice_id,
              'number', i.number, 'invoice_status', i.status)
            order by t.created_at desc, t.id desc), '[]'::json)
       from transactions t
       left join invoices i on i.id = t.invoice_id
      where t.account_id = c.account_id) as transactions
  from caller c`,
);

/** One ledger entry as the API answers it. */
export function transactionFrom(r: TransactionRow): BillingTransaction {
  return {
    transactionid: r.id,
    created: new Date(r.created_ms).toISOString(),
    type: r.type,
    amount: r.amount_cents,
    balance: r.balance_cents,
    reason: r.reason,
    // The ledger is append-only; an invoice's entry shows whether the invoice is paid now.
    status: r.type === 'Invoice' && r.invoice_status !== null ? r.invoice_status : r.status,
    invoiceid: r.invoice_id,
    invoice: r.number,
    account_status: r.balance_cents > 0 ? 'owing' : r.balance_cents < 0 ? 'credit' : 'paid',
  };
}
