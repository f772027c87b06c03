import { useSession } from '@/lib/session';
import { LoggedInLayout } from './logged-in-layout';
import { LoggedOutLayout } from './logged-out-layout';

/** Footer pages and the not-found page: the layout that matches the session. */
export function SessionLayout() {
  const { loggedIn, user } = useSession();
  return loggedIn && user ? <LoggedInLayout /> : <LoggedOutLayout />;
}
