import type { SessionOutput } from '@outpost/contracts/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getUserToken, isLoggedIn, storageKeys, storeSession } from '../session';
import {
  BIOMETRIC_SESSION_KEY,
  biometricLogin,
  enableBiometric,
  isBiometricOn,
  keepSession,
  setBiometricOn,
  type BiometricLoginDeps,
} from './biometric-login';
import type { BiometricResult, KeyValueStore, NativeBiometric } from './types';

const NOW = Date.parse('2026-11-25T04:00:00Z');
const later = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

const user = {
  user_id: 7,
  username: 'jordan',
  given_names: 'Jordan',
  surname: 'Lee',
  session_expiry: later(15),
};

function session(accessExpires: string, refreshExpires: string): SessionOutput {
  return {
    tokens: [
      { type: 'USER', token: 'access-1', expires: accessExpires },
      { type: 'REFRESH', token: 'refresh-1', expires: refreshExpires },
    ],
    user,
    permissions: [{ permission: 'view-account', enabled: 1 }] as SessionOutput['permissions'],
    account_holder: true,
  };
}

function memoryStore(): KeyValueStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: async (key) => values.get(key) ?? null,
    set: async (key, value) => void values.set(key, value),
    remove: async (key) => void values.delete(key),
  };
}

function biometricThat(available: boolean, result: BiometricResult = 'success'): NativeBiometric {
  return {
    check: async () => ({ available, type: available ? 'face' : 'none', reason: '' }),
    authenticate: vi.fn(async () => result),
  };
}

/** A device where biometric login was turned on with this session, then the user logged out. */
async function keptAndLoggedOut(kept: SessionOutput, secure: KeyValueStore): Promise<void> {
  setBiometricOn(true);
  // Kept while it was live (the tokens may have expired since).
  await secure.set(
    BIOMETRIC_SESSION_KEY,
    JSON.stringify({ tokens: kept.tokens, user: kept.user, account_holder: kept.account_holder }),
  );
  clearSession();
}

function deps(
  overrides: Partial<BiometricLoginDeps> & Pick<BiometricLoginDeps, 'secure'>,
): BiometricLoginDeps {
  return {
    biometric: biometricThat(true),
    restore: storeSession,
    refresh: vi.fn(async () => {
      storeSession({
        ...session(later(15), later(60 * 24)),
        tokens: [
          { type: 'USER', token: 'access-2', expires: later(15) },
          { type: 'REFRESH', token: 'refresh-2', expires: later(60 * 24) },
        ],
      });
    }),
    reload: vi.fn(async () => {}),
    endSession: clearSession,
    now: () => NOW,
    ...overrides,
  };
}

