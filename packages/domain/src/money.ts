/**
 * Money in sentences: '$1,234.50', '-$10.00', '$0.50' (result messages, alerts, emails, invoice
 * PDF lines, order summaries). The one formatter of amounts written out; the spec's display rule
 * for amounts in tables and cards ('N discount', cents under $1) is `formatMoney` in `./format`.
 * Kept apart from `./format` (which the login page loads) so the pages that pay carry it.
 */
export function formatDollars(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError('formatDollars takes integer cents');
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-AU');
  return `${cents < 0 ? '-' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
