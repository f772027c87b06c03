import type { SessionOutput, TokenOutput, TokenType, UserSummary } from '@outpost/contracts/auth';
import type { PermissionMap } from '@outpost/contracts/permissions';
import { useSyncExternalStore } from 'react';

/** Local storage keys, prefix sm_, exactly as spec 1 section 3 lists them. */
export const storageKeys = {
  apiToken: 'sm_api_token',
  refreshToken: 'sm_refresh_token',
  user: 'sm_user',
  permissions: 'sm_permissions',
  account: 'sm_account',
  biometric: 'sm_biometric',
  biometricPrompted: 'sm_biometric_prompted',
  privacyAccepted: 'sm_privacy_accepted',
  device: 'sm_device',
  statusbarHeight: 'sm_statusbar_height',
  platform: 'sm_platform',
  sessionCount: 'sm_session_count',
  reviewShown: 'sm_review_shown',
  appLaunched: 'sm_app_launched',
  pushToken: 'sm_push_token',
  defaultService: 'sm_default_service',
} as const;

/** A wizard's kept progress in sessionStorage (lib/wizard-storage.ts): a logout removes it. */
export const WIZARD_STORAGE_PREFIX = 'outpost-wizard:';

/**
 * The staff marker (docs/decisions/025): who is viewing as whom in a staff-assisted session, in
 * session storage (this tab only); a logout or a normal login removes it.
 */
export const STAFF_MARKER_KEY = 'outpost-staff';

export type StaffMarker = {
  /** 'login': a staff-assisted session; 'usage': one service's usage through a staff link. */
  kind: 'login' | 'usage';
  name: string;
  role: string;
  customer: string;
};

/** The items a logout (or an ended session) removes. */
const sessionKeys: readonly string[] = [
  storageKeys.apiToken,
  storageKeys.refreshToken,
  storageKeys.user,
  storageKeys.permissions,
  storageKeys.account,
];

export type StoredToken = TokenOutput;

function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the session then lives only until reload.
  }
}

function readJson(key: string): unknown {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isToken(value: unknown): value is StoredToken {
  return (
    isRecord(value) &&
    (value.type === 'USER' || value.type === 'REFRESH') &&
    typeof value.token === 'string' &&
    value.token !== '' &&
    typeof value.expires === 'string'
  );
}

function isUserSummary(value: unknown): value is UserSummary {
  return (
    isRecord(value) &&
    typeof value.user_id === 'number' &&
    typeof value.username === 'string' &&
    typeof value.given_names === 'string' &&
    typeof value.surname === 'string' &&
    typeof value.session_expiry === 'string'
  );
}

/** A login or refresh answer with both tokens, the user and the permission list. */
export function isSessionPayload(value: unknown): value is SessionOutput {
  if (!isRecord(value) || !Array.isArray(value.tokens) || !Array.isArray(value.permissions))
    return false;
  const tokens: unknown[] = value.tokens;
  return (
    tokens.some((t) => isToken(t) && t.type === 'USER') &&
    tokens.some((t) => isToken(t) && t.type === 'REFRESH') &&
    isUserSummary(value.user)
  );
}

/** An absent token, an unreadable expiry or an expiry at or before `now` all count as expired. */
export function isTokenExpired(
  token: StoredToken | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!token) return true;
  const expires = Date.parse(token.expires);
  return Number.isNaN(expires) || expires <= now;
}

/** Milliseconds until the token expires (negative when it has). */
export function msUntilExpiry(expires: string, now: number = Date.now()): number {
  const at = Date.parse(expires);
  return Number.isNaN(at) ? -1 : at - now;
}

export function readStoredToken(type: TokenType): StoredToken | null {
  const value = readJson(type === 'USER' ? storageKeys.apiToken : storageKeys.refreshToken);
  return isToken(value) && value.type === type ? value : null;
}

/** The USER token if stored and unexpired; an expired token counts as missing. */
export function getUserToken(now: number = Date.now()): string | null {
  const token = readStoredToken('USER');
  return token && !isTokenExpired(token, now) ? token.token : null;
}

