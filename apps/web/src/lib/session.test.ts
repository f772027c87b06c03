import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionPayload, signIn } from '@/test/fixtures';
import {
  clearSession,
  getRefreshToken,
  getSessionStatus,
  getStoredPermissions,
  getStoredUser,
  getUserToken,
  isAccountHolder,
  isLoggedIn,
  isTokenExpired,
  storageKeys,
  storeSession,
  subscribeSession,
  subscribeSessionEndedElsewhere,
} from './session';

const NOW = Date.parse('2025-06-01T00:00:00.000Z');

describe('token expiry', () => {
  it('counts a token expiring in the future as live', () => {
    expect(
      isTokenExpired({ type: 'USER', token: 't', expires: '2025-06-01T00:15:00.000Z' }, NOW),
    ).toBe(false);
  });

  it('counts a token at or past its expiry as expired', () => {
    expect(
      isTokenExpired({ type: 'USER', token: 't', expires: '2025-06-01T00:00:00.000Z' }, NOW),
    ).toBe(true);
    expect(
      isTokenExpired({ type: 'USER', token: 't', expires: '2025-05-31T23:59:00.000Z' }, NOW),
    ).toBe(true);
  });

  it('counts a missing token or an unreadable expiry as expired', () => {
    expect(isTokenExpired(null, NOW)).toBe(true);
    expect(isTokenExpired({ type: 'USER', token: 't', expires: 'soon' }, NOW)).toBe(true);
  });
});

describe('session store', () => {
  afterEach(() => vi.useRealTimers());

  it('stores both tokens as token objects, the user, enabled permissions only and the holder flag', () => {
    const payload = signIn({ permissions: ['view-account', 'view-alerts'], accountHolder: true });

    expect(JSON.parse(window.localStorage.getItem(storageKeys.apiToken) ?? '')).toEqual(
      payload.tokens[0],
    );
    expect(JSON.parse(window.localStorage.getItem(storageKeys.refreshToken) ?? '')).toEqual(
      payload.tokens[1],
    );
    expect(getStoredUser()).toEqual(payload.user);
    expect(getStoredPermissions()).toEqual({ 'view-account': true, 'view-alerts': true });
    expect(window.localStorage.getItem('sm_account')).toBe('1');
    expect(isAccountHolder()).toBe(true);
  });

  it('drops the holder flag for a contact who is not the account holder', () => {
    signIn({ accountHolder: false });
    expect(window.localStorage.getItem('sm_account')).toBeNull();
    expect(isAccountHolder()).toBe(false);
  });

  it('is logged in with both tokens stored and at least one unexpired', () => {
    signIn({ userMinutes: -1, refreshMinutes: 60 });
    expect(isLoggedIn()).toBe(true);
    expect(getSessionStatus()).toBe('refresh-needed');
    expect(getUserToken()).toBeNull();
    expect(getRefreshToken()).toBe('refresh-token-1');
  });

  it('is not logged in when both tokens have expired', () => {
    signIn({ userMinutes: -2, refreshMinutes: -1 });
    expect(isLoggedIn()).toBe(false);
    expect(getSessionStatus()).toBe('expired');
  });

  it('is not logged in when a token is missing', () => {
    signIn();
    window.localStorage.removeItem(storageKeys.refreshToken);
    expect(isLoggedIn()).toBe(false);
    expect(getSessionStatus()).toBe('none');
  });

  it('clears tokens, user, permissions and the holder flag, and keeps device preferences', () => {
    signIn();
    window.localStorage.setItem(storageKeys.biometric, '1');
    clearSession();
    for (const key of [
      'sm_api_token',
      'sm_refresh_token',
      'sm_user',
      'sm_permissions',
      'sm_account',
    ]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(window.localStorage.getItem('sm_biometric')).toBe('1');
    expect(isLoggedIn()).toBe(false);
  });

  it('tells subscribers about changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    storeSession(sessionPayload());
    clearSession();
    unsubscribe();
    storeSession(sessionPayload());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('notices a logout in another tab through the storage event', () => {
    signIn();
    const onEnded = vi.fn();
    const unsubscribe = subscribeSessionEndedElsewhere(onEnded);
    // Another tab clears the shared storage; this tab only hears the storage event.
    window.localStorage.removeItem(storageKeys.apiToken);
    window.localStorage.removeItem(storageKeys.refreshToken);
    window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.apiToken }));
    window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.refreshToken }));
    unsubscribe();
    expect(onEnded).toHaveBeenCalledTimes(1);
  });
});
