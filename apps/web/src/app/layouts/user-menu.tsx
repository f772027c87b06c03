import type { UserSummary } from '@outpost/contracts/auth';
import type { PermissionMap } from '@outpost/contracts/permissions';
import { Link } from 'react-router';
import { Dropdown } from '@/components/dropdown';
import { ChevronDownIcon, UserIcon } from '@/components/icons';
import { isLinkAllowed, userMenuLinks } from './menu-items';

export type UserMenuProps = {
  user: UserSummary | null;
  permissions: PermissionMap;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
};

export function UserMenu({ user, permissions, open, onOpenChange, onLogout }: UserMenuProps) {
  const name = user ? `${user.given_names} ${user.surname}`.trim() : 'My account';
  const links = userMenuLinks.filter((item) => isLinkAllowed(item, permissions));
  return (
    <Dropdown
      id="user-menu"
      className="header-dropdown user-menu"
      buttonClassName="header-button"
      panelClassName="header-dropdown__panel"
      overlay
      open={open}
      onOpenChange={onOpenChange}
      button={
        <>
          <UserIcon />
          <span className="user-menu__name">{name}</span>
          <ChevronDownIcon className="header-button__chevron" />
        </>
      }
    >
      <ul className="menu-list">
        {links.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="menu-link">
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className="menu-link menu-link--button" onClick={onLogout}>
            Log Out
          </button>
        </li>
      </ul>
    </Dropdown>
  );
}
