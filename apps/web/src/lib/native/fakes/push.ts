import type { NativePush, PushData, PushPermission } from '../types';
import { Channel, fakeConfig, updateFakeConfig } from './control';

/** What a token FCM will never deliver to looks like (spaces: the server refuses it). */
export const FAKE_INVALID_TOKEN = 'not a registration token';

/** An FCM registration token: '<instance id>:<token>', base64url on both sides. */
function fcmToken(serial: number): string {
  return `fakeInstance${serial}:APA91b-fake_${serial}_${'x'.repeat(40)}`;
}

/** Push: the permission prompt, registration with a token, rotated tokens and tapped notifications. */
export function createFakePush(tapped: Channel<PushData>, received: Channel<PushData>) {
  const tokenRefreshed = new Channel<string>();
  const handedOut: string[] = [];
  let serial = 1;
  let current: string | null = null;
  const permission = (): PushPermission => fakeConfig().push?.permission ?? 'prompt';
  const plugin: NativePush = {
    checkPermission: async () => permission(),
    requestPermission: async () => {
      if (permission() !== 'prompt') return permission();
      // The OS remembers the answer: it is the permission from now on.
      const answer = fakeConfig().push?.answer ?? 'granted';
      updateFakeConfig((config) => ({ ...config, push: { ...config.push, permission: answer } }));
      return answer;
    },
    register: async () => {
      if (permission() !== 'granted') throw new Error('Push permission not granted.');
      const config = fakeConfig().push;
      if (config?.registrationError) throw new Error(config.registrationError);
      const invalid = config?.invalidTokens ?? 0;
      if (invalid > 0) {
        updateFakeConfig((c) => ({ ...c, push: { ...c.push, invalidTokens: invalid - 1 } }));
        current = FAKE_INVALID_TOKEN;
      } else {
        // The same token until it is deleted (unregister), as FCM's getToken().
        current ??= serial === 1 && config?.token ? config.token : fcmToken(serial);
      }
      handedOut.push(current);
      return current;
    },
    unregister: async () => {
      // FCM's deleteToken(): the next register() gets a new token.
      current = null;
      serial += 1;
    },
    onToken: async (listener) => tokenRefreshed.add(listener),
    onReceived: async (listener) => received.add(listener),
    onActionPerformed: async (listener) => tapped.add(listener),
  };
  return {
    plugin,
    tokenRefreshed,
    registrations: () => handedOut.length,
    tokens: () => [...handedOut],
  };
}
