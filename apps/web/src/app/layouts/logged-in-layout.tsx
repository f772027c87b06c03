import { useRef } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { useLogout } from '@/features/auth/api/logout';
import { getPlatform, isNativePlatform } from '@/lib/platform';
import { useSession } from '@/lib/session';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MainMenu } from './main-menu';
import { MobileBar } from './mobile-bar';
import { useFocusMainOnNavigate } from './use-focus-main';
import { useMenuState } from './use-menu-state';

/** Header, side menu (web), bottom bar (native), footer. */
export function LoggedInLayout() {
  const session = useSession();
  const platform = getPlatform();
  const native = isNativePlatform(platform);
  const menu = useMenuState();
  const logout = useLogout();
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);

  return (
    <div className={`app app--logged-in app--${platform}`}>
      <SkipLink />
      <AppHeader
        user={session.user}
        permissions={session.permissions}
        native={native}
        openId={menu.openId}
        onDropdownChange={menu.setDropdown}
        drawerOpen={menu.drawerOpen}
        onDrawerChange={menu.setDrawer}
        onLogout={logout}
      />
      <div className="app__body">
        {!native && (
          <MainMenu
            permissions={session.permissions}
            openId={menu.openId}
            onDropdownChange={menu.setDropdown}
            drawerOpen={menu.drawerOpen}
            onDrawerChange={menu.setDrawer}
          />
        )}
        <main ref={mainRef} id={MAIN_CONTENT_ID} className="app__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <AppFooter loggedIn permissions={session.permissions} />
      {native && <MobileBar permissions={session.permissions} />}
    </div>
  );
}
