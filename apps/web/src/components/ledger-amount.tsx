import { formatMoney } from '@outpost/domain/format';

/**
 * An amount as a list row shows it (issue 41): a credit (a payment or a credit, which lowers the
 * balance) in green with a plus sign and, for screen readers, the word 'credit', so neither the
 * colour nor the sign alone says it; a charge plainly. Amounts as the spec formats them
 * (formatMoney: cents under $1), nothing at all as '$0.00'.
 */
export function LedgerAmount({ cents }: { cents: number }) {
  if (cents < 0)
    return (
      <span className="ledger-amount ledger-amount--credit">
        +{formatMoney(-cents)}
        <span className="visually-hidden"> credit</span>
      </span>
    );
  return <span className="ledger-amount">{cents === 0 ? '$0.00' : formatMoney(cents)}</span>;
}
