/**
 * The service worker's Web Push handlers (docs/decisions/023 and 026), plain functions any worker
 * can install: the minimal /push-sw.js (src/push-sw.ts) does, and a Workbox worker can too:
 *
 *   import { installPushHandlers } from './sw-push';
 *   installPushHandlers(self);
 *
 * A push's payload is the server's `{title, body, data: {navigation_url, kind}}`; a click on the
 * notification focuses an open tab of the portal and takes it to navigation_url, or opens one.
 * No imports: the worker stays a single small file. The types are the few members used, so this
 * compiles with the DOM library (no WebWorker library in this project).
 */

export type PushPayload = { title: string; body: string; data: { navigation_url?: string } };

type WaitUntil = { waitUntil(promise: Promise<unknown>): void };
export type PushEventLike = WaitUntil & { data: { json(): unknown } | null };
export type NotificationClickLike = WaitUntil & {
  notification: { data: unknown; close(): void };
};
type WindowClientLike = {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
};
export type WorkerScope = {
  location: { origin: string };
  registration: {
    showNotification(
      title: string,
      options: { body: string; data: unknown; icon?: string },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push' | 'notificationclick', listener: (event: never) => void): void;
};

/** The payload, or a plain one when the push carries something else. */
export function pushPayload(data: PushEventLike['data']): PushPayload {
  let value: unknown;
  try {
    value = data?.json() ?? null;
  } catch {
    value = null;
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Partial<PushPayload>;
  return {
    title: typeof record.title === 'string' ? record.title : 'Account Update',
    body: typeof record.body === 'string' ? record.body : '',
    data: typeof record.data === 'object' && record.data !== null ? record.data : {},
  };
}

/** The address a click opens: the notification's in-portal navigation_url, else the home page. */
export function clickTarget(data: unknown, origin: string): string {
  const url = (data as { navigation_url?: unknown } | null)?.navigation_url;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return `${origin}/`;
  return `${origin}${url}`;
}

export function handlePush(scope: WorkerScope, event: PushEventLike): void {
  const payload = pushPayload(event.data);
  event.waitUntil(
    scope.registration.showNotification(payload.title, {
      body: payload.body,
      data: payload.data,
    }),
  );
}

export function handleNotificationClick(scope: WorkerScope, event: NotificationClickLike): void {
  event.notification.close();
  const target = clickTarget(event.notification.data, scope.location.origin);
  event.waitUntil(
    scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs.find((t) => t.url.startsWith(scope.location.origin));
      if (!tab) return scope.clients.openWindow(target);
      await tab.focus();
      return tab.navigate(target);
    }),
  );
}

/** Installs both handlers on a worker's global scope. */
export function installPushHandlers(scope: WorkerScope): void {
  scope.addEventListener('push', (event: PushEventLike) => handlePush(scope, event));
  scope.addEventListener('notificationclick', (event: NotificationClickLike) =>
    handleNotificationClick(scope, event),
  );
}
