import type { NativePush, PushData, PushPermission } from '../types';
import { Channel, fakeConfig, updateFakeConfig } from './control';

/** Push: the permission prompt, registration with a token, rotated tokens and tapped notifications. */
export function createFakePush(tapped: Channel<PushData>, received: Channel<PushData>) {
  const tokenRefreshed = new Channel<string>();
  let registrations = 0;

  const current = (): PushPermission => fakeConfig().push?.permission ?? 'prompt';

  const plugin: NativePush = {
    checkPermission: async () => current(),
    requestPermission: async () => {
      if (current() !== 'prompt') return current();
      // The OS remembers the answer: it is the permission from now on.
      const answer = fakeConfig().push?.answer ?? 'granted';
      updateFakeConfig((config) => ({ ...config, push: { ...config.push, permission: answer } }));
      return answer;
    },
    register: async () => {
      if (current() !== 'granted') throw new Error('Push permission not granted.');
      const config = fakeConfig().push;
      if (config?.registrationError) throw new Error(config.registrationError);
      registrations += 1;
      return config?.token ?? 'fake-push-token-1';
    },
    unregister: async () => {},
    onToken: async (listener) => tokenRefreshed.add(listener),
    onReceived: async (listener) => received.add(listener),
    onActionPerformed: async (listener) => tapped.add(listener),
  };

  return { plugin, tokenRefreshed, registrations: () => registrations };
}
