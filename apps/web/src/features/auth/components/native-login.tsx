import { lazy } from 'react';
import type { NativeLoginProps } from '@/lib/native-login-slot';

// Two steps on purpose: the app shell imports this tiny module, so the main chunk lists one more
// file to preload, not every chunk the biometric code needs (the login page's JS budget).
const Inner = lazy(() => import('./biometric-login'));

/** The app's additions to the login page (biometric login and its offer); ios/android only. */
export default function NativeLogin(props: NativeLoginProps) {
  return <Inner {...props} />;
}
