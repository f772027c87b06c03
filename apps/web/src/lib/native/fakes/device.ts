import type {
  KeyValueStore,
  NativeApp,
  NativeBrowser,
  NativeReview,
  NativeStatusBar,
} from '../types';
import { Channel, fakeConfig } from './control';

/** A store kept in localStorage under a prefix, as the plugins keep theirs across launches. */
function fakeStore(prefix: string): KeyValueStore {
  return {
    get: async (key) => window.localStorage.getItem(prefix + key),
    set: async (key, value) => window.localStorage.setItem(prefix + key, value),
    remove: async (key) => window.localStorage.removeItem(prefix + key),
  };
}

/** The app lifecycle, the status bar, the in-app browser, the review sheet and the stores. */
export function createFakeDevice(platform: 'ios' | 'android') {
  const resumed = new Channel<undefined>();
  const backPressed = new Channel<{ canGoBack: boolean }>();
  const deepLinked = new Channel<string>();
  let reviews = 0;
  let exited = false;
  const opened: string[] = [];

  const app: NativeApp = {
    onResume: async (listener) => resumed.add(() => listener()),
    onBackButton: async (listener) => backPressed.add(listener),
    onDeepLink: async (listener) => deepLinked.add(listener),
    getLaunchUrl: async () => fakeConfig().launchUrl ?? null,
    exitApp: async () => {
      exited = true;
    },
  };
  const statusBar: NativeStatusBar = {
    height: async () => fakeConfig().statusBarHeight ?? (platform === 'ios' ? 47 : 24),
    setStyle: async () => {},
  };
  const browser: NativeBrowser = {
    open: async (url) => {
      opened.push(url);
    },
  };
  const review: NativeReview = {
    requestReview: async () => {
      reviews += 1;
    },
  };

  return {
    app,
    statusBar,
    browser,
    review,
    preferences: fakeStore('outpost_fake_prefs_'),
    secureStorage: fakeStore('outpost_fake_secure_'),
    resumed,
    backPressed,
    deepLinked,
    reviewRequests: () => reviews,
    browserOpened: () => [...opened],
    exited: () => exited,
  };
}
