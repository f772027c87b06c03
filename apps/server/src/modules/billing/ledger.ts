import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/accounts.schema';
import { transactions } from './billing.schema';

/**
 * The one way to write the account ledger (docs/decisions/009, 015). Each entry carries the
 * running balance after it; the account row is locked while it is computed, so concurrent
 * entries of one account queue and none reads a stale balance. Call inside a transaction.
 */
export type LedgerEntry = {
  accountId: number;
  at: Date;
  /** 'Invoice' | 'Payment' | 'Credit' | 'Adjustment' */
  type: 'Invoice' | 'Payment' | 'Credit' | 'Adjustment';
  /** Signed cents: positive raises what the customer owes. A failed payment is 0. */
  amountCents: number;
  status: string;
  reason?: string | null;
  invoiceId?: number | null;
  /** The payment it records: unique, so a payment reaches the ledger at most once. */
  paymentId?: number | null;
};

export type LedgerRow = typeof transactions.$inferSelect;

export async function appendTransaction(tx: Db, entry: LedgerEntry): Promise<LedgerRow> {
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, entry.accountId))
    .for('update');
  const balance = await balanceCents(tx, entry.accountId);
  const [row] = await tx
    .insert(transactions)
    .values({
      accountId: entry.accountId,
      createdAt: entry.at,
      type: entry.type,
      amountCents: entry.amountCents,
      balanceCents: balance + entry.amountCents,
      reason: entry.reason ?? null,
      status: entry.status,
      invoiceId: entry.invoiceId ?? null,
      paymentId: entry.paymentId ?? null,
    })
    .returning();
  return row!;
}

/** The balance after the newest entry (cents; positive: owing). */
export async function balanceCents(db: Db, accountId: number): Promise<number> {
  const [last] = await db
    .select({ balance: transactions.balanceCents })
    .from(transactions)
    .where(and(eq(transactions.accountId, accountId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  return last?.balance ?? 0;
}

/** 'Owing' above zero, 'In Credit' below, else 'Paid' (decision 009). */
export function balanceStatus(cents: number): 'Owing' | 'Paid' | 'In Credit' {
  if (cents > 0) return 'Owing';
  if (cents < 0) return 'In Credit';
  return 'Paid';
}
