import { Link } from 'react-router';
import { getBrand, phoneHref } from '@/lib/brand';
import { DashboardCard } from './dashboard-card';

export type SupportCardProps = { native: boolean };

/**
 * Support (spec 1 section 2): guides, contact, Refer a Friend (the way into Rewards, which no menu
 * of the spec lists; docs/decisions/020), and Live Chat in the native app.
 */
export function SupportCard({ native }: SupportCardProps) {
  const brand = getBrand();
  return (
    <DashboardCard title="Support" className="dashboard-support">
      <p>Find an answer in our guides, or get in touch with us.</p>
      <ul className="link-list">
        <li>
          <Link to="/support/guides">Browse Guides</Link>
        </li>
        <li>
          <Link to="/support/contact">Contact Us</Link>
        </li>
        <li>
          <Link to="/rewards/get-started">Refer a Friend</Link>
        </li>
        {native && (
          <li>
            <Link to="/support/live-chat">Live Chat</Link>
          </li>
        )}
      </ul>
      <p className="dashboard-card__note">
        Or call us on <a href={phoneHref(brand.helpPhone)}>{brand.helpPhone}</a>
      </p>
    </DashboardCard>
  );
}
