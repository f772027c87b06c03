import { messages } from '@outpost/contracts/messages';
import { isStaffLinkRefusal } from '@/lib/staff-link';
import { ErrorBanner } from './error-banner';

/**
 * A staff link that did not open: the plain message for a refused link (no session is made), the
 * error banner for anything else (the link may still work once the connection is back).
 */
export function StaffLinkFailure({ error }: { error: unknown }) {
  if (isStaffLinkRefusal(error))
    return <p className="staff-link__refused">{messages.staff.linkInvalid}</p>;
  return <ErrorBanner error={messages.banner.loadPage} />;
}
