import type { BillingTransaction } from '@outpost/contracts/billing';
import { describe, expect, it } from 'vitest';
import {
  hasInvoice,
  newestFirst,
  transactionBalance,
  transactionDescription,
  transactionTotal,
} from './transactions';

function row(overrides: Partial<BillingTransaction> = {}): BillingTransaction {
  return {
    transactionid: 1,
    created: '2026-10-01T00:00:00.000Z',
    type: 'Invoice',
    amount: 13494,
    balance: 13494,
    reason: null,
    status: '',
    invoiceid: 13,
    invoice: '100001-013',
    account_status: 'owing',
    ...overrides,
  };
}

describe('the history table (spec 3 section 2.4)', () => {
  it('describes a row by its reason, else its status, else its tax invoice', () => {
    expect(
      transactionDescription(row({ reason: 'Payment by Visa ending in 4242', status: 'Paid' })),
    ).toBe('Payment by Visa ending in 4242');
    expect(transactionDescription(row({ reason: null, status: 'Approved' }))).toBe('Approved');
    expect(transactionDescription(row({ reason: '', status: '' }))).toBe('Tax Invoice #13');
  });

  it("strips the sign from amounts and shows them with '$'", () => {
    expect(transactionTotal(row({ amount: -13494 }))).toBe('$134.94');
    expect(transactionTotal(row({ amount: 123456 }))).toBe('$1,234.56');
  });

  it("shows the balance with a minus sign only while the account is 'owing'", () => {
    expect(transactionBalance(row({ balance: 13494, account_status: 'owing' }))).toBe('-$134.94');
    expect(transactionBalance(row({ balance: 0, account_status: 'paid' }))).toBe('$0.00');
    expect(transactionBalance(row({ balance: -2000, account_status: 'credit' }))).toBe('$20.00');
  });

  it('puts the newest rows first', () => {
    const older = row({ transactionid: 1, created: '2026-09-01T00:00:00.000Z' });
    const newer = row({ transactionid: 2, created: '2026-10-01T00:00:00.000Z' });
    const sameDay = row({ transactionid: 3, created: '2026-10-01T00:00:00.000Z' });
    expect(newestFirst([older, newer, sameDay]).map((t) => t.transactionid)).toEqual([3, 2, 1]);
  });

  it('offers a download only on rows with an invoice', () => {
    expect(hasInvoice(row())).toBe(true);
    expect(hasInvoice(row({ invoiceid: null, invoice: null }))).toBe(false);
  });
});
