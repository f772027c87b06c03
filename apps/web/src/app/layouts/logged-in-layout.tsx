import { lazy, Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { useLogout } from '@/features/auth/api/logout';
import { getPlatform, isNativePlatform } from '@/lib/platform';
import { isPrivacyAccepted, setPrivacyAccepted, useSession } from '@/lib/session';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MainMenu } from './main-menu';
import { MobileBar } from './mobile-bar';
import { useFocusMainOnNavigate } from './use-focus-main';
import { PermissionsFailureBanner } from './permissions-failure-banner';
import { useMenuState } from './use-menu-state';

// Native only, and only until accepted: its code (and DOMPurify) is not part of the web app's load.
const PrivacyPolicyModal = lazy(async () => ({
  default: (await import('./privacy-policy-modal')).PrivacyPolicyModal,
}));

// Loaded after the page: last-known data, the offline banner and the 'Updated' note (decision 031).
const OfflineShell = lazy(async () => ({
  default: (await import('@/features/offline/offline-shell')).OfflineShell,
}));

/**
 * Privacy-policy acceptance on ios/android: shown over any logged-in page (after a login or a
 * verify that logs in) until accepted on this device.
 */
function PrivacyAcceptance({ onLogout }: { onLogout: () => void }) {
  const [accepted, setAccepted] = useState(isPrivacyAccepted);
  if (accepted) return null;
  const handleAccept = () => {
    setPrivacyAccepted();
    setAccepted(true);
  };
  return (
    <Suspense fallback={null}>
      <PrivacyPolicyModal onAccept={handleAccept} onLogout={onLogout} />
    </Suspense>
  );
}

// For the native more menu (routes/more-menu.tsx), so these stay in this layout's chunk.
export { MenuItem } from './main-menu';
export { useLogout };

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
          <Suspense fallback={null}>
            <OfflineShell />
          </Suspense>
          <PermissionsFailureBanner />
          <Outlet />
        </main>
      </div>
      <AppFooter loggedIn permissions={session.permissions} />
      {native && <MobileBar permissions={session.permissions} />}
      {native && <PrivacyAcceptance onLogout={logout} />}
    </div>
  );
}
