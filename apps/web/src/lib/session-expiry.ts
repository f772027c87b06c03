import { loginPath, pathWithSearch } from './redirect';
import { clearSession, hasStoredTokens } from './session';

type SessionExpiredHandler = () => void;

function reloadToLogin(): void {
  window.location.assign(
    loginPath({ reason: 'session-expired', redirect: pathWithSearch(window.location) }),
  );
}

let sessionExpiredHandler: SessionExpiredHandler = reloadToLogin;

/**
 * How an ended session reaches /login?reason=session-expired&redirect=<here>: by default a page
 * load; the app routes there through the router instead (no reload, no re-download).
 */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): () => void {
  sessionExpiredHandler = handler;
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = reloadToLogin;
  };
}

/** Clears the session and sends the user to the login page with the session-expired message. */
export function endExpiredSession(): void {
  const hadSession = hasStoredTokens();
  clearSession();
  if (hadSession) sessionExpiredHandler();
}
