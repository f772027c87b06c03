import type { PermissionMap } from '@outpost/contracts/permissions';
import { Gift, House, LifeBuoy, type LucideIcon, Newspaper, Receipt, Wifi } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Dropdown } from '@/components/dropdown';
import { ChevronDownIcon } from '@/components/icons';
import {
  currentGroupId,
  isCurrentLink,
  type MenuIconName,
  type MenuLink,
  mainMenu,
  visibleEntries,
} from './menu-items';
import { MENU_NONE_OPEN } from './use-menu-state';

/** Screens this short scroll to the top when the menu opens, so it is seen from its start. */
export const SHORT_SCREEN_MAX_HEIGHT = 750;

/** The hamburger button that opens the menu as a drawer on narrow screens. */
export const MENU_TOGGLE_ID = 'main-menu-toggle';

export type MainMenuProps = {
  permissions: PermissionMap;
  openId: string | null;
  onDropdownChange: (id: string, open: boolean) => void;
  /** On narrow screens the menu is a drawer behind the hamburger button. */
  drawerOpen: boolean;
  onDrawerChange: (open: boolean) => void;
};

const MENU_ICONS: Record<MenuIconName, LucideIcon> = {
  home: House,
  services: Wifi,
  billing: Receipt,
  support: LifeBuoy,
  rewards: Gift,
  news: Newspaper,
};

/** An entry's icon: decorative, its label is beside it. */
function MenuIcon({ name }: { name: MenuIconName | undefined }) {
  if (!name) return null;
  const Icon = MENU_ICONS[name];
  return <Icon className="menu-icon" size={20} aria-hidden="true" focusable="false" />;
}

export function MenuItem({ item }: { item: MenuLink }) {
  const { pathname } = useLocation();
  if (item.disabled) {
    return (
      <span className="menu-link menu-link--disabled" aria-disabled="true">
        {item.label}
        {item.note && <span className="menu-link__note">{item.note}</span>}
      </span>
    );
  }
  // A link with a section (Rewards) is current on every page of it, not only its own.
  if (item.section) {
    const current = isCurrentLink(item, pathname);
    return (
      <Link
        to={item.to}
        className={current ? 'menu-link active' : 'menu-link'}
        aria-current={current ? 'page' : undefined}
      >
        <MenuIcon name={item.menuIcon} />
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} end className="menu-link">
      <MenuIcon name={item.menuIcon} />
      {item.label}
    </NavLink>
  );
}

export function MainMenu({
  permissions,
  openId,
  onDropdownChange,
  drawerOpen,
  onDrawerChange,
}: MainMenuProps) {
  const entries = visibleEntries(mainMenu, permissions);
  const { pathname } = useLocation();
  // Until the user opens or closes a group here, the one holding the current page is open.
  const currentGroup = currentGroupId(entries, pathname);
  const isOpen = (id: string) =>
    openId === `menu:${id}` || (openId === null && id === currentGroup);

  // Escape closes an open group first (the group handles it), then the drawer.
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !drawerOpen) return;
    onDrawerChange(false);
    document.getElementById(MENU_TOGGLE_ID)?.focus();
  };

  return (
    <nav
      onKeyDown={handleKeyDown}
      id="main-menu"
      className={drawerOpen ? 'main-menu is-open' : 'main-menu'}
      aria-label="Main menu"
    >
      <ul className="menu-list">
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <li key={entry.to}>
              <MenuItem item={entry} />
            </li>
          ) : (
            <li key={entry.id}>
              <Dropdown
                id={`menu-${entry.id}`}
                className={
                  entry.id === currentGroup ? 'menu-group menu-group--current' : 'menu-group'
                }
                buttonClassName="menu-group__button"
                panelClassName="menu-group__panel"
                open={isOpen(entry.id)}
                onOpenChange={(open) =>
                  open || openId === `menu:${entry.id}`
                    ? onDropdownChange(`menu:${entry.id}`, open)
                    : onDropdownChange(MENU_NONE_OPEN, true)
                }
                button={
                  <>
                    <MenuIcon name={entry.menuIcon} />
                    <span>{entry.label}</span>
                    <ChevronDownIcon className="menu-group__chevron" />
                  </>
                }
              >
                <ul className="menu-list menu-list--nested">
                  {entry.items.map((item) => (
                    <li key={item.to}>
                      <MenuItem item={item} />
                    </li>
                  ))}
                </ul>
              </Dropdown>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
