import type { NativeBiometric } from '../types';
import { fakeConfig } from './control';

/** Face ID / fingerprint: available or not, and the outcome of each prompt, as configured. */
export function createFakeBiometric(): NativeBiometric {
  return {
    check: async () => {
      const config = fakeConfig().biometric;
      const available = config?.available ?? true;
      return {
        available,
        type: available ? (config?.type ?? 'face') : 'none',
        reason: available ? '' : 'Biometry is not enrolled.',
      };
    },
    authenticate: async () => {
      const config = fakeConfig().biometric;
      if (!(config?.available ?? true)) return 'unavailable';
      return config?.result ?? 'success';
    },
  };
}
