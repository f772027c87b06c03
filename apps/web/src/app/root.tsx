import { messages } from '@outpost/contracts/messages';
import { lazy, Suspense, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Outlet,
  ScrollRestoration,
  useMatches,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useRouteError,
} from 'react-router';
import { ErrorBanner } from '@/components/error-banner';
import { LoadingState } from '@/components/loading-state';
import { MAIN_CONTENT_ID } from '@/components/skip-link';
import { refreshSession } from '@/lib/api-client';
import { isApiError, isSessionRejection } from '@/lib/api-error';
import { endExpiredSession, setSessionExpiredHandler } from '@/lib/session-expiry';
import { documentTitle } from '@/lib/brand';
import { NativeLoginSlot } from '@/lib/native-login-slot';
import { isNativePlatform } from '@/lib/platform';
import { usePageTitleOverride } from '@/lib/page-title';
import { loginPath, pathWithSearch } from '@/lib/redirect';
import { msUntilExpiry, subscribeSessionEndedElsewhere, useSession } from '@/lib/session';
import { StaffBanner } from './layouts/staff-banner';
import { isNotFoundData, isRouteHandle, NOT_FOUND_TITLE } from './route-handle';
import { useNativeShell } from './use-native-shell';

// ios/android only: biometric login on the login page (docs/decisions/026).
const NativeLogin = lazy(() => import('@/features/auth/components/native-login'));
// The designed not-found state is in the pages' 'kit' chunk, not the login page's.
const NotFound = lazy(() =>
  import('@/components/not-found').then((module) => ({ default: module.NotFound })),
);

/** Renew this long before session_expiry. */
export const RENEW_LEAD_MS = 30_000;
/** After a network failure, try renewing again this much later. */
export const RENEW_RETRY_MS = 30_000;
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Renews the USER token silently at session_expiry (minus a lead). No page reload: a reload
 * would lose form input and download the app again over a satellite link. A refused refresh
 * ends the session (login page, session-expired message); a network failure is retried.
 */
function useSessionRenewal(): void {
  const { loggedIn, sessionExpiry } = useSession();
  useEffect(() => {
    if (!loggedIn || !sessionExpiry) return;
    let timer: number | undefined;
    let active = true;
    const renew = () => {
      refreshSession().catch((error: unknown) => {
        if (!active) return;
        if (isSessionRejection(error)) endExpiredSession();
        else timer = window.setTimeout(renew, RENEW_RETRY_MS);
      });
    };
    const dueIn = () => msUntilExpiry(sessionExpiry) - RENEW_LEAD_MS;
    timer = window.setTimeout(renew, Math.min(Math.max(dueIn(), 0), MAX_TIMEOUT_MS));
    // Timers stall while a laptop sleeps or a phone locks: check again when the page is seen.
    const handleVisible = () => {
      if (document.visibilityState === 'visible' && dueIn() <= 0) {
        window.clearTimeout(timer);
        renew();
      }
    };
    document.addEventListener('visibilitychange', handleVisible);
    return () => {
      active = false;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', handleVisible);
    };
  }, [loggedIn, sessionExpiry]);
}

/** Sends an ended session to the login page through the router, and follows logouts in other tabs. */
function useSessionEndHandling(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const { revalidate } = useRevalidator();
  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        const to = loginPath({ reason: 'session-expired', redirect: pathWithSearch(location) });
        void navigate(to, { replace: true });
      }),
    [navigate, location],
  );
  // Re-running the guards sends a protected page to /login; open pages switch layout by themselves.
  useEffect(() => subscribeSessionEndedElsewhere(() => void revalidate()), [revalidate]);
}

/** document.title: "{title} | {providerName}", the page's own title before its route's. */
function useRouteTitle(): void {
  const matches = useMatches();
  const pageTitle = usePageTitleOverride();
  const match = [...matches].reverse().find((m) => isRouteHandle(m.handle));
  const handle = match?.handle;
  const title = isNotFoundData(match?.loaderData)
    ? NOT_FOUND_TITLE
    : (pageTitle ?? (isRouteHandle(handle) ? handle.title : ''));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="navigation-progress" role="status">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

export function Root() {
  useSessionRenewal();
  useSessionEndHandling();
  useRouteTitle();
  useNativeShell();
  return (
    <NativeLoginSlot.Provider value={isNativePlatform() ? NativeLogin : null}>
      <NavigationProgress />
      <StaffBanner />
      <Outlet />
      <ScrollRestoration />
    </NativeLoginSlot.Provider>
  );
}

/** An unknown path or a page that is not there (spec 1), its code loaded when needed. */
export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  );
}

/** Shown while the first route's code (and a session renewal, if due) loads. */
export function AppLoading() {
  return (
    <main id={MAIN_CONTENT_ID} className="app-loading">
      <LoadingState data={false} />
    </main>
  );
}

export function RootErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id={MAIN_CONTENT_ID} className="app-error">
        <NotFoundPage />
      </main>
    );
  }
  // A failed chunk download (a new release, or the link dropped) is usually fixed by loading again;
  // an error of our own code is not shown as it is.
  return (
    <main id={MAIN_CONTENT_ID} className="app-error">
      <div className="page page--narrow">
        <h1 className="page__title">Something went wrong</h1>
        <ErrorBanner error={isApiError(error) ? error : messages.banner.loadPage} />
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Try again
        </button>
      </div>
    </main>
  );
}
