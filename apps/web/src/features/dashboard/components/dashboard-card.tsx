import { type ReactNode, useId } from 'react';

export type DashboardCardProps = {
  title: string;
  /** Loading: the card keeps its place and shows grey lines instead of figures. */
  loading?: boolean;
  className?: string;
  /** What stands in for the figures while loading (grey lines by default). */
  skeleton?: ReactNode;
  children?: ReactNode;
};

/** One card of the dashboard: a region named by its heading. */
export function DashboardCard({
  title,
  loading = false,
  className,
  skeleton,
  children,
}: DashboardCardProps) {
  const headingId = useId();
  return (
    <section
      className={className ? `dashboard-card ${className}` : 'dashboard-card'}
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
    >
      <h2 id={headingId} className="dashboard-card__title">
        {title}
      </h2>
      {loading ? (skeleton ?? <CardSkeleton />) : children}
    </section>
  );
}

/** Grey lines where the card's figures will be (the page announces the loading once). */
export function CardSkeleton() {
  return (
    <div className="skeleton" aria-hidden="true">
      <span className="skeleton__line" />
      <span className="skeleton__line skeleton__line--short" />
      <span className="skeleton__line" />
    </div>
  );
}
