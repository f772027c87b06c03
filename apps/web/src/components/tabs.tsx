import { hasAllPermissions } from '@outpost/contracts/permissions';
import { routePermissions } from '@outpost/contracts/web-routes';
import { NavLink } from 'react-router';
import { useSession } from '@/lib/session';

export type TabItem = {
  label: string;
  /** A route of the web route table: the tab shows only if the user holds its permissions. */
  to: string;
  disabled?: boolean;
  /** Why a disabled tab cannot be opened, shown under its label. */
  note?: string;
  /** Shown below 769 px only. */
  mobileOnly?: boolean;
};

export type TabsProps = {
  /** Names the navigation landmark. */
  label: string;
  items: readonly TabItem[];
};

/** Sub-navigation between sibling pages (links, so each tab is a page with its own address). */
export function Tabs({ label, items }: TabsProps) {
  const { permissions } = useSession();
  const visible = items.filter((item) => hasAllPermissions(permissions, routePermissions(item.to)));
  // One tab is no choice: the page heading already says where the user is.
  if (visible.length < 2) return null;
  return (
    <nav className="tabs" aria-label={label}>
      <ul className="tabs__list">
        {visible.map((item) => (
          <li
            key={item.to}
            className={item.mobileOnly ? 'tabs__item tabs__item--mobile' : 'tabs__item'}
          >
            {item.disabled ? (
              <span className="tabs__link tabs__link--disabled" aria-disabled="true">
                {item.label}
                {item.note && <span className="tabs__note">{item.note}</span>}
              </span>
            ) : (
              <NavLink to={item.to} end className="tabs__link">
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
