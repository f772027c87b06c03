import { pluginFor } from './load-fakes';
import type { NativePush, PushData, PushPermission } from './types';

function toPushPermission(state: string): PushPermission {
  if (state === 'granted') return 'granted';
  if (state === 'denied') return 'denied';
  return 'prompt';
}

function dataOf(value: unknown): PushData {
  return typeof value === 'object' && value !== null ? (value as PushData) : {};
}

/** @capacitor/push-notifications (APNs on iOS, FCM on Android). */
export const getNativePush = pluginFor('push', async (): Promise<NativePush> => {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  return {
    checkPermission: async () =>
      toPushPermission((await PushNotifications.checkPermissions()).receive),
    requestPermission: async () =>
      toPushPermission((await PushNotifications.requestPermissions()).receive),
    async register() {
      const handles: { remove: () => Promise<void> }[] = [];
      try {
        return await new Promise<string>((resolve, reject) => {
          void (async () => {
            handles.push(
              await PushNotifications.addListener('registration', ({ value }) => resolve(value)),
              await PushNotifications.addListener('registrationError', ({ error }) =>
                reject(new Error(error)),
              ),
            );
            await PushNotifications.register();
          })().catch(reject);
        });
      } finally {
        for (const handle of handles) void handle.remove();
      }
    },
    unregister: () => PushNotifications.unregister(),
    async onToken(listener) {
      const handle = await PushNotifications.addListener('registration', ({ value }) =>
        listener(value),
      );
      return () => void handle.remove();
    },
    async onReceived(listener) {
      const handle = await PushNotifications.addListener('pushNotificationReceived', (n) =>
        listener(dataOf(n.data)),
      );
      return () => void handle.remove();
    },
    async onActionPerformed(listener) {
      const handle = await PushNotifications.addListener('pushNotificationActionPerformed', (a) =>
        listener(dataOf(a.notification.data)),
      );
      return () => void handle.remove();
    },
  };
});
