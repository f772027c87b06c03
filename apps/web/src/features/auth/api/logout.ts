import { apiPaths } from '@outpost/contracts/api-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { analytics } from '@/lib/analytics';
import { apiData } from '@/lib/api-client';
import { clearSession, getStaffMarker, storageKeys } from '@/lib/session';

/** POST /api/portal/users/current/logout/: revokes this session's tokens on the server, even after the USER token expired. */
export function logout(): Promise<{ logged_out: true }> {
  // keepalive: the request survives the navigation that follows; no refresh on a 401.
  return apiData<{ logged_out: true }>(apiPaths.logout, {
    method: 'POST',
    body: {},
    // Both tokens: with an expired USER token the server ends the session by its REFRESH token.
    auth: 'session',
    keepalive: true,
    renewOn401: false,
  });
}

/**
 * In the app with biometric login on, Log Out leaves the session open on the server: its tokens
 * stay in the device's secure store, behind the device's biometrics, for the next biometric login
 * (docs/decisions/026). Turning the option off (or any failed biometric login) forgets them.
 */
function sessionKeptForBiometrics(): boolean {
  // sm_biometric is only ever set in the app (lib/native/biometric-login).
  try {
    return window.localStorage.getItem(storageKeys.biometric) === '1' && !getStaffMarker();
  } catch {
    return false;
  }
}

/**
 * Log Out (user menu and more menu): tells the server (without waiting on the satellite
 * round trip), clears tokens, user and permissions and cached data, and goes to /login.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    // The request takes the token synchronously, before the session is cleared below.
    if (!sessionKeptForBiometrics())
      logout().catch(() => {
        // Already logged out or offline: the local session is cleared either way.
      });
    clearSession();
    queryClient.clear();
    analytics.track('logout');
    void navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
