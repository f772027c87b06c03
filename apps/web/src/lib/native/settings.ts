import { pluginFor } from './load-fakes';
import type { NativeSettings } from './types';

/** capacitor-native-settings: 'Go To Settings' in the 'Enable Biometric Authentication' dialog. */
export const getNativeSettings = pluginFor('settings', async (): Promise<NativeSettings> => {
  const { NativeSettings, AndroidSettings, IOSSettings } =
    await import('capacitor-native-settings');
  return {
    async openBiometricSettings() {
      await NativeSettings.open({
        optionAndroid: AndroidSettings.Security,
        optionIOS: IOSSettings.App,
      });
    },
  };
});

/** 'Go To Settings': opens them, or does nothing when the plugin fails (nothing to tell the user). */
export function openBiometricSettings(): void {
  void getNativeSettings()
    .then((settings) => settings.openBiometricSettings())
    .catch(() => {});
}