/** The REFRESH token if stored and unexpired. */
export function getRefreshToken(now: number = Date.now()): string | null {
  const token = readStoredToken('REFRESH');
  return token && !isTokenExpired(token, now) ? token.token : null;
}

/**
 * - none: no session stored;
 * - expired: both tokens stored, both expired;
 * - refresh-needed: the USER token expired, the REFRESH token has not;
 * - active: the USER token is live.
 */
export type SessionStatus = 'none' | 'expired' | 'refresh-needed' | 'active';

export function getSessionStatus(now: number = Date.now()): SessionStatus {
  const user = readStoredToken('USER');
  const refresh = readStoredToken('REFRESH');
  if (!user || !refresh) return 'none';
  const userLive = !isTokenExpired(user, now);
  const refreshLive = !isTokenExpired(refresh, now);
  if (userLive) return 'active';
  return refreshLive ? 'refresh-needed' : 'expired';
}

/** Logged in: both tokens stored and at least one unexpired (spec 1 section 4). */
export function isLoggedIn(now: number = Date.now()): boolean {
  const status = getSessionStatus(now);
  return status === 'active' || status === 'refresh-needed';
}

/** True when any session token is stored, expired or not. */
export function hasStoredTokens(): boolean {
  return readItem(storageKeys.apiToken) !== null || readItem(storageKeys.refreshToken) !== null;
}

export function getStoredUser(): UserSummary | null {
  const value = readJson(storageKeys.user);
  return isUserSummary(value) ? value : null;
}

export function getStoredPermissions(): PermissionMap {
  const value = readJson(storageKeys.permissions);
  if (!isRecord(value)) return {};
  const map: Record<string, true> = {};
  for (const [name, enabled] of Object.entries(value)) if (enabled === true) map[name] = true;
  return map as PermissionMap;
}

export function isAccountHolder(): boolean {
  return readItem(storageKeys.account) === '1';
}

/** Only enabled entries are kept, keyed by permission name. */
export function toPermissionMap(entries: SessionOutput['permissions']): PermissionMap {
  const map: Record<string, true> = {};
  for (const entry of entries) if (entry.enabled === 1) map[entry.permission] = true;
  return map as PermissionMap;
}

/** Stores a login or refresh answer: both tokens (the refresh token is rotated), user, permissions. */
export function storeSession(session: SessionOutput): void {
  const user = session.tokens.find((t) => t.type === 'USER');
  const refresh = session.tokens.find((t) => t.type === 'REFRESH');
  if (user) writeItem(storageKeys.apiToken, JSON.stringify(user));
  if (refresh) writeItem(storageKeys.refreshToken, JSON.stringify(refresh));
  writeItem(storageKeys.user, JSON.stringify(session.user));
  writeItem(storageKeys.permissions, JSON.stringify(toPermissionMap(session.permissions)));
  writeItem(storageKeys.account, session.account_holder ? '1' : null);
  notify();
}

/** Replaces the stored permission map (the server said it changed: decision 016). */
export function storePermissions(entries: SessionOutput['permissions']): void {
  writeItem(storageKeys.permissions, JSON.stringify(toPermissionMap(entries)));
  notify();
}

/**
 * Updates the stored user's name (My Details saved the contact: spec 3 section 7 "The stored user
 * name is updated locally"), so the greeting shows it without a new login.
 */
export function storeUserName(name: { given_names: string; surname: string }): void {
  const user = getStoredUser();
  if (!user) return;
  writeItem(
    storageKeys.user,
    JSON.stringify({ ...user, given_names: name.given_names, surname: name.surname }),
  );
  notify();
}

/** The service a usage link opened (spec 1 section 3 "default service"): the usage page shows it first. */
export function getDefaultService(): string | null {
  return readItem(storageKeys.defaultService);
}

export function setDefaultService(serviceId: string): void {
  writeItem(storageKeys.defaultService, serviceId);
}

/** The privacy policy was accepted on this device (native only; kept across logins). */
export function isPrivacyAccepted(): boolean {
  return readItem(storageKeys.privacyAccepted) === '1';
}

