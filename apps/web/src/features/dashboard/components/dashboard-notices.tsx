import type { DashboardNotice } from '@outpost/contracts/dashboard';
import { Link } from 'react-router';

/**
 * What needs the customer's eye, above the cards (docs/decisions/017): an advisory affecting one
 * of their services, a ticket waiting on their reply. Nothing while the dashboard loads, so the
 * cards below do not jump when there is nothing to say (the usual case).
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
            <span className="dashboard-notice__title">{notice.title}</span>
            <span className="dashboard-notice__message">{notice.message}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
