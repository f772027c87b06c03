import { hasAllPermissions } from '@outpost/contracts/permissions';
import { routePermissions } from '@outpost/contracts/web-routes';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
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

/** Room left beside the active tab when the bar scrolls it into view (part of the next one shows). */
const EDGE_PX = 24;

/**
 * Scrolls the bar (only the bar, never the page) so its active tab is in view: on a narrow
 * screen the bar scrolls sideways, and a later tab (Contact, Recurring Payment Method) would
 * otherwise be out of sight when its page opens.
 */
function useActiveTabInView(bar: RefObject<HTMLElement | null>, pathname: string) {
  useLayoutEffect(() => {
    const nav = bar.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    const navBox = nav.getBoundingClientRect();
    const box = active.getBoundingClientRect();
    const start = box.left - navBox.left + nav.scrollLeft;
    const end = start + box.width;
    if (end + EDGE_PX > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = Math.min(end + EDGE_PX - nav.clientWidth, nav.scrollWidth - nav.clientWidth);
    } else if (start < nav.scrollLeft) {
      nav.scrollLeft = Math.max(start - EDGE_PX, 0);
    }
  }, [bar, pathname]);
}

/** Sub-navigation between sibling pages (links, so each tab is a page with its own address). */
export function Tabs({ label, items }: TabsProps) {
  const { permissions } = useSession();
  const bar = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useActiveTabInView(bar, pathname);
  const visible = items.filter((item) => hasAllPermissions(permissions, routePermissions(item.to)));
  // One tab is no choice: the page heading already says where the user is.
  if (visible.length < 2) return null;
  return (
    <nav ref={bar} className="tabs" aria-label={label}>
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
