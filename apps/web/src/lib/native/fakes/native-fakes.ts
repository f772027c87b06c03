import { forcedPlatform } from '../../platform';
import type { NativePlugins, PushData } from '../types';
import { createFakeDevice } from './device';
import { createFakeBiometric } from './biometric';
import { Channel, FAKE_MARKER, type NativeHook } from './control';
import { createFakeFiles } from './files';
import { createFakePush } from './push';

/**
 * Every plugin's in-page stand-in, behaving as the plugin does on a device (asynchronous answers,
 * permission prompts, listeners), with the outcomes a test sets (./control.ts).
 */
export function createNativeFakes(): NativePlugins {
  const platform = forcedPlatform() === 'android' ? 'android' : 'ios';
  const device = createFakeDevice(platform);
  const files = createFakeFiles();
  const pushTapped = new Channel<PushData>();
  const pushReceived = new Channel<PushData>();
  const push = createFakePush(pushTapped, pushReceived);
  let settingsOpened = 0;

  const hook: NativeHook = {
    marker: FAKE_MARKER,
    documents: files.list,
    readText: files.readText,
    opened: files.opened,
    reviewRequests: device.reviewRequests,
    browserOpened: device.browserOpened,
    pushRegistrations: push.registrations,
    pushTokens: push.tokens,
    settingsOpened: () => settingsOpened,
    resume: () => device.resumed.emit(undefined),
    backButton: () => device.backPressed.emit({ canGoBack: window.history.length > 1 }),
    openUrl: (url) => device.deepLinked.emit(url),
    pushActionPerformed: (data) => pushTapped.emit(data),
    pushReceived: (data) => pushReceived.emit(data),
    refreshPushToken: (token) => push.tokenRefreshed.emit(token),
    exited: device.exited,
  };
  window.__outpostNative = hook;

  return {
    app: device.app,
    preferences: device.preferences,
    secureStorage: device.secureStorage,
    statusBar: device.statusBar,
    browser: device.browser,
    review: device.review,
    files: files.plugin,
    biometric: createFakeBiometric(),
    settings: {
      openBiometricSettings: async () => {
        settingsOpened += 1;
      },
    },
    push: push.plugin,
  };
}
