/**
 * The one-off payment's amount input (spec 3 sections 5 and 9): only digits and one decimal
 * point, a leading '.' becomes '0.', at most 6 characters, more than 2 decimals rounded to 2,
 * at least $0.50.
 */

export const MIN_PAYMENT = 0.5;
export const AMOUNT_MAX_CHARS = 6;

/** Rounds a decimal string to 2 places without floating-point surprises ('1.005' -> '1.01'). */
function roundTwo(whole: string, decimals: string): string {
  const cents = BigInt(whole === '' ? '0' : whole) * 100n + BigInt(decimals.slice(0, 2));
  const rounded = Number(decimals[2] ?? '0') >= 5 ? cents + 1n : cents;
  const text = rounded.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** What the field holds after the user typed `raw`. */
export function sanitizeAmount(raw: string): string {
  let seenPoint = false;
  let text = '';
  for (const char of raw) {
    if (char >= '0' && char <= '9') text += char;
    else if (char === '.' && !seenPoint) {
      seenPoint = true;
      text += char;
    }
  }
  if (text.startsWith('.')) text = `0${text}`;
  text = text.slice(0, AMOUNT_MAX_CHARS);
  const point = text.indexOf('.');
  if (point >= 0 && text.length - point - 1 > 2)
    text = roundTwo(text.slice(0, point), text.slice(point + 1));
  return text;
}

/** The amount in dollars when the field holds a payable one (at least $0.50), else null. */
export function parseAmount(text: string): number | null {
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= MIN_PAYMENT ? value : null;
}

/** The amount owing as the field's first value ('' when nothing is owed). */
export function owingAmount(balance: { amount: number; status: string } | undefined): string {
  if (!balance || balance.status !== 'Owing' || balance.amount <= 0) return '';
  return (balance.amount / 100).toFixed(2);
}
