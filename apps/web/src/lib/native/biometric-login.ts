import type { SessionOutput, UserSummary } from '@outpost/contracts/auth';
import {
  isTokenExpired,
  readStoredToken,
  storageKeys,
  getStoredUser,
  isAccountHolder,
  isLoggedIn,
  getStaffMarker,
  type StoredToken,
} from '../session';
import type { KeyValueStore, NativeBiometric } from './types';

/**
 * Biometric login (spec 1 section 4, docs/decisions/026). While the option is on, the session's
 * tokens are kept in the secure store (Keychain / Keystore) and follow every refresh; a Log Out
 * ends the page's session but leaves them there, behind the device's biometrics. Logging in with
 * biometrics checks the device, authenticates, reads the stored tokens, refreshes them when the
 * access token has expired (session-expired when the refresh token has too, or the refresh fails)
 * or else reuses them and loads the profile. Any failure clears the stored tokens and the session
 * and turns the option off.
 */

/** The secure store's key for the kept session. */
export const BIOMETRIC_SESSION_KEY = 'outpost_biometric_session';

/** What the secure store keeps: both tokens, the user and the account-holder flag. */
export type KeptSession = { tokens: StoredToken[]; user: UserSummary; account_holder: boolean };

/** The failure reasons, as the login page's ?reason= names them (spec 1 section 8). */
export type BiometricFailure = 'session-expired' | 'bio-auth-error' | 'error';

export type BiometricLoginOutcome =
  | { kind: 'logged-in' }
  /** The user dismissed the prompt: nothing changes. */
  | { kind: 'cancelled' }
  /** No biometry enrolled (or no hardware): the 'Enable Biometric Authentication' dialog. */
  | { kind: 'unavailable' }
  | { kind: 'failed'; reason: BiometricFailure };

export type BiometricLoginDeps = {
  biometric: NativeBiometric;
  secure: KeyValueStore;
  /** Puts a session in the page (tokens, user, permissions; lib/session storeSession). */
  restore: (session: SessionOutput) => void;
  /** Exchanges the page's refresh token for new tokens and stores them (api-client refreshSession). */
  refresh: () => Promise<void>;
  /** Loads the user and permissions with the page's tokens and stores them. */
  reload: () => Promise<void>;
  /** Clears the page's session (lib/session clearSession). */
  endSession: () => void;
  now?: () => number;
};

export const BIOMETRIC_REASON = 'Log in to your account';

// ---- the option (localStorage sm_biometric '1' when on; sm_biometric_prompted once asked)

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the option lasts only as long as the page.
  }
}

export function isBiometricOn(): boolean {
  return read(storageKeys.biometric) === '1';
}

export function setBiometricOn(on: boolean): void {
  write(storageKeys.biometric, on ? '1' : null);
}

export function wasPromptedForBiometric(): boolean {
  return read(storageKeys.biometricPrompted) === '1';
}

export function setPromptedForBiometric(): void {
  write(storageKeys.biometricPrompted, '1');
}

// ---- the kept session

function isKeptSession(value: unknown): value is KeptSession {
  if (typeof value !== 'object' || value === null) return false;
  const kept = value as Partial<KeptSession>;
  return (
    Array.isArray(kept.tokens) &&
    typeof kept.user === 'object' &&
    kept.user !== null &&
    typeof kept.account_holder === 'boolean'
  );
}

export async function readKeptSession(secure: KeyValueStore): Promise<KeptSession | null> {
  const raw = await secure.get(BIOMETRIC_SESSION_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isKeptSession(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The page's session as the secure store keeps it, or null when there is none to keep (logged
 * out, or a staff-assisted session: a staff member's session is never kept on the device).
 */
export function currentKeptSession(): KeptSession | null {
  const user = getStoredUser();
  const access = readStoredToken('USER');
  const refresh = readStoredToken('REFRESH');
  if (!user || !access || !refresh || !isLoggedIn() || getStaffMarker()) return null;
  return { tokens: [access, refresh], user, account_holder: isAccountHolder() };
}

/** Keeps the page's session in the secure store while the option is on (after login and each refresh). */
export async function keepSession(secure: KeyValueStore): Promise<void> {
  if (!isBiometricOn()) return;
  const kept = currentKeptSession();
  if (kept) await secure.set(BIOMETRIC_SESSION_KEY, JSON.stringify(kept));
}

/** Turns the option off and forgets the kept tokens. */
export async function turnBiometricOff(secure: KeyValueStore): Promise<void> {
  setBiometricOn(false);
  await secure.remove(BIOMETRIC_SESSION_KEY).catch(() => {});
}

// ---- enabling (after the first password login, or on Account Security)

export type EnableOutcome = 'enabled' | 'unavailable' | 'cancelled' | 'failed';

/** Checks the device, confirms with one authentication, then keeps the session and turns the option on. */
export async function enableBiometric(
  deps: Pick<BiometricLoginDeps, 'biometric' | 'secure'>,
): Promise<EnableOutcome> {
  const check = await deps.biometric.check();
  if (!check.available) return 'unavailable';
  const result = await deps.biometric.authenticate({ reason: 'Turn on biometric login' });
  if (result !== 'success') return result;
  setBiometricOn(true);
  await keepSession(deps.secure);
  return 'enabled';
}

// ---- logging in

async function fail(
  deps: BiometricLoginDeps,
  reason: BiometricFailure,
): Promise<BiometricLoginOutcome> {
  await turnBiometricOff(deps.secure);
  deps.endSession();
  return { kind: 'failed', reason };
}

export async function biometricLogin(deps: BiometricLoginDeps): Promise<BiometricLoginOutcome> {
  const now = deps.now ?? Date.now;
  let result;
  try {
    const check = await deps.biometric.check();
    if (!check.available) return { kind: 'unavailable' };
    result = await deps.biometric.authenticate({ reason: BIOMETRIC_REASON });
  } catch {
    return fail(deps, 'bio-auth-error');
  }
  if (result === 'cancelled') return { kind: 'cancelled' };
  if (result === 'unavailable') return { kind: 'unavailable' };
  if (result !== 'success') return fail(deps, 'bio-auth-error');

  let kept: KeptSession | null;
  try {
    kept = await readKeptSession(deps.secure);
  } catch {
    kept = null;
  }
  if (!kept) return fail(deps, 'error');
  const access = kept.tokens.find((t) => t.type === 'USER');
  const refresh = kept.tokens.find((t) => t.type === 'REFRESH');
  if (!access || !refresh) return fail(deps, 'error');

  const session: SessionOutput = {
    tokens: [access, refresh],
    user: kept.user,
    permissions: [],
    account_holder: kept.account_holder,
  };
  if (isTokenExpired(access, now())) {
    if (isTokenExpired(refresh, now())) return fail(deps, 'session-expired');
    deps.restore(session);
    try {
      await deps.refresh();
    } catch {
      return fail(deps, 'session-expired');
    }
  } else {
    deps.restore(session);
    try {
      await deps.reload();
    } catch {
      return fail(deps, 'error');
    }
  }
  await keepSession(deps.secure).catch(() => {});
  return { kind: 'logged-in' };
}
