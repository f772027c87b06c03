import { isNativePlatform } from '@/lib/platform';
import { storageKeys } from '@/lib/session';

/**
 * The biometric login preference (spec 1 sections 2-4): native only, kept on this device
 * (localStorage sm_biometric, '1' when on). Turning it on or off goes through
 * lib/native/biometric-login (the device check, and the tokens kept in the secure store).
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
