import type { Dashboard } from '@outpost/contracts/dashboard';
import { hasAllPermissions, type PermissionMap } from '@outpost/contracts/permissions';
import { formatMoney } from '@outpost/domain/format';

/**
 * The Account Summary and Billing Activity cards' figures (spec 1 sections 2, 3 and 9): money in
 * cents, dates from the parts the dashboard gives, the payment method named from its display text.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => String(n).padStart(2, '0');

/** dd/mm/yy from a day, a month (1-12) and a year. */
function dayMonthYear(day: number, month: number, year: number): string {
  return `${two(day)}/${two(month)}/${two(year % 100)}`;
}

/** The period's last day ({day_in_month, mm, year}) as dd/mm/yy, the one date style. */
export function periodEndDate(end: Dashboard['period']['current_end']): string {
  return dayMonthYear(end.day_in_month, end.mm, end.year);
}

/** A billing activity entry's date ({day_in_month, mon: 'Nov', year}) as dd/mm/yy. */
export function activityDate(when: Dashboard['activity'][number]['when']): string {
  const month = MONTHS.indexOf(when.mon) + 1;
  if (month === 0) return `${when.day_in_month} ${when.mon} ${when.year}`;
  return dayMonthYear(when.day_in_month, month, when.year);
}

/**
 * Money as the product shows it (formatMoney: negatives read 'N discount', under $1 as cents),
 * except that nothing at all reads '$0.00' rather than '0c'.
 */
export function money(cents: number): string {
  return cents === 0 ? '$0.00' : formatMoney(cents);
}

export type PaymentMethodLabel = 'Bank Debit' | 'Credit Card' | string;

/**
 * The payment method's kind from its display text: 'Bank account ending in 6789' -> 'Bank Debit',
 * 'Visa ending in 4242' -> 'Credit Card'; anything else ('Not Yet Set') as it is.
 */
export function paymentMethodLabel(display: string): PaymentMethodLabel {
  const text = display.trim();
  if (/\b(bank|bsb|direct debit)\b/i.test(text)) return 'Bank Debit';
  if (/\b(card|visa|mastercard|master card|amex|american express|diners)\b/i.test(text))
    return 'Credit Card';
  return text === '' ? 'Not Yet Set' : text;
}

/**
 * Whether the dashboard will carry the account block (the server's rule: view-account or
 * view-current-bill). Only a guess for the route loader: when the block is expected to be missing,
 * the profile (for 'Account ID') loads beside the dashboard instead of after it.
 */
export function accountBlockExpected(permissions: PermissionMap): boolean {
  return (
    hasAllPermissions(permissions, ['view-account']) ||
    hasAllPermissions(permissions, ['view-current-bill'])
  );
}
