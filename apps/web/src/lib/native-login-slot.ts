import { type ComponentType, createContext } from 'react';

export type NativeLoginProps = {
  /** A password login succeeded: offer biometric login (first time on the device), then go on. */
  offer: boolean;
  onContinue: () => void;
  onMessage: (message: string) => void;
};

/**
 * The app's additions to the login page (biometric login; docs/decisions/026), given by the app
 * shell on ios/android only, so the web login page neither contains nor loads them.
 */
export const NativeLoginSlot = createContext<ComponentType<NativeLoginProps> | null>(null);
