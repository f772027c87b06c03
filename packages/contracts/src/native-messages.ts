/**
 * The native app's messages, verbatim from spec 1 sections 7 and 8. Apart from ./messages only so
 * the web login page does not download them (its JS budget): only app code imports this module.
 */

/** Biometric login (spec 1 section 8 "Biometrics"). */
export const biometricMessages = {
  notEnabled:
    'Biometric authentication is not enabled on your device. Enable it in your settings for a faster login experience.',
  unavailable:
    'Biometric authentication is not available on this device. Please log in with username and password.',
} as const;

/** The answer a push registration gets for a token that can never receive a push (spec 1 section 7). */
export const INVALID_DEVICE_TOKEN = 'Invalid device token';
