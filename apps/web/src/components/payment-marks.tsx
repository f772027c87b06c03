import { CreditCard, Landmark } from 'lucide-react';

/**
 * The marks beside a saved card or bank account (issue 41): the card's brand as a small badge
 * drawn inline (a few hundred bytes each, no image request), a plain card for any other brand,
 * and a bank building for an account. Decorative: the text beside says the brand in words.
 */
export function CardBrandMark({ brand }: { brand: string }) {
  const name = brand.trim().toLowerCase();
  if (name === 'visa')
    return (
      <Badge background="#1a1f71">
        <text
          x="16"
          y="14"
          fill="#fff"
          fontSize="9"
          fontStyle="italic"
          fontWeight="700"
          textAnchor="middle"
        >
          VISA
        </text>
      </Badge>
    );
  if (name === 'mastercard')
    return (
      <Badge background="#fff">
        <circle cx="13" cy="10" r="6" fill="#eb001b" />
        <circle cx="19" cy="10" r="6" fill="#f79e1b" />
        <path d="M16 5.2a6 6 0 0 1 0 9.6 6 6 0 0 1 0-9.6Z" fill="#ff5f00" />
      </Badge>
    );
  if (name === 'american express' || name === 'amex')
    return (
      <Badge background="#2e77bc">
        <text x="16" y="13.5" fill="#fff" fontSize="7.5" fontWeight="700" textAnchor="middle">
          AMEX
        </text>
      </Badge>
    );
  return <CreditCard className="payment-mark payment-mark--plain" aria-hidden="true" />;
}

export function BankMark() {
  return <Landmark className="payment-mark payment-mark--plain" aria-hidden="true" />;
}

function Badge({ background, children }: { background: string; children: React.ReactNode }) {
  return (
    <svg
      className="payment-mark"
      viewBox="0 0 32 20"
      width="32"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0.5" y="0.5" width="31" height="19" rx="3" fill={background} stroke="#c9ced6" />
      {children}
    </svg>
  );
}
