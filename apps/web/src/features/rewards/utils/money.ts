import { formatMoney } from '@outpost/domain/format';

/** Whole dollars without cents for the offer's headline figures ('$50'), else the shared format. */
export function offerAmount(cents: number): string {
  const money = formatMoney(cents);
  return money.endsWith('.00') ? money.slice(0, -3) : money;
}
