import { apiPaths } from '@outpost/contracts/api-paths';
import { apiData } from '@/lib/api-client';
import { storageKeys } from '@/lib/session';

/**
 * Web Push for browsers (beyond the spec; docs/decisions/023 and 026): this browser's push
 * subscription, registered as a device (platform 'web', the subscription's JSON as its token).
 * It uses whatever service worker the page has (`navigator.serviceWorker.ready`); with none, it
 * registers the minimal /push-sw.js (src/push-sw.ts). Pushes are shown by src/sw-push.ts.
 */

export const PUSH_WORKER_URL = '/push-sw.js';

export function webPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register(PUSH_WORKER_URL);
  return navigator.serviceWorker.ready;
}

/** This browser's id as a push device (localStorage sm_device, as the app's). */
function browserDeviceId(): string {
  try {
    const raw = window.localStorage.getItem(storageKeys.device);
    const id = (raw ? (JSON.parse(raw) as { id?: unknown }) : null)?.id;
    if (typeof id === 'string' && id !== '') return id;
  } catch {
    // made below
  }
  const made = `web-${crypto.randomUUID()}`;
  try {
    window.localStorage.setItem(storageKeys.device, JSON.stringify({ id: made }));
  } catch {
    // Storage blocked: a new id each time (the server replaces by token).
  }
  return made;
}

/** The VAPID public key (base64url) as PushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Is this browser subscribed (and so registered)? */
export async function isWebPushOn(): Promise<boolean> {
  if (!webPushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) != null;
}

export type WebPushOutcome = 'on' | 'off' | 'denied';

/** Asks for permission, subscribes with the server's key and registers the subscription. */
export async function turnWebPushOn(userId: number): Promise<WebPushOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { public_key: key } = await apiData<{ public_key: string }>(apiPaths.webPushKey);
  const registration = await workerRegistration();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key),
  });
  await apiData(apiPaths.deviceToken, {
    method: 'POST',
    body: {
      token: JSON.stringify(subscription.toJSON()),
      deviceId: browserDeviceId(),
      userId,
      platform: 'web',
    },
  });
  return 'on';
}

/** Unsubscribes and removes the device. */
export async function turnWebPushOff(): Promise<WebPushOutcome> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    const token = JSON.stringify(subscription.toJSON());
    await apiData(apiPaths.deviceToken, {
      method: 'DELETE',
      body: { token, deviceId: browserDeviceId() },
    }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
}
