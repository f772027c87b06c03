import type { PermissionMap } from '@outpost/contracts/permissions';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { HomeIcon, MoreIcon, ReceiptIcon, SignalIcon, UserIcon } from '@/components/icons';
import { isLinkAllowed, mobileBarLinks } from './menu-items';

const icons: Record<(typeof mobileBarLinks)[number]['icon'], ReactNode> = {
  home: <HomeIcon />,
  services: <SignalIcon />,
  billing: <ReceiptIcon />,
  profile: <UserIcon />,
  more: <MoreIcon />,
};

/** The bottom bar, on native platforms only. */
export function MobileBar({ permissions }: { permissions: PermissionMap }) {
  const links = mobileBarLinks.filter((item) => isLinkAllowed(item, permissions));
  return (
    <nav className="mobile-bar" aria-label="Quick navigation">
      <ul>
        {links.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className="mobile-bar__link">
              {icons[item.icon]}
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
