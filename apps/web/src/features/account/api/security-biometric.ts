import { isNativePlatform } from '@/lib/platform';
import { storageKeys } from '@/lib/session';

/**
 * The biometric login preference (spec 1 sections 2-4): native only, kept on this device
 * (localStorage sm_biometric, '1' when on). The native prompt that uses it comes with the app.
 */
export function isBiometricAvailable(): boolean {
  return isNativePlatform();
}

export function isBiometricEnabled(): boolean {
  if (!isBiometricAvailable()) return false;
  try {
    return window.localStorage.getItem(storageKeys.biometric) === '1';
  } catch {
    return false;
  }
}

export function setBiometricEnabled(enabled: boolean): void {
  try {
    if (enabled) window.localStorage.setItem(storageKeys.biometric, '1');
    else window.localStorage.removeItem(storageKeys.biometric);
  } catch {
    // Storage blocked: the preference lasts only as long as the page.
  }
}
