import { hasAllPermissions } from '@outpost/contracts/permissions';
import type { WebRoute } from '@outpost/contracts/web-routes';
import { type LoaderFunction, type LoaderFunctionArgs, redirect } from 'react-router';
import { refreshSession } from '@/lib/api-client';
import { isSessionRejection } from '@/lib/api-error';
import { isNativePlatform } from '@/lib/platform';
import { loginPath, pathWithSearch, safeRedirect } from '@/lib/redirect';
import { noteRefusedPage } from '@/lib/refused-page';
import {
  clearSession,
  getSessionStatus,
  getStoredPermissions,
  getStoredUser,
  hasStoredTokens,
  isAccountHolder,
  isLoggedIn,
} from '@/lib/session';
import type { NotFoundData } from './route-handle';

/** Logged in with a stored user summary (protected routes need "a session and a user profile"). */
export function hasUsableSession(): boolean {
  return isLoggedIn() && getStoredUser() !== null;
}

/**
 * Makes sure a session is usable, renewing an expired USER token first (so protected content
 * never renders with a dead token). Returns a redirect to the login page when it is not.
 */
export async function requireSession(request: Request): Promise<Response | null> {
  const here = pathWithSearch(new URL(request.url));
  const status = getSessionStatus();
  if (status === 'none') {
    if (hasStoredTokens()) clearSession();
    return redirect(loginPath({ redirect: here }));
  }
  if (status === 'expired') {
    clearSession();
    return redirect(loginPath({ reason: 'session-expired', redirect: here }));
  }
  if (status === 'refresh-needed') {
    try {
      await refreshSession();
    } catch (error) {
      // A network failure keeps the session: the error page offers to try again.
      if (!isSessionRejection(error)) throw error;
      clearSession();
      return redirect(loginPath({ reason: 'session-expired', redirect: here }));
    }
  }
  if (getStoredUser() === null) return redirect(loginPath({ redirect: here }));
  return null;
}

async function protectedGuard(request: Request, route: WebRoute): Promise<null> {
  const toLogin = await requireSession(request);
  if (toLogin) throw toLogin;
  if (!hasAllPermissions(getStoredPermissions(), route.permissions)) {
    noteRefusedPage(route.path);
    throw redirect('/');
  }
  return null;
}

/** The guard (a route loader) for one entry of the web route table. */
export function guardFor(route: WebRoute): LoaderFunction | undefined {
  switch (route.access) {
    case 'protected':
      return ({ request }: LoaderFunctionArgs) => protectedGuard(request, route);
    case 'native':
      return ({ request }: LoaderFunctionArgs) => {
        if (!isNativePlatform()) throw redirect('/');
        return protectedGuard(request, route);
      };
    case 'account-holder':
      return () => {
        if (!hasUsableSession() || !isAccountHolder()) throw redirect('/');
        return null;
      };
    case 'public':
      if (route.path !== '/login') return undefined;
      return ({ request }: LoaderFunctionArgs) => {
        if (hasUsableSession())
          throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
        return null;
      };
    case 'open':
    case 'basic':
      return undefined;
  }
}

/**
 * '/support/:product-customer-terms' is not a router pattern: the route is '/support/:<param>'
 * (static /support/* routes rank first) and a slug without the suffix is a not-found page.
 */
export function suffixGuard(route: WebRoute, param: string, suffix: string): LoaderFunction {
  return async ({ request, params }: LoaderFunctionArgs): Promise<NotFoundData | null> => {
    const value = params[param] ?? '';
    if (value.length <= suffix.length || !value.endsWith(suffix)) return { notFound: true };
    return protectedGuard(request, route);
  };
}
