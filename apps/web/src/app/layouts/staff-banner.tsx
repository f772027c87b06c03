import { messages } from '@outpost/contracts/messages';
import { useLocation } from 'react-router';
import { useSession } from '@/lib/session';

/**
 * 'Viewing as <customer> - staff: <name>' over every page while this tab is staff-assisted
 * (docs/decisions/025): a staff link's session, or the usage a staff usage link opened. It takes
 * its own space above the header (never over the content). The server decides what the staff
 * role may change; a refusal shows in the page's error banner as any other.
 */
export function StaffBanner() {
  const { staff, loggedIn } = useSession();
  const { pathname } = useLocation();
  if (!staff) return null;
  const shown = staff.kind === 'login' ? loggedIn : pathname.startsWith('/staff-usage/');
  if (!shown) return null;
  return (
    <div className="staff-banner" role="status">
      <p className="staff-banner__who">{messages.staff.viewingAs(staff.customer, staff.name)}</p>
      <p className="staff-banner__note">{messages.staff.mayRefuse}</p>
    </div>
  );
}
