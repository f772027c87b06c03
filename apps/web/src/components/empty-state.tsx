import type { ReactNode } from 'react';

/** What kind of nothing: an empty list, a failed load, an unknown page, or offline. */
export type EmptyStateKind = 'empty' | 'error' | 'not-found' | 'offline';

/**
 * The drawings: a few strokes in currentColor on a soft disc (the design tokens, in
 * empty-state.css), a few hundred bytes each. Decorative: the title and text say it all.
 */
const drawings: Record<EmptyStateKind, ReactNode> = {
  // An open tray: nothing in it yet.
  empty: <path d="M26 44l7-17h30l7 17v14a3 3 0 0 1-3 3H29a3 3 0 0 1-3-3zm0 0h14l3 5h10l3-5h14" />,
  // A warning sign.
  error: <path d="M48 19l24 40H24zm0 14v12m0 6v1" />,
  // A magnifier that found nothing.
  'not-found': (
    <path d="M55 53l12 12M42 57a16 16 0 1 0 0-32 16 16 0 0 0 0 32zm-5-20a5 5 0 1 1 7 5c-2 1-2 2-2 4m0 4v1" />
  ),
  // A cloud, crossed out.
  offline: <path d="M36 60h28a10 10 0 0 0 0-20 14 14 0 0 0-27-3 11 11 0 0 0-1 23zM26 22l44 44" />,
};

export type EmptyStateProps = {
  kind?: EmptyStateKind;
  /** The one line that says what is (not) here; the page's heading when `titleAs` is a heading. */
  title?: ReactNode;
  /** The title's element: 'h1' on a page of its own (not found), a paragraph within a page. */
  titleAs?: 'h1' | 'h2' | 'p';
  /** What it means and what to do, in a sentence or two. */
  children?: ReactNode;
  /** The next step: one button or link (a `.button`). */
  action?: ReactNode;
  /** Smaller, left-aligned, for a state inside a card, table or dialog. */
  compact?: boolean;
  /** 'status' to announce it (offline, not kept); none for a state that is there from the start. */
  role?: 'status';
  className?: string;
};

/**
 * The one designed empty, error, not-found and offline state (issue 41): a small illustration,
 * a title, a sentence and the next step. Every page's nothing looks alike.
 */
export function EmptyState({
  kind = 'empty',
  title,
  titleAs: Title = 'p',
  children,
  action,
  compact = false,
  role,
  className,
}: EmptyStateProps) {
  const classes = [
    'empty-panel',
    `empty-panel--${kind}`,
    compact && 'empty-panel--compact',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} role={role}>
      <svg
        className="empty-panel__art"
        viewBox="0 0 96 80"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle className="empty-panel__disc" cx="48" cy="42" r="34" stroke="none" />
        {drawings[kind]}
      </svg>
      <div className="empty-panel__body">
        {title !== undefined && <Title className="empty-panel__title">{title}</Title>}
        {children !== undefined && <div className="empty-panel__text">{children}</div>}
        {action ? <div className="empty-panel__action">{action}</div> : null}
      </div>
    </div>
  );
}
