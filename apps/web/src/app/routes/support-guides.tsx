import { useLocation, useParams } from 'react-router';
import { ContactPage } from '@/features/support/components/contact-page';
import { GuidePage } from '@/features/support/components/guide-page';
import { GuidesPage } from '@/features/support/components/guides-page';

/**
 * Guides, a guide and Contact: one small chunk (about 3 KB), so moving between the list, a guide
 * and the Contact tab fetches no more code, and the shell every page loads carries one page
 * loader for the three instead of three (the login page's JavaScript budget).
 */
export function Component() {
  const { pathname } = useLocation();
  const { slug } = useParams();
  if (slug !== undefined) return <GuidePage />;
  return pathname.startsWith('/support/contact') ? <ContactPage /> : <GuidesPage />;
}
