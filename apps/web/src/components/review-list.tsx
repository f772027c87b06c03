import type { ReactNode } from 'react';

/** Terms and their details, as a description list: what a step reviews, or a plan's facts. */
export function ReviewList({
  items,
  className = 'review-list',
}: {
  items: readonly (readonly [term: string, detail: ReactNode])[];
  className?: string;
}) {
  return (
    <dl className={className}>
      {items.map(([term, detail]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