describe('biometric login', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });

  it('reuses live stored tokens and loads the profile', async () => {
    const secure = memoryStore();
    await keptAndLoggedOut(session(later(10), later(60)), secure);
    expect(isLoggedIn()).toBe(false);
    const d = deps({ secure });
    expect(await biometricLogin(d)).toEqual({ kind: 'logged-in' });
    expect(d.reload).toHaveBeenCalledOnce();
    expect(d.refresh).not.toHaveBeenCalled();
    expect(getUserToken()).toBe('access-1');
    expect(window.localStorage.getItem(storageKeys.account)).toBe('1');
    expect(isBiometricOn()).toBe(true);
  });

  it('refreshes with the stored refresh token when the access token has expired, and keeps the new tokens', async () => {
    const secure = memoryStore();
    await keptAndLoggedOut(session(later(-5), later(60)), secure);
    const d = deps({ secure });
    expect(await biometricLogin(d)).toEqual({ kind: 'logged-in' });
    expect(d.refresh).toHaveBeenCalledOnce();
    expect(d.reload).not.toHaveBeenCalled();
    expect(getUserToken()).toBe('access-2');
    expect(secure.values.get(BIOMETRIC_SESSION_KEY)).toContain('refresh-2');
  });

  it('gives session-expired, clears everything and turns the option off when both tokens expired', async () => {
    const secure = memoryStore();
    await keptAndLoggedOut(session(later(-5), later(-1)), secure);
    const d = deps({ secure });
    expect(await biometricLogin(d)).toEqual({ kind: 'failed', reason: 'session-expired' });
    expect(d.refresh).not.toHaveBeenCalled();
    expect(secure.values.has(BIOMETRIC_SESSION_KEY)).toBe(false);
    expect(isBiometricOn()).toBe(false);
    expect(isLoggedIn()).toBe(false);
  });

  it('gives session-expired when the refresh fails', async () => {
    const secure = memoryStore();
    await keptAndLoggedOut(session(later(-5), later(60)), secure);
    const d = deps({ secure, refresh: vi.fn(async () => Promise.reject(new Error('401'))) });
    expect(await biometricLogin(d)).toEqual({ kind: 'failed', reason: 'session-expired' });
    expect(secure.values.size).toBe(0);
    expect(isBiometricOn()).toBe(false);
    expect(window.localStorage.getItem(storageKeys.apiToken)).toBeNull();
  });

  it('gives bio-auth-error when the face or finger is not recognised', async () => {
    const secure = memoryStore();
    await keptAndLoggedOut(session(later(10), later(60)), secure);
    const d = deps({ secure, biometric: biometricThat(true, 'failed') });
    expect(await biometricLogin(d)).toEqual({ kind: 'failed', reason: 'bio-auth-error' });
    expect(d.reload).not.toHaveBeenCalled();
    expect(secure.values.size).toBe(0);
    expect(isBiometricOn()).toBe(false);
  });

  it('gives the general error when loading the profile fails, or nothing was kept', async () => {
    const secure = memoryStore();
    await keptAndLoggedOut(session(later(10), later(60)), secure);
    const failing = deps({ secure, reload: vi.fn(async () => Promise.reject(new Error('down'))) });
    expect(await biometricLogin(failing)).toEqual({ kind: 'failed', reason: 'error' });
    expect(isLoggedIn()).toBe(false);
    expect(isBiometricOn()).toBe(false);

    setBiometricOn(true);
    expect(await biometricLogin(deps({ secure: memoryStore() }))).toEqual({
      kind: 'failed',
      reason: 'error',
    });
    expect(isBiometricOn()).toBe(false);
  });

  it('changes nothing when the prompt is cancelled', async () => {
    const secure = memoryStore();
    await keptAndLoggedOut(session(later(10), later(60)), secure);
    const d = deps({ secure, biometric: biometricThat(true, 'cancelled') });
    expect(await biometricLogin(d)).toEqual({ kind: 'cancelled' });
    expect(secure.values.has(BIOMETRIC_SESSION_KEY)).toBe(true);
    expect(isBiometricOn()).toBe(true);
  });

  it('answers unavailable (the settings dialog) without asking for a face or finger', async () => {
    const secure = memoryStore();
    await keptAndLoggedOut(session(later(10), later(60)), secure);
    const biometric = biometricThat(false);
    expect(await biometricLogin(deps({ secure, biometric }))).toEqual({ kind: 'unavailable' });
    expect(biometric.authenticate).not.toHaveBeenCalled();
  });
});

describe('turning biometric login on', () => {
  it('confirms with one authentication, then keeps the session', async () => {
    const secure = memoryStore();
    storeSession(session(later(10), later(60)));
    expect(await enableBiometric({ biometric: biometricThat(true), secure })).toBe('enabled');
    expect(isBiometricOn()).toBe(true);
    expect(JSON.parse(secure.values.get(BIOMETRIC_SESSION_KEY) ?? '{}')).toMatchObject({
      user: { user_id: 7 },
      account_holder: true,
    });
  });

  it('stays off when the device has none, or the user cancels', async () => {
    const secure = memoryStore();
    storeSession(session(later(10), later(60)));
    expect(await enableBiometric({ biometric: biometricThat(false), secure })).toBe('unavailable');
    expect(await enableBiometric({ biometric: biometricThat(true, 'cancelled'), secure })).toBe(
      'cancelled',
    );
    expect(isBiometricOn()).toBe(false);
    expect(secure.values.size).toBe(0);
  });

  it('never keeps a staff-assisted session', async () => {
    const secure = memoryStore();
    storeSession(session(later(10), later(60)));
    window.sessionStorage.setItem(
      'outpost-staff',
      JSON.stringify({ kind: 'login', name: 'Sam', role: 'support', customer: 'Jordan' }),
    );
    setBiometricOn(true);
    await keepSession(secure);
    expect(secure.values.size).toBe(0);
  });
});
