import { pluginFor } from './load-fakes';
import type { BiometricResult, BiometryCheck, NativeBiometric } from './types';

/** The plugin's error codes, sorted into the outcomes the login flow tells apart. */
export function biometricResultFor(code: string): BiometricResult {
  switch (code) {
    case 'userCancel':
    case 'appCancel':
    case 'systemCancel':
    case 'userFallback':
      return 'cancelled';
    case 'biometryNotAvailable':
    case 'biometryNotEnrolled':
    case 'passcodeNotSet':
    case 'noDeviceCredential':
      return 'unavailable';
    default:
      return 'failed';
  }
}

/** @aparajita/capacitor-biometric-auth: Face ID / Touch ID / Android BiometricPrompt. */
export const getBiometric = pluginFor('biometric', async (): Promise<NativeBiometric> => {
  const { BiometricAuth, BiometryType } = await import('@aparajita/capacitor-biometric-auth');
  const typeOf = (type: number): BiometryCheck['type'] => {
    if (type === BiometryType.faceId || type === BiometryType.faceAuthentication) return 'face';
    if (type === BiometryType.touchId || type === BiometryType.fingerprintAuthentication)
      return 'fingerprint';
    if (type === BiometryType.irisAuthentication) return 'iris';
    return 'none';
  };
  return {
    async check() {
      const result = await BiometricAuth.checkBiometry();
      return {
        available: result.isAvailable,
        type: typeOf(result.biometryType),
        reason: result.reason,
      };
    },
    async authenticate({ reason, cancelTitle }) {
      try {
        await BiometricAuth.authenticate({ reason, cancelTitle, androidTitle: reason });
        return 'success';
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return biometricResultFor(typeof code === 'string' ? code : '');
      }
    },
  };
});
