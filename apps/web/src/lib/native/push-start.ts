import { apiPaths } from '@outpost/contracts/api-paths';
import type { DevicesAnswer } from '@outpost/contracts/notifications';
import { apiData } from '../api-client';
import { getPlatform } from '../platform';
import {
  getSessionSnapshot,
  getStaffMarker,
  isLoggedIn,
  storageKeys,
  subscribeSession,
} from '../session';
import { getNativePush } from './push';
import {
  listenForPush,
  openTappedNotification,
  refreshDeviceToken,
  startPushRegistration,
  type PushApi,
  type PushRegistrationDeps,
  type TokenStore,
} from './push-registration';
import type { Unsubscribe } from './types';

function nativePlatform(): 'ios' | 'android' {
  return getPlatform() === 'ios' ? 'ios' : 'android';
}

/** The server's push calls through the one API client. */
export const pushApi: PushApi = {
  listDevices: async () => (await apiData<DevicesAnswer>(apiPaths.deviceTokens)).devices,
  // The platform is said outright (the server would otherwise guess it from the user agent).
  register: async (body) => {
    await apiData(apiPaths.deviceToken, {
      method: 'POST',
      body: { ...body, platform: nativePlatform() },
    });
  },
  refresh: async (body) => {
    await apiData(apiPaths.deviceToken, {
      method: 'PATCH',
      body: { ...body, platform: nativePlatform() },
    });
  },
  remove: async (body) => {
    await apiData(apiPaths.deviceToken, { method: 'DELETE', body });
  },
};

function latestNotifications(): Promise<{ navigation_url: string }[]> {
  return apiData<{ notifications: { navigation_url: string }[] }>(
    apiPaths.latestNotifications,
  ).then((answer) => answer.notifications);
}

const tokenStore: TokenStore = {
  get: () => {
    try {
      return window.localStorage.getItem(storageKeys.pushToken);
    } catch {
      return null;
    }
  },
  set: (token) => {
    try {
      if (token === null) window.localStorage.removeItem(storageKeys.pushToken);
      else window.localStorage.setItem(storageKeys.pushToken, token);
    } catch {
      // Storage blocked: the next start asks the server again.
    }
  },
};

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * This installation's id (localStorage sm_device, the spec's device info: `{"id": ...}`), made once.
 * Capacitor's web-view storage lasts as long as the installation, as a device id should.
 */
export function deviceId(): string {
  try {
    const raw = window.localStorage.getItem(storageKeys.device);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    const id = (stored as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && /^[A-Za-z0-9._:-]{1,200}$/.test(id)) return id;
    const made = randomId();
    window.localStorage.setItem(storageKeys.device, JSON.stringify({ id: made }));
    return made;
  } catch {
    return randomId();
  }
}

/**
 * Push on ios/android: listens for rotated tokens and tapped notifications, and runs the start-up
 * registration once per signed-in person per launch (now, or when someone logs in). A
 * staff-assisted session never registers (a staff device must not receive the customer's pushes).
 */
export async function startPush(navigate: (path: string) => void): Promise<Unsubscribe> {
  const push = await getNativePush();
  let registering = false;
  let registeredFor: number | null = null;

  const deps = (userId: number): PushRegistrationDeps => ({
    push,
    api: pushApi,
    deviceId: deviceId(),
    userId,
    store: tokenStore,
  });

  const runForSession = () => {
    const user = getSessionSnapshot().user;
    if (!isLoggedIn() || !user || getStaffMarker() || registering) return;
    if (registeredFor === user.user_id) return;
    registeredFor = user.user_id;
    registering = true;
    void startPushRegistration(deps(user.user_id))
      .catch(() => 'failed' as const)
      .finally(() => {
        registering = false;
      });
  };

  const stopListening = await listenForPush(push, {
    onToken: (token) => {
      // A registration's own token is announced too: that one is POSTed, not PATCHed.
      if (registering || !isLoggedIn() || getStaffMarker()) return;
      void refreshDeviceToken(
        { api: pushApi, deviceId: deviceId(), store: tokenStore },
        token,
      ).catch(() => {});
    },
    onTapped: (data) => {
      void openTappedNotification(data, { navigate, latest: latestNotifications }).catch(() => {});
    },
  });
  const stopSession = subscribeSession(() => {
    if (!isLoggedIn()) registeredFor = null;
    runForSession();
  });
  runForSession();
  return () => {
    stopListening();
    stopSession();
  };
}
