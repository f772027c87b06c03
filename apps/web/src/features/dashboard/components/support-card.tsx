import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { getBrand, phoneHref } from '@/lib/brand';
import { DashboardCard } from './dashboard-card';

export type SupportCardProps = { native: boolean };

const ICON = { 'aria-hidden': true, focusable: false, size: 18 } as const;

/**
 * Support (spec 1 section 2): guides, contact, Refer a Friend (the way into Rewards, which no menu
 * of the spec lists; docs/decisions/020), and Live Chat in the native app. Each a Link styled as a
 * button (issue 41): guides and contact side by side, Refer a Friend quieter under them. No
 * icons beside them: the dashboard's JavaScript is at its budget (170 KiB gzip).
 */
export function SupportCard({ native }: SupportCardProps) {
  const brand = getBrand();
  return (
    <DashboardCard title="Support" className="dashboard-support">
      <p>Find an answer in our guides, or get in touch with us.</p>
      <ul className="support-actions">
        <li>
          <Link to="/support/guides" className="button button--secondary">
            Browse Guides
          </Link>
        </li>
        <li>
          <Link to="/support/contact" className="button button--secondary">
            Contact Us
          </Link>
        </li>
        {native && (
          <li>
            <Link to="/support/live-chat" className="button button--secondary">
              Live Chat
            </Link>
          </li>
        )}
        <li className="support-actions__quiet">
          <Link to="/rewards/get-started" className="button button--quiet dashboard-card__more">
            Refer a Friend
            <ChevronRight {...ICON} />
          </Link>
        </li>
      </ul>
      <p className="dashboard-card__note">
        Or call us on <a href={phoneHref(brand.helpPhone)}>{brand.helpPhone}</a>
      </p>
    </DashboardCard>
  );
}
