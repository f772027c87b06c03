import { describe, expect, it } from 'vitest';
import {
  accountBlockExpected,
  activityDate,
  money,
  paymentMethodLabel,
  periodEndDate,
} from './account';

describe('payment method', () => {
  it.each([
    ['Visa ending in 4242', 'Credit Card'],
    ['Mastercard ending in 5454', 'Credit Card'],
    ['American Express ending in 0005', 'Credit Card'],
    ['Credit card ending in 1111', 'Credit Card'],
    ['Bank account ending in 6789', 'Bank Debit'],
    ['BSB 062-000 account ****6789', 'Bank Debit'],
    ['Not Yet Set', 'Not Yet Set'],
    ['', 'Not Yet Set'],
  ])('names %j as %j', (display, label) => {
    expect(paymentMethodLabel(display)).toBe(label);
  });
});

describe('account figures', () => {
  it('writes the period end and activity dates as dd/mm/yy', () => {
    expect(periodEndDate({ day_in_month: 9, mm: 12, year: 2026 })).toBe('09/12/26');
    expect(activityDate({ day_in_month: 3, mon: 'Nov', year: 2026 })).toBe('03/11/26');
  });

  it('writes money as the product does, with nothing as $0.00', () => {
    expect(money(13494)).toBe('$134.94');
    expect(money(-13494)).toBe('$134.94 discount');
    expect(money(55)).toBe('55c');
    expect(money(0)).toBe('$0.00');
  });

  it('expects the account block with view-account or view-current-bill', () => {
    expect(accountBlockExpected({ 'view-account': true })).toBe(true);
    expect(accountBlockExpected({ 'view-current-bill': true })).toBe(true);
    expect(accountBlockExpected({ 'view-services': true })).toBe(false);
    expect(accountBlockExpected({})).toBe(false);
  });
});
