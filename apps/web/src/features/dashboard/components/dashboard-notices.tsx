import type { DashboardNotice } from '@outpost/contracts/dashboard';
import { ChevronRight, MessageSquareReply, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';

const ICON = { 'aria-hidden': true, focusable: false } as const;

/**
 * What needs the customer's eye, above the cards (docs/decisions/017): an advisory affecting one
 * of their services, a ticket waiting on their reply. Each whole block is one link, drawn as a
 * tappable row (issue 41): the kind's icon, the title and message, a chevron. Nothing while the
 * dashboard loads, so the cards below do not jump when there is nothing to say (the usual case).
 */
export function DashboardNotices({ notices }: { notices: readonly DashboardNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <ul className="dashboard-notices" aria-label="Needs your attention">
      {notices.map((notice) => (
        <li
          key={`${notice.kind}-${notice.id}`}
          className={`dashboard-notice dashboard-notice--${notice.kind}`}
        >
          <Link to={notice.href} className="dashboard-notice__link">
            {notice.kind === 'advisory' ? (
              <TriangleAlert className="dashboard-notice__icon" size={22} {...ICON} />
            ) : (
              <MessageSquareReply className="dashboard-notice__icon" size={22} {...ICON} />
            )}
            <span className="dashboard-notice__text">
              <span className="dashboard-notice__title">{notice.title}</span>
              <span className="dashboard-notice__message">{notice.message}</span>
            </span>
            <ChevronRight className="dashboard-notice__chevron" size={20} {...ICON} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
