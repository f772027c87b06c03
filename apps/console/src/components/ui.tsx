import type { ReactNode } from 'react';
import { AlertTriangle, LoaderCircle } from 'lucide-react';
import { formatMegabytes } from '@outpost/domain/format';
import { formatDollars } from '@outpost/domain/money';
import { ApiError } from '../api';

/** A status as a coloured label: the word is always there, the colour only helps. */
export function Badge({ status }: { status: string }) {
  const tone =
    {
      active: 'good',
      delivered: 'good',
      pending: 'waiting',
      invited: 'waiting',
      suspended: 'warn',
      dead: 'bad',
      locked: 'bad',
      cancelled: 'muted',
      disabled: 'muted',
      revoked: 'muted',
      inactive: 'muted',
      // The desk's statuses and priorities (decision 057) and an order's (decision 058).
      new: 'waiting',
      open: 'good',
      stalled: 'warn',
      waiting: 'waiting',
      resolved: 'muted',
      urgent: 'bad',
      high: 'warn',
      received: 'waiting',
      'in-progress': 'good',
      completed: 'muted',
      rejected: 'bad',
    }[status.toLowerCase()] ?? 'muted';
  return <span className={`badge ${tone}`}>{status.replaceAll('_', ' ')}</span>;
}

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p className="subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p className="state loading" role="status">
      <LoaderCircle size={16} aria-hidden="true" className="spin" /> {label}…
    </p>
  );
}

/** A failure said plainly, with what to do. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message =
    error instanceof ApiError ? error.message : 'Something went wrong. Try again in a minute.';
  return (
    <div className="notice error" role="alert">
      <AlertTriangle size={16} aria-hidden="true" />
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="button quiet small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Section({
  title,
  count,
  actions,
  children,
}: {
  title: string;
  count?: number;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="panel" aria-labelledby={id}>
      <div className="panel-header">
        <h2 id={id}>
          {title}
          {count !== undefined ? <span className="count">{count}</span> : null}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

const dateTime = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

/** A time in the staff member's own zone (their browser's), as a desk tool shows it. */
export function When({ at, date = false }: { at: string | null; date?: boolean }) {
  if (!at) return <span className="muted">—</span>;
  const value = new Date(at);
  return (
    <time dateTime={at} title={value.toISOString()}>
      {(date ? dateOnly : dateTime).format(value)}
    </time>
  );
}

const calendarDay = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD, already the provider's) as words: 1 Apr 2027. */
export const dayText = (date: string) => calendarDay.format(new Date(`${date}T00:00:00Z`));

/** A calendar day, as a date with no time. */
export function Day({ date }: { date: string }) {
  return <time dateTime={date}>{dayText(date)}</time>;
}

/** What a query shows: loading, its failure with Try again, or its data. */
export function QueryView<T>({
  query,
  loading,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading {...(loading ? { label: loading } : {})} />;
  if (query.isError || query.data === undefined)
    return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** A form's closing row: Cancel, and the submit button saying what it does (and while it does). */
export function FormActions({
  onCancel,
  submitting,
  label,
  busyLabel,
}: {
  onCancel: () => void;
  submitting: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="form-actions">
      <button type="button" className="button secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button primary" disabled={submitting}>
        {submitting ? busyLabel : label}
      </button>
    </div>
  );
}

/** A signed amount in a table: a credit (negative) in green with a minus sign. */
export function Money({ cents }: { cents: number }) {
  return cents < 0 ? (
    <span className="credit">−{formatDollars(-cents)}</span>
  ) : (
    <>{formatDollars(cents)}</>
  );
}

/**
 * Data used against an allowance this period: the numbers in words (what is read out), and a
 * bar that only helps the eye (amber from 85 %, as the customer's alerts).
 */
export function Allowance({
  label,
  usedMb,
  totalMb,
  blocksMb = 0,
}: {
  label: string;
  usedMb: number;
  /** null: unlimited. */
  totalMb: number | null;
  /** How much of the total data blocks added. */
  blocksMb?: number;
}) {
  return (
    <div className="allowance">
      <span>
        <span className="muted">{label}</span> {formatMegabytes(usedMb)}
        {totalMb === null ? ' used, no limit' : ` of ${formatMegabytes(totalMb)}`}
        {totalMb !== null && blocksMb > 0 ? (
          <span className="muted"> (incl. {formatMegabytes(blocksMb)} of blocks)</span>
        ) : null}
      </span>
      {totalMb ? (
        <meter
          min={0}
          max={totalMb}
          low={totalMb * 0.85}
          high={totalMb * 0.99}
          optimum={0}
          value={Math.min(usedMb, totalMb)}
          aria-hidden="true"
        />
      ) : null}
    </div>
  );
}
