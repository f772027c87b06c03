import { useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { getPlatform, isNativePlatform } from '@/lib/platform';
import { AppFooter } from './app-footer';
import { BrandMark } from './brand-mark';
import { useFocusMainOnNavigate } from './use-focus-main';

/** Only a Login link in the header; the login page is full height; the footer on web only. */
export function LoggedOutLayout() {
  const platform = getPlatform();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  const loginPage = pathname === '/login';

  return (
    <div className={`app app--logged-out app--${platform}`}>
      <SkipLink />
      <header className="app-header">
        <div className="app-header__start">
          <span className="brand">
            <BrandMark />
          </span>
        </div>
        <nav className="app-header__end" aria-label="Account">
          <Link to="/login" className="header-link header-link--login">
            Login
          </Link>
        </nav>
      </header>
      <main
        ref={mainRef}
        id={MAIN_CONTENT_ID}
        className={loginPage ? 'app__main app__main--full' : 'app__main app__main--public'}
        tabIndex={-1}
      >
        <Outlet />
      </main>
      {!isNativePlatform(platform) && <AppFooter loggedIn={false} />}
    </div>
  );
}
