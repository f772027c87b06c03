import { INVALID_DEVICE_TOKEN } from '@outpost/contracts/native-messages';
import type { NativePush, PushData, Unsubscribe } from './types';

/**
 * Push registration on ios/android (spec 1 sections 4 and 7; docs/decisions/023 and 026). On
 * start, by the permission: undecided -> ask, and register if granted; granted -> register when
 * the server holds no record of this device; denied -> delete this device's stored token. A token
 * the provider rotates is PATCHed. A registration answered 'Invalid device token' is tried again
 * with a refreshed token (the old one deleted, a new one asked for), up to 3 attempts in all.
 */

export const MAX_REGISTRATION_ATTEMPTS = 3;

/** The server's push calls (`/notifications/device-tokens`, `/notifications/device-token`). */
export type PushApi = {
  /** GET /notifications/device-tokens: the device ids the server holds for the caller. */
  listDevices(): Promise<{ deviceId: string }[]>;
  /** POST /notifications/device-token. */
  register(body: { token: string; deviceId: string; userId: number }): Promise<void>;
  /** PATCH /notifications/device-token. */
  refresh(body: { token: string; deviceId: string }): Promise<void>;
  /** DELETE /notifications/device-token. */
  remove(body: { token: string; deviceId: string }): Promise<void>;
};

/** Where the device's current token is kept (localStorage sm_push_token). */
export type TokenStore = { get(): string | null; set(token: string | null): void };

export type PushRegistrationDeps = {
  push: NativePush;
  api: PushApi;
  deviceId: string;
  userId: number;
  store: TokenStore;
};

export type PushStartOutcome =
  | 'registered'
  | 'already-registered'
  | 'denied'
  /** Every attempt was refused (or registration failed otherwise). */
  | 'failed';

/** The server refused the token itself (as opposed to the network or the session failing). */
export function isInvalidDeviceToken(error: unknown): boolean {
  return error instanceof Error && error.message === INVALID_DEVICE_TOKEN;
}

/**
 * Registers this device: up to 3 attempts, each after the first with a refreshed token. Failures
 * other than 'Invalid device token' end it at once (a new token would not help).
 */
export async function registerDevice(deps: PushRegistrationDeps): Promise<'registered' | 'failed'> {
  for (let attempt = 1; attempt <= MAX_REGISTRATION_ATTEMPTS; attempt += 1) {
    if (attempt > 1) await deps.push.unregister();
    const token = await deps.push.register();
    try {
      await deps.api.register({ token, deviceId: deps.deviceId, userId: deps.userId });
      deps.store.set(token);
      return 'registered';
    } catch (error) {
      if (!isInvalidDeviceToken(error)) return 'failed';
    }
  }
  return 'failed';
}

async function removeStoredToken(deps: PushRegistrationDeps): Promise<void> {
  const token = deps.store.get();
  if (token === null) return;
  await deps.api.remove({ token, deviceId: deps.deviceId });
  deps.store.set(null);
}

/** What the app does on start (and after a login) by the push permission. */
export async function startPushRegistration(deps: PushRegistrationDeps): Promise<PushStartOutcome> {
  const permission = await deps.push.checkPermission();
  if (permission === 'denied') {
    await removeStoredToken(deps);
    return 'denied';
  }
  if (permission === 'prompt') {
    const answer = await deps.push.requestPermission();
    if (answer !== 'granted') {
      await removeStoredToken(deps);
      return 'denied';
    }
    return registerDevice(deps);
  }
  const devices = await deps.api.listDevices();
  if (devices.some((device) => device.deviceId === deps.deviceId)) return 'already-registered';
  return registerDevice(deps);
}

/**
 * A token the provider rotated: PATCHed (with this device's id). The token a registration has just
 * been handed (the plugin announces it too) or the one already stored is not sent again.
 */
export async function refreshDeviceToken(
  deps: Pick<PushRegistrationDeps, 'api' | 'deviceId' | 'store'>,
  token: string,
): Promise<void> {
  if (token === deps.store.get()) return;
  await deps.api.refresh({ token, deviceId: deps.deviceId });
  deps.store.set(token);
}

/** The in-app path a notification opens: its navigation_url ('/billing/invoices', or a full URL of ours). */
export function notificationPath(data: PushData, origin = window.location.origin): string | null {
  const url = data.navigation_url;
  if (typeof url !== 'string' || url === '') return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    if (!web || parsed.origin === origin) return `${parsed.pathname}${parsed.search}${parsed.hash}`;
    return null;
  } catch {
    return null;
  }
}

/**
 * A tapped notification opens its navigation_url; one without (a notification the app did not
 * format) opens the page of the latest notification sent to the user (`/notifications/get-latest`).
 */
export async function openTappedNotification(
  data: PushData,
  deps: {
    navigate: (path: string) => void;
    latest: () => Promise<{ navigation_url: string }[]>;
  },
): Promise<void> {
  const path = notificationPath(data);
  if (path) {
    deps.navigate(path);
    return;
  }
  const [newest] = await deps.latest();
  const fallback = newest ? notificationPath({ navigation_url: newest.navigation_url }) : null;
  if (fallback) deps.navigate(fallback);
}

/** Listens for rotated tokens and tapped notifications; returns the clean-up. */
export async function listenForPush(
  push: NativePush,
  handlers: { onToken: (token: string) => void; onTapped: (data: PushData) => void },
): Promise<Unsubscribe> {
  const stops = await Promise.all([
    push.onToken(handlers.onToken),
    push.onActionPerformed(handlers.onTapped),
  ]);
  return () => {
    for (const stop of stops) stop();
  };
}
