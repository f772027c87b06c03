import type { NativePush, PushData, PushPermission } from '../types';
import { Channel, fakeConfig } from './control';

/** Push: the permission prompt, registration with a token, rotated tokens and tapped notifications. */
export function createFakePush(tapped: Channel<PushData>, received: Channel<PushData>) {
  const tokenRefreshed = new Channel<string>();
  let answered: PushPermission | null = null;
  let registrations = 0;

  const current = (): PushPermission => answered ?? fakeConfig().push?.permission ?? 'prompt';

  const plugin: NativePush = {
    checkPermission: async () => current(),
    requestPermission: async () => {
      if (current() !== 'prompt') return current();
      answered = fakeConfig().push?.answer ?? 'granted';
      return answered;
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
