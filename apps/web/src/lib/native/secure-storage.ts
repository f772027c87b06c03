import { pluginFor } from './load-fakes';
import type { KeyValueStore } from './types';

/**
 * @aparajita/capacitor-secure-storage: the Keychain (iOS) / the Keystore-encrypted store (Android)
 * for what must not sit in plain preferences: the tokens biometric login reuses.
 */
export const getSecureStorage = pluginFor('secureStorage', async (): Promise<KeyValueStore> => {
  const { SecureStorage } = await import('@aparajita/capacitor-secure-storage');
  return {
    get: (key) => SecureStorage.getItem(key),
    set: (key, value) => SecureStorage.setItem(key, value),
    remove: (key) => SecureStorage.removeItem(key),
  };
});
