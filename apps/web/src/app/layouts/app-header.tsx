import type { UserSummary } from '@outpost/contracts/auth';
import { hasAllPermissions, type PermissionMap } from '@outpost/contracts/permissions';
import { Link, useLocation, useNavigate } from 'react-router';
import { BackIcon, CloseIcon, MenuIcon, SignalIcon } from '@/components/icons';
import { AlertsMenu } from './alerts-menu';
import { BrandMark } from './brand-mark';
import { MENU_TOGGLE_ID, SHORT_SCREEN_MAX_HEIGHT } from './main-menu';
import { UserMenu } from './user-menu';

export type AppHeaderProps = {
  user: UserSummary | null;
  permissions: PermissionMap;
  native: boolean;
  openId: string | null;
  onDropdownChange: (id: string, open: boolean) => void;
  drawerOpen: boolean;
  onDrawerChange: (open: boolean) => void;
  onLogout: () => void;
};

export function AppHeader({
  user,
  permissions,
  native,
  openId,
  onDropdownChange,
  drawerOpen,
  onDrawerChange,
  onLogout,
}: AppHeaderProps) {
  const location = useLocation();
  const navigate = useNavigate();
  // Native: a back arrow when there is in-app history and this is not home; no hamburger.
  const showBack = native && location.key !== 'default' && location.pathname !== '/';

  const handleMenuToggle = () => {
    if (!drawerOpen && window.innerHeight <= SHORT_SCREEN_MAX_HEIGHT) window.scrollTo({ top: 0 });
    onDrawerChange(!drawerOpen);
  };

  return (
    <header className="app-header">
      <div className="app-header__start">
        {showBack && (
          <button
            type="button"
            className="header-button header-button--icon"
            aria-label="Back"
            onClick={() => void navigate(-1)}
          >
            <BackIcon />
          </button>
        )}
        {!native && (
          <button
            type="button"
            className="header-button header-button--icon menu-toggle"
            id={MENU_TOGGLE_ID}
            aria-label="Menu"
            aria-expanded={drawerOpen}
            aria-controls="main-menu"
            onClick={handleMenuToggle}
          >
            {drawerOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        )}
        <Link to="/" className="brand">
          <BrandMark />
        </Link>
      </div>
      <div className="app-header__end">
        <Link to="/support/network-status" className="header-link">
          <SignalIcon className="header-link__icon" />
          <span className="header-link__text">Outages &amp; Network Status</span>
        </Link>
        {hasAllPermissions(permissions, ['view-alerts']) && (
          <AlertsMenu
            open={openId === 'alerts'}
            onOpenChange={(open) => onDropdownChange('alerts', open)}
          />
        )}
        <UserMenu
          user={user}
          permissions={permissions}
          open={openId === 'user'}
          onOpenChange={(open) => onDropdownChange('user', open)}
          onLogout={onLogout}
        />
      </div>
    </header>
  );
}