export function setPrivacyAccepted(): void {
  writeItem(storageKeys.privacyAccepted, '1');
}

function readStaffMarkerRaw(): string | null {
  try {
    return window.sessionStorage.getItem(STAFF_MARKER_KEY);
  } catch {
    return null;
  }
}

/** The staff marker of this tab, if any. */
export function getStaffMarker(): StaffMarker | null {
  const raw = readStaffMarkerRaw();
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      isRecord(value) &&
      (value.kind === 'login' || value.kind === 'usage') &&
      typeof value.name === 'string' &&
      typeof value.role === 'string' &&
      typeof value.customer === 'string'
    )
      return { kind: value.kind, name: value.name, role: value.role, customer: value.customer };
  } catch {
    // not ours
  }
  return null;
}

/** Marks this tab as staff-assisted (null removes the mark). */
export function storeStaffMarker(marker: StaffMarker | null): void {
  try {
    if (marker === null) window.sessionStorage.removeItem(STAFF_MARKER_KEY);
    else window.sessionStorage.setItem(STAFF_MARKER_KEY, JSON.stringify(marker));
  } catch {
    // storage blocked: no banner (the server still refuses what the staff role may not do)
  }
  notify();
}

/**
 * Clears tokens, user, permissions, the account-holder flag, the staff marker and any wizard's
 * kept progress.
 */
export function clearSession(): void {
  for (const key of sessionKeys) writeItem(key, null);
  try {
    window.sessionStorage.removeItem(STAFF_MARKER_KEY);
    for (const key of Object.keys(window.sessionStorage))
      if (key.startsWith(WIZARD_STORAGE_PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // storage blocked: no wizard kept anything
  }
  notify();
}

// ---- subscription (React re-renders on change, also when another tab changes the session)

export type SessionSnapshot = {
  loggedIn: boolean;
  user: UserSummary | null;
  permissions: PermissionMap;
  accountHolder: boolean;
  /** Set while this tab is staff-assisted (the banner shows it). */
  staff: StaffMarker | null;
  /** When the USER token should be renewed: the user's session_expiry, else the token's expiry. */
  sessionExpiry: string | null;
};

export type SessionChangeSource = 'this-tab' | 'other-tab';
type Listener = (source: SessionChangeSource) => void;

const listeners = new Set<Listener>();
let cached: { key: string; snapshot: SessionSnapshot } | null = null;

function computeSnapshot(): SessionSnapshot {
  const user = getStoredUser();
  return {
    loggedIn: isLoggedIn(),
    user,
    permissions: getStoredPermissions(),
    accountHolder: isAccountHolder(),
    staff: getStaffMarker(),
    sessionExpiry: user?.session_expiry ?? readStoredToken('USER')?.expires ?? null,
  };
}

/** What the snapshot depends on: the stored items, and whether the tokens have expired since. */
function snapshotKey(): string {
  return JSON.stringify([...sessionKeys.map(readItem), readStaffMarkerRaw(), isLoggedIn()]);
}

function notify(source: SessionChangeSource = 'this-tab'): void {
  for (const listener of [...listeners]) listener(source);
}

function handleStorage(event: StorageEvent): void {
  if (event.key === null || sessionKeys.includes(event.key)) notify('other-tab');
}

export function subscribeSession(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', handleStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', handleStorage);
  };
}

/** The session as React sees it; the same object until storage (or token expiry) changes it. */
export function getSessionSnapshot(): SessionSnapshot {
  const key = snapshotKey();
  if (cached?.key !== key) cached = { key, snapshot: computeSnapshot() };
  return cached.snapshot;
}

/** Calls `onEnded` when the session ends in another tab (logout or a failed refresh there). */
export function subscribeSessionEndedElsewhere(onEnded: () => void): () => void {
  let wasLoggedIn = isLoggedIn();
  return subscribeSession((source) => {
    const loggedIn = isLoggedIn();
    if (source === 'other-tab' && wasLoggedIn && !loggedIn) onEnded();
    wasLoggedIn = loggedIn;
  });
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot, getSessionSnapshot);
}
