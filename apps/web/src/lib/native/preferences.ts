import { pluginFor } from './load-fakes';
import type { KeyValueStore } from './types';

/** @capacitor/preferences: plain values that must outlive the web view's storage. */
export const getPreferences = pluginFor('preferences', async (): Promise<KeyValueStore> => {
  const { Preferences } = await import('@capacitor/preferences');
  return {
    get: async (key) => (await Preferences.get({ key })).value,
    set: (key, value) => Preferences.set({ key, value }),
    remove: (key) => Preferences.remove({ key }),
  };
});
